// Texts of the public blog: list, post page and feeds (docs/product.md §2 "Blog", §8; docs/product.md).
import { siteConfig } from "./site-config";

export const blogCopy = {
  title: `Blog da ${siteConfig.name}`,
  subtitle: "Insights, dicas e novidades sobre atendimento omnichannel e transformação digital",
  metaTitle: `Blog da ${siteConfig.name} | Atendimento omnichannel e IA`,
  metaDescription:
    "Artigos da Omnia sobre atendimento omnichannel, WhatsApp, automação com IA, métricas e transformação digital no relacionamento com clientes.",
  empty: "Nenhum post publicado ainda.",
  loading: "Carregando posts",
  listLabel: "Posts publicados",
  publishedOn: "Publicado em",
  readingTime: (minutes: number) => `${minutes} min de leitura`,
  backToBlog: "Voltar ao blog",
  rssLabel: "Assinar o feed RSS",
  feedDescription: "Insights, dicas e novidades sobre atendimento omnichannel e transformação digital",
  postTitleSuffix: ` | Blog da ${siteConfig.name}`,
};
