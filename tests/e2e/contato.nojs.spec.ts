import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolationsWithoutScripts, storedLeads, uniqueEmail } from "./support/leads";
import { fillLeadForm } from "./support/lead-forms";
import { visitorHeaders } from "./support/visitor";

// /contato without JavaScript (docs/decisions/049-lead-forms-without-react.md): a plain form
// POST; a stored message is answered with a redirect (post/redirect/get) to /contato?enviado=1,
// which shows the success text and stores nothing when reloaded; a mistake comes back with the
// messages next to the fields and the typed values.

// Its own visitor address, so its lead posts count against their own per-IP limit
// (support/visitor.ts), not against every other spec's from 127.0.0.1.
test.use({ extraHTTPHeaders: visitorHeaders() });

test.use({ javaScriptEnabled: false });

function form(page: Page) {
  return page.getByRole("region", { name: "Envie uma mensagem" });
}

test("the message is stored, the page shows the success text inline, and a reload sends nothing", async ({
  page,
  request,
}) => {
  await page.goto("/contato");
  const email = uniqueEmail("contato-sem-js");
  const f = form(page);
  await fillLeadForm(f, {
    name: "Bruno Reis",
    email,
    subject: "Parcerias",
    message: "Somos uma consultoria e queremos ser parceiros.",
  });
  const posted = page.waitForResponse((response) => response.request().method() === "POST");
  await f.getByRole("button", { name: "Enviar mensagem" }).click();
  expect((await posted).status()).toBe(303);

  // The page opens on the form, with its notice, not at the top (the fragment names its heading).
  await expect(page).toHaveURL("/contato?enviado=1#form-contato-titulo");
  await expect(form(page).getByRole("heading", { name: "Envie uma mensagem" })).toBeInViewport();
  const status = form(page).getByRole("status");
  await expect(status).toContainText("Mensagem enviada com sucesso!");
  await expect(status).toContainText("Nossa equipe entrará em contato em breve.");
  await expect(form(page).getByLabel("Nome")).toHaveValue("");
  expect(await storedLeads(request, email)).toMatchObject([
    { name: "Bruno Reis", subject: "parceria", page: "/contato" },
  ]);

  // The confirmation is a GET: reloading it shows it again and stores nothing more.
  const reload = await page.reload();
  expect(reload?.request().method()).toBe("GET");
  await expect(form(page).getByRole("status")).toContainText("Mensagem enviada com sucesso!");
  expect(await storedLeads(request, email)).toHaveLength(1);
  await expectNoAxeViolationsWithoutScripts(page);
});

test.describe("with invalid input", () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("the server answers with the messages next to the fields and keeps the values", async ({ page, request }) => {
    await page.goto("/contato");
    const email = uniqueEmail("contato-invalido");
    const f = form(page);
    await fillLeadForm(f, { name: "Bruno Reis", email, subject: "Outro assunto", message: "curta" });
    await f.getByRole("button", { name: "Enviar mensagem" }).click();

    await expect(form(page).getByRole("alert")).toHaveText("Confira os campos destacados.");
    await expect(form(page).getByRole("alert")).toBeInViewport();
    const message = form(page).getByLabel("Mensagem");
    await expect(message).toHaveAttribute("aria-invalid", "true");
    await expect(message).toHaveAccessibleDescription("A mensagem precisa ter pelo menos 10 caracteres.");
    await expect(message).toHaveValue("curta");
    await expect(form(page).getByLabel("Nome")).toHaveValue("Bruno Reis");
    await expect(form(page).getByLabel("E-mail")).toHaveValue(email);
    await expect(form(page).getByLabel("Assunto")).toHaveValue("outro");
    await expect(form(page).getByLabel("Nome")).not.toHaveAttribute("aria-invalid", "true");
    expect(await storedLeads(request, email)).toEqual([]);
    await expectNoAxeViolationsWithoutScripts(page);
  });
});

test("the form is plain HTML: action, method, names, required fields, and a honeypot hidden from people", async ({
  page,
}) => {
  await page.goto("/contato");
  const element = page.locator('form[data-lead-form="contact"]');
  await expect(element).toHaveAttribute("action", "/contato#form-contato-titulo");
  await expect(element).toHaveAttribute("method", "post");
  for (const name of ["name", "email", "subject", "message"])
    await expect(element.locator(`[name="${name}"]`)).toHaveAttribute("required", "");
  for (const name of ["company", "phone"])
    await expect(element.locator(`[name="${name}"]`)).not.toHaveAttribute("required", "");
  const honeypot = element.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(form(page).getByRole("textbox", { name: "Não preencha este campo" })).toHaveCount(0);
});
