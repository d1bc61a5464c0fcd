import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import type { FieldCopy, LeadFormUiCopy } from "~/content/lead-form";
import {
  HONEYPOT_FIELD,
  LEAD_SUBJECTS,
  type LeadActionResult,
  type LeadErrorCode,
  type LeadField,
  type LeadSubject,
} from "~/lib/lead-validation";
import { focusFirstError, HoneypotField, leadFailureText, PersonFields, useLeadFormState } from "../lead-field";

export interface ContactFormCopy {
  title: string;
  subtitle: string;
  submit: string;
  successTitle: string;
  successDescription: string;
  fields: Record<"name" | "email" | "company" | "phone" | "subject" | "message", FieldCopy>;
  subjects: Record<LeadSubject, string>;
  ui: LeadFormUiCopy & { errorTitle: string };
  errorMessage: (field: LeadField, code: LeadErrorCode) => string;
}

const ID = "contato";

/**
 * The contact form (docs/product.md §3/§5/§7, docs/product.md "Deliberate deviations"). Without JavaScript
 * it is a plain POST to the route action, which answers with the page (inline success or the
 * errors, values kept). With JavaScript it posts through a fetcher: "Enviando..." while in
 * flight, then the success toast and emptied fields, or a destructive toast with the values
 * kept.
 */
export function ContactForm({
  copy,
  action,
  documentResult,
}: {
  copy: ContactFormCopy;
  /** The route whose action stores the message (explicit: prerendering renders at "/contato/"). */
  action: string;
  documentResult?: LeadActionResult;
}) {
  const fetcher = useFetcher<LeadActionResult>({ key: "contact-form" });
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data ?? documentResult;

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data) return;
    if (data.status === "success") {
      formRef.current?.reset();
      toast.success(copy.successTitle, { description: copy.successDescription });
    } else if (data.status === "error") {
      toast.error(copy.ui.errorTitle, { description: leadFailureText(data, copy.ui) });
    } else if (data.status === "rate-limited") {
      toast.error(copy.ui.errorTitle, { description: copy.ui.rateLimited(Math.ceil(data.retryAfterSeconds / 60)) });
    } else {
      focusFirstError(formRef.current, data.errors);
    }
  }, [fetcher.state, fetcher.data, copy]);

  const { message, kept, onSubmit } = useLeadFormState("contact", copy.errorMessage, result, documentResult);
  const { fields, ui } = copy;

  return (
    <section
      aria-labelledby="form-contato-titulo"
      className="rounded-2xl border border-border bg-background p-6 shadow-sm sm:p-8"
    >
      <h2 id="form-contato-titulo" className="text-2xl font-bold">
        {copy.title}
      </h2>
      <p className="mt-2 text-muted-foreground">{copy.subtitle}</p>

      {documentResult && !fetcher.data ? (
        <div role={documentResult.status === "success" ? "status" : "alert"} className="mt-6">
          {documentResult.status === "success" ? (
            <div className="rounded-lg border border-success bg-green-50 p-4">
              <p className="font-semibold text-success">{copy.successTitle}</p>
              <p className="mt-1 text-sm">{copy.successDescription}</p>
            </div>
          ) : (
            <p className="rounded-lg border border-destructive bg-red-50 p-4 text-sm font-medium text-destructive">
              {documentResult.status === "invalid"
                ? ui.errorSummary
                : documentResult.status === "rate-limited"
                  ? ui.rateLimited(Math.ceil(documentResult.retryAfterSeconds / 60))
                  : leadFailureText(documentResult, ui)}
            </p>
          )}
        </div>
      ) : null}

      <fetcher.Form
        ref={formRef}
        method="post"
        action={action}
        noValidate
        onSubmit={onSubmit}
        className="relative mt-6 grid gap-5 sm:grid-cols-2"
      >
        <PersonFields idPrefix={ID} fields={fields} marks={ui} message={message} kept={kept} />
        <Field
          id={`${ID}-subject`}
          label={fields.subject.label}
          mark={ui.requiredMark}
          error={message("subject")}
          className="sm:col-span-2"
        >
          {(control) => (
            <NativeSelect {...control} name="subject" required defaultValue={kept.subject ?? ""}>
              <option value="">{fields.subject.placeholder}</option>
              {LEAD_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {copy.subjects[subject]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field
          id={`${ID}-message`}
          label={fields.message.label}
          mark={ui.requiredMark}
          error={message("message")}
          className="sm:col-span-2"
        >
          {(control) => (
            <Textarea
              {...control}
              name="message"
              required
              rows={6}
              placeholder={fields.message.placeholder}
              defaultValue={kept.message}
            />
          )}
        </Field>
        <HoneypotField idPrefix={ID} name={HONEYPOT_FIELD} label={ui.honeypotLabel} />
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
            {busy ? ui.pending : copy.submit}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}
