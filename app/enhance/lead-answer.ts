// What the lead-form enhancement does with the server's JSON verdict (app/lib/leads.server.ts,
// leadJsonMiddleware): kept apart from the DOM code so it is tested without a browser.
import { leadFormUi } from "~/content/lead-form";
import type { LeadActionResult, LeadErrors } from "~/lib/lead-validation";

export type LeadOutcome =
  /** Stored (or a bot told so): empty the fields, then toast (contact) or confirm in place (demo). */
  | { kind: "sent" }
  /** The server disagreed with the browser's check: the messages next to the fields. */
  | { kind: "invalid"; errors: LeadErrors }
  /** Not stored: a destructive toast (contact) or an alert (demo), the values kept. */
  | { kind: "failed"; message: string };

/** The network failed or the answer was not the verdict (a proxy's error page, say). */
const NETWORK_FAILURE: LeadActionResult = { status: "error", values: {}, page: "" };

/** The verdict in a parsed JSON body, or a network failure when it is not one. */
export function leadAnswerFrom(body: unknown): LeadActionResult {
  if (typeof body !== "object" || body === null) return NETWORK_FAILURE;
  const answer = body as Partial<LeadActionResult> & Record<string, unknown>;
  switch (answer.status) {
    case "success":
      return answer as LeadActionResult;
    case "invalid":
      return typeof answer.errors === "object" && answer.errors !== null
        ? (answer as LeadActionResult)
        : NETWORK_FAILURE;
    case "rate-limited":
      return typeof answer.retryAfterSeconds === "number" ? (answer as LeadActionResult) : NETWORK_FAILURE;
    case "error":
      return answer as LeadActionResult;
    default:
      return NETWORK_FAILURE;
  }
}

/** What the form shows for a verdict, with the same pt-BR texts as the server-rendered page. */
export function leadOutcome(result: LeadActionResult): LeadOutcome {
  switch (result.status) {
    case "success":
      return { kind: "sent" };
    case "invalid":
      return { kind: "invalid", errors: result.errors };
    case "rate-limited":
      return { kind: "failed", message: leadFormUi.rateLimited(Math.ceil(result.retryAfterSeconds / 60)) };
    case "error":
      return {
        kind: "failed",
        message: result.reason === "unreadable" ? leadFormUi.unreadable : leadFormUi.errorDescription,
      };
  }
}
