import { DocumentView } from "~/components/site/document-page";
import { docsPage } from "~/content/help";
import { pageMeta } from "~/lib/seo";
import { breadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/documentacao";

export default function DocumentationPage() {
  return <DocumentView page={docsPage} />;
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    ...docsPage.meta,
    path: "/documentacao",
    jsonLd: [
      breadcrumbJsonLd([
        { name: "Início", path: "/" },
        { name: docsPage.meta.breadcrumb, path: "/documentacao" },
      ]),
    ],
  });
