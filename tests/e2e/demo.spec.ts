import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request as playwrightRequest } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { waitForDemoForm } from "./support/hydration";
import { storedLeads, uniqueEmail } from "./support/leads";
import { demoSection, submitDemoForm } from "./support/lead-forms";
import { visitorHeaders } from "./support/visitor";

// The "Solicitar demonstração" section at the end of every page (docs/product.md, "#demo"):
// reached from the header, stored with subject demo and the page it came from, with and
// without JavaScript; a honeypot and a per-IP rate limit stop bots.

// Its own visitor address, so its lead posts count against their own per-IP limit
// (support/visitor.ts), not against every other spec's from 127.0.0.1.
test.use({ extraHTTPHeaders: visitorHeaders() });

test.describe("from the header's Solicitar Demo", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("jumps to the form on the same page, which stores the request and confirms it", async ({ page, request }) => {
    await page.goto("/casos-de-sucesso");
    await waitForDemoForm(page);
    await page.getByRole("banner").getByRole("link", { name: "Solicitar Demo" }).click();
    await expect(page).toHaveURL("/casos-de-sucesso#demo");
    const demo = demoSection(page);
    await expect(demo).toBeInViewport();
    await expect(demo.getByRole("link", { name: "Política de Privacidade" })).toHaveAttribute("href", "/privacidade");

    // Required fields are checked before anything is sent.
    await demo.getByRole("button", { name: "Solicitar demonstração" }).click();
    await expect(demo.getByLabel("Nome")).toHaveAccessibleDescription("Informe o seu nome.");
    await expect(demo.getByLabel("E-mail")).toHaveAccessibleDescription("Informe o seu e-mail.");

    const email = uniqueEmail("demo-cabecalho");
    await submitDemoForm(demo, { name: "Carlos Dias", email, phone: "(21) 9 8765-4321", plan: "business" });

    const confirmation = demo.getByRole("status");
    await expect(confirmation).toContainText("Pedido recebido!");
    await expect(confirmation).toBeFocused();
    await expect(page).toHaveURL("/casos-de-sucesso#demo");
    await expectNoAxeViolations(page);

    const rows = await storedLeads(request, email);
    expect(rows).toMatchObject([
      {
        name: "Carlos Dias",
        phone: "(21) 9 8765-4321",
        subject: "demo",
        plan: "business",
        message: null,
        page: "/casos-de-sucesso",
      },
    ]);

    await confirmation.getByRole("button", { name: "Enviar outro pedido" }).click();
    await expect(demo.getByLabel("Nome")).toHaveValue("");
  });
});

// Without JavaScript: tests/e2e/demo.nojs.spec.ts.

test("a bot that fills the honeypot is told it worked, and nothing is stored", async ({ page, request }) => {
  await page.goto("/sobre");
  await waitForDemoForm(page);
  const demo = demoSection(page);
  const email = uniqueEmail("robo");
  await demo.getByLabel("Nome").fill("Robo Spam");
  await demo.getByLabel("E-mail").fill(email);
  const honeypot = demo.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot).toHaveAttribute("autocomplete", "off");
  // People never see or reach it: it is outside the accessibility tree.
  await expect(demo.getByRole("textbox", { name: "Não preencha este campo" })).toHaveCount(0);
  await honeypot.evaluate((input: HTMLInputElement) => (input.value = "https://spam.example"));
  await demo.getByRole("button", { name: "Solicitar demonstração" }).click();
  await expect(demo.getByRole("status")).toContainText("Pedido recebido!");
  expect(await storedLeads(request, email)).toEqual([]);
});

test.describe("the per-IP rate limit", () => {
  // Its own server: exhausting the limit of the shared one would block every other lead test.
  let server: ChildProcess | undefined;
  let dataDir: string | undefined;
  const port = Number(process.env.E2E_PORT ?? 3100) + 57;
  const baseURL = `http://127.0.0.1:${port}`;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dataDir = mkdtempSync(join(tmpdir(), "omnia-e2e-ratelimit-"));
    server = spawn(process.execPath, ["server/main.ts"], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SITE_URL: "http://localhost:3000",
        NODE_ENV: "production",
      },
      stdio: "ignore",
    });
    const api = await playwrightRequest.newContext({ baseURL });
    await expect
      .poll(async () => (await api.get("/").catch(() => null))?.status() ?? 0, { timeout: 60_000, intervals: [250] })
      .toBe(200);
    await api.dispose();
  });

  test.afterAll(() => {
    server?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("after ten submissions in ten minutes the eleventh gets 429 and a pt-BR message; mistakes never count", async () => {
    const api = await playwrightRequest.newContext({ baseURL });
    // A typo costs a visitor none of their attempts: invalid submissions are answered 400 and
    // not counted, however many (more than the limit here).
    const typo = { name: "Visitante", email: "visitante.sem.arroba", page: "/" };
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      const response = await api.post("/solicitar-demo", { form: typo });
      expect(response.status(), `invalid attempt ${attempt}`).toBe(400);
    }
    // Honeypot submissions count (a bot is what the limit is for), answer as a stored lead
    // would, and store nothing.
    const form = { name: "Robo Spam", email: "robo@spam.example", page: "/", website: "x" };
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await api.post("/solicitar-demo", { form });
      expect(response.status(), `attempt ${attempt}`).toBe(200);
    }
    const limited = await api.post("/solicitar-demo", { form });
    expect(limited.status()).toBe(429);
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Recebemos muitos envios da sua conexão. Tente novamente em 10 minutos.");
    // The contact form shares the window.
    const contact = await api.post("/contato", {
      form: { ...form, subject: "outro", message: "Mensagem de teste longa" },
    });
    expect(contact.status()).toBe(429);
    // Over the limit a mistake is still explained, not refused.
    expect((await api.post("/solicitar-demo", { form: typo })).status()).toBe(400);
    await api.dispose();
  });
});
