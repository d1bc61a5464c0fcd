import { DocumentView } from "~/components/site/document-page";
import { docsPage } from "~/content/help";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf } from "~/lib/site-context";
import type { Route } from "./+types/documentacao";

export default function DocumentationPage() {
  return <DocumentView page={docsPage} />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor("/documentacao", docsPage.meta, siteOf(matches));
