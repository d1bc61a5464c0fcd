import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createUser, unique } from "./support/backend";
import { demoSection } from "./support/lead-forms";
import { waitForHydration } from "./support/hydration";

test.describe("not-found page", () => {
  // The browser logs the document's own 404 status as a console error.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("an unknown path answers 404 with the product's texts and two buttons", async ({ page }) => {
    const response = await page.goto("/esta-pagina-nao-existe/mesmo");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
    await expect(page.getByText("Desculpe, a página que você está procurando não existe ou foi movida.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Voltar ao início" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("main").getByRole("link", { name: "Ver recursos" })).toHaveAttribute(
      "href",
      "/recursos",
    );
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    // HTML and CSS only (ADR 048), and the analytics (ADR 073): a broken link is worth knowing.
    await expect(page.locator("html")).toHaveAttribute("data-scripts", "analytics");
    await expect(page.locator("script[src]")).toHaveCount(1);
  });

  test("an unknown blog post answers 404 in the shell, ending with the demo section", async ({ page }) => {
    // Thrown by the post's loader, so the site layout's error boundary draws it, not the catch-all.
    const response = await page.goto("/blog/este-post-nao-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Solicitar Demo" })).toHaveAttribute(
      "href",
      "#demo",
    );
    await expect(demoSection(page).getByRole("button", { name: "Solicitar demonstração" })).toBeVisible();
  });

  test("the not-found page's button leads home", async ({ page }) => {
    await page.goto("/nada-aqui");
    await page.getByRole("main").getByRole("link", { name: "Voltar ao início" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Todos os canais do seu cliente. Uma só conversa.",
    );
  });

  test("axe finds no accessibility violations on the 404 page", async ({ page }) => {
    await page.goto("/nada-aqui");
    await expectNoAxeViolations(page);
  });
});

test.describe("generic error screen", () => {
  test.use({ allowedConsoleErrors: /status of 500/ });
  const email = `erro-e2e-${unique()}@omnia.example`;
  const password = "erro-e2e-senha-1";
  test.beforeAll(() => createUser(email, password, { admin: true }));

  test("an unexpected failure during navigation shows 'Unexpected Application Error!' and the status", async ({
    page,
  }) => {
    // Only the React apps (/auth, /admin) navigate client-side (ADR 048): after signing in,
    // /auth moves to /admin, and the server fails unexpectedly while loading its data.
    await page.route("**/admin.data*", (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }),
    );
    await page.goto("/auth");
    await waitForHydration(page);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Senha").fill(password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeVisible();
    await expect(page.locator("pre")).not.toBeEmpty();
    await expect(page.getByRole("link", { name: "Voltar ao início" })).toHaveAttribute("href", "/");
  });
});
