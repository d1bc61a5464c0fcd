import type { ContactMessage, LeadDelivery } from "../blog-types";
import type { AppSupabaseClient } from "../database.types";
// With its extension: scripts/bench/leads.ts runs this module under plain Node.
import { DataFailure, expectData, unwrap } from "../data-result.ts";

// "Mensagens": the leads of the contact and demo forms, a page at a time, with their deliveries.
// They run as the signed-in user, so row-level security decides what succeeds; failures are
// thrown as DataFailure (app/lib/data-result.ts) for TanStack Query to retry or report.

/** Leads per page of "Mensagens": a screenful to triage, and one small request at any table size. */
export const MESSAGES_PAGE_SIZE = 50;

export interface MessagesPage {
  messages: ContactMessage[];
  /** Each lead's deliveries (e-mail, confirmation, webhook), by lead id. */
  deliveries: Record<string, LeadDelivery[]>;
  /** Leads in the table, over every page. */
  total: number;
  /** The page these messages are, from 1 (the last page when the one asked for no longer exists). */
  page: number;
  pageCount: number;
}

/** What the inbox is narrowed to (none: every lead). */
export interface MessageFilters {
  status?: string;
  subject?: string;
  /** Part of a name, an e-mail address or a company, any case. */
  search?: string;
  /** The first touch's source ("Google", "newsletter") and campaign (contact_messages.attribution). */
  source?: string;
  campaign?: string;
}

/** The search as an ilike pattern: its own wildcards are taken literally. */
function searchPattern(search: string): string {
  const literal = search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (char) => `\\${char}`)
    .replaceAll("*", "");
  return `%${literal}%`;
}

/** Narrows a contact_messages query to the filters (the inbox and its export share it). */
export function filterMessages<
  Q extends { eq(column: string, value: string): Q; ilike(column: string, pattern: string): Q },
>(query: Q, filters: MessageFilters): Q {
  let narrowed = query;
  if (filters.status) narrowed = narrowed.eq("status", filters.status);
  if (filters.subject) narrowed = narrowed.eq("subject", filters.subject);
  if (filters.search?.trim()) narrowed = narrowed.ilike("search_text", searchPattern(filters.search));
  if (filters.source) narrowed = narrowed.eq("attribution_source", filters.source);
  if (filters.campaign) narrowed = narrowed.eq("attribution_campaign", filters.campaign);
  return narrowed;
}

/** The sources and campaigns that brought leads, most leads first: what the inbox's filters offer. */
export interface AttributionOptions {
  sources: string[];
  campaigns: string[];
}

export async function listAttributionOptions(client: AppSupabaseClient): Promise<AttributionOptions> {
  const rows = expectData(await client.rpc("lead_attribution_options"));
  return {
    sources: rows.filter((row) => row.kind === "source").map((row) => row.value),
    campaigns: rows.filter((row) => row.kind === "campaign").map((row) => row.value),
  };
}

function messagesPageQuery(client: AppSupabaseClient, page: number, filters: MessageFilters) {
  const from = (page - 1) * MESSAGES_PAGE_SIZE;
  // id breaks ties between leads stored in the same instant, so no lead is shown on two pages or
  // skipped; contact_messages_created_at_id_idx serves exactly this order.
  return filterMessages(client.from("contact_messages").select("*", { count: "exact" }), filters)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .range(from, from + MESSAGES_PAGE_SIZE - 1);
}

function pageCountFor(total: number): number {
  return Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE));
}

/**
 * The deliveries of a page of leads, in one request. The REST API embeds now
 * (`select=*,lead_deliveries(*)`); this stays a second request so the page of leads and its exact
 * count remain the query the 100,000-lead benchmark measures.
 */
async function deliveriesOf(
  client: AppSupabaseClient,
  leads: ContactMessage[],
): Promise<Record<string, LeadDelivery[]>> {
  if (leads.length === 0) return {};
  const rows: LeadDelivery[] = expectData(
    await client
      .from("lead_deliveries")
      .select("id, lead_id, channel, status, attempts, last_error, sent_at")
      .in(
        "lead_id",
        leads.map((lead) => lead.id),
      )
      .order("channel"),
  );
  const byLead: Record<string, LeadDelivery[]> = {};
  for (const delivery of rows) (byLead[delivery.lead_id] ??= []).push(delivery);
  return byLead;
}

/** One page of leads, newest first, with the total (PostgREST's exact count) and their deliveries. */
export async function listMessages(
  client: AppSupabaseClient,
  page = 1,
  filters: MessageFilters = {},
): Promise<MessagesPage> {
  const found = await listMessagesOnly(client, page, filters);
  return { ...found, deliveries: await deliveriesOf(client, found.messages) };
}

/** "Reenviar": a failed delivery goes back to pending, and the server queues it again. */
export async function resendDelivery(client: AppSupabaseClient, id: string): Promise<void> {
  expectData(await client.from("lead_deliveries").update({ status: "pending" }).eq("id", id).eq("status", "failed"));
}

/** How many leads nobody has handled yet (the count beside the tab). */
export async function countNewMessages(client: AppSupabaseClient): Promise<number> {
  const counted = await client
    .from("contact_messages")
    .select("id", { count: "exact", head: true })
    .eq("status", "new");
  expectData(counted);
  return counted.count ?? 0;
}

/** A lead's progress: new, contacted, won or lost (the database stamps handled_at). */
export async function setMessageStatus(client: AppSupabaseClient, id: string, status: string): Promise<void> {
  expectData(await client.from("contact_messages").update({ status }).eq("id", id));
}

export async function saveMessageNote(client: AppSupabaseClient, id: string, note: string): Promise<void> {
  expectData(
    await client
      .from("contact_messages")
      .update({ note: note.trim() || null })
      .eq("id", id),
  );
}

async function listMessagesOnly(
  client: AppSupabaseClient,
  page: number,
  filters: MessageFilters,
): Promise<Omit<MessagesPage, "deliveries">> {
  const wanted = Math.max(1, Math.floor(page));
  const res = await messagesPageQuery(client, wanted, filters);
  const first = unwrap(res);
  // Deleting the last lead of the last page leaves the admin past the end: PostgREST answers that
  // with 416 (PGRST103) when a count is asked for, and an empty page otherwise.
  const pastEnd = res.status === 416 || (first.ok && first.data.length === 0 && wanted > 1);
  if (!first.ok && !pastEnd) throw new DataFailure(first.error);
  if (first.ok && !pastEnd) {
    const rows: ContactMessage[] = first.data;
    const total = res.count ?? rows.length;
    return { messages: rows, total, page: wanted, pageCount: pageCountFor(total) };
  }
  const counted = await filterMessages(
    client.from("contact_messages").select("id", { count: "exact", head: true }),
    filters,
  );
  expectData(counted);
  const last = Math.min(wanted - 1, pageCountFor(counted.count ?? 0));
  const again = await messagesPageQuery(client, last, filters);
  const rows: ContactMessage[] = expectData(again);
  const total = again.count ?? rows.length;
  return { messages: rows, total, page: last, pageCount: pageCountFor(total) };
}

export async function deleteMessage(client: AppSupabaseClient, id: string): Promise<void> {
  expectData(await client.from("contact_messages").delete().eq("id", id));
}
