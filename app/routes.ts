import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Every URL of the site, explicitly. Public pages sit inside the site shell (header, footer,
// demo section); their static list for prerendering and the sitemap is app/content/site-pages.ts.
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("blog", "routes/blog/list.tsx"),
    route("blog/:slug", "routes/blog/post.tsx"),
    route("auth", "routes/auth/auth.tsx"),
    route("admin", "routes/admin/admin.tsx"),
    route("recursos", "routes/site/recursos.tsx"),
    route("precos", "routes/site/precos.tsx"),
    route("integracoes", "routes/site/integracoes.tsx"),
    route("casos-de-sucesso", "routes/site/casos-de-sucesso.tsx"),
    route("seguranca", "routes/site/seguranca.tsx"),
    route("sobre", "routes/site/sobre.tsx"),
    route("contato", "routes/site/contato.tsx"),
    route("documentacao", "routes/site/documentacao.tsx"),
    route("ajuda", "routes/site/ajuda.tsx"),
    route("status", "routes/site/status.tsx"),
    route("privacidade", "routes/site/privacidade.tsx"),
    route("termos", "routes/site/termos.tsx"),
    route("lgpd", "routes/site/lgpd.tsx"),
    route("solicitar-demo", "routes/site/solicitar-demo.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  // Resource routes (no UI): feeds for search engines and readers, and the admin's preview.
  route("rss.xml", "routes/seo/rss.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("admin/preview", "routes/admin/preview.ts"),
] satisfies RouteConfig;
