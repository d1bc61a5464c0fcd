import { DocumentView } from "~/components/site/document-page";
import { docsPage } from "~/content/help";
import { pageMetaFor } from "~/lib/page-meta";
import type { Route } from "./+types/documentacao";

export default function DocumentationPage() {
  return <DocumentView page={docsPage} />;
}

export const meta: Route.MetaFunction = () => pageMetaFor("/documentacao", docsPage.meta);
