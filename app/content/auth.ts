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
  /** The second step of a sign-in for an account with two-factor sign-in on. */
  mfa: {
    title: "Verificação em duas etapas",
    description: "Digite o código de 6 dígitos que aparece no seu aplicativo autenticador.",
    code: { label: "Código de verificação", placeholder: "000000", hint: "O código muda a cada 30 segundos." },
    submit: "Verificar",
    cancel: "Entrar com outra conta",
    codeRequired: "Informe o código de 6 dígitos.",
    codeInvalid: "O código tem exatamente 6 dígitos.",
    wrongCode: "Código inválido ou expirado. Confira o aplicativo e tente novamente.",
    throttled: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
    /** The account has a passkey: offered first, the code beside it. */
    passkey: {
      description:
        "Confirme que é você com a chave de acesso (passkey) deste dispositivo ou de uma chave de segurança.",
      use: "Usar chave de acesso",
      useCode: "Usar o código do aplicativo",
      failed: "Não foi possível confirmar com a chave de acesso. Tente de novo ou use outro método.",
    },
  },
  recover: {
    link: "Esqueci minha senha",
    title: "Recuperar senha",
    description: "Informe o e-mail da sua conta. Enviaremos um link para você escolher uma nova senha.",
    submit: "Enviar link",
    switchMode: "Voltar para o login",
    sent: {
      title: "Verifique seu e-mail",
      description: "Se houver uma conta com este e-mail, você receberá em instantes um link para redefinir a senha.",
    },
    throttled: "Muitos pedidos de recuperação. Aguarde alguns minutos e tente novamente.",
  },
  /** Company sign-in (OpenID Connect): one button per provider the server has configured. */
  sso: {
    divider: "ou",
    providers: {
      google: "Entrar com Google",
      azure: "Entrar com Microsoft",
      keycloak: "Entrar com a conta da empresa",
    },
    /** Back from the provider without a session, by the service's error_code. */
    refused: {
      email_address_not_authorized: "Este e-mail não tem acesso. Entre com o e-mail da empresa.",
      provider_email_needs_verification: "O provedor não confirmou este e-mail. Confirme-o e tente novamente.",
      user_banned: "Esta conta está bloqueada. Fale com o administrador.",
      other: "Não foi possível entrar com a conta da empresa. Tente novamente.",
    },
  },
  /** Sign-up with a mail server: the account waits for the link sent to the address. */
  confirmEmail: {
    toast: { title: "Conta criada", description: "Abra o link que enviamos para o seu e-mail para ativar a conta." },
    notice: (email: string) =>
      `Enviamos um link de confirmação para ${email}. Abra o link para ativar a conta e depois entre com seu e-mail e senha.`,
  },
  toasts: {
    loginSuccess: { title: "Login realizado", description: "Bem-vindo de volta!" },
    signupSuccess: { title: "Conta criada", description: "Sua conta foi criada com sucesso." },
    /** Sign-in before the confirmation link was opened. */
    emailNotConfirmed: "Confirme seu e-mail antes de entrar: abra o link que enviamos quando a conta foi criada.",
    errorTitle: "Erro",
    unexpected: "Ocorreu um erro. Tente novamente.",
    /** Too many attempts (per account or per address): the service answers 429 for a while. */
    throttled: {
      login: "Muitas tentativas de entrar. Por segurança, aguarde alguns minutos e tente novamente.",
      signup: "Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.",
    },
  },
};

/** /auth/nova-senha: where the recovery and invitation e-mails lead. */
export const newPasswordCopy = {
  metaTitle: "Nova senha | Omnia",
  metaDescription: "Escolha uma nova senha para sua conta Omnia.",
  recovery: {
    title: "Escolha uma nova senha",
    description: "Depois de salvar, as outras sessões da sua conta são encerradas.",
    submit: "Salvar nova senha",
    success: { title: "Senha alterada", description: "Sua nova senha já está valendo." },
  },
  invite: {
    title: "Crie sua senha",
    description: "Boas-vindas à equipe! Escolha uma senha para acessar a administração.",
    submit: "Criar senha e entrar",
    success: { title: "Senha criada", description: "Boas-vindas à equipe!" },
  },
  fields: {
    password: { label: "Nova senha", placeholder: "Mínimo de 6 caracteres" },
    confirm: { label: "Confirme a nova senha", placeholder: "Repita a nova senha" },
  },
  mismatch: "As senhas não coincidem.",
  busy: "Aguarde...",
  invalidLink: {
    title: "Link inválido ou expirado",
    description: "Este link já foi usado ou passou da validade. Peça um novo na tela de login.",
    action: "Ir para o login",
  },
};

/** docs/product.md §5: minimum password length. */
export const PASSWORD_MIN_LENGTH = 6;
