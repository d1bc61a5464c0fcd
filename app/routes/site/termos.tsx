import { DocumentView } from "~/components/site/document-page";
import { termsPage } from "~/content/legal";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf } from "~/lib/site-context";
import type { Route } from "./+types/termos";

export default function TermsPage() {
  return <DocumentView page={termsPage} />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor("/termos", termsPage.meta, siteOf(matches));
