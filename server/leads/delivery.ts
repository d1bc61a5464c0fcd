// Leads reach the sales team (docs/decisions/053-lead-delivery.md): each new lead becomes one
// delivery per configured channel (the notification e-mail to sales, the visitor's
// confirmation, the webhook), each carried by a pg-boss job, so a mail server or a CRM that is
// down for hours costs nothing but time.
//
// - The lead's own transaction writes a lead_outbox row (a trigger in
//   supabase/migrations/20260101000800_lead_deliveries.sql), whoever inserts it.
// - The relay claims outbox rows (FOR UPDATE SKIP LOCKED, so instances never claim the same one),
//   creates the lead's deliveries and sends their jobs with pg-boss in that same transaction:
//   a delivery exists exactly when its job does. NOTIFY wakes it at once; a sweep every 30 s
//   catches anything a lost notification missed.
// - The worker sends, then records the outcome on lead_deliveries (what the admin's inbox shows).
//   A failure is retried by pg-boss with exponential backoff; the last one marks it failed.
// - "Reenviar" (an admin setting a failed delivery back to pending) clears its job; the relay
//   queues it again.
import { PgBoss, fromPglite, type Job } from "pg-boss";
import type { Json } from "../../app/lib/database.types.ts";
import type { Database, Queryable } from "../backend/db/types.ts";
import type { PgliteLike } from "../backend/db/pglite-thread.ts";
import { salesNotification, visitorConfirmation, type LeadRecord, type SiteIdentity } from "../mail/lead-templates.ts";
import type { Mailer } from "../mail/mailer.ts";
import { deliverWebhook, type WebhookTarget } from "./webhook.ts";

export const DELIVERY_QUEUE = "lead-delivery";
const RETENTION_QUEUE = "lead-retention";
/** The NOTIFY channel of new leads and of "Reenviar" (the migration's triggers). */
export const DELIVERY_CHANNEL = "lead_deliveries";
const SWEEP_INTERVAL_MS = 30_000;
const BATCH = 100;

export type Channel = "email" | "confirmation" | "webhook";

export interface RetryPolicy {
  /** Seconds before the first retry (30); each next waits about twice as long. */
  delaySeconds: number;
  /** The longest wait between two attempts (6 h). */
  maxDelaySeconds: number;
  /** Retries after the first attempt (11: 12 attempts in all). */
  limit: number;
}

export const DEFAULT_RETRY: RetryPolicy = { delaySeconds: 30, maxDelaySeconds: 6 * 3600, limit: 11 };

export interface LeadDeliveryOptions {
  db: Database;
  /** DATABASE_URL: pg-boss opens its own pool there; absent on PGlite (it shares the instance). */
  databaseUrl?: string;
  mailer: Mailer;
  site: SiteIdentity;
  /** LEADS_NOTIFY_EMAIL: the sales team's addresses; empty: no notification e-mail. */
  notifyEmails: string[];
  /** LEADS_CONFIRM_VISITOR (on unless 0). */
  confirmVisitor: boolean;
  webhook?: WebhookTarget;
  retry?: RetryPolicy;
  /** LEADS_RETENTION_DAYS: leads older than this are deleted daily; undefined: kept. */
  retentionDays?: number;
  /** Seconds between the worker's polls when no NOTIFY reaches it (2). */
  pollingIntervalSeconds?: number;
  log?: (line: string) => void;
}

export interface LeadDelivery {
  /** Queues what is waiting now (tests, and the sweep); resolves with how many rows it handled. */
  relay(): Promise<number>;
  stop(): Promise<void>;
}

interface DeliveryRow extends LeadRecord {
  delivery_id: string;
  channel: Channel;
  status: string;
  /** Where the lead came from (first and last touch), for the webhook; null for older leads. */
  attribution: Json | null;
}

/** pg-boss runs a statement on our transaction's connection through this. */
const inTransaction = (tx: Queryable) => ({
  executeSql: async (text: string, values?: unknown[]) => ({ rows: (await tx.query(text, values)).rows }),
});

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/** One attempt at one channel of one lead. */
async function send(options: LeadDeliveryOptions, row: DeliveryRow, attempt: number): Promise<void> {
  const { mailer, site } = options;
  if (row.channel === "email") await mailer.send(salesNotification(row, site, options.notifyEmails));
  else if (row.channel === "confirmation") await mailer.send(visitorConfirmation(row, site));
  else {
    const { delivery_id: _id, channel: _channel, status: _status, ...lead } = row;
    await deliverWebhook(options.webhook!, {
      // The same id on every attempt: receivers drop duplicates by it.
      id: `msg_${row.delivery_id}`,
      type: "lead.created",
      timestamp: new Date(),
      data: { ...lead, created_at: new Date(lead.created_at).toISOString(), attempt },
    });
  }
}

/** pg-boss on the backend's database, and its delivery queue with the retry policy. */
async function startQueue(options: LeadDeliveryOptions, retry: RetryPolicy, log: (line: string) => void) {
  const boss = new PgBoss({
    ...(options.databaseUrl
      ? { connectionString: options.databaseUrl, max: 3 }
      : { db: fromPglite((options.db as Database & { pglite: PgliteLike }).pglite) }),
    schema: "pgboss",
    // The relay wakes the worker; its own polling is the fallback.
    monitorIntervalSeconds: 300,
  });
  boss.on("error", (error) => log(`Lead delivery: ${errorText(error)}`));
  await boss.start();
  await boss.createQueue(DELIVERY_QUEUE, {
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: true,
    retryDelayMax: retry.maxDelaySeconds,
    // An attempt that hangs (an SMTP server that never answers) counts as failed after this.
    expireInSeconds: 120,
    // Failed jobs are kept (pg-boss's archive) for as long as completed ones.
    retentionSeconds: 14 * 24 * 3600,
  });
  return boss;
}

export async function startLeadDelivery(options: LeadDeliveryOptions): Promise<LeadDelivery> {
  const { db } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const retry = options.retry ?? DEFAULT_RETRY;
  const channels: Channel[] = [
    ...(options.notifyEmails.length > 0 ? (["email"] as const) : []),
    ...(options.confirmVisitor ? (["confirmation"] as const) : []),
    ...(options.webhook ? (["webhook"] as const) : []),
  ];

  const boss = await startQueue(options, retry, log);

  async function relay(): Promise<number> {
    return db.transaction(async (tx) => {
      const { rows: fresh } = await tx.query<{ lead_id: string }>(
        `select lead_id from public.lead_outbox order by created_at limit ${BATCH} for update skip locked`,
      );
      for (const { lead_id } of fresh) {
        for (const channel of channels) {
          await tx.query(
            `insert into public.lead_deliveries (lead_id, channel) values ($1, $2)
             on conflict (lead_id, channel) do nothing`,
            [lead_id, channel],
          );
        }
        await tx.query("delete from public.lead_outbox where lead_id = $1", [lead_id]);
      }
      const { rows: waiting } = await tx.query<{ id: string }>(
        `select id from public.lead_deliveries where job_id is null and status = 'pending'
          order by created_at limit ${BATCH} for update skip locked`,
      );
      for (const { id } of waiting) {
        const jobId = await boss.send(DELIVERY_QUEUE, { deliveryId: id }, { db: inTransaction(tx) });
        await tx.query("update public.lead_deliveries set job_id = $2 where id = $1", [id, jobId]);
      }
      return fresh.length + waiting.length;
    });
  }

  // One relay at a time per instance; a wake-up during a run asks for one more run.
  let running: Promise<void> | null = null;
  let again = false;
  const wake = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          while ((await relay()) >= BATCH) {
            // A full batch: there may be more.
          }
        } catch (error) {
          log(`Lead delivery: queuing failed, retried by the next sweep: ${errorText(error)}`);
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
  };

  async function work(job: Job<{ deliveryId: string }>): Promise<void> {
    const { rows } = await db.query<DeliveryRow>(
      `select d.id as delivery_id, d.channel, d.status, l.id, l.name, l.email, l.company, l.phone,
              l.subject, l.message, l.plan, l.page, l.created_at, l.attribution
         from public.lead_deliveries d join public.contact_messages l on l.id = d.lead_id
        where d.id = $1`,
      [job.data.deliveryId],
    );
    const row = rows[0];
    // Deleted with its lead, or already sent (a job run twice after a crash): nothing to do.
    if (!row || row.status === "sent") return;
    try {
      await send(options, row, job.retryCount + 1);
    } catch (error) {
      const last = job.retryCount >= retry.limit;
      await db.query(
        `update public.lead_deliveries
            set attempts = attempts + 1, last_error = $2, status = case when $3 then 'failed' else status end
          where id = $1`,
        [row.delivery_id, errorText(error), last],
      );
      throw error;
    }
    await db.query(
      `update public.lead_deliveries
          set status = 'sent', attempts = attempts + 1, last_error = null, sent_at = now()
        where id = $1`,
      [row.delivery_id],
    );
  }

  await boss.work<{ deliveryId: string }>(
    DELIVERY_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
    async ([job]) => work(job!),
  );

  if (options.retentionDays !== undefined) {
    const days = options.retentionDays;
    await boss.createQueue(RETENTION_QUEUE);
    // Daily at 03:17 UTC (off the hour, when schedules pile up).
    await boss.schedule(RETENTION_QUEUE, "17 3 * * *");
    await boss.work(RETENTION_QUEUE, async () => {
      const { rowCount } = await db.query(
        "delete from public.contact_messages where created_at < now() - make_interval(days => $1)",
        [days],
      );
      if (rowCount > 0) log(`Lead retention: deleted ${rowCount} leads older than ${days} days.`);
    });
  }

  const stopListening = await db.listen(DELIVERY_CHANNEL, wake, wake);
  const sweep = setInterval(wake, SWEEP_INTERVAL_MS);
  sweep.unref();
  wake();

  return {
    relay,
    async stop() {
      clearInterval(sweep);
      await stopListening();
      await running;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
