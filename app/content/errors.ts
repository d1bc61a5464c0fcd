// Texts of the not-found page and the generic failure screen (docs/product.md §2, §8).

export const notFoundCopy = {
  metaTitle: "Página não encontrada | Omnia",
  metaDescription: "A página que você procura não existe ou foi movida.",
  code: "404",
  title: "Página não encontrada",
  text: "Desculpe, a página que você está procurando não existe ou foi movida.",
  homeCta: { label: "Voltar ao início", href: "/" },
  featuresCta: { label: "Ver recursos", href: "/recursos" },
};

export const unexpectedErrorCopy = {
  // docs/product.md (§2, "Generic failure screen") keeps this developer-facing English title.
  title: "Unexpected Application Error!",
  metaTitle: "Erro inesperado | Omnia",
  home: "Voltar ao início",
};
