import { useState, type FormEvent } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { FieldCopy, LeadFormUiCopy } from "~/content/lead-form";
import {
  leadValuesFrom,
  validateLead,
  type LeadActionResult,
  type LeadErrorCode,
  type LeadErrors,
  type LeadField as LeadFieldName,
  type LeadKind,
  type LeadValues,
} from "~/lib/lead-validation";

/**
 * The honeypot: a text field people never see or reach (off-screen, aria-hidden, out of
 * the tab order, no autofill); naive bots fill every field and give themselves away.
 */
export function HoneypotField({ idPrefix, name, label }: { idPrefix: string; name: string; label: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={`${idPrefix}-${name}`}>{label}</label>
      <input id={`${idPrefix}-${name}`} type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/**
 * Focus the first field (in form order) with an error, so keyboard and screen-reader users
 * land on it.
 */
export function focusFirstError(form: HTMLFormElement | null, errors: LeadErrors) {
  const fields = Array.from(form?.elements ?? []) as HTMLInputElement[];
  fields.find((field) => field.name && errors[field.name as LeadFieldName])?.focus();
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
 * Errors and kept values of a lead form. The browser checks the fields before posting (and
 * focuses the first bad one); the server's verdict shows when the browser did not check
 * (no JavaScript) or disagreed. Values come back only from a no-JavaScript POST; with a
 * fetcher the DOM keeps them.
 */
export function useLeadFormState(
  kind: LeadKind,
  errorMessage: (field: LeadFieldName, code: LeadErrorCode) => string,
  result: LeadActionResult | undefined,
  documentResult: LeadActionResult | undefined,
) {
  const [clientErrors, setClientErrors] = useState<LeadErrors | null>(null);
  const errors = clientErrors ?? (result?.status === "invalid" ? result.errors : {});
  const message = (field: LeadFieldName) => {
    const code = errors[field];
    return code ? errorMessage(field, code) : undefined;
  };
  const kept = documentResult && documentResult.status !== "success" ? documentResult.values : {};
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const check = validateLead(kind, leadValuesFrom(new FormData(event.currentTarget)));
    if (!check.ok) {
      event.preventDefault();
      setClientErrors(check.errors);
      focusFirstError(event.currentTarget, check.errors);
      return;
    }
    setClientErrors(null);
  };
  return { message, kept, onSubmit };
}
