import { expect, test } from "./fixtures";
import { expectNoAxeViolationsWithoutScripts, storedLeads, uniqueEmail } from "./support/leads";
import { demoSection, submitDemoForm } from "./support/lead-forms";
import { visitorHeaders } from "./support/visitor";

// The demo section without JavaScript (docs/decisions/049-lead-forms-without-react.md): on the
// pages that load no script at all (/blog, the footer pages, posts) this is how it always works.
// A plain POST to /solicitar-demo; a stored request is redirected (post/redirect/get) to its
// confirmation with a link back, which a reload shows again without storing anything; a mistake
// comes back with the messages next to the fields and the typed values.

// Its own visitor address, so its lead posts count against their own per-IP limit
// (support/visitor.ts), not against every other spec's from 127.0.0.1.
test.use({ extraHTTPHeaders: visitorHeaders() });

test.use({ javaScriptEnabled: false });

test("the request is stored, a confirmation page links back, and reloading it stores nothing", async ({
  page,
  request,
}) => {
  await page.goto("/seguranca");
  const email = uniqueEmail("demo-sem-js");
  const posted = page.waitForResponse((response) => response.request().method() === "POST");
  await submitDemoForm(demoSection(page), { name: "Helena Costa", email, company: "Clínica Exemplo" });
  expect((await posted).status()).toBe(303);

  await expect(page).toHaveURL("/solicitar-demo?enviado=1&pagina=%2Fseguranca");
  await expect(page.getByRole("status")).toContainText("Pedido recebido!");
  await expect(page.getByRole("status")).toContainText("Nossa equipe entrará em contato");
  await expect(page.getByRole("link", { name: "Voltar para a página anterior" })).toHaveAttribute("href", "/seguranca");
  // Only the enhancement module could bring the form back in place.
  await expect(page.getByRole("button", { name: "Enviar outro pedido" })).toBeHidden();
  expect(await storedLeads(request, email)).toMatchObject([
    { name: "Helena Costa", company: "Clínica Exemplo", subject: "demo", plan: null, page: "/seguranca" },
  ]);

  const reload = await page.reload();
  expect(reload?.request().method()).toBe("GET");
  await expect(page.getByRole("status")).toContainText("Pedido recebido!");
  expect(await storedLeads(request, email)).toHaveLength(1);
  await expectNoAxeViolationsWithoutScripts(page);
});

test("on a page without any script (/privacidade) the form posts as plain HTML", async ({ page, request }) => {
  await page.goto("/privacidade");
  const form = page.locator('form[data-lead-form="demo"]');
  await expect(form).toHaveAttribute("action", "/solicitar-demo");
  await expect(form).toHaveAttribute("method", "post");
  await expect(form.locator('input[name="page"]')).toHaveValue("/privacidade");
  const email = uniqueEmail("demo-privacidade");
  await submitDemoForm(demoSection(page), { name: "Igor Lima", email, plan: "scale" });
  await expect(page.getByRole("status")).toContainText("Pedido recebido!");
  expect(await storedLeads(request, email)).toMatchObject([{ plan: "scale", page: "/privacidade" }]);
});

test.describe("with invalid input", () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("the messages are next to the fields, the values kept, and the origin page still credited", async ({
    page,
    request,
  }) => {
    await page.goto("/sobre");
    await submitDemoForm(demoSection(page), { name: "I", email: "igor@", phone: "(21) 9 8765-4321", plan: "basic" });

    await expect(page).toHaveURL("/solicitar-demo");
    const form = demoSection(page);
    await expect(form.getByRole("alert")).toHaveText("Confira os campos destacados.");
    const name = form.getByLabel("Nome");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("O nome precisa ter pelo menos 2 caracteres.");
    await expect(form.getByLabel("E-mail")).toHaveAccessibleDescription(
      "Informe um e-mail válido, como voce@empresa.com.br.",
    );
    await expect(name).toHaveValue("I");
    await expect(form.getByLabel("E-mail")).toHaveValue("igor@");
    await expect(form.getByLabel("Telefone")).toHaveValue("(21) 9 8765-4321");
    await expect(form.getByLabel("Plano de interesse")).toHaveValue("basic");
    await expectNoAxeViolationsWithoutScripts(page);

    // Corrected and sent again from here, the lead is still credited to /sobre.
    const email = uniqueEmail("demo-corrigido");
    await name.fill("Igor Lima");
    await form.getByLabel("E-mail").fill(email);
    await form.getByRole("button", { name: "Solicitar demonstração" }).click();
    await expect(page).toHaveURL("/solicitar-demo?enviado=1&pagina=%2Fsobre");
    expect(await storedLeads(request, email)).toMatchObject([{ name: "Igor Lima", plan: "basic", page: "/sobre" }]);
  });
});

test("a per-request page preselects the trial button's plan without JavaScript", async ({ page }) => {
  await page.goto("/solicitar-demo?plano=business");
  await expect(page.getByLabel("Plano de interesse")).toHaveValue("business");
});

test("a trial button's plan is chosen in the form, on a prerendered page too", async ({ page }) => {
  // /precos and / are prerendered: the server renders them for a known ?plano= (documents.ts).
  await page.goto("/precos");
  await page.getByRole("link", { name: "Começar teste grátis: Scale" }).click();
  await expect(page).toHaveURL("/precos?plano=scale#demo");
  await expect(demoSection(page).getByLabel("Plano de interesse")).toHaveValue("scale");
  await page.goto("/?plano=business#demo");
  await expect(demoSection(page).getByLabel("Plano de interesse")).toHaveValue("business");
});
