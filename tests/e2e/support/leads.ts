import type { APIRequestContext, Page } from "@playwright/test";
import type { ContactMessage } from "../../../app/lib/blog-types";
import { expectNoAxeViolations } from "../fixtures";
import { runAdmin } from "./backend";

// Leads are checked where they land, in contact_messages, not through the UI: the public
// (anon) key may neither read nor insert them (only the site's server stores leads, ADR 037),
// so these helpers use the service-role key that `npm run admin -- keys` prints for the
// embedded backend of this test run.

let serviceRoleKey: string | undefined;

function getServiceRoleKey(): string {
  if (serviceRoleKey) return serviceRoleKey;
  const match = runAdmin(["keys"]).match(/^SUPABASE_SERVICE_ROLE_KEY=(.+)$/m);
  if (!match?.[1]) throw new Error("npm run admin -- keys printed no SUPABASE_SERVICE_ROLE_KEY");
  serviceRoleKey = match[1].trim();
  return serviceRoleKey;
}

/** A stored lead: a row of public.contact_messages, as the admin reads it. */
export type StoredLead = ContactMessage;

/** Rows of contact_messages with this e-mail, read through the REST API as service_role. */
export async function storedLeads(request: APIRequestContext, email: string): Promise<StoredLead[]> {
  const key = getServiceRoleKey();
  const response = await request.get(`/rest/v1/contact_messages?select=*&email=eq.${encodeURIComponent(email)}`, {
    headers: { apikey: key, Authorization: `Bearer ${key}` },
  });
  if (!response.ok()) throw new Error(`contact_messages query failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as StoredLead[];
}

/** A unique e-mail per test, so specs running side by side never see each other's rows. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@empresa.example`;
}

/** The service role's headers, for reading what visitors cannot (leads, analytics events). */
export function serviceHeaders(): Record<string, string> {
  const key = getServiceRoleKey();
  return { apikey: key, Authorization: `Bearer ${key}` };
}

/** Stores leads directly (many at once, past the forms' rate limit), as the site's server does. */
export async function insertLeads(
  request: APIRequestContext,
  rows: { name: string; email: string; subject: string; message?: string }[],
): Promise<void> {
  const response = await request.post("/rest/v1/contact_messages?columns=name,email,subject,message", {
    headers: { ...serviceHeaders(), "Content-Type": "application/json", Prefer: "return=minimal" },
    data: rows,
  });
  if (!response.ok()) throw new Error(`contact_messages insert failed: ${response.status()} ${await response.text()}`);
}

/** Deletes the leads whose e-mail starts with `prefix`. */
export async function deleteLeads(request: APIRequestContext, prefix: string): Promise<void> {
  const response = await request.delete(`/rest/v1/contact_messages?email=like.${encodeURIComponent(`${prefix}*`)}`, {
    headers: serviceHeaders(),
  });
  if (!response.ok()) throw new Error(`contact_messages delete failed: ${response.status()} ${await response.text()}`);
}

/**
 * axe on a page shown with JavaScript off. axe runs as a script in the page, which a context
 * with `javaScriptEnabled: false` never settles, so the page's current HTML (a POST's answer
 * cannot be fetched again) is served to a fresh JavaScript-enabled context at the same URL, its
 * own scripts blocked, and checked there.
 */
export async function expectNoAxeViolationsWithoutScripts(page: Page): Promise<void> {
  const browser = page.context().browser();
  if (!browser) throw new Error("expectNoAxeViolationsWithoutScripts needs a browser-backed page");
  const url = page.url();
  const html = await page.content();
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    await copy.route(
      (target) => target.href === url,
      (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
    );
    await copy.route(/\.js(\?|$)/, (route) => route.abort());
    await copy.goto(url);
    await expectNoAxeViolations(copy);
  } finally {
    await context.close();
  }
}
