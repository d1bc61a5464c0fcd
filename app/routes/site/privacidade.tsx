import { DocumentView } from "~/components/site/document-page";
import { privacyPage } from "~/content/legal";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf } from "~/lib/site-context";
import type { Route } from "./+types/privacidade";

export default function PrivacyPage() {
  return <DocumentView page={privacyPage} />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor("/privacidade", privacyPage.meta, siteOf(matches));
