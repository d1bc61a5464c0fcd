// The lead forms with JavaScript (docs/decisions/049-lead-forms-without-react.md): the contact
// form and the demo section's form are server-rendered HTML that works as a plain POST
// (app/components/site/contact/contact-form.tsx, demo/demo-form.tsx). This module adds, without
// React: the same checks and pt-BR messages before sending (app/lib/lead-validation.ts), the
// submission with fetch ("Enviando..." and a disabled button meanwhile), then the contact form's
// toasts or the demo form's in-place confirmation, the fields emptied after success and kept on
// failure, and focus on the first wrong field. The trial buttons' `?plano=` is chosen by the
// server's render (server/http/documents.ts), with or without JavaScript.
import { leadErrorMessage, leadFormUi } from "~/content/lead-form";
import { leadValuesFrom, validateLead, type LeadErrors, type LeadField, type LeadKind } from "~/lib/lead-validation";
import { leadAnswerFrom, leadOutcome } from "./lead-answer";
import { enhanceMenu } from "./menu";
import { markEnhanced } from "./ready";
import { mountToaster, toast } from "./toast";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const LEAD_FIELDS: readonly string[] = ["name", "email", "company", "phone", "subject", "message", "plan"];
const ALERT_CLASSES = "mt-6 rounded-lg border border-destructive bg-red-50 p-4 text-sm font-medium text-destructive";
const ERROR_CLASSES = "text-sm font-medium text-destructive";

/** The visible fields of a form, in form order (not the hidden `page` nor the honeypot's label). */
function controls(form: HTMLFormElement): Control[] {
  return Array.from(form.elements).filter(
    (element): element is Control =>
      (element instanceof HTMLInputElement && element.type !== "hidden") ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement,
  );
}

/**
 * Marks each field as the Field primitive does on the server (app/components/ui/field.tsx): the
 * message in `${id}-erro` at the end of the field, `aria-invalid`, and `aria-describedby`
 * naming the message before the hint (`${id}-dica`), so it is announced first.
 */
function showErrors(form: HTMLFormElement, errors: LeadErrors): void {
  for (const control of controls(form)) {
    if (!LEAD_FIELDS.includes(control.name) || !control.id) continue;
    const code = errors[control.name as LeadField];
    const errorId = `${control.id}-erro`;
    let message = document.getElementById(errorId);
    if (code) {
      if (!message) {
        message = document.createElement("p");
        message.id = errorId;
        message.className = ERROR_CLASSES;
        control.parentElement?.append(message);
      }
      message.textContent = leadErrorMessage(control.name as LeadField, code);
      control.setAttribute("aria-invalid", "true");
    } else {
      message?.remove();
      control.removeAttribute("aria-invalid");
    }
    const hintId = `${control.id}-dica`;
    const describedBy = [code ? errorId : "", document.getElementById(hintId) ? hintId : ""].filter(Boolean);
    if (describedBy.length > 0) control.setAttribute("aria-describedby", describedBy.join(" "));
    else control.removeAttribute("aria-describedby");
  }
}

function focusFirstError(form: HTMLFormElement, errors: LeadErrors): void {
  controls(form)
    .find((control) => errors[control.name as LeadField])
    ?.focus();
}

/**
 * Empties what the visitor typed. Not form.reset(): after a no-JavaScript answer the server
 * rendered the typed values as the defaults, which reset() would bring back.
 */
function emptyFields(form: HTMLFormElement): void {
  for (const control of controls(form)) control.value = "";
}

/** The answer to an earlier submission (server-rendered or ours), gone once the form is sent again. */
function clearNotices(form: HTMLFormElement): void {
  form.parentElement?.querySelectorAll("[data-lead-notice]").forEach((notice) => notice.remove());
}

function setBusy(form: HTMLFormElement, busy: boolean): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) return;
  button.dataset.label ??= button.textContent ?? "";
  button.disabled = busy;
  button.textContent = busy ? leadFormUi.pending : button.dataset.label;
}

/** Sends the form as the browser would, asking for the JSON verdict instead of a page. */
async function send(form: HTMLFormElement) {
  try {
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
    const response = await fetch(form.action, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    return leadAnswerFrom(await response.json());
  } catch {
    // Offline, the server down, or an answer that was not ours: the values stay, try again.
    return leadAnswerFrom(null);
  }
}

/** The demo form's confirmation, shown in place of the form; "Enviar outro pedido" brings it back. */
function demoParts(form: HTMLFormElement) {
  const container = form.parentElement;
  const confirmation = container?.querySelector<HTMLElement>("[data-lead-confirmation]") ?? null;
  const another = confirmation?.querySelector<HTMLButtonElement>("[data-lead-another]") ?? null;
  return { confirmation, another };
}

function showFailure(form: HTMLFormElement, kind: LeadKind, message: string): void {
  if (kind === "contact") {
    toast({ type: "error", title: leadFormUi.errorTitle, description: message });
    return;
  }
  const alert = document.createElement("p");
  alert.setAttribute("role", "alert");
  alert.dataset.leadNotice = "";
  alert.className = ALERT_CLASSES;
  alert.textContent = message;
  form.before(alert);
}

function showSent(form: HTMLFormElement, kind: LeadKind): void {
  emptyFields(form);
  if (kind === "contact") {
    // The texts come with the form (data-success-*): importing app/content/contact.ts would bring
    // the site config along.
    toast({ type: "success", title: form.dataset.successTitle ?? "", description: form.dataset.successDescription });
    return;
  }
  const { confirmation, another } = demoParts(form);
  if (!confirmation) return;
  form.hidden = true;
  confirmation.hidden = false;
  if (another) another.hidden = false;
  confirmation.focus();
}

function enhance(form: HTMLFormElement, kind: LeadKind): void {
  let busy = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    clearNotices(form);
    const check = validateLead(kind, leadValuesFrom(new FormData(form)));
    if (!check.ok) {
      showErrors(form, check.errors);
      focusFirstError(form, check.errors);
      return;
    }
    showErrors(form, {});
    busy = true;
    setBusy(form, true);
    const outcome = leadOutcome(await send(form));
    busy = false;
    setBusy(form, false);
    if (outcome.kind === "sent") showSent(form, kind);
    else if (outcome.kind === "invalid") {
      showErrors(form, outcome.errors);
      focusFirstError(form, outcome.errors);
    } else showFailure(form, kind, outcome.message);
  });

  if (kind === "contact") {
    // The live region exists before its first toast, so screen readers announce it.
    mountToaster();
    return;
  }
  const { confirmation, another } = demoParts(form);
  another?.addEventListener("click", () => {
    if (confirmation) confirmation.hidden = true;
    another.hidden = true;
    form.hidden = false;
    controls(form)[0]?.focus();
  });
}

for (const form of document.querySelectorAll<HTMLFormElement>("form[data-lead-form]")) {
  const kind = form.dataset.leadForm;
  if (kind === "contact" || kind === "demo") enhance(form, kind);
}

// The header's menu (./menu.ts), also where ANALYTICS=0 leaves this module the only one.
enhanceMenu();
markEnhanced("lead-form");
