import { DocumentView } from "~/components/site/document-page";
import { lgpdPage } from "~/content/legal";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf } from "~/lib/site-context";
import type { Route } from "./+types/lgpd";

export default function LgpdPage() {
  return <DocumentView page={lgpdPage} />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor("/lgpd", lgpdPage.meta, siteOf(matches));
