// Texts of the sign-in / sign-up screen (docs/product.md §2 "Sign in / create account", §5, §8).

/**
 * What the sign-in and account screens say for each of the auth service's error codes (GoTrue's
 * 2024-01-01 codes; the embedded service's full list is server/backend/auth/errors.ts), instead of
 * its English message. A code missing here shows `authCopy.toasts.unexpected`; a test fails while
 * the embedded service has a code without a text.
 */
export const authErrorMessages: Readonly<Record<string, string>> = {
  // The request itself.
  bad_json: "Não foi possível ler o pedido. Recarregue a página e tente novamente.",
  validation_failed: "Algum dado informado não é válido. Confira e tente novamente.",
  request_too_large: "O pedido é grande demais. Confira os dados e tente novamente.",
  not_found: "Não encontrado. Recarregue a página e tente novamente.",
  unexpected_failure: "Ocorreu um erro no servidor. Tente novamente em instantes.",
  // Who is asking.
  no_authorization: "Sua sessão terminou. Entre novamente.",
  bad_jwt: "Sua sessão expirou. Entre novamente.",
  invalid_jwt: "Sua sessão expirou. Entre novamente.",
  session_not_found: "Sua sessão terminou. Entre novamente.",
  session_expired: "Sua sessão expirou. Entre novamente.",
  user_not_found: "Conta não encontrada.",
  not_admin: "Você não tem permissão para fazer isso.",
  insufficient_aal: "Confirme sua identidade com a verificação em duas etapas para continuar.",
  // Accounts and passwords.
  email_exists: "Já existe uma conta com este e-mail.",
  user_already_exists: "Já existe uma conta com este e-mail.",
  phone_exists: "Já existe uma conta com este telefone.",
  email_address_invalid: "Informe um e-mail válido.",
  signup_disabled: "A criação de contas está desativada neste site.",
  last_admin: "Não é possível remover o último administrador.",
  weak_password: "Escolha uma senha mais forte.",
  same_password: "A nova senha precisa ser diferente da atual.",
  current_password_required: "Informe a senha atual.",
  current_password_invalid: "A senha atual está incorreta.",
  invalid_credentials: "E-mail ou senha incorretos.",
  email_not_confirmed: "Confirme seu e-mail antes de entrar: abra o link que enviamos quando a conta foi criada.",
  user_banned: "Esta conta está bloqueada. Fale com um administrador.",
  phone_provider_disabled: "Entrar com telefone não está disponível.",
  // Sessions.
  refresh_token_not_found: "Sua sessão terminou. Entre novamente.",
  refresh_token_already_used: "Sua sessão terminou. Entre novamente.",
  // E-mailed links.
  email_provider_disabled: "O envio de e-mails não está configurado neste site.",
  otp_expired: "Este link é inválido ou expirou. Peça um novo.",
  // Second factors.
  mfa_phone_enroll_not_enabled: "A verificação por SMS não está disponível.",
  too_many_enrolled_mfa_factors: "Você atingiu o limite de métodos de verificação. Remova um para adicionar outro.",
  mfa_factor_name_conflict: "Já existe um método de verificação com este nome.",
  mfa_factor_not_found: "Este método de verificação não existe mais. Recarregue a página.",
  mfa_challenge_not_found: "A verificação expirou. Tente novamente.",
  mfa_challenge_expired: "A verificação expirou. Tente novamente.",
  mfa_verification_failed: "Código inválido ou expirado. Confira o aplicativo e tente novamente.",
  webauthn_verification_failed: "Não foi possível confirmar com a chave de acesso. Tente novamente.",
  // Company sign-in (OAuth / OpenID Connect), as GoTrue names its refusals.
  provider_disabled: "Este método de entrada não está disponível.",
  oauth_provider_not_supported: "Este método de entrada não está disponível.",
  bad_oauth_state: "Não foi possível concluir a entrada. Tente novamente.",
  bad_oauth_callback: "Não foi possível concluir a entrada. Tente novamente.",
  flow_state_not_found: "Este link de entrada já foi usado ou não vale mais. Entre novamente.",
  flow_state_expired: "A entrada demorou demais e expirou. Entre novamente.",
  bad_code_verifier: "Não foi possível concluir a entrada. Tente novamente.",
  identity_already_exists: "Esta conta externa já está ligada a outro usuário.",
  // Limits.
  over_request_rate_limit: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
  over_email_send_rate_limit: "Por segurança, aguarde um pouco antes de pedir outro e-mail.",
  over_sms_send_rate_limit: "Por segurança, aguarde um pouco antes de pedir outro SMS.",
};

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
  /** Why the admin sent the person here (app/lib/session-ended.ts), said above the fields. */
  reasons: {
    /** The session ended elsewhere; unsaved work waits in the tab. */
    "session-ended": "Sua sessão terminou. Entre novamente para continuar de onde parou.",
    "signed-out-everywhere": "Você saiu de todos os dispositivos. Entre novamente para continuar.",
  },
  /** Signed in with no staff role, sent here by /admin and on to / (docs/product.md §2): a toast says why. */
  noAccess: {
    title: "Sem acesso à administração",
    description: "Esta conta não tem uma função na equipe. Peça a um administrador que lhe dê uma em Equipe.",
  },
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
      failed: "Não foi possível confirmar com a chave de acesso. Tente de novo.",
      /** The same, where the authenticator app's code is the other way in. */
      failedOrCode: "Não foi possível confirmar com a chave de acesso. Tente de novo ou use o código do aplicativo.",
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
  /** By error code, instead of the service's English. */
  errors: authErrorMessages,
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
