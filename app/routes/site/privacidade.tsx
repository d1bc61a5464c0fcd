import { DocumentView } from "~/components/site/document-page";
import { privacyPage } from "~/content/legal";
import { pageMeta } from "~/lib/seo";
import { breadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/privacidade";

export default function PrivacyPage() {
  return <DocumentView page={privacyPage} />;
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    ...privacyPage.meta,
    path: "/privacidade",
    jsonLd: [
      breadcrumbJsonLd([
        { name: "Início", path: "/" },
        { name: privacyPage.meta.breadcrumb, path: "/privacidade" },
      ]),
    ],
  });
