import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { launchVisitor, storedEvents, type StoredEvent } from "./support/analytics";
import { createUser, signIn, unique } from "./support/backend";
import { waitForEnhancement } from "./support/hydration";
import { fillLeadForm, submitDemoForm } from "./support/lead-forms";
import { storedLeads, uniqueEmail } from "./support/leads";

// Cookieless analytics in a real browser (docs/decisions/073-cookieless-analytics.md): a visit
// from a campaign through the site to the demo form shows in "Análises" and on the lead; a page
// the speculation rules prerendered but nobody opened is not counted; nothing is stored on the
// device. Without JavaScript: analytics.nojs.spec.ts.

const ADMIN_EMAIL = `analises-${unique()}@omnia.example`;
const ADMIN_PASSWORD = "correct-horse-battery-analises";

test.beforeAll(() => createUser(ADMIN_EMAIL, ADMIN_PASSWORD, { admin: true }));

/** The events of the visitor whose first view had this path, once `ready` says they are all in. */
async function eventsOf(
  page: Page,
  firstPath: string,
  ready: (events: StoredEvent[]) => boolean,
): Promise<StoredEvent[]> {
  let events: StoredEvent[] = [];
  await expect
    .poll(
      async () => {
        const [first] = await storedEvents(page.request, `path=eq.${encodeURIComponent(firstPath)}&kind=eq.view`);
        events = first ? await storedEvents(page.request, `visitor=eq.${first.visitor}`) : [];
        return ready(events);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return events;
}

const views = (events: StoredEvent[]) => events.filter((event) => event.kind === "view").map((event) => event.page);

/** Clicks a link of the header (or the footer), as a visitor moves on. */
async function follow(page: Page, name: string, path: string): Promise<void> {
  await page.getByRole("link", { name, exact: true }).first().click();
  await expect(page).toHaveURL(path);
  await waitForEnhancement(page, "analytics");
}

test.describe("as a visitor", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a visit from a newsletter through three pages to the demo form is counted and carried by the lead", async ({
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const campaign = `dezembro-${unique()}`;
    const landing = `/?utm_source=newsletter&utm_campaign=${campaign}`;
    const visitor = await launchVisitor({ baseURL });
    const page = await visitor.context.newPage();
    await page.goto(landing);
    await waitForEnhancement(page, "analytics");
    await follow(page, "Recursos", "/recursos");
    await follow(page, "Preços", "/precos");
    await follow(page, "Sobre", "/sobre");
    const demo = page.getByRole("region", { name: "Solicitar demonstração" });
    await waitForEnhancement(page, "lead-form");
    const name = `Ana Newsletter ${unique()}`;
    const email = uniqueEmail("analises");
    await submitDemoForm(demo, { name, email });
    await expect(demo.getByRole("status")).toContainText("Pedido recebido!");

    // Each page once, in order, under one visitor; the lead is its conversion. The landing page's
    // engagement comes in a beacon sent as it was left, which may arrive after the lead.
    const events = await eventsOf(
      page,
      landing,
      (all) =>
        all.some((event) => event.kind === "lead") &&
        all.some((event) => event.kind === "engagement" && event.page === "/"),
    );
    expect(views(events)).toEqual(["/", "/recursos", "/precos", "/sobre"]);
    expect(events.find((event) => event.kind === "view")).toMatchObject({
      channel: "email",
      source: "newsletter",
      utm_campaign: campaign,
    });
    // Leaving a page sends its engaged time and the vitals measured there.
    const left = events.find((event) => event.kind === "engagement" && event.page === "/");
    expect(left?.engaged_ms).toBeGreaterThan(0);
    expect(left?.fcp).toBeGreaterThan(0);
    expect(left?.lcp).toBeGreaterThan(0);
    expect(left?.cls).not.toBeNull();

    const [lead] = await storedLeads(page.request, email);
    expect(lead?.attribution).toMatchObject({
      first: { landing_page: "/", utm_source: "newsletter", utm_campaign: campaign, pages_before: 4, channel: "email" },
      last: { landing_page: "/", pages_before: 4 },
    });
    await visitor.close();
  });

  test("a link with a very long campaign tag is counted, its tag cut, and so is the next page", async ({ baseURL }) => {
    const campaign = `longa-${unique()}`;
    // Past the 2 KB an event's body may have: the script sends the tags cut.
    const content = "x".repeat(2000);
    const visitor = await launchVisitor({ baseURL });
    const page = await visitor.context.newPage();
    await page.goto(
      `/?utm_source=Newsletter&utm_campaign=${campaign}&utm_content=${content}&email=ana%40empresa.example`,
    );
    await waitForEnhancement(page, "analytics");
    await follow(page, "Preços", "/precos");
    const landing = `/?utm_source=Newsletter&utm_campaign=${campaign}&utm_content=${"x".repeat(200)}`;
    const events = await eventsOf(page, landing, (all) => views(all).includes("/precos"));
    expect(views(events)).toEqual(["/", "/precos"]);
    expect(events.find((event) => event.kind === "view")).toMatchObject({
      channel: "email",
      source: "newsletter",
      utm_campaign: campaign,
    });
    // The next page's referrer (the landing page) carried the same tag: sent without its query.
    expect(events.find((event) => event.page === "/precos")).toMatchObject({ channel: "internal", path: "/precos" });
    await visitor.close();
  });

  test("a page the speculation rules prerendered is counted only if the visitor opens it", async ({ baseURL }) => {
    const campaign = `prerender-${unique()}`;
    const landing = `/?utm_campaign=${campaign}`;
    const visitor = await launchVisitor({ baseURL });
    const prerendered: string[] = [];
    visitor.context.on("request", (request) => {
      if ((request.headers()["sec-purpose"] ?? "").includes("prerender"))
        prerendered.push(new URL(request.url()).pathname);
    });
    const page = await visitor.context.newPage();
    await page.goto(landing);
    await waitForEnhancement(page, "analytics");
    await page.getByRole("banner").getByRole("link", { name: "Integrações", exact: true }).first().hover();
    await expect.poll(() => prerendered).toContain("/integracoes");
    // Never opened: the visitor goes elsewhere by typing an address.
    await page.goto("/sobre");
    await waitForEnhancement(page, "analytics");
    const before = await eventsOf(page, landing, (all) => views(all).includes("/sobre"));
    expect(views(before)).toEqual(["/", "/sobre"]);

    // Opened: hovered until prerendered, then clicked.
    await page.getByRole("banner").getByRole("link", { name: "Casos de Sucesso", exact: true }).first().hover();
    await expect.poll(() => prerendered).toContain("/casos-de-sucesso");
    await page.getByRole("banner").getByRole("link", { name: "Casos de Sucesso", exact: true }).first().click();
    await expect(page).toHaveURL("/casos-de-sucesso");
    const after = await eventsOf(page, landing, (all) => views(all).includes("/casos-de-sucesso"));
    expect(views(after)).toEqual(["/", "/sobre", "/casos-de-sucesso"]);
    await visitor.close();
  });

  test("nothing is stored on the visitor's device: no cookie, no storage, no Set-Cookie", async ({ baseURL }) => {
    const visitor = await launchVisitor({ baseURL });
    const setCookies: string[] = [];
    visitor.context.on("response", async (response) => {
      const header = (await response.allHeaders())["set-cookie"];
      if (header) setCookies.push(`${response.url()}: ${header}`);
    });
    const page = await visitor.context.newPage();
    for (const path of ["/", "/recursos", "/blog", "/precos", "/contato"]) {
      await page.goto(path);
      await waitForEnhancement(page, "analytics");
    }
    await waitForEnhancement(page, "lead-form");
    const form = page.getByRole("region", { name: "Envie uma mensagem" });
    await fillLeadForm(form, {
      name: "Bruno Sem Rastro",
      email: uniqueEmail("sem-rastro"),
      subject: "Comercial e preços",
      message: "Quero saber mais sobre o plano Scale.",
    });
    await form.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page.getByText("Mensagem enviada com sucesso!")).toBeVisible();
    expect(await visitor.context.cookies()).toEqual([]);
    const stored = await page.evaluate(async () => ({
      local: localStorage.length,
      session: sessionStorage.length,
      indexedDB: (await indexedDB.databases()).length,
    }));
    expect(stored).toEqual({ local: 0, session: 0, indexedDB: 0 });
    expect(setCookies).toEqual([]);
    await visitor.close();
  });
});

test("Análises shows the campaign's visit and lead, filters by a clicked row, and the lead says where it came from", async ({
  baseURL,
  page,
}) => {
  test.setTimeout(90_000);
  const campaign = `natal-${unique()}`;
  const visitor = await launchVisitor({ baseURL });
  const visit = await visitor.context.newPage();
  // Arrived on the home page from the newsletter; the form is sent from /precos.
  await visit.goto(`/?utm_source=newsletter&utm_campaign=${campaign}`);
  await waitForEnhancement(visit, "analytics");
  await visit.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Preços" }).click();
  await expect(visit).toHaveURL("/precos");
  await waitForEnhancement(visit, "lead-form");
  const name = `Carla Campanha ${unique()}`;
  const email = uniqueEmail("analises-painel");
  await submitDemoForm(visit.getByRole("region", { name: "Solicitar demonstração" }), { name, email });
  await expect(visit.getByRole("region", { name: "Solicitar demonstração" }).getByRole("status")).toContainText(
    "Pedido recebido!",
  );
  await visitor.close();

  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, { expectedPath: "/admin" });
  await page.getByRole("tab", { name: "Análises" }).click();
  const campaigns = page.getByRole("region", { name: "Campanhas (UTM)" });
  await expect(campaigns.getByRole("button", { name: `Filtrar por Campanha: ${campaign}` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.locator('[data-chart="visitors"] canvas').first()).toBeVisible();
  await campaigns.getByRole("button", { name: `Filtrar por Campanha: ${campaign}` }).click();
  await expect(page.getByRole("button", { name: `Remover filtro Campanha: ${campaign}` })).toBeVisible();
  const figure = (label: string) =>
    page.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd[1]");
  await expect(figure("Visitantes")).toHaveText("1");
  await expect(figure("Leads")).toHaveText("1");
  // Both pages converted the visitor; the lead is the page's whose form was sent.
  const pages = page.getByRole("region", { name: "Páginas mais vistas" });
  await expect(pages.getByRole("row")).toHaveCount(3);
  const pageRow = (path: string) =>
    pages
      .getByRole("row")
      .filter({ has: page.getByRole("button", { name: `Filtrar por Página: ${path}`, exact: true }) });
  await expect(pageRow("/").getByRole("cell")).toHaveText(["1", "1", "0%", "0", "100%"]);
  await expect(pageRow("/precos").getByRole("cell")).toHaveText(["1", "1", "0%", "1", "100%"]);
  await expect(pages.getByText("Leads: enviados pelo formulário desta página.", { exact: false })).toBeVisible();
  // The table as shown, as a file.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    campaigns.getByRole("button", { name: "Exportar CSV: Campanhas (UTM)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^analises-campanhas-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.split("\r\n")[1]).toBe(`"${campaign}";"1";"2";"0%";"1";"100%"`);
  await expectNoAxeViolations(page);

  // Filtered by its campaign first: other specs' leads may have pushed it off the first page.
  await page.getByRole("tab", { name: "Mensagens" }).click();
  await page.getByLabel("Campanha", { exact: true }).selectOption(campaign);
  await expect(page.getByRole("list", { name: "Mensagens recebidas" }).getByRole("article")).toHaveCount(1);
  const lead = page.getByRole("list", { name: "Mensagens recebidas" }).getByRole("article", { name: `De ${name}` });
  await expect(lead).toContainText(`newsletter · campanha ${campaign} · entrou por /`);
});
