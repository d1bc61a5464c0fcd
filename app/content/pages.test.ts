import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { aboutMeta } from "./about";
import { casesMeta } from "./cases";
import { contactMeta } from "./contact";
import { featuresMeta } from "./features";
import { docsPage, helpMeta, statusCopy } from "./help";
import { integrationsMeta } from "./integrations";
import { lgpdPage, privacyPage, termsPage } from "./legal";
import { footerNav, headerNav } from "./navigation";
import {
  adminLayoutModule,
  cachedRoutes,
  uncachedPaths,
  pageByRouteId,
  pageLayouts,
  pages,
  prerenderPaths,
  publicPages,
  resourceRoutes,
  siteLayoutModule,
  sitePages,
} from "./pages";
import { pricingMeta } from "./pricing";
import { securityMeta } from "./security";
import { PLACEHOLDER_SETTINGS } from "~/lib/site-settings";

const appDir = fileURLToPath(new URL("..", import.meta.url));

/** Route module files under app/routes, as app/routes.ts names them (tests are not routes). */
function routeModuleFiles(): string[] {
  return readdirSync(`${appDir}routes`, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => `${entry.parentPath}/${entry.name}`.slice(appDir.length).replaceAll("\\", "/"))
    .toSorted();
}

function flatten(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
}

/** The layout route module a page renders in. */
const layoutOf = (path: string) => pageLayouts.find((shell) => shell.pages.some((page) => page.path === path))?.module;

const namedModules = [
  ...pageLayouts.map((shell) => shell.module),
  ...pages.map((page) => page.module),
  ...resourceRoutes.map((r) => r.module),
];
const allPaths = [...pages.map((page) => page.path), ...resourceRoutes.map((r) => r.path)];

describe("the page list and app/routes/", () => {
  it("names every route module that exists, and only those", () => {
    expect(namedModules.toSorted()).toEqual(routeModuleFiles());
  });

  it("has no path or module twice", () => {
    expect(new Set(allPaths).size).toBe(allPaths.length);
    expect(new Set(namedModules).size).toBe(namedModules.length);
  });

  it("is what app/routes.ts registers: every page inside its layout, resource routes outside any", () => {
    const shells = routes.slice(0, pageLayouts.length);
    const resources = routes.slice(pageLayouts.length);
    expect(shells.map((shell) => [shell.file, shell.path])).toEqual(
      pageLayouts.map((shell) => [shell.module, undefined]),
    );
    const inShells = shells.flatMap((shell) =>
      (shell.children ?? []).map((entry) => [entry.index ? "/" : `/${entry.path}`, entry.file]),
    );
    expect(inShells.toSorted()).toEqual(
      pages.map((page) => [page.path === "*" ? "/*" : page.path, page.module]).toSorted(),
    );
    expect(resources.map((entry) => [`/${entry.path}`, entry.file])).toEqual(
      resourceRoutes.map((r) => [r.path, r.module]),
    );
    expect(flatten(routes)).toHaveLength(pageLayouts.length + pages.length + resourceRoutes.length);
  });

  it("puts the admin in its own layout, without the marketing shell, and every other page in the shell", () => {
    expect(layoutOf("/admin")).toBe(adminLayoutModule);
    expect(pages.filter((page) => layoutOf(page.path) === adminLayoutModule).map((page) => page.path)).toEqual([
      "/admin",
    ]);
    expect(layoutOf("/auth")).toBe(siteLayoutModule);
    expect(layoutOf("/")).toBe(siteLayoutModule);
  });
});

/** A link as "name → href", so that each expected list below reads as the spec's. */
const linkText = (link: { name: string; href: string }) => `${link.name} → ${link.href}`;

describe("lists derived from the page list", () => {
  it("prerenders the static pages, and the sitemap announces every one of them", () => {
    expect(prerenderPaths).toEqual(pages.filter((page) => page.render === "prerendered").map((page) => page.path));
    const inSitemap = sitePages.map((page) => page.path);
    expect(prerenderPaths.filter((path) => !inSitemap.includes(path))).toEqual([]);
  });

  it("lists in the sitemap only fixed URLs that may be indexed", () => {
    const listed = sitePages.map((page) => pages.find((candidate) => candidate.path === page.path));
    expect(listed.filter((page) => !page || page.noindex || /[:*]/.test(page.path))).toEqual([]);
    expect(pages.filter((page) => page.noindex && page.sitemap)).toEqual([]);
  });

  it("lets the page cache keep the blog's lists, its posts, its search and the feeds, and nothing else", () => {
    expect(cachedRoutes).toEqual([
      { path: "/blog", cache: { shows: "posts", query: ["pagina"] } },
      { path: "/blog/:slug", cache: { shows: "post" } },
      { path: "/blog/tag/:slug", cache: { shows: "posts", query: ["pagina"] } },
      { path: "/blog/autor/:slug", cache: { shows: "posts", query: ["pagina"] } },
      { path: "/blog/busca", cache: { shows: "posts", query: ["q", "pagina"], apart: true } },
      { path: "/rss.xml", cache: { shows: "posts" } },
      { path: "/blog/tag/:slug/rss.xml", cache: { shows: "posts" } },
      { path: "/blog/autor/:slug/rss.xml", cache: { shows: "posts" } },
      { path: "/sitemap.xml", cache: { shows: "posts" } },
    ]);
    // Any words are possible: the search's pages are kept apart from the others (ADR 089).
    expect(cachedRoutes.filter((r) => r.cache.apart).map((r) => r.path)).toEqual(["/blog/busca"]);
    expect(uncachedPaths).not.toContain("/blog/busca");
    // A prerendered page is served from memory already; a page that shows one post names it.
    expect(pages.filter((page) => page.cache && page.render !== "per-request")).toEqual([]);
    expect(cachedRoutes.filter((r) => r.cache.shows === "post" && !r.path.includes(":slug"))).toEqual([]);
  });

  it("gives the header the spec's links, in the spec's order", () => {
    expect(headerNav.links.map(linkText)).toEqual([
      "Recursos → /recursos",
      "Preços → /precos",
      "Casos de Sucesso → /casos-de-sucesso",
      "Integrações → /integracoes",
      "Blog → /blog",
      "Sobre → /sobre",
    ]);
    expect(linkText(headerNav.contact)).toBe("Contato → /contato");
  });

  it("gives the footer the spec's columns and links, in the spec's order", () => {
    expect(footerNav.columns.map((column) => [column.title, column.links.map(linkText)])).toEqual([
      ["Produto", ["Recursos → /recursos", "Preços → /precos", "Integrações → /integracoes", "Segurança → /seguranca"]],
      ["Empresa", ["Sobre → /sobre", "Casos de Sucesso → /casos-de-sucesso", "Blog → /blog", "Contato → /contato"]],
      ["Recursos", ["Documentação → /documentacao", "Central de Ajuda → /ajuda", "Status → /status"]],
      ["Legal", ["Privacidade → /privacidade", "Termos de Uso → /termos", "LGPD → /lgpd"]],
    ]);
  });

  it("links the navigation only to indexable pages of the list, each slot once", () => {
    const links = [headerNav.contact, ...headerNav.links, ...footerNav.columns.flatMap((column) => column.links)];
    const indexable = new Set(pages.filter((page) => !page.noindex).map((page) => page.path));
    expect(links.filter((link) => !indexable.has(link.href))).toEqual([]);
    const headerPositions = pages.flatMap((page) => (typeof page.header === "number" ? [page.header] : []));
    expect(headerPositions.toSorted((a, b) => a - b)).toEqual(headerPositions.map((_, index) => index + 1));
    expect(pages.filter((page) => page.header === "contact")).toHaveLength(1);
    const footerSlots = pages.flatMap((page) => (page.footer ? [`${page.footer.column} ${page.footer.position}`] : []));
    expect(new Set(footerSlots).size).toBe(footerSlots.length);
  });

  it("gives breadcrumbs a home label and keeps the labels the content modules had", () => {
    expect(pages.find((page) => page.path === "/")?.label).toBe("Início");
    // The content modules' meta objects still carry a breadcrumb; until they drop it, it must
    // not drift from the label the pages actually use.
    const contentBreadcrumbs: Record<string, string> = {
      "/recursos": featuresMeta.breadcrumb,
      "/precos": pricingMeta.breadcrumb,
      "/integracoes": integrationsMeta.breadcrumb,
      "/casos-de-sucesso": casesMeta.breadcrumb,
      "/seguranca": securityMeta.breadcrumb,
      "/sobre": aboutMeta.breadcrumb,
      "/contato": contactMeta.breadcrumb,
      "/documentacao": docsPage.meta.breadcrumb,
      "/ajuda": helpMeta.breadcrumb,
      "/status": statusCopy.meta.breadcrumb,
      "/privacidade": privacyPage(PLACEHOLDER_SETTINGS).meta.breadcrumb,
      "/termos": termsPage(PLACEHOLDER_SETTINGS).meta.breadcrumb,
      "/lgpd": lgpdPage(PLACEHOLDER_SETTINGS).meta.breadcrumb,
    };
    const withBreadcrumb = pages.filter((page) => page.breadcrumb);
    expect(withBreadcrumb.map((page) => page.path).toSorted()).toEqual(Object.keys(contentBreadcrumbs).toSorted());
    expect(Object.fromEntries(withBreadcrumb.map((page) => [page.path, page.label]))).toEqual(contentBreadcrumbs);
  });
});

describe("what each page loads in the browser (docs/decisions/048-public-pages-without-app-bundle.md)", () => {
  it("makes only the sign-in screens and /admin React apps; every other page lists its enhancement modules", () => {
    expect(pages.filter((page) => page.client === "app").map((page) => page.path)).toEqual([
      "/auth",
      "/auth/nova-senha",
      "/admin",
    ]);
    const apps = pages.filter((page) => page.client === "app");
    expect(apps.filter((page) => page.scripts !== undefined)).toEqual([]);
    expect(pages.filter((page) => page.client !== "app" && !Array.isArray(page.scripts))).toEqual([]);
    expect(publicPages.map((page) => page.path)).toEqual(
      pages.filter((page) => page.client !== "app").map((page) => page.path),
    );
  });

  it("loads each module only on the pages that use it, each once, and the analytics on every one", () => {
    const own = Object.fromEntries(
      pages.filter((page) => page.client !== "app" && page.scripts.length > 0).map((page) => [page.path, page.scripts]),
    );
    expect(own).toEqual({
      "/": ["lead-form"],
      "/recursos": ["lead-form", "tabs"],
      "/precos": ["lead-form"],
      "/integracoes": ["lead-form"],
      "/casos-de-sucesso": ["lead-form"],
      "/seguranca": ["lead-form"],
      "/sobre": ["lead-form"],
      "/contato": ["lead-form"],
      "/status": ["status"],
      "/solicitar-demo": ["lead-form"],
    });
    // No page lists the analytics itself: every public page loads them after its own modules,
    // but a preview, whose URL holds a secret token.
    expect(pages.filter((page) => page.scripts?.includes("analytics"))).toEqual([]);
    expect(pages.filter((page) => page.analytics === false).map((page) => page.path)).toEqual(["/blog/previa/:token"]);
    for (const page of publicPages) {
      expect(page.scripts).toEqual([...(own[page.path] ?? []), ...(page.analytics === false ? [] : ["analytics"])]);
    }
  });

  it("ships no JavaScript but the analytics on the blog, the posts, the footer's documents and the not-found page", () => {
    const analyticsOnly = [
      "/blog",
      "/blog/:slug",
      "/blog/tag/:slug",
      "/blog/autor/:slug",
      "/blog/busca",
      "/documentacao",
      "/ajuda",
      "/privacidade",
      "/termos",
      "/lgpd",
      "*",
    ];
    expect(
      publicPages
        .filter((page) => page.scripts.join(" ") === "analytics")
        .map((page) => page.path)
        .toSorted(),
    ).toEqual(analyticsOnly.toSorted());
  });

  it("finds a page from its React Router route id, the module path without extension", () => {
    expect(pageByRouteId("routes/site/home")?.path).toBe("/");
    expect(pageByRouteId("routes/blog/post")?.path).toBe("/blog/:slug");
    expect(pageByRouteId("routes/site/layout")).toBeUndefined();
    expect(pageByRouteId("routes/admin/layout")).toBeUndefined();
    expect(pageByRouteId("root")).toBeUndefined();
  });
});
