import { DocumentView } from "~/components/site/document-page";
import { lgpdPage } from "~/content/legal";
import { pageMeta } from "~/lib/seo";
import { breadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/lgpd";

export default function LgpdPage() {
  return <DocumentView page={lgpdPage} />;
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    ...lgpdPage.meta,
    path: "/lgpd",
    jsonLd: [
      breadcrumbJsonLd([
        { name: "Início", path: "/" },
        { name: lgpdPage.meta.breadcrumb, path: "/lgpd" },
      ]),
    ],
  });
