// The leads export against a real backend (PGlite, and PostgreSQL where its binaries exist):
// admins only, every lead exactly once across pages (leads inserted in one statement share their
// instant), newest first, spreadsheet-safe cells, a BOM for the accents.
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { saoPauloSpreadsheetTime } from "~/lib/format";
import { routerContextFor } from "~/lib/backend-context.testing";
import { requestContext } from "~/lib/request-context";
import { startTestBackend, TEST_SITE_URL, type TestBackend } from "../../../server/backend/testing/backend.ts";
import { describeEachDatabase } from "../../../server/backend/testing/describe-each-database.ts";
import { loader } from "./export";

type Handler = (args: { request: Request; context: RouterContextProvider; params: object }) => Promise<Response>;
const exportLeads = loader as unknown as Handler;

/** The address the Node server would have seen: the audit log records it. */
const CLIENT_IP = "203.0.113.7";

function contextFor(t: TestBackend): RouterContextProvider {
  const context = routerContextFor(t.backend, TEST_SITE_URL);
  context.set(requestContext, {
    clientIp: CLIENT_IP,
    rateLimit: () => {
      throw new Error("the export counts no rate limit");
    },
  });
  return context;
}

/** The header cells of one touch of the attribution. */
const touchColumns = (touchName: string) =>
  [
    "página de entrada",
    "referência",
    "origem",
    "canal",
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "utm_term",
    "utm_content",
    "ID de clique",
    "páginas até o contato",
  ].map((column) => `;"${touchName}: ${column}"`);

const get = (token?: string) =>
  new Request(`${TEST_SITE_URL}/admin/mensagens.csv`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });

describeEachDatabase("GET /admin/mensagens.csv", (kind) => {
  let t: TestBackend;
  let context: RouterContextProvider;
  let adminToken: string;
  let userToken: string;
  const staffTokens: Partial<Record<"vendas" | "editor", string>> = {};
  const LEADS = 2_345;
  const touch = {
    landing_page: "/",
    referrer: null,
    utm_source: "newsletter",
    utm_medium: "email",
    utm_campaign: "dezembro",
    utm_term: null,
    utm_content: null,
    click_id: null,
    pages_before: 3,
    source: "newsletter",
    channel: "email",
  };
  const ATTRIBUTION = {
    first: touch,
    last: {
      ...touch,
      landing_page: "/precos",
      referrer: "www.google.com/",
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      source: "Google",
      channel: "search",
      pages_before: 1,
    },
  };

  beforeAll(async () => {
    t = await startTestBackend(kind);
    context = contextFor(t);
    adminToken = (await t.user(`admin-csv-${kind}@example.com`, { admin: true })).accessToken;
    userToken = (await t.user(`user-csv-${kind}@example.com`)).accessToken;
    for (const role of ["vendas", "editor"] as const) {
      const member = await t.user(`${role}-csv-${kind}@example.com`);
      await t.client(t.backend.serviceRoleKey).from("user_roles").insert({ user_id: member.id, role });
      staffTokens[role] = member.accessToken;
    }
    // Straight into the table: the delivery trigger's outbox is not what this test is about.
    // The instants are explicit: PGlite's clock can give two statements the same now(), and
    // ties are broken by the random uuid.
    await t.backend.db.exec(`
      insert into public.contact_messages (name, email, subject, plan, page, created_at)
      select 'Lead ' || g, 'lead' || g || '@empresa.com.br', 'demo', 'scale', '/precos', now() - interval '2 minutes'
        from generate_series(1, ${LEADS}) g;`);
    await t.backend.db.exec(`
      insert into public.contact_messages (name, email, company, subject, message, created_at)
      values ('=HYPERLINK("http://x")', 'joao@empresa.com.br', 'Conceição; Filhos', 'comercial', 'Olá, "equipe"!',
              now() - interval '1 minute');`);
    // And the newest: a lead that knows where it came from.
    await t.backend.db.query(
      "insert into public.contact_messages (name, email, subject, page, attribution) values ($1, $2, 'demo', '/precos', $3)",
      ["Ana Campanha", "ana@empresa.com.br", JSON.stringify(ATTRIBUTION)],
    );
  });
  afterAll(async () => t?.close());

  it("refuses anyone but an admin or a salesperson", async () => {
    expect((await exportLeads({ request: get(), context, params: {} })).status).toBe(401);
    expect((await exportLeads({ request: get("not-a-token"), context, params: {} })).status).toBe(401);
    expect((await exportLeads({ request: get(userToken), context, params: {} })).status).toBe(403);
    expect((await exportLeads({ request: get(staffTokens["editor"]), context, params: {} })).status).toBe(403);
    const bySales = await exportLeads({ request: get(staffTokens["vendas"]), context, params: {} });
    expect(bySales.status).toBe(200);
    expect((await bySales.text()).split("\r\n").filter(Boolean)).toHaveLength(LEADS + 3);
  });

  it("streams every lead once, newest first, with a BOM, semicolons and neutralised formulas", async () => {
    const response = await exportLeads({ request: get(adminToken), context, params: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="mensagens-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes); // the decoder drops the BOM
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(
      '"Recebida em (horário de Brasília)";"Nome";"E-mail";"Empresa";"Telefone";"Assunto";"Plano";"Mensagem";"Origem";"Status";"Nota";"Atendida em (horário de Brasília)"' +
        [...touchColumns("1º toque"), ...touchColumns("Último toque")].join(""),
    );
    expect(lines).toHaveLength(LEADS + 3);
    // Received on São Paulo's clock, as the screen shows it, in a form spreadsheets read as a time.
    const { rows: newest } = await t.backend.db.query<{ created_at: Date }>(
      "select created_at from public.contact_messages where name = 'Ana Campanha'",
    );
    expect(lines[1]).toMatch(/^"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d";"Ana Campanha";/);
    expect(lines[1]!.startsWith(`"${saoPauloSpreadsheetTime(newest[0]!.created_at.toISOString())}";`)).toBe(true);
    // Where the newest lead came from: its first touch, then its last.
    expect(lines[1]).toContain(
      ';"/";"";"newsletter";"E-mail";"newsletter";"email";"dezembro";"";"";"";"3";"/precos";"www.google.com/";"Google";"Busca orgânica";"";"";"";"";"";"";"1"',
    );
    // The lone lead was inserted before it. Its cells are safe for a spreadsheet, and it has
    // no attribution (stored before the analytics): empty cells.
    expect(lines[2]).toContain(
      `;"'=HYPERLINK(""http://x"")";"joao@empresa.com.br";"Conceição; Filhos";"";"Comercial e preços";"";"Olá, ""equipe""!";"";"Novo";"";`,
    );
    expect(lines[2]).toMatch(/(;""){22}$/);
    const emails = lines.slice(3).map((line) => line.split(";")[2]);
    expect(new Set(emails).size).toBe(LEADS);
    expect(lines[3]).toContain(';"Solicitar demonstração";"Scale";"";"/precos";"Novo";"";');
  });

  it("records each export in the audit log with the admin, the client address and the filters", async () => {
    const request = new Request(`${TEST_SITE_URL}/admin/mensagens.csv?status=won`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    await (await exportLeads({ request, context, params: {} })).text();
    const { rows } = await t.backend.db.query<{ actor_email: string; ip: string; details: object }>(
      "SELECT actor_email, ip, details FROM public.audit_log WHERE action = 'lead.exported' ORDER BY id DESC LIMIT 1",
    );
    expect(rows).toEqual([{ actor_email: `admin-csv-${kind}@example.com`, ip: CLIENT_IP, details: { status: "won" } }]);
  });

  it("exports only what the inbox's filters show", async () => {
    const request = new Request(`${TEST_SITE_URL}/admin/mensagens.csv?subject=comercial&status=new`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    const text = await (await exportLeads({ request, context, params: {} })).text();
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("joao@empresa.com.br");
    // By where leads first came from, as the inbox filters.
    const byCampaign = new Request(`${TEST_SITE_URL}/admin/mensagens.csv?source=newsletter&campaign=dezembro`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    const campaign = (await (await exportLeads({ request: byCampaign, context, params: {} })).text())
      .split("\r\n")
      .filter(Boolean);
    expect(campaign).toHaveLength(2);
    expect(campaign[1]).toContain("ana@empresa.com.br");
  });

  it("drops control characters from the filters, which neither the audit log nor a column can hold", async () => {
    const request = new Request(`${TEST_SITE_URL}/admin/mensagens.csv?status=new%00&subject=%00comercial`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    const answer = await exportLeads({ request, context, params: {} });
    expect(answer.status).toBe(200);
    const lines = (await answer.text()).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("joao@empresa.com.br");
  });

  it("names the file after the day in São Paulo, also late in the evening when UTC is already tomorrow", async () => {
    // The last 23:30 in São Paulo (02:30 UTC): before the tokens were made, so none has expired then.
    const evening = new Date();
    evening.setUTCHours(2, 30, 0, 0);
    if (evening.getTime() > Date.now()) evening.setUTCDate(evening.getUTCDate() - 1);
    const day = new Date(evening.getTime() - 86_400_000).toISOString().slice(0, 10);
    const request = new Request(`${TEST_SITE_URL}/admin/mensagens.csv?subject=comercial`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    vi.useFakeTimers({ toFake: ["Date"], now: evening });
    try {
      const answer = await exportLeads({ request, context, params: {} });
      expect(answer.headers.get("Content-Disposition")).toBe(`attachment; filename="mensagens-${day}.csv"`);
      await answer.body?.cancel();
    } finally {
      vi.useRealTimers();
    }
  });
});
