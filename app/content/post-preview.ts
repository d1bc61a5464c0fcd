// Texts of a post's preview page (/blog/previa/:token, docs/admin.md "Visualizar and preview links").

export const postPreviewCopy = {
  /** Above the post: what the reader is looking at. */
  banner: "Prévia: este post ainda não está publicado para os visitantes.",
  gone: {
    metaTitle: "Link de prévia indisponível | Omnia",
    code: "404",
    title: "Link de prévia indisponível",
    text: "Este link de prévia expirou ou foi revogado. Peça um novo link a quem o enviou.",
    home: { label: "Voltar ao início", href: "/" },
  },
  tooMany: {
    metaTitle: "Muitas tentativas | Omnia",
    code: "429",
    title: "Muitas tentativas",
    text: "Você abriu prévias demais em pouco tempo. Tente novamente em alguns minutos.",
    home: { label: "Voltar ao início", href: "/" },
  },
};
