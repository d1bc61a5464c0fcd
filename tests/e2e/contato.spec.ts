import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { waitForHydration } from "./support/hydration";
import { fillLeadForm, type LeadFormValues } from "./support/lead-forms";
import { storedLeads, uniqueEmail } from "./support/leads";
import { visitorHeaders } from "./support/visitor";

// /contato (docs/product.md §2, §3, §5, §8; docs/product.md "Deliberate deviations": messages are stored).

// Its own visitor address, so its lead posts count against their own per-IP limit
// (support/visitor.ts), not against every other spec's from 127.0.0.1.
test.use({ extraHTTPHeaders: visitorHeaders() });

function form(page: Page) {
  return page.getByRole("region", { name: "Envie uma mensagem" });
}

const fill = (page: Page, values: LeadFormValues) => fillLeadForm(form(page), values);

/** The visitor of these tests. */
const ANA = { name: "Ana Souza", email: "ana@empresa.com.br" };

/** The lead-form module has set the form up and mounted the toast region, so a toast is not lost. */
async function waitForToaster(page: Page) {
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: /Notifications/ })).toBeAttached();
}

const submitButton = (page: Page) => form(page).getByRole("button", { name: /Enviar mensagem|Enviando\.\.\./ });

test("contact cards, the opening hours and the form's fields and placeholders", async ({ page }) => {
  await page.goto("/contato");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "contato@omnia.example" })).toHaveAttribute(
    "href",
    "mailto:contato@omnia.example",
  );
  const hours = main.getByRole("region", { name: "Horário de atendimento" });
  await expect(hours).toContainText("Segunda a sexta:9h–18h");
  await expect(hours).toContainText("Sábado:9h–13h");
  await expect(hours).toContainText("Domingo:Fechado");

  const f = form(page);
  await expect(f.getByLabel("Nome")).toHaveAttribute("placeholder", "Seu nome");
  await expect(f.getByLabel("E-mail")).toHaveAttribute("type", "email");
  await expect(f.getByLabel("E-mail")).toHaveAttribute("placeholder", "voce@empresa.com.br");
  await expect(f.getByLabel("Empresa")).toHaveAttribute("placeholder", "Nome da empresa");
  await expect(f.getByLabel("Telefone")).toHaveAttribute("placeholder", "(11) 9 0000-0000");
  await expect(f.getByLabel("Mensagem")).toHaveAttribute("placeholder", "Como podemos ajudar você?");
  await expect(f.getByLabel("Mensagem")).toHaveAttribute("rows", "6");
  for (const label of ["Nome", "E-mail", "Assunto", "Mensagem"])
    await expect(f.getByLabel(label)).toHaveAttribute("required", "");
  for (const label of ["Empresa", "Telefone"]) await expect(f.getByLabel(label)).not.toHaveAttribute("required", "");
  const subject = f.getByLabel("Assunto");
  await expect(subject.locator("option")).toHaveText([
    "Selecione um assunto",
    "Solicitar demonstração",
    "Comercial e preços",
    "Suporte técnico",
    "Parcerias",
    "Outro assunto",
  ]);
});

test("invalid input gets pt-BR messages next to the fields, and what was typed stays", async ({ page }) => {
  await page.goto("/contato");
  await waitForHydration(page);
  await fill(page, { email: "ana@", message: "oi" });
  await submitButton(page).click();

  const f = form(page);
  const name = f.getByLabel("Nome");
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Informe o seu nome.");
  await expect(f.getByLabel("E-mail")).toHaveAccessibleDescription(
    "Informe um e-mail válido, como voce@empresa.com.br.",
  );
  await expect(f.getByLabel("Assunto")).toHaveAccessibleDescription("Selecione um assunto.");
  await expect(f.getByLabel("Mensagem")).toHaveAccessibleDescription(
    "A mensagem precisa ter pelo menos 10 caracteres.",
  );
  await expect(f.getByLabel("Empresa")).not.toHaveAttribute("aria-invalid", "true");
  await expect(f.getByLabel("E-mail")).toHaveValue("ana@");
  await expect(f.getByLabel("Mensagem")).toHaveValue("oi");
  await expectNoAxeViolations(page);
});

test("a valid message: 'Enviando...' while in flight, then the toast, emptied fields and a stored row", async ({
  page,
  request,
}) => {
  await page.goto("/contato");
  await waitForToaster(page);
  const email = uniqueEmail("contato");
  await fill(page, {
    name: "Ana Souza",
    email,
    company: "Empresa Exemplo",
    phone: "(11) 9 1234-5678",
    subject: "Comercial e preços",
    message: "Gostaria de uma proposta para 20 atendentes.",
  });

  // Hold the POST until the in-flight state has been seen: no sleeps, no races.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith("/contato"),
    async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    },
  );
  await submitButton(page).click();
  const busy = form(page).getByRole("button", { name: "Enviando..." });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  release();

  await expect(page.getByText("Mensagem enviada com sucesso!")).toBeVisible();
  await expect(page.getByText("Nossa equipe entrará em contato em breve.")).toBeVisible();
  const f = form(page);
  for (const label of ["Nome", "E-mail", "Empresa", "Telefone", "Assunto", "Mensagem"])
    await expect(f.getByLabel(label)).toHaveValue("");
  await expect(form(page).getByRole("button", { name: "Enviar mensagem" })).toBeEnabled();

  expect(await storedLeads(request, email)).toMatchObject([
    {
      name: "Ana Souza",
      company: "Empresa Exemplo",
      phone: "(11) 9 1234-5678",
      subject: "comercial",
      message: "Gostaria de uma proposta para 20 atendentes.",
      plan: null,
      page: "/contato",
      handled_at: null,
    },
  ]);
});

test.describe("when sending fails", () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });

  test("a destructive toast titled Erro, and the values stay", async ({ page }) => {
    await page.goto("/contato");
    await waitForToaster(page);
    await page.route(
      (url) => url.pathname.startsWith("/contato"),
      (route) => (route.request().method() === "POST" ? route.abort("connectionrefused") : route.continue()),
    );
    await fill(page, {
      ...ANA,
      subject: "Suporte técnico",
      message: "Não consigo conectar o WhatsApp.",
    });
    await submitButton(page).click();
    const toast = page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
    await expect(toast).toContainText("Erro");
    await expect(toast).toHaveAttribute("data-type", "error");
    await expect(form(page).getByLabel("Nome")).toHaveValue("Ana Souza");
    await expect(form(page).getByLabel("Mensagem")).toHaveValue("Não consigo conectar o WhatsApp.");
    await expect(form(page).getByLabel("Assunto")).toHaveValue("suporte");
    await expect(form(page).getByRole("button", { name: "Enviar mensagem" })).toBeEnabled();
  });
});

test.describe("when the server refuses (rate limit)", () => {
  test.use({ allowedConsoleErrors: [/status of 429/] });

  test("the toast says when to try again; it sits bottom-right and Alt+T reaches it", async ({ page }) => {
    await page.goto("/contato");
    await waitForToaster(page);
    await page.route(
      (url) => url.pathname.startsWith("/contato"),
      (route) =>
        route.request().method() === "POST"
          ? route.fulfill({
              status: 429,
              headers: { "Retry-After": "540" },
              json: { status: "rate-limited", retryAfterSeconds: 540, values: {}, page: "/contato" },
            })
          : route.continue(),
    );
    await fill(page, {
      ...ANA,
      subject: "Comercial e preços",
      message: "Gostaria de uma proposta para 20 atendentes.",
    });
    await submitButton(page).click();
    const region = page.getByRole("region", { name: "Notifications alt+T" });
    const toast = region.getByRole("listitem");
    await expect(toast).toContainText("Erro");
    await expect(toast).toContainText("Recebemos muitos envios da sua conexão. Tente novamente em 9 minutos.");
    await expect(toast).toHaveAttribute("data-type", "error");
    await expect(form(page).getByLabel("Nome")).toHaveValue("Ana Souza");

    const viewport = page.viewportSize();
    const box = await toast.boundingBox();
    expect(box && viewport && box.x + box.width > viewport.width / 2 && box.y > viewport.height / 2).toBe(true);

    await page.keyboard.press("Alt+KeyT");
    await expect(toast).toBeFocused();
    await expectNoAxeViolations(page);
  });
});

// Without JavaScript: tests/e2e/contato.nojs.spec.ts.
