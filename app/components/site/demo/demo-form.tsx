import { CircleCheck } from "lucide-react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { OptionSelect } from "~/components/ui/native-select";
import type { FieldCopy, LeadFormUiCopy } from "~/content/lead-form";
import {
  LEAD_PLANS,
  isLeadPlan,
  type LeadActionResult,
  type LeadErrorCode,
  type LeadField,
  type LeadPlan,
} from "~/lib/lead-validation";
import { LeadFormSubmit, leadFailureText, leadFormView, PersonFields } from "../lead-field";

/** Where the demo form posts: a route action, so it works on prerendered pages and without JS. */
export const DEMO_ACTION = "/solicitar-demo";

export interface DemoFormCopy {
  title: string;
  subtitle: string;
  planLabel: string;
  planPlaceholder: string;
  submit: string;
  privacyText: string;
  privacyLink: { label: string; href: string };
  successTitle: string;
  successDescription: string;
  another: string;
  fields: Record<"name" | "email" | "company" | "phone", FieldCopy>;
  planLabels: Record<LeadPlan, string>;
  ui: LeadFormUiCopy;
  errorMessage: (field: LeadField, code: LeadErrorCode) => string;
}

/**
 * The demo request form (docs/product.md, "#demo"), rendered on the server only: no React runs
 * on public pages. It posts to /solicitar-demo with the page it was sent from. Without
 * JavaScript that is a plain POST: a mistake comes back as /solicitar-demo with the messages and
 * the typed values, a stored request as a 303 to its confirmation. With JavaScript the
 * enhancement module (app/enhance/lead-form.ts) posts with fetch, keeps the visitor on the page
 * and swaps the form for the confirmation below (hidden until then).
 */
export function DemoForm({
  id,
  copy,
  documentResult,
  originPage,
  headingLevel = 2,
}: {
  /** Prefix of the form's element ids; the heading is `${id}-titulo`. */
  id: string;
  copy: DemoFormCopy;
  /** The action's answer to a no-JavaScript POST, or the success of its redirect (/solicitar-demo). */
  documentResult?: LeadActionResult;
  /** Page to credit the lead to; defaults to the current path. */
  originPage?: string;
  headingLevel?: 1 | 2;
}) {
  const location = useLocation();
  const { message, kept } = leadFormView(copy.errorMessage, documentResult);
  // The trial buttons' plan, preselected without JavaScript: per-request pages (a post,
  // /solicitar-demo) read it here, and so do prerendered ones, which the server renders for a
  // known ?plano= (server/http/documents.ts).
  const requestedPlan = new URLSearchParams(location.search).get("plano");
  const plan = kept.plan ?? (isLeadPlan(requestedPlan) ? requestedPlan : "");
  const failure =
    documentResult?.status === "rate-limited"
      ? copy.ui.rateLimited(Math.ceil(documentResult.retryAfterSeconds / 60))
      : documentResult?.status === "error"
        ? leadFailureText(documentResult, copy.ui)
        : documentResult?.status === "invalid"
          ? copy.ui.errorSummary
          : null;
  const { fields, ui } = copy;
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const headingId = `${id}-titulo`;
  const done = documentResult?.status === "success";

  return (
    <div>
      <Heading id={headingId} className="text-3xl font-bold tracking-tight">
        {copy.title}
      </Heading>
      <p className="mt-3 text-muted-foreground">{copy.subtitle}</p>
      {/* A div, not <output>: the confirmation holds block content. Hidden until a request is
          taken: the enhancement module shows it after a fetch, the server after the redirect. */}
      <div
        tabIndex={-1}
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
        role="status"
        hidden={!done}
        data-lead-confirmation=""
        className="mt-8 rounded-2xl border border-success bg-green-50 p-8 text-center outline-none"
      >
        <CircleCheck aria-hidden="true" className="mx-auto size-10 text-success" />
        <p className="mt-3 text-xl font-bold">{copy.successTitle}</p>
        <p className="mt-2">{copy.successDescription}</p>
        {/* Only the enhancement module can bring the form back in place: hidden without it. */}
        <Button type="button" variant="outline" className="mt-6" hidden data-lead-another="">
          {copy.another}
        </Button>
      </div>
      {!done && failure ? (
        <p
          role="alert"
          data-lead-notice=""
          className="mt-6 rounded-lg border border-destructive bg-red-50 p-4 text-sm font-medium text-destructive"
        >
          {failure}
        </p>
      ) : null}
      <form
        method="post"
        action={DEMO_ACTION}
        noValidate
        hidden={done}
        data-lead-form="demo"
        aria-labelledby={headingId}
        className="relative mt-8 grid gap-5 sm:grid-cols-2"
      >
        {/* Prerendered pages render at "/sobre/": credit the lead to the canonical "/sobre". */}
        <input type="hidden" name="page" value={originPage ?? location.pathname.replace(/(.)\/+$/, "$1")} />
        <PersonFields idPrefix={id} fields={fields} marks={ui} message={message} kept={kept} />
        <Field
          id={`${id}-plan`}
          label={copy.planLabel}
          mark={ui.optionalMark}
          error={message("plan")}
          className="sm:col-span-2"
        >
          {(control) => (
            <OptionSelect
              {...control}
              name="plan"
              defaultValue={plan}
              options={LEAD_PLANS}
              labels={copy.planLabels}
              emptyLabel={copy.planPlaceholder}
            />
          )}
        </Field>
        <LeadFormSubmit
          idPrefix={id}
          honeypotLabel={ui.honeypotLabel}
          submitLabel={copy.submit}
          note={
            <p className="text-sm text-muted-foreground">
              {copy.privacyText}{" "}
              <a href={copy.privacyLink.href} className="font-medium text-primary underline underline-offset-4">
                {copy.privacyLink.label}
              </a>
              .
            </p>
          }
        />
      </form>
    </div>
  );
}
