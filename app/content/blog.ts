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
  /** The post page around the article: byline, tags, related posts (issue #36). */
  post: {
    by: "Por",
    tagsLabel: "Temas do post",
    related: "Leia também",
    relatedLabel: "Posts relacionados",
  },
  /** /blog's row of tags (the most used first; the rest behind "Mais temas") and the cards' tag. */
  tags: {
    filterLabel: "Temas do blog",
    title: "Temas",
    more: "Mais temas",
    postCount: (count: number) => (count === 1 ? "1 post" : `${count} posts`),
  },
  /** /blog/tag/<slug>. */
  tagPage: {
    eyebrow: "Tema",
    description: (name: string) => `Artigos da ${siteConfig.name} sobre ${name}.`,
    metaTitle: (name: string, page: number) =>
      page === 1 ? `${name} | Blog da ${siteConfig.name}` : `${name}, página ${page} | Blog da ${siteConfig.name}`,
    listLabel: (name: string) => `Posts sobre ${name}`,
    paginationLabel: (name: string) => `Páginas do tema ${name}`,
    feedTitle: (name: string) => `${name} | Blog da ${siteConfig.name}`,
  },
  /** /blog/autor/<slug>. */
  authorPage: {
    eyebrow: "Autoria",
    description: (name: string) => `Artigos de ${name} no blog da ${siteConfig.name}.`,
    metaTitle: (name: string, page: number) =>
      page === 1 ? `${name} | Blog da ${siteConfig.name}` : `${name}, página ${page} | Blog da ${siteConfig.name}`,
    listLabel: (name: string) => `Posts de ${name}`,
    paginationLabel: (name: string) => `Páginas dos posts de ${name}`,
    website: "Site",
    avatarAlt: (name: string) => `Foto de ${name}`,
    feedTitle: (name: string) => `${name} | Blog da ${siteConfig.name}`,
  },
  /** /blog/busca?q=… and the search form in the blog's header. */
  search: {
    label: "Buscar no blog",
    placeholder: "Buscar posts",
    button: "Buscar",
    title: "Buscar no blog",
    metaTitle: `Busca | Blog da ${siteConfig.name}`,
    metaTitleFor: (q: string) => `“${q}”: busca | Blog da ${siteConfig.name}`,
    metaDescription: `Encontre artigos do blog da ${siteConfig.name} por assunto, canal ou palavra.`,
    subtitle: "Procure por um assunto, um canal ou uma palavra do título.",
    empty: "Digite uma ou mais palavras para buscar nos posts do blog.",
    tooLong: (max: number) => `A busca aceita até ${max} caracteres. Encurte o texto e tente de novo.`,
    failed: "Não foi possível buscar agora. Tente de novo em alguns instantes.",
    none: (q: string) => `Nenhum post encontrado para “${q}”. Tente outras palavras ou veja os temas do blog.`,
    count: (count: number, q: string) =>
      count === 1 ? `1 post encontrado para “${q}”` : `${count} posts encontrados para “${q}”`,
    // The search ranks a bounded set of matches (the newest ones, and those matching by title).
    countMore: (count: number, q: string) => `Mais de ${count} posts encontrados para “${q}”`,
    resultsLabel: "Resultados da busca",
    paginationLabel: "Páginas dos resultados",
  },
};
