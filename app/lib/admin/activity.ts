import type { adminCopy as AdminCopy } from "~/content/admin";
import { expectData, unwrap } from "../data-result";
import type { AppSupabaseClient, Tables } from "../database.types";

// "Atividade": the audit log (supabase/migrations/20260101001200_admin_security.sql), read through
// row-level security; nobody can change an entry. The log keeps no lead's name (it outlives the
// lead: data minimisation), so the names a sentence needs are read beside it, through the same
// row-level security: a lead the reader may not see, or one deleted since, stays unnamed.

export const ACTIVITY_PAGE_SIZE = 50;

export type AuditEntry = Tables<"audit_log">;

/** The names the entries' sentences use: leads by id, actors' author names by user id. */
export interface ActivityNames {
  leads: Readonly<Record<string, string>>;
  actors: Readonly<Record<string, string>>;
}

export interface ActivityPage {
  entries: AuditEntry[];
  names: ActivityNames;
  more: boolean;
}

/** The leads and author profiles these entries name, as far as row-level security lets this reader see them. */
async function namesFor(client: AppSupabaseClient, entries: readonly AuditEntry[]): Promise<ActivityNames> {
  const leadIds = [
    ...new Set(
      entries.flatMap((entry) =>
        entry.action.startsWith("lead.") && entry.target && /^[0-9a-f-]{36}$/i.test(entry.target) ? [entry.target] : [],
      ),
    ),
  ];
  const actorIds = [...new Set(entries.flatMap((entry) => (entry.actor_id ? [entry.actor_id] : [])))];
  const [leads, actors] = await Promise.all([
    leadIds.length > 0 ? client.from("contact_messages").select("id, name").in("id", leadIds) : null,
    actorIds.length > 0 ? client.from("author_profiles").select("user_id, name").in("user_id", actorIds) : null,
  ]);
  // A name is a nicety: without it the sentence still says what happened.
  const leadRows = leads ? unwrap(leads) : null;
  const actorRows = actors ? unwrap(actors) : null;
  return {
    leads: Object.fromEntries(leadRows?.ok ? leadRows.data.map((row) => [row.id, row.name]) : []),
    actors: Object.fromEntries(actorRows?.ok ? actorRows.data.map((row) => [row.user_id, row.name]) : []),
  };
}

/** The newest entries first, optionally of one action; `pages` pages of them ("Carregar mais"). */
export async function listActivity(
  client: AppSupabaseClient,
  filters: { action?: string },
  pages: number,
): Promise<ActivityPage> {
  let query = client.from("audit_log").select("*");
  if (filters.action) query = query.eq("action", filters.action);
  const limit = ACTIVITY_PAGE_SIZE * pages;
  const rows = expectData(await query.order("id", { ascending: false }).limit(limit + 1));
  const entries = rows.slice(0, limit);
  return { entries, names: await namesFor(client, entries), more: rows.length > limit };
}

type Copy = (typeof AdminCopy)["activity"];

/** What the sentences need besides the activity's own copy: the labels of values the log stores raw. */
export interface SentenceLabels {
  statuses: Readonly<Record<string, string>>;
  subjects: Readonly<Record<string, string>>;
  settingsFields: Readonly<Record<string, { label: string }>>;
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : undefined;

/** A list in Portuguese: "a", "a e b", "a, b e c". */
function listOf(items: readonly string[], and: string): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")}${and}${items.at(-1)}`;
}

/** One entry as a sentence naming who did it and to what post, lead or account. */
export function activitySentence(entry: AuditEntry, names: ActivityNames, copy: Copy, labels: SentenceLabels): string {
  const say = copy.sentences;
  const details = (entry.details ?? {}) as Record<string, unknown>;
  const who = (entry.actor_id ? names.actors[entry.actor_id] : undefined) ?? entry.actor_email ?? copy.system;
  const target = entry.target ?? say.unnamed;
  const sentence = ((): string => {
    switch (entry.action) {
      case "post.created":
      case "post.updated":
      case "post.published":
      case "post.unpublished":
      case "post.deleted":
        return say[entry.action](who, target);
      case "lead.status_changed": {
        const name = entry.target ? names.leads[entry.target] : undefined;
        const to = text(details["to"]) ?? "";
        return say.leadStatus(who, name ? say.lead(name) : say.deletedLead, labels.statuses[to] ?? to);
      }
      case "lead.deleted":
        return say.leadDeleted(who);
      case "lead.exported": {
        const filters = Object.entries(details).flatMap(([key, value]) => {
          const raw = text(value);
          const describe = say.exportFilters[key];
          if (!raw || !describe) return [];
          const shown = key === "status" ? labels.statuses[raw] : key === "subject" ? labels.subjects[raw] : undefined;
          return [describe(shown ?? raw)];
        });
        return filters.length > 0 ? say.leadsExportedFiltered(who, listOf(filters, say.and)) : say.leadsExported(who);
      }
      case "role.granted":
      case "role.revoked": {
        // Only admins existed before the staff roles, so an entry without a role was an admin's.
        const role = text(details["role"]) ?? "admin";
        const named = say.roleNames[role] ?? role;
        return entry.action === "role.granted"
          ? say.roleGranted(who, target, named)
          : say.roleRevoked(who, target, named);
      }
      case "member.invited": {
        const email = text(details["email"]) ?? target;
        const role = text(details["role"]);
        return role ? say.memberInvitedAs(who, email, say.roleNames[role] ?? role) : say.memberInvited(who, email);
      }
      case "factor.enrolled":
        return say.factorEnrolled(who, target);
      case "factor.removed":
        return say.factorRemoved(who, target);
      case "password.reset":
        return say.passwordReset(who);
      case "password.changed":
        return say.passwordChanged(who);
      case "settings.updated": {
        const fields = Array.isArray(details["fields"]) ? details["fields"].map(String) : [];
        return say.settingsUpdated(
          who,
          listOf(
            fields.map((field) => labels.settingsFields[field]?.label ?? field),
            say.and,
          ),
        );
      }
      default:
        return say.other(who, copy.actions[entry.action] ?? entry.action);
    }
  })();
  return text(details["via"]) ? `${sentence}${say.viaOperator}` : sentence;
}
