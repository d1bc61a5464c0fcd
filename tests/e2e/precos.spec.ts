import { expect, test } from "./fixtures";
import { waitForDemoForm } from "./support/hydration";
import { storedLeads, uniqueEmail } from "./support/leads";
import { demoSection, submitDemoForm } from "./support/lead-forms";
import { visitorHeaders } from "./support/visitor";

// /precos (docs/product.md §2 "Pricing", §3 "Plan", §9; docs/product.md on the badge and the trial buttons).

// Intl writes a no-break space between "R$" and the amount.
// Its own visitor address, so its lead posts count against their own per-IP limit
// (support/visitor.ts), not against every other spec's from 127.0.0.1.
test.use({ extraHTTPHeaders: visitorHeaders() });

const plans = [
  { name: "Basic", price: "R$\u00a0297", users: "Até 3 usuários" },
  { name: "Business", price: "R$\u00a0497", users: "3 usuários" },
  { name: "Scale", price: "R$\u00a01.675", users: "5 usuários" },
  { name: "Infinity", price: "R$\u00a04.975", users: "10 usuários" },
];

test("four plans with their monthly prices, user limits and a trial button each", async ({ page }) => {
  await page.goto("/precos");
  for (const plan of plans) {
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: plan.name, level: 3, exact: true }) });
    await expect(card.getByText(plan.price, { exact: true })).toBeVisible();
    await expect(card.getByText(`${plan.price} por mês`)).toBeAttached();
    await expect(card.getByText(plan.users, { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: `Começar teste grátis: ${plan.name}` })).toBeVisible();
  }
  const scale = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Scale", level: 3 }) });
  await expect(scale.getByText("Mais Popular")).toBeVisible();
  await expect(page.getByText("Mais Popular")).toHaveCount(1);
  await expect(
    page.getByRole("main").getByText("Teste grátis por 14 dias, sem cartão de crédito.", { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole("main").getByText("Contratos anuais têm até 20% de desconto.", { exact: true }),
  ).toBeVisible();
});

test("the comparison table marks the Scale column as recommended", async ({ page }) => {
  await page.goto("/precos");
  const table = page.getByRole("table", {
    name: "Comparação dos recursos dos planos Basic, Business, Scale e Infinity",
  });
  await expect(table.getByRole("columnheader")).toHaveText([
    "Recurso",
    "Basic",
    "Business",
    "ScaleRecomendado",
    "Infinity",
  ]);
  await expect(table.getByRole("columnheader", { name: "Scale Recomendado" })).toBeVisible();
  const users = table.getByRole("row", { name: /^Usuários/ });
  await expect(users.getByRole("cell")).toHaveText(["Até 3", "3", "5", "10"]);
  const manager = table.getByRole("row", { name: /^Gerente de contas/ });
  await expect(manager.getByRole("cell")).toHaveText(["Não incluído", "Não incluído", "Incluído", "Incluído"]);
});

test("pricing FAQ: one answer open at a time, and the open one closes", async ({ page }) => {
  await page.goto("/precos");
  // Native <details name>: the open state is its `open` attribute (Playwright gives <summary> no role).
  const item = (q: string) => page.locator("details").filter({ has: page.locator("summary", { hasText: q }) });
  const trial = item("Como funciona o teste grátis?");
  const annual = item("Existe desconto para contrato anual?");
  await trial.locator("summary").click();
  await expect(trial).toHaveAttribute("open");
  await expect(page.getByText("Você usa a Omnia por 14 dias")).toBeVisible();
  await annual.locator("summary").click();
  await expect(annual).toHaveAttribute("open");
  await expect(trial).not.toHaveAttribute("open");
  await expect(page.getByText("Você usa a Omnia por 14 dias")).toBeHidden();
  await annual.locator("summary").click();
  await expect(annual).not.toHaveAttribute("open");
});

test("a trial button opens the demo form with its plan chosen, and the lead keeps the plan", async ({
  page,
  request,
}) => {
  await page.goto("/precos");
  // The trial links load /precos?plano=<id>#demo; the lead-form module selects the plan (the
  // prerendered HTML cannot know the query).
  await waitForDemoForm(page);
  await page.getByRole("link", { name: "Começar teste grátis: Scale" }).click();
  await expect(page).toHaveURL(/\/precos\?plano=scale#demo$/);
  const demo = demoSection(page);
  await expect(demo).toBeInViewport();
  const plan = demo.getByLabel("Plano de interesse");
  await expect(plan).toHaveValue("scale");

  // Another plan's button changes the choice.
  await page.getByRole("link", { name: "Começar teste grátis: Infinity" }).click();
  await expect(plan).toHaveValue("infinity");

  const email = uniqueEmail("teste-scale");
  await submitDemoForm(demo, { name: "Paula Mendes", email, company: "Loja Exemplo" });
  await expect(demo.getByRole("status")).toContainText("Pedido recebido!");

  // The confirmation shows once the server has answered, so the lead is stored by now. (No
  // expect.poll: the first storedLeads runs `npm run admin -- keys` synchronously, which alone
  // can outlast a poll's timeout on a busy machine.)
  expect(await storedLeads(request, email)).toMatchObject([
    {
      name: "Paula Mendes",
      company: "Loja Exemplo",
      subject: "demo",
      plan: "infinity",
      page: "/precos",
      message: null,
    },
  ]);
});
