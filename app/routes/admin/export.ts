import { adminCopy } from "~/content/admin";
import { leadPlanLabels, leadSubjectLabels } from "~/content/lead-form";
import { adminCaller, recordAdminAction, refusalStatus } from "~/lib/admin-auth.server";
import { today } from "~/lib/admin/analytics";
import { filterMessages, type MessageFilters } from "~/lib/admin/leads";
import { isAttribution, type Touch } from "~/lib/analytics-attribution";
import { saoPauloSpreadsheetTime } from "~/lib/format";
import type { ContactMessage } from "~/lib/blog-types";
import type { AppSupabaseClient } from "~/lib/database.types";
import { CSV_BOM, csvLine } from "~/lib/leads-csv";
import type { Route } from "./+types/export";

/** Rows read per request to the database: the export holds one such page at a time. */
const PAGE = 1000;

const COLUMNS =
  "id, created_at, name, email, company, phone, subject, plan, message, page, status, note, handled_at, attribution";
type Row = Pick<
  ContactMessage,
  | "id"
  | "created_at"
  | "name"
  | "email"
  | "company"
  | "phone"
  | "subject"
  | "plan"
  | "message"
  | "page"
  | "status"
  | "note"
  | "handled_at"
  | "attribution"
>;

/** A touch's cells, in the order of adminCopy.messages.export.touchColumns; empty for an older lead. */
function touchCells(touch: Touch | undefined): (string | null)[] {
  if (!touch) return Array.from({ length: adminCopy.messages.export.touchColumns.length }, () => null);
  return [
    touch.landing_page,
    touch.referrer,
    touch.source,
    adminCopy.messages.attribution.channels[touch.channel] ?? touch.channel,
    touch.utm_source,
    touch.utm_medium,
    touch.utm_campaign,
    touch.utm_term,
    touch.utm_content,
    touch.click_id,
    String(touch.pages_before),
  ];
}

/** The header: the inbox's columns, then each column of the first and of the last touch. */
export function csvHeader(): string[] {
  const { columns, touches, touchColumns } = adminCopy.messages.export;
  return [
    ...columns,
    ...[touches.first, touches.last].flatMap((touch) => touchColumns.map((column) => `${touch}: ${column}`)),
  ];
}

/**
 * The page after `last`, newest first with id breaking ties (the inbox's order, served by
 * contact_messages_created_at_id_idx). Keyset, not offsets: the 100th page costs what the first
 * does. The REST subset has no `or`, so the rows sharing `last`'s instant come first, then the
 * older ones.
 */
async function nextPage(client: AppSupabaseClient, last: Row | null, filters: MessageFilters): Promise<Row[]> {
  const base = () => filterMessages(client.from("contact_messages").select(COLUMNS), filters);
  const read = async (query: PromiseLike<{ data: Row[] | null; error: { message: string } | null }>) => {
    const { data, error } = await query;
    if (error) throw new Error(error.message);
    return data ?? [];
  };
  if (!last) {
    return read(base().order("created_at", { ascending: false }).order("id", { ascending: false }).limit(PAGE));
  }
  const sameInstant = await read(
    base().eq("created_at", last.created_at).lt("id", last.id).order("id", { ascending: false }).limit(PAGE),
  );
  if (sameInstant.length === PAGE) return sameInstant;
  const older = await read(
    base()
      .lt("created_at", last.created_at)
      .order("created_at", { ascending: false })
      .order("id", { ascending: false })
      .limit(PAGE - sameInstant.length),
  );
  return [...sameInstant, ...older];
}

function line(row: Row): string {
  return csvLine([
    saoPauloSpreadsheetTime(row.created_at),
    row.name,
    row.email,
    row.company,
    row.phone,
    leadSubjectLabels[row.subject as keyof typeof leadSubjectLabels] ?? row.subject,
    row.plan ? (leadPlanLabels[row.plan as keyof typeof leadPlanLabels] ?? row.plan) : null,
    row.message,
    row.page,
    adminCopy.messages.statuses[row.status] ?? row.status,
    row.note,
    saoPauloSpreadsheetTime(row.handled_at),
    ...touchCells(isAttribution(row.attribution) ? row.attribution.first : undefined),
    ...touchCells(isAttribution(row.attribution) ? row.attribution.last : undefined),
  ]);
}

/**
 * GET /admin/mensagens.csv[?status=…&subject=…&source=…&campaign=…]: the inbox's leads as CSV, where each came from included (app/lib/leads-csv.ts), for admins and sales (docs/security.md "Roles"), with their
 * access token as a bearer token. Streamed page by page, so 100,000 leads never sit in memory;
 * what the caller may read is decided by row-level security, as in the inbox.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const caller = await adminCaller(request, context, "can_read_leads");
  if (caller.kind !== "admin") {
    return Response.json(
      { error: caller.kind },
      { status: refusalStatus[caller.kind], headers: { "Cache-Control": "no-store" } },
    );
  }
  const { client } = caller;
  // The inbox's filters (?status=won&subject=demo): the file is the list on screen, every page of it.
  const params = new URL(request.url).searchParams;
  // Without control characters: Postgres text (the audit log's, the filtered columns') holds no NUL.
  const param = (name: string) =>
    params
      .get(name)
      ?.replace(/\p{Cc}/gu, "")
      .slice(0, 200) || undefined;
  const filters: MessageFilters = {
    status: param("status"),
    subject: param("subject"),
    search: param("search"),
    source: param("source"),
    campaign: param("campaign"),
  };
  // The audit log names who took the leads out of the system, from where, and which ones.
  const recorded = await recordAdminAction(
    context,
    caller.userId,
    "lead.exported",
    Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)),
  );
  if (!recorded) {
    return Response.json({ error: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
  const encoder = new TextEncoder();
  let last: Row | null = null;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(csvHeader())));
        return;
      }
      const rows = await nextPage(client, last, filters);
      if (rows.length === 0) {
        controller.close();
        return;
      }
      last = rows.at(-1)!;
      controller.enqueue(encoder.encode(rows.map(line).join("")));
    },
  });
  // The day in São Paulo, as the admin counts days: UTC is already tomorrow from 21:00.
  const date = today();
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${adminCopy.messages.export.fileName(date)}"`,
      "Cache-Control": "no-store",
    },
  });
}
