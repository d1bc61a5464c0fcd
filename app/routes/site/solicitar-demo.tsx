import { DemoForm } from "~/components/site/demo/demo-form";
import { DEMO_SECTION_ID } from "~/components/site/demo/demo-section";
import { demoConfirmationPage, demoFormCopy } from "~/content/demo";
import { LEAD_PAGE_PARAM, LEAD_SENT_PARAM, type LeadActionResult } from "~/lib/lead-validation";
import { handleLeadSubmission, leadJsonMiddleware, leadOriginPage } from "~/lib/leads.server";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf } from "~/lib/site-context";
import type { Route } from "./+types/solicitar-demo";

// The target of the demo form on every page. With JavaScript the enhancement module posts here
// with fetch and the visitor stays on their page; without it the browser posts here, and a
// stored request is redirected (303) to `?enviado=1&pagina=<origin>`, the confirmation with a
// link back, which a reload shows again without sending anything. A plain visit shows the form.

const PATH = "/solicitar-demo";

/** The enhancement module's fetch (`Accept: application/json`) gets the verdict as JSON. */
export const middleware: Route.MiddlewareFunction[] = [leadJsonMiddleware("demo", PATH)];

/** The confirmation after the redirect, with its "Voltar" link: only a path of this site. */
export function loader({ request }: Route.LoaderArgs): { sent: LeadActionResult | null } {
  const query = new URL(request.url).searchParams;
  if (!query.has(LEAD_SENT_PARAM)) return { sent: null };
  return { sent: { status: "success", page: leadOriginPage(query.get(LEAD_PAGE_PARAM), "/") } };
}

/** A plain form POST: the page with the messages, or a 303 to the confirmation. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleLeadSubmission(request, context, "demo", PATH);
}

/** The page itself shows the form (errors) or the confirmation, so the shell's copy is not needed. */
export const handle = { hideDemoSection: true };

export default function DemoRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData.sent ?? undefined;
  const origin = result?.status === "success" ? result.page : undefined;
  return (
    <section id={DEMO_SECTION_ID} aria-labelledby={`${DEMO_SECTION_ID}-titulo`} className="px-4 py-16 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-3xl">
        <DemoForm
          id={DEMO_SECTION_ID}
          copy={demoFormCopy}
          documentResult={result}
          originPage={actionData?.page}
          headingLevel={1}
        />
        {origin ? (
          <p className="mt-8 text-center">
            <a href={origin} className="font-semibold text-primary underline underline-offset-4">
              {demoConfirmationPage.back}
            </a>
          </p>
        ) : null}
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMetaFor(
    PATH,
    { title: demoConfirmationPage.metaTitle, description: demoConfirmationPage.metaDescription },
    siteOf(matches),
  );

/** Passes the rate limiter's Retry-After on to the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;
