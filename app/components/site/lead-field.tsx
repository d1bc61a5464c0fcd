import { useState, type FormEvent, type ReactNode } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
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

export interface ControlProps {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * One labelled form control with its error message. The message is tied to the control
 * with aria-describedby and the control is marked aria-invalid, so screen readers announce
 * both when the field receives focus.
 */
export function LeadField({
  idPrefix,
  name,
  label,
  mark,
  error,
  className,
  children,
}: {
  idPrefix: string;
  name: string;
  label: string;
  /** "(obrigatório)" / "(opcional)", shown small after the label. */
  mark?: string;
  error?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = `${idPrefix}-${name}`;
  const errorId = `${id}-erro`;
  return (
    <div className={className}>
      <Label htmlFor={id}>
        {label}
        {mark ? <span className="ml-1 font-normal text-muted-foreground">{mark}</span> : null}
      </Label>
      <div className="mt-1.5">
        {children({
          id,
          name,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? errorId : undefined,
        })}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

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

/**
 * Who is asking: name, e-mail, company and phone, the fields both lead forms (contact and
 * demo) start with.
 */
export function PersonFields({
  idPrefix,
  fields,
  marks,
  message,
  kept,
}: {
  idPrefix: string;
  fields: Record<"name" | "email" | "company" | "phone", FieldCopy>;
  marks: { requiredMark: string; optionalMark: string };
  message: (field: LeadFieldName) => string | undefined;
  /** Values to show again after a no-JavaScript POST that failed. */
  kept: LeadValues;
}) {
  return (
    <>
      <LeadField
        idPrefix={idPrefix}
        name="name"
        label={fields.name.label}
        mark={marks.requiredMark}
        error={message("name")}
      >
        {(control) => (
          <Input
            {...control}
            type="text"
            required
            autoComplete="name"
            placeholder={fields.name.placeholder}
            defaultValue={kept.name}
          />
        )}
      </LeadField>
      <LeadField
        idPrefix={idPrefix}
        name="email"
        label={fields.email.label}
        mark={marks.requiredMark}
        error={message("email")}
      >
        {(control) => (
          <Input
            {...control}
            type="email"
            required
            autoComplete="email"
            placeholder={fields.email.placeholder}
            defaultValue={kept.email}
          />
        )}
      </LeadField>
      <LeadField
        idPrefix={idPrefix}
        name="company"
        label={fields.company.label}
        mark={marks.optionalMark}
        error={message("company")}
      >
        {(control) => (
          <Input
            {...control}
            type="text"
            autoComplete="organization"
            placeholder={fields.company.placeholder}
            defaultValue={kept.company}
          />
        )}
      </LeadField>
      <LeadField
        idPrefix={idPrefix}
        name="phone"
        label={fields.phone.label}
        mark={marks.optionalMark}
        error={message("phone")}
      >
        {(control) => (
          <Input
            {...control}
            type="tel"
            autoComplete="tel"
            placeholder={fields.phone.placeholder}
            defaultValue={kept.phone}
          />
        )}
      </LeadField>
    </>
  );
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
