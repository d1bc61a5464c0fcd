import type { BlogPost, ContactMessage, LeadDelivery } from "./blog-types";
import type { AppSupabaseClient, Database, Tables, TablesInsert } from "./database.types";
// With its extension: scripts/bench/leads.ts runs this module under plain Node.
import { DataFailure, expectData, unwrap } from "./data-result.ts";

// The admin's reads and writes (docs/product.md §7). They run as the signed-in user, so row-level
// security decides what succeeds; failures are thrown as DataFailure (app/lib/data-result.ts) for
// TanStack Query to retry or report, and the screen shows them through errorNotice.

export const adminKeys = {
  posts: ["admin", "posts"] as const,
  messages: ["admin", "messages"] as const,
  images: ["admin", "images"] as const,
};

/** An uploaded image of the blog-images bucket (the admin's uploads live under posts/). */
export interface UploadedImage {
  /** Object name in the bucket, e.g. posts/<id>-1200x630.jpg */
  name: string;
  bytes: number;
  createdAt: string;
  /** The public address posts store. */
  path: string;
}

const IMAGE_FOLDER = "posts";

/** A storage-js error as a DataFailure: its statusCode says forbidden or not found. */
function storageFailure(error: { message: string; statusCode?: string } | null): DataFailure {
  const status = Number(error?.statusCode ?? 0);
  const kind = status === 403 ? "forbidden" : status === 404 ? "not-found" : "unknown";
  return new DataFailure({ kind, message: error?.message ?? "The image was not deleted", status });
}

export async function listImages(client: AppSupabaseClient): Promise<UploadedImage[]> {
  const { data, error } = await client.storage
    .from("blog-images")
    .list(IMAGE_FOLDER, { limit: 1000, sortBy: { column: "created_at", order: "desc" } });
  if (error) throw storageFailure(error as { message: string; statusCode?: string });
  return (data ?? [])
    .filter((file) => file.id)
    .map((file) => ({
      name: `${IMAGE_FOLDER}/${file.name}`,
      bytes: Number((file.metadata as { size?: number } | null)?.size ?? 0),
      createdAt: file.created_at ?? "",
      path: `/storage/v1/object/public/blog-images/${IMAGE_FOLDER}/${file.name}`,
    }));
}

/** The posts that show an image, as their featured image or in their text. */
export function postsUsingImage(image: UploadedImage, posts: readonly BlogPost[]): BlogPost[] {
  return posts.filter((post) => (post.featured_image ?? "").includes(image.name) || post.content.includes(image.name));
}

export async function deleteImage(client: AppSupabaseClient, image: UploadedImage): Promise<void> {
  const { data, error } = await client.storage.from("blog-images").remove([image.name]);
  // Row-level security hides what a user may not delete: nothing removed is a refusal.
  if (error || !data || data.length === 0)
    throw storageFailure(error as { message: string; statusCode?: string } | null);
}

export interface PostInput {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featured_image: string;
  published: boolean;
}

export async function listAllPosts(client: AppSupabaseClient): Promise<BlogPost[]> {
  return expectData(await client.from("blog_posts").select("*").order("created_at", { ascending: false }));
}

function row(input: PostInput, authorId: string): TablesInsert<"blog_posts"> {
  return {
    title: input.title.trim(),
    slug: input.slug.trim(),
    // Optional fields are stored as NULL rather than empty strings.
    excerpt: input.excerpt.trim() || null,
    content: input.content,
    featured_image: input.featured_image.trim() || null,
    published: input.published,
    // docs/product.md §3: the current user on create and on update.
    author_id: authorId,
  };
}

export async function savePost(
  client: AppSupabaseClient,
  input: PostInput,
  authorId: string,
  id: string | null,
): Promise<void> {
  expectData(
    id
      ? await client.from("blog_posts").update(row(input, authorId)).eq("id", id)
      : await client.from("blog_posts").insert(row(input, authorId)),
  );
}

export async function deletePost(client: AppSupabaseClient, id: string): Promise<void> {
  expectData(await client.from("blog_posts").delete().eq("id", id));
}

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
  return narrowed;
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

/** The deliveries of a page of leads, in one request (the REST subset has no embedding). */
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
  // with 416 (PGRST103) when a count is asked for, the embedded backend with an empty page.
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

// ---------------------------------------------------------------------------------------------
// Team and activity (supabase/migrations/20260101001200_admin_security.sql). The team list and
// the log are read through row-level security like everything else: an admin who has not passed
// their second factor gets nothing.

export const teamKeys = {
  members: ["admin", "team"] as const,
  activity: ["admin", "activity"] as const,
};

export type TeamMember = Database["public"]["Functions"]["team_members"]["Returns"][number];

export async function listTeam(client: AppSupabaseClient): Promise<TeamMember[]> {
  return expectData(await client.rpc("team_members")) ?? [];
}

/**
 * What "Equipe" says of an account besides its role: an invitation accepted or still open only
 * when the account came from one (a self-made sign-up is no invitation, accepted or not), and an
 * address never confirmed (a sign-up whose e-mailed link was not opened).
 */
export function memberStatus(
  // NULL for a sign-up: the generated types cannot say that a function's column may be NULL.
  member: Pick<TeamMember, "accepted"> & { invited_at: string | null },
): "invite-accepted" | "invite-pending" | "unconfirmed" | null {
  if (member.invited_at) return member.accepted ? "invite-accepted" : "invite-pending";
  return member.accepted ? null : "unconfirmed";
}

/** Grants or revokes the admin role; the database refuses to remove the last admin (P0001). */
export async function setAdminRole(client: AppSupabaseClient, userId: string, admin: boolean): Promise<void> {
  if (admin) {
    expectData(await client.from("user_roles").insert({ user_id: userId, role: "admin" }));
    return;
  }
  const removed = expectData(
    await client.from("user_roles").delete().eq("user_id", userId).eq("role", "admin").select("id"),
  );
  if (removed.length === 0) throw new DataFailure({ kind: "forbidden", message: "The role was not removed" });
}

export const ACTIVITY_PAGE_SIZE = 50;

export type AuditEntry = Tables<"audit_log">;

/** The newest entries first, optionally of one action; `pages` pages of them ("Carregar mais"). */
export async function listActivity(
  client: AppSupabaseClient,
  filters: { action?: string },
  pages: number,
): Promise<{ entries: AuditEntry[]; more: boolean }> {
  let query = client.from("audit_log").select("*");
  if (filters.action) query = query.eq("action", filters.action);
  const limit = ACTIVITY_PAGE_SIZE * pages;
  const rows = expectData(await query.order("id", { ascending: false }).limit(limit + 1));
  return { entries: rows.slice(0, limit), more: rows.length > limit };
}

export type InviteOutcome = "invited" | "already-registered" | "invalid-email" | "failed";

/** "Enviar convite": the site's server sends it (app/routes/admin/invite.ts) after checking the caller. */
export async function inviteMember(accessToken: string, email: string): Promise<InviteOutcome> {
  const response = await fetch("/admin/convite", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ email }),
  });
  if (response.ok) return "invited";
  if (response.status === 409) return "already-registered";
  if (response.status === 400) return "invalid-email";
  return "failed";
}
