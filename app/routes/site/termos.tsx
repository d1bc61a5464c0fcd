import { DocumentView } from "~/components/site/document-page";
import { termsPage } from "~/content/legal";
import { pageMeta } from "~/lib/seo";
import { breadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/termos";

export default function TermsPage() {
  return <DocumentView page={termsPage} />;
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    ...termsPage.meta,
    path: "/termos",
    jsonLd: [
      breadcrumbJsonLd([
        { name: "Início", path: "/" },
        { name: termsPage.meta.breadcrumb, path: "/termos" },
      ]),
    ],
  });
