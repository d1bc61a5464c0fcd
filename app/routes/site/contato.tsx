import { useLocation } from "react-router";
import { ContactForm } from "~/components/site/contact/contact-form";
import { ContactInfo } from "~/components/site/contact/contact-info";
import { PageHero } from "~/components/site/page-hero";
import { contactChannels, contactFormCopy, contactHero, contactHours, contactMeta } from "~/content/contact";
import { LEAD_SENT_PARAM, type LeadActionResult } from "~/lib/lead-validation";
import { handleLeadSubmission, leadJsonMiddleware } from "~/lib/leads.server";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf, useSite } from "~/lib/site-context";
import type { Route } from "./+types/contato";

const PATH = "/contato";

/** The enhancement module's fetch (`Accept: application/json`) gets the verdict as JSON. */
export const middleware: Route.MiddlewareFunction[] = [leadJsonMiddleware("contact", PATH)];

/** A plain form POST: the page with the messages, or a 303 to `/contato?enviado=1`. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleLeadSubmission(request, context, "contact", PATH);
}

export default function ContactPage({ actionData }: Route.ComponentProps) {
  // `?enviado=1` is the redirect after a stored message: rendered per request (the prerendered
  // file has no query; server/http/documents.ts passes this one on), so reloading it shows
  // the confirmation again and sends nothing.
  const sent = new URLSearchParams(useLocation().search).has(LEAD_SENT_PARAM);
  const result: LeadActionResult | undefined = actionData ?? (sent ? { status: "success", page: PATH } : undefined);
  const channels = contactChannels(useSite().settings);
  return (
    <>
      <PageHero {...contactHero} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-16 sm:px-6 lg:grid-cols-[2fr_3fr] lg:px-8">
        <ContactInfo title={channels.title} channels={channels.items} hours={contactHours} />
        <ContactForm copy={contactFormCopy} action={PATH} documentResult={result} />
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(PATH, contactMeta, siteOf(matches));

/** Passes the rate limiter's Retry-After on to the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;
