import { DocumentView } from "~/components/site/document-page";
import { termsPage } from "~/content/legal";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf, useSite } from "~/lib/site-context";
import type { Route } from "./+types/termos";

export default function TermsPage() {
  return <DocumentView page={termsPage(useSite().settings)} />;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteOf(matches);
  return pageMetaFor("/termos", termsPage(site.settings).meta, site);
};
