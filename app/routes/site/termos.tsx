import { DocumentView } from "~/components/site/document-page";
import { termsPage } from "~/content/legal";
import { pageMetaFor } from "~/lib/page-meta";
import type { Route } from "./+types/termos";

export default function TermsPage() {
  return <DocumentView page={termsPage} />;
}

export const meta: Route.MetaFunction = () => pageMetaFor("/termos", termsPage.meta);
