// Texts of the sign-in / sign-up screen (docs/product.md §2 "Sign in / create account", §5, §8).

export const authCopy = {
  metaTitle: "Entrar | Omnia",
  metaDescription: "Acesse sua conta Omnia ou crie uma nova.",
  login: {
    title: "Entrar",
    description: "Acesse sua conta com e-mail e senha.",
    submit: "Entrar",
    switchMode: "Não tem conta? Criar uma",
  },
  signup: {
    title: "Criar Conta",
    description: "Crie sua conta com e-mail e senha.",
    submit: "Criar Conta",
    switchMode: "Já tem conta? Fazer login",
  },
  busy: "Aguarde...",
  checkingSession: "Verificando sessão...",
  fields: {
    email: { label: "E-mail", placeholder: "voce@empresa.com.br" },
    password: { label: "Senha", placeholder: "Mínimo de 6 caracteres" },
  },
  validation: {
    emailRequired: "Informe seu e-mail.",
    emailInvalid: "Informe um e-mail válido.",
    passwordRequired: "Informe sua senha.",
    passwordTooShort: "A senha deve ter pelo menos 6 caracteres.",
    passwordBlank: "A senha não pode ter apenas espaços.",
  },
  /** The service refused a new password (sign-up); shown under the password field. */
  weakPassword: {
    common: "Escolha uma senha mais forte: esta é uma das senhas mais comuns.",
    characters: "Escolha uma senha mais forte, com letras, números ou símbolos (não apenas espaços).",
    other: "Escolha uma senha mais forte.",
  },
  toasts: {
    loginSuccess: { title: "Login realizado", description: "Bem-vindo de volta!" },
    signupSuccess: { title: "Conta criada", description: "Sua conta foi criada com sucesso." },
    errorTitle: "Erro",
    unexpected: "Ocorreu um erro. Tente novamente.",
    /** Too many attempts (per account or per address): the service answers 429 for a while. */
    throttled: {
      login: "Muitas tentativas de entrar. Por segurança, aguarde alguns minutos e tente novamente.",
      signup: "Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.",
    },
  },
};

/** docs/product.md §5: minimum password length. */
export const PASSWORD_MIN_LENGTH = 6;
