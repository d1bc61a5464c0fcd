import { DocumentView } from "~/components/site/document-page";
import { lgpdPage } from "~/content/legal";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf, useSite } from "~/lib/site-context";
import type { Route } from "./+types/lgpd";

export default function LgpdPage() {
  return <DocumentView page={lgpdPage(useSite().settings)} />;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteOf(matches);
  return pageMetaFor("/lgpd", lgpdPage(site.settings).meta, site);
};
