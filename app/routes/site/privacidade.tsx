import { DocumentView } from "~/components/site/document-page";
import { privacyPage } from "~/content/legal";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf, useSite } from "~/lib/site-context";
import type { Route } from "./+types/privacidade";

export default function PrivacyPage() {
  return <DocumentView page={privacyPage(useSite().settings)} />;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteOf(matches);
  return pageMetaFor("/privacidade", privacyPage(site.settings).meta, site);
};
