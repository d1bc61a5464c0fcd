// Leads reach the sales team, end to end on the real parts: the embedded backend (PGlite, and
// PostgreSQL where its binaries exist), pg-boss, nodemailer talking SMTP to a real SMTP server
// (smtp-server, parsed with mailparser) and an HTTP receiver that verifies Standard Webhooks
// signatures with the `standardwebhooks` library. Waits poll with deadlines; nothing sleeps.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startBackend, type Backend } from "../backend/index.ts";
import { describeEachDatabase } from "../backend/testing/describe-each-database.ts";
import { POSTGRES_SKIP_REASON, startTestBackend, type TestBackend } from "../backend/testing/backend.ts";
import { skipWhen } from "../backend/testing/skip.ts";
import { openPostgres } from "../backend/db/postgres.ts";
import { freePort } from "../backend/testing/postgres-cluster.ts";
import { createMailer } from "../mail/mailer.ts";
import { smtpSink, until } from "../mail/smtp-sink.testing.ts";
import { startLeadDelivery, type LeadDelivery, type LeadDeliveryOptions } from "./delivery.ts";

const SECRET = `whsec_${randomBytes(32).toString("base64")}`;
const SITE = { name: "Omnia", url: "https://www.omnia.example" };

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver answering with the statuses given, in turn (then 200). */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.statusCode = statuses.shift() ?? 200;
      response.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return { received, url: new URL(`http://127.0.0.1:${port}/hooks/leads`), close: () => server.close() };
}

/** A lead as the site's server stores it: through REST with the service-role key. */
async function submitLead(t: TestBackend, lead: Record<string, unknown>): Promise<string> {
  const { data, error } = await t
    .client(t.backend.serviceRoleKey)
    .from("contact_messages")
    .insert({ subject: "demo", page: "/precos", plan: "scale", ...lead })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function deliveries(backend: Backend, leadId: string) {
  const { rows } = await backend.db.query<{ channel: string; status: string; attempts: number; last_error: string }>(
    "select channel, status, attempts, last_error from public.lead_deliveries where lead_id = $1 order by channel",
    [leadId],
  );
  return rows;
}

function options(backend: Backend, smtpPort: number, webhookUrl: URL, extra: Partial<LeadDeliveryOptions> = {}) {
  return {
    db: backend.db,
    mailer: createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      from: "Omnia <no-reply@omnia.example>",
      outboxDir: "",
    }),
    site: SITE,
    notifyEmails: ["vendas@omnia.example", "gerente@omnia.example"],
    confirmVisitor: true,
    webhook: { url: webhookUrl, secret: SECRET, allowPrivate: true },
    retry: { delaySeconds: 1, maxDelaySeconds: 2, limit: 3 },
    pollingIntervalSeconds: 0.5,
    log: () => {},
    ...extra,
  } satisfies LeadDeliveryOptions;
}

describeEachDatabase("lead delivery", (kind) => {
  let t: TestBackend;
  let delivery: LeadDelivery | undefined;
  let sink: ReturnType<typeof smtpSink>;
  let hook: Awaited<ReturnType<typeof receiver>>;
  let smtpPort: number;
  const cleanups: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    t = await startTestBackend(kind);
    smtpPort = await freePort();
    sink = smtpSink(smtpPort);
  });
  afterEach(async () => {
    await delivery?.stop();
    delivery = undefined;
    hook?.close();
    await sink.stop();
    for (const cleanup of cleanups.splice(0)) await cleanup();
    await t.close();
  });

  it("sends one notification (fields, Reply-To), one confirmation and one signed webhook per lead", async () => {
    await sink.start();
    hook = await receiver();
    delivery = await startLeadDelivery({
      ...options(t.backend, smtpPort, hook.url),
      databaseUrl: t.cluster?.url,
    });
    const started = performance.now();
    const attribution = {
      first: { landing_page: "/", utm_source: "newsletter", utm_campaign: "dezembro", pages_before: 3 },
      last: { landing_page: "/precos", referrer: "www.google.com/", pages_before: 1 },
    };
    const id = await submitLead(t, {
      name: "Ana <Souza>",
      email: "ana@empresa.com.br",
      company: "Empresa & Cia",
      phone: "(11) 91234-5678",
      attribution,
    });
    await until("two e-mails and a webhook", () => sink.mails.length === 2 && hook.received.length === 1);
    console.log(`lead to e-mail and webhook: ${(performance.now() - started).toFixed(0)} ms on ${kind}`);

    const notification = sink.mails.find((mail) => mail.subject?.startsWith("Novo contato"))!;
    expect(notification.subject).toBe("Novo contato: Solicitar demonstração — Ana <Souza> (Empresa & Cia)");
    expect(notification.replyTo?.value[0]?.address).toBe("ana@empresa.com.br");
    expect((notification.to as { value: { address: string }[] }).value.map((v) => v.address)).toEqual([
      "vendas@omnia.example",
      "gerente@omnia.example",
    ]);
    for (const line of [
      "E-mail: ana@empresa.com.br",
      "Telefone: (11) 91234-5678",
      "Plano de interesse: Scale",
      "Página: https://www.omnia.example/precos",
      "https://www.omnia.example/admin",
    ]) {
      expect(notification.text).toContain(line);
    }
    // The visitor's text is escaped in the HTML part.
    expect(notification.html).toContain("Ana &lt;Souza&gt;");
    expect(notification.html).not.toContain("<Souza>");

    const confirmation = sink.mails.find((mail) => mail.subject === "Recebemos sua mensagem")!;
    expect((confirmation.to as { value: { address: string }[] }).value[0]?.address).toBe("ana@empresa.com.br");
    expect(confirmation.text).toContain("Olá, Ana <Souza>!");

    const [call] = hook.received;
    const headers = Object.fromEntries(
      ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [name, String(call!.headers[name])]),
    );
    const event = new Webhook(SECRET).verify(call!.body, headers) as { type: string; data: Record<string, unknown> };
    expect(event.type).toBe("lead.created");
    expect(event.data).toMatchObject({ id, name: "Ana <Souza>", email: "ana@empresa.com.br", plan: "scale" });
    // The fields receivers already read, unchanged, and where the lead came from.
    expect(Object.keys(event.data).toSorted()).toEqual(
      [
        "id",
        "name",
        "email",
        "company",
        "phone",
        "subject",
        "message",
        "plan",
        "page",
        "created_at",
        "attempt",
        "attribution",
      ].toSorted(),
    );
    expect(event.data.attribution).toEqual(attribution);
    expect(() => new Webhook(`whsec_${randomBytes(32).toString("base64")}`).verify(call!.body, headers)).toThrow(
      "No matching signature found",
    );
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/=]+$/);

    await until("every delivery marked sent", async () =>
      (await deliveries(t.backend, id)).every((d) => d.status === "sent"),
    );
    expect((await deliveries(t.backend, id)).map((d) => d.channel)).toEqual(["confirmation", "email", "webhook"]);
  });

  it("keeps leads through an outage and a restart: each delivery arrives once, the webhook with one id", async () => {
    // The mail server is down and the CRM answers 500 at first.
    hook = await receiver([500, 500]);
    const patient = { delaySeconds: 1, maxDelaySeconds: 2, limit: 8 };
    delivery = await startLeadDelivery({
      ...options(t.backend, smtpPort, hook.url),
      databaseUrl: t.cluster?.url,
      retry: patient,
    });
    const ids = [
      await submitLead(t, { name: "Bruno Lima", email: "bruno@loja.com.br" }),
      await submitLead(t, { name: "Carla Dias", email: "carla@loja.com.br" }),
    ];
    await until("the first failed attempts", async () =>
      (await deliveries(t.backend, ids[0]!)).some((d) => d.channel === "email" && d.attempts >= 1),
    );

    // The server restarts: workers stop; on PGlite the database is closed and opened again.
    await delivery.stop();
    delivery = undefined;
    let backend = t.backend;
    if (kind === "pglite") {
      await backend.close();
      backend = await startBackend({ dataDir: t.dataDir, siteUrl: "http://127.0.0.1:54321", log: () => {} });
      const reopened = backend;
      cleanups.push(() => reopened.close());
    }
    await sink.start();
    delivery = await startLeadDelivery({
      ...options(backend, smtpPort, hook.url),
      databaseUrl: t.cluster?.url,
      retry: patient,
    });

    for (const id of ids) {
      await until(
        `lead ${id} delivered`,
        async () => (await deliveries(backend, id)).every((d) => d.status === "sent"),
        30_000,
      );
    }
    // Exactly once per delivery: two notifications and two confirmations.
    expect(sink.mails.filter((m) => m.subject?.startsWith("Novo contato"))).toHaveLength(2);
    expect(sink.mails.filter((m) => m.subject === "Recebemos sua mensagem")).toHaveLength(2);
    // The webhook: refused twice (500), then accepted; each event kept its id across attempts.
    const webhookIds = new Set(hook.received.map((r) => String(r.headers["webhook-id"])));
    expect(webhookIds.size).toBe(2);
    expect(hook.received).toHaveLength(4);
  });

  it("marks a delivery failed with its error once retries run out, and sends it again on Reenviar", async () => {
    hook = await receiver([500, 500]);
    delivery = await startLeadDelivery({
      ...options(t.backend, smtpPort, hook.url, { notifyEmails: [], confirmVisitor: false }),
      databaseUrl: t.cluster?.url,
      retry: { delaySeconds: 1, maxDelaySeconds: 1, limit: 1 },
    });
    const id = await submitLead(t, { name: "Davi Rocha", email: "davi@loja.com.br" });
    const [failed] = await until("the webhook marked failed", async () => {
      const rows = await deliveries(t.backend, id);
      return rows[0]?.status === "failed" ? rows : null;
    });
    expect(failed).toMatchObject({ channel: "webhook", attempts: 2, last_error: "the webhook answered 500" });

    // Reenviar, as the admin's inbox does it: an update through the API, under row-level security.
    const admin = await t.user("admin-reenviar@omnia.example", { admin: true });
    const visitor = await t.user("visitante@omnia.example");
    const refused = await visitor.client
      .from("lead_deliveries")
      .update({ status: "pending" })
      .eq("lead_id", id)
      .select();
    expect(refused.data ?? []).toEqual([]);
    const sentByHand = await admin.client.from("lead_deliveries").update({ status: "sent" }).eq("lead_id", id);
    expect(sentByHand.error?.code).toBe("42501");
    const again = await admin.client.from("lead_deliveries").update({ status: "pending" }).eq("lead_id", id);
    expect(again.error).toBeNull();
    await until("the webhook sent again", async () => (await deliveries(t.backend, id))[0]?.status === "sent");
    expect(new Set(hook.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
  });
});

describe("lead delivery with two instances on one PostgreSQL", skipWhen(POSTGRES_SKIP_REASON), () => {
  it("sends exactly one notification per lead: 50 leads, 50 e-mails", async () => {
    const t = await startTestBackend("postgres");
    const port = await freePort();
    const sink = smtpSink(port);
    await sink.start();
    const second = await openPostgres({ connectionString: t.cluster!.url });
    const instances: LeadDelivery[] = [];
    try {
      for (const db of [t.backend.db, second]) {
        instances.push(
          await startLeadDelivery({
            ...options(t.backend, port, new URL("http://127.0.0.1:9/"), { confirmVisitor: false, webhook: undefined }),
            db,
            databaseUrl: t.cluster!.url,
          }),
        );
      }
      const service = t.client(t.backend.serviceRoleKey);
      const leads = Array.from({ length: 50 }, (_, n) => ({
        name: `Lead ${n + 1}`,
        email: `lead${n + 1}@empresa.com.br`,
        subject: "demo",
      }));
      // Half in one statement, half one by one, while both relays and workers run.
      const { error } = await service.from("contact_messages").insert(leads.slice(0, 25));
      expect(error).toBeNull();
      for (const lead of leads.slice(25)) await service.from("contact_messages").insert(lead);
      await until("50 notifications", () => sink.mails.length >= 50, 60_000);
      await Promise.all(instances.map((instance) => instance.relay()));
      // A worker marks a delivery sent after the SMTP server has taken the message, so the sink
      // can hold the 50th e-mail a moment before its row says so: wait for the rows too.
      const sent = async () =>
        (
          await t.backend.db.query<{ sent: number }>(
            "select count(*)::int as sent from public.lead_deliveries where status = 'sent'",
          )
        ).rows[0]?.sent;
      await until("50 deliveries marked sent", async () => (await sent()) === 50, 20_000);
      expect(await sent()).toBe(50);
      expect(sink.mails).toHaveLength(50);
      expect(new Set(sink.mails.map((mail) => mail.replyTo?.value[0]?.address)).size).toBe(50);
    } finally {
      for (const instance of instances) await instance.stop();
      await second.close();
      await sink.stop();
      await t.close();
    }
  }, 120_000);
});

describe("lead delivery without SMTP_URL: the development outbox", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-outbox-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes each message as an .eml file and prints it once", async () => {
    const printed: string[] = [];
    const mailer = createMailer({
      from: "Omnia <no-reply@omnia.example>",
      outboxDir: dir,
      log: (text) => printed.push(text),
    });
    await mailer.send({
      to: "vendas@omnia.example",
      subject: "Olá",
      text: "Corpo",
      html: "<p>Corpo</p>",
      replyTo: "ana@x.com.br",
    });
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await simpleParser(fs.readFileSync(path.join(dir, files[0]!)));
    expect(parsed.subject).toBe("Olá");
    expect(parsed.replyTo?.value[0]?.address).toBe("ana@x.com.br");
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain("To: vendas@omnia.example");
  });
});
