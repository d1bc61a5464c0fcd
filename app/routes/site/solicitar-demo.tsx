import { Link } from "react-router";
import { DemoForm } from "~/components/site/demo/demo-form";
import { DEMO_SECTION_ID } from "~/components/site/demo/demo-section";
import { demoConfirmationPage, demoFormCopy } from "~/content/demo";
import type { LeadActionResult } from "~/lib/lead-validation";
import { handleLeadSubmission } from "~/lib/leads.server";
import { pageMetaFor } from "~/lib/page-meta";
import type { Route } from "./+types/solicitar-demo";

// The target of the demo form on every page. With JavaScript the form posts here through a
// fetcher and stays on its page; without it the browser lands here and sees the answer.
// A plain visit shows the form on its own (no loader: after a no-JS POST the page must
// render the action's answer, not redirect).

export async function action({ request, context }: Route.ActionArgs) {
  return handleLeadSubmission(request, context, "demo", "/solicitar-demo");
}

/**
 * In the browser the submission goes through here: a network failure (offline, server
 * down) becomes the form's error state, with the typed values kept, instead of the
 * route's error screen.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<LeadActionResult> {
  try {
    return await serverAction();
  } catch {
    return { status: "error", values: {}, page: "" };
  }
}

/** The page itself shows the form (errors) or the confirmation, so the shell's copy is not needed. */
export const handle = { hideDemoSection: true };

export default function DemoRequestPage({ actionData }: Route.ComponentProps) {
  const origin = actionData?.status === "success" ? actionData.page : undefined;
  return (
    <section id={DEMO_SECTION_ID} aria-labelledby={`${DEMO_SECTION_ID}-titulo`} className="px-4 py-16 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-3xl">
        <DemoForm
          id={DEMO_SECTION_ID}
          copy={demoFormCopy}
          documentResult={actionData}
          originPage={actionData?.page}
          headingLevel={1}
        />
        {origin ? (
          <p className="mt-8 text-center">
            <Link to={origin} className="font-semibold text-primary underline underline-offset-4">
              {demoConfirmationPage.back}
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = () =>
  pageMetaFor("/solicitar-demo", {
    title: demoConfirmationPage.metaTitle,
    description: demoConfirmationPage.metaDescription,
  });

/** Passes the rate limiter's Retry-After on to the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;
