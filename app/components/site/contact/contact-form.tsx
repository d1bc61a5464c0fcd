import { Field } from "~/components/ui/field";
import { OptionSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import type { FieldCopy, LeadFormUiCopy } from "~/content/lead-form";
import {
  CONTACT_FORM_ANCHOR,
  LEAD_SUBJECTS,
  type LeadActionResult,
  type LeadErrorCode,
  type LeadField,
  type LeadSubject,
} from "~/lib/lead-validation";
import { LeadFormSubmit, leadFailureText, leadFormView, PersonFields } from "../lead-field";

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
 * The contact form (docs/product.md §3/§5/§7, "Deliberate deviations"), rendered on the server
 * only: no React runs on public pages. Without JavaScript it is a plain POST to the route
 * action: a mistake comes back as this page with the messages and the typed values, a stored
 * message as a 303 to `/contato?enviado=1`, which shows the success text (`documentResult`).
 * With JavaScript the enhancement module (app/enhance/lead-form.ts, found by `data-lead-form`)
 * checks the fields, posts with fetch ("Enviando..." meanwhile), then toasts and empties the
 * fields, or toasts the failure and keeps them.
 */
export function ContactForm({
  copy,
  action,
  documentResult,
}: {
  copy: ContactFormCopy;
  /** The route whose action stores the message (explicit: prerendering renders at "/contato/"). */
  action: string;
  /** The answer to a no-JavaScript POST, or the success of its redirect. */
  documentResult?: LeadActionResult;
}) {
  const { message, kept } = leadFormView(copy.errorMessage, documentResult);
  const { fields, ui } = copy;

  return (
    <section
      aria-labelledby={CONTACT_FORM_ANCHOR}
      className="rounded-2xl border border-border bg-background p-6 shadow-sm sm:p-8"
    >
      <h2 id={CONTACT_FORM_ANCHOR} className="text-2xl font-bold">
        {copy.title}
      </h2>
      <p className="mt-2 text-muted-foreground">{copy.subtitle}</p>

      {documentResult ? (
        <div role={documentResult.status === "success" ? "status" : "alert"} className="mt-6" data-lead-notice="">
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

      <form
        method="post"
        action={`${action}#${CONTACT_FORM_ANCHOR}`}
        noValidate
        data-lead-form="contact"
        // The success toast's texts, for the enhancement module.
        data-success-title={copy.successTitle}
        data-success-description={copy.successDescription}
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
            <OptionSelect
              {...control}
              name="subject"
              required
              defaultValue={kept.subject ?? ""}
              options={LEAD_SUBJECTS}
              labels={copy.subjects}
              emptyLabel={fields.subject.placeholder}
            />
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
        <LeadFormSubmit idPrefix={ID} honeypotLabel={ui.honeypotLabel} submitLabel={copy.submit} />
      </form>
    </section>
  );
}
