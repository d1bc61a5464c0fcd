// What the HTTP layer itself answers to visitors, before any page renders: pt-BR, short, and
// saying what to do next. Kept here (not in app/content) because app/ and server/ never share
// modules in that direction (README, "Conventions").

export const pageGuardMessages = {
  tooLarge: "O conteúdo enviado é grande demais. Reduza o texto e tente novamente.",
  methodNotAllowed: "Esta página não aceita este tipo de requisição.",
} as const;
