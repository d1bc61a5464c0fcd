import { ContactForm } from "~/components/site/contact/contact-form";
import { ContactInfo } from "~/components/site/contact/contact-info";
import { PageHero } from "~/components/site/page-hero";
import { contactChannels, contactFormCopy, contactHero, contactHours, contactMeta } from "~/content/contact";
import type { LeadActionResult } from "~/lib/lead-validation";
import { handleLeadSubmission } from "~/lib/leads.server";
import { pageMetaFor } from "~/lib/page-meta";
import type { Route } from "./+types/contato";

export async function action({ request, context }: Route.ActionArgs) {
  return handleLeadSubmission(request, context, "contact", "/contato");
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

export default function ContactPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero {...contactHero} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-16 sm:px-6 lg:grid-cols-[2fr_3fr] lg:px-8">
        <ContactInfo title={contactChannels.title} channels={contactChannels.items} hours={contactHours} />
        <ContactForm copy={contactFormCopy} action="/contato" documentResult={actionData} />
      </div>
    </>
  );
}

// The form's success and error toasts (app/routes/site/layout.tsx mounts the toaster).
export const handle = { toasts: true };

export const meta: Route.MetaFunction = () => pageMetaFor("/contato", contactMeta);

/** Passes the rate limiter's Retry-After on to the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;
