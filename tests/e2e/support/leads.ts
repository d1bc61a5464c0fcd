import type { APIRequestContext } from "@playwright/test";
import type { ContactMessage } from "../../../app/lib/blog-types";
import { runAdmin } from "./backend";

// Leads are checked where they land, in contact_messages, not through the UI: the public
// (anon) key may only insert, so the query uses the service-role key that
// `npm run admin -- keys` prints for the embedded backend of this test run.

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
