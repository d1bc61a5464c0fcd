import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { FieldCopy, LeadFormUiCopy } from "~/content/lead-form";
import { HONEYPOT_FIELD } from "~/lib/lead-validation";
import type {
  LeadActionResult,
  LeadErrorCode,
  LeadErrors,
  LeadField as LeadFieldName,
  LeadValues,
} from "~/lib/lead-validation";

// The enhancement module (app/enhance/lead-form.ts) finds the lead forms and their parts in the
// server's HTML by data attributes: `data-lead-form` (the form, its kind as value),
// `data-lead-notice` (the answer to a no-JavaScript POST), and on the demo form
// `data-lead-confirmation` and `data-lead-another`.

/**
 * The honeypot: a text field people never see or reach (off-screen, aria-hidden, out of
 * the tab order, no autofill); naive bots fill every field and give themselves away.
 */
function HoneypotField({ idPrefix, label }: { idPrefix: string; label: string }) {
  const id = `${idPrefix}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The end of both lead forms: the honeypot, then the submit button and any note under it. */
export function LeadFormSubmit({
  idPrefix,
  honeypotLabel,
  submitLabel,
  note,
}: {
  idPrefix: string;
  honeypotLabel: string;
  submitLabel: string;
  note?: ReactNode;
}) {
  return (
    <>
      <HoneypotField idPrefix={idPrefix} label={honeypotLabel} />
      <div className="flex flex-col gap-4 sm:col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto sm:self-start">
          {submitLabel}
        </Button>
        {note}
      </div>
    </>
  );
}

/** Who is asking, in form order: the fields both lead forms (contact and demo) start with. */
const PERSON_FIELDS = [
  { name: "name", type: "text", autoComplete: "name", required: true },
  { name: "email", type: "email", autoComplete: "email", required: true },
  { name: "company", type: "text", autoComplete: "organization", required: false },
  { name: "phone", type: "tel", autoComplete: "tel", required: false },
] as const;

/** Name, e-mail (required), company and phone (optional). */
export function PersonFields({
  idPrefix,
  fields,
  marks,
  message,
  kept,
}: {
  idPrefix: string;
  fields: Record<(typeof PERSON_FIELDS)[number]["name"], FieldCopy>;
  marks: { requiredMark: string; optionalMark: string };
  message: (field: LeadFieldName) => string | undefined;
  /** Values to show again after a no-JavaScript POST that failed. */
  kept: LeadValues;
}) {
  return PERSON_FIELDS.map(({ name, type, autoComplete, required }) => (
    <Field
      key={name}
      id={`${idPrefix}-${name}`}
      label={fields[name].label}
      mark={required ? marks.requiredMark : marks.optionalMark}
      error={message(name)}
    >
      {(control) => (
        <Input
          {...control}
          name={name}
          type={type}
          required={required}
          autoComplete={autoComplete}
          placeholder={fields[name].placeholder}
          defaultValue={kept[name]}
        />
      )}
    </Field>
  ));
}

/** What a failed submission tells the visitor: try again later, or reload (an unreadable post). */
export function leadFailureText(
  result: Extract<LeadActionResult, { status: "error" }>,
  ui: Pick<LeadFormUiCopy, "errorDescription" | "unreadable">,
): string {
  return result.reason === "unreadable" ? ui.unreadable : ui.errorDescription;
}

/**
 * Errors and kept values of a lead form after a no-JavaScript POST that failed: the server's
 * messages next to the fields and what was typed. With JavaScript the enhancement module checks
 * the fields before posting and shows the same messages (app/enhance/lead-form.ts).
 */
export function leadFormView(
  errorMessage: (field: LeadFieldName, code: LeadErrorCode) => string,
  documentResult: LeadActionResult | undefined,
) {
  const errors: LeadErrors = documentResult?.status === "invalid" ? documentResult.errors : {};
  const message = (field: LeadFieldName) => {
    const code = errors[field];
    return code ? errorMessage(field, code) : undefined;
  };
  const kept: LeadValues = documentResult && documentResult.status !== "success" ? documentResult.values : {};
  return { message, kept };
}
