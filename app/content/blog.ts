// Texts of the public blog: list, post page and feeds (docs/product.md §2 "Blog", §8; docs/product.md).
import { siteConfig } from "./site-config";

export const blogCopy = {
  title: `Blog da ${siteConfig.name}`,
  subtitle: "Insights, dicas e novidades sobre atendimento omnichannel e transformação digital",
  metaTitle: `Blog da ${siteConfig.name} | Atendimento omnichannel e IA`,
  metaDescription:
    "Artigos da Omnia sobre atendimento omnichannel, WhatsApp, automação com IA, métricas e transformação digital no relacionamento com clientes.",
  empty: "Nenhum post publicado ainda.",
  listLabel: "Posts publicados",
  // /blog?pagina=N (12 posts per page): "Anteriores" leads to older posts, "Mais recentes" back.
  pagination: {
    label: "Páginas do blog",
    older: "Anteriores",
    newer: "Mais recentes",
    pageOf: (page: number, count: number) => `Página ${page} de ${count}`,
  },
  pageMetaTitle: (page: number) => `Blog da ${siteConfig.name}, página ${page} | Atendimento omnichannel e IA`,
  publishedOn: "Publicado em",
  readingTime: (minutes: number) => `${minutes} min de leitura`,
  backToBlog: "Voltar ao blog",
  rssLabel: "Assinar o feed RSS",
  feedDescription: "Insights, dicas e novidades sobre atendimento omnichannel e transformação digital",
  postTitleSuffix: ` | Blog da ${siteConfig.name}`,
};
