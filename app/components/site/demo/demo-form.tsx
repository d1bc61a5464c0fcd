import { CircleCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { NativeSelect } from "~/components/ui/native-select";
import type { FieldCopy, LeadFormUiCopy } from "~/content/lead-form";
import {
  HONEYPOT_FIELD,
  LEAD_PLANS,
  isLeadPlan,
  type LeadActionResult,
  type LeadErrorCode,
  type LeadField,
  type LeadPlan,
} from "~/lib/lead-validation";
import { focusFirstError, HoneypotField, leadFailureText, PersonFields, useLeadFormState } from "../lead-field";

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
 * The demo request form (docs/product.md, "#demo"). It posts to /solicitar-demo with the page it
 * was sent from. With JavaScript a fetcher keeps the visitor on the page and swaps the form
 * for a confirmation; without it, /solicitar-demo renders the confirmation (or the errors).
 * A trial button on /precos links to `?plano=<id>#demo`, which preselects the plan.
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
  /** The action's answer to a no-JavaScript POST (on /solicitar-demo). */
  documentResult?: LeadActionResult;
  /** Page to credit the lead to; defaults to the current path. */
  originPage?: string;
  headingLevel?: 1 | 2;
}) {
  const fetcher = useFetcher<LeadActionResult>({ key: "demo-form" });
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const [plan, setPlan] = useState<string>(
    documentResult && documentResult.status !== "success" ? (documentResult.values.plan ?? "") : "",
  );
  const [confirmed, setConfirmed] = useState(false);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data ?? documentResult;

  // A new answer from the action: adjust state while rendering (React's advice for state
  // derived from a changing value) instead of in an effect.
  const [handledData, setHandledData] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== handledData) {
    setHandledData(fetcher.data);
    if (fetcher.data?.status === "success") {
      setConfirmed(true);
      setPlan("");
    }
  }

  // The trial buttons' ?plano= is read after hydration: prerendered HTML cannot know it, and
  // changing the select during hydration would not match the server's HTML.
  const requestedPlan = new URLSearchParams(location.search).get("plano");
  useEffect(() => {
    if (!isLeadPlan(requestedPlan)) return;
    // oxlint-disable-next-line react/set-state-in-effect -- syncs with the URL after hydration
    setPlan(requestedPlan);
    setConfirmed(false);
    // location.key: a second click on the same trial button selects the plan again.
    // oxlint-disable-next-line react/exhaustive-effect-dependencies
  }, [requestedPlan, location.key]);

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state === "idle" && data?.status === "invalid") focusFirstError(formRef.current, data.errors);
  }, [fetcher.state, fetcher.data]);

  useEffect(() => {
    if (confirmed) confirmationRef.current?.focus();
  }, [confirmed]);

  const { message, kept, onSubmit } = useLeadFormState("demo", copy.errorMessage, result, documentResult);
  const failure =
    result?.status === "rate-limited"
      ? copy.ui.rateLimited(Math.ceil(result.retryAfterSeconds / 60))
      : result?.status === "error"
        ? leadFailureText(result, copy.ui)
        : result?.status === "invalid" && !fetcher.data
          ? copy.ui.errorSummary
          : null;
  const { fields, ui } = copy;
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const headingId = `${id}-titulo`;

  const done = confirmed || documentResult?.status === "success";
  return (
    <div>
      <Heading id={headingId} className="text-3xl font-bold tracking-tight">
        {copy.title}
      </Heading>
      <p className="mt-3 text-muted-foreground">{copy.subtitle}</p>
      {done ? (
        // A div, not <output>: the confirmation holds block content.
        <div
          ref={confirmationRef}
          tabIndex={-1}
          // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
          role="status"
          className="mt-8 rounded-2xl border border-success bg-green-50 p-8 text-center outline-none"
        >
          <CircleCheck aria-hidden="true" className="mx-auto size-10 text-success" />
          <p className="mt-3 text-xl font-bold">{copy.successTitle}</p>
          <p className="mt-2">{copy.successDescription}</p>
          {confirmed ? (
            <Button variant="outline" className="mt-6" onClick={() => setConfirmed(false)}>
              {copy.another}
            </Button>
          ) : null}
        </div>
      ) : null}
      {!done && failure ? (
        <p
          role="alert"
          className="mt-6 rounded-lg border border-destructive bg-red-50 p-4 text-sm font-medium text-destructive"
        >
          {failure}
        </p>
      ) : null}
      {done ? null : (
        <fetcher.Form
          ref={formRef}
          method="post"
          action={DEMO_ACTION}
          noValidate
          onSubmit={onSubmit}
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
              <NativeSelect {...control} name="plan" value={plan} onChange={(event) => setPlan(event.target.value)}>
                <option value="">{copy.planPlaceholder}</option>
                {LEAD_PLANS.map((planId) => (
                  <option key={planId} value={planId}>
                    {copy.planLabels[planId]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <HoneypotField idPrefix={id} name={HONEYPOT_FIELD} label={ui.honeypotLabel} />
          <div className="flex flex-col gap-4 sm:col-span-2">
            <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto sm:self-start">
              {busy ? ui.pending : copy.submit}
            </Button>
            <p className="text-sm text-muted-foreground">
              {copy.privacyText}{" "}
              <Link to={copy.privacyLink.href} className="font-medium text-primary underline underline-offset-4">
                {copy.privacyLink.label}
              </Link>
              .
            </p>
          </div>
        </fetcher.Form>
      )}
    </div>
  );
}
