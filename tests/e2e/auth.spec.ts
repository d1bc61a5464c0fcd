import type { Page } from "@playwright/test";
import { startServer, type RunningServer } from "../../scripts/bench/serve.ts";
import { freePort } from "../../server/backend/testing/postgres-cluster.ts";
import { smtpSink } from "../../server/mail/smtp-sink.testing.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createUser, runAdmin, signIn, unique } from "./support/backend";

/** The URLs of the requests the page sends whose URL contains `fragment`, from now on. */
function requestsTo(page: Page, fragment: string): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(fragment)) urls.push(request.url());
  });
  return urls;
}

const PASSWORD = "senha-segura-123";

test("one card, login mode by default, and a ghost button to switch modes", async ({ page }) => {
  await page.goto("/auth");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Entrar");
  await expect(main.getByRole("button", { name: "Entrar", exact: true })).toBeEnabled();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  const email = main.getByLabel("E-mail");
  const password = main.getByLabel("Senha");
  await expect(email).toHaveAttribute("type", "email");
  await expect(email).toHaveAttribute("autocomplete", "email");
  await expect(password).toHaveAttribute("type", "password");
  await expect(password).toHaveAttribute("autocomplete", "current-password");
  await expectNoAxeViolations(page);

  await main.getByRole("button", { name: "Não tem conta? Criar uma" }).click();
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Criar Conta");
  await expect(main.getByRole("button", { name: "Criar Conta", exact: true })).toBeVisible();
  await expect(password).toHaveAttribute("autocomplete", "new-password");
  await main.getByRole("button", { name: "Já tem conta? Fazer login" }).click();
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Entrar");
});

test("validation of docs/product.md §5 in pt-BR, without calling the backend", async ({ page }) => {
  const authCalls = requestsTo(page, "/auth/v1/");
  await page.goto("/auth");
  const main = page.getByRole("main");
  const submit = main.getByRole("button", { name: "Entrar", exact: true });
  const email = main.getByLabel("E-mail");
  const password = main.getByLabel("Senha");

  await submit.click();
  await expect(main.getByText("Informe seu e-mail.")).toBeVisible();
  await expect(main.getByText("Informe sua senha.")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toBeFocused();

  await email.fill("nao-e-um-email");
  await expect(main.getByText("Informe um e-mail válido.")).toBeVisible();
  await email.fill("pessoa@empresa.example");
  await expect(main.getByText("Informe um e-mail válido.")).toHaveCount(0);

  // Paste works (people paste passwords from their managers).
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate(() => navigator.clipboard.writeText("12345"));
  await password.focus();
  await page.keyboard.press("ControlOrMeta+V");
  await expect(password).toHaveValue("12345");
  await submit.click();
  await expect(main.getByText("A senha deve ter pelo menos 6 caracteres.")).toBeVisible();
  await expect(password).toBeFocused();
  expect(authCalls).toEqual([]);
});

test.describe("with the backend", () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("wrong credentials: busy state, then a destructive toast with the service's message", async ({ page }) => {
    await page.goto("/auth");
    const main = page.getByRole("main");
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/auth\/v1\/token/, async (route) => {
      await released;
      await route.continue();
    });
    await main.getByLabel("E-mail").fill(`ninguem-${unique()}@omnia.example`);
    await main.getByLabel("Senha").fill("senha-errada");
    await main.getByRole("button", { name: "Entrar", exact: true }).click();

    const busy = main.getByRole("button", { name: "Aguarde..." });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    // Unavailable, yet the focus stays on it (a disabled button would drop it to the page), and
    // another press meanwhile sends nothing.
    await expect(busy).toBeFocused();
    const tokenRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/auth/v1/token")) tokenRequests.push(request.url());
    });
    await page.keyboard.press("Enter");
    release();

    const toast = page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
    await expect(toast).toContainText("Erro");
    await expect(toast).toContainText("E-mail ou senha incorretos.");
    await expect(toast).not.toContainText("Invalid login credentials");
    await expect(toast).toHaveAttribute("data-type", "error");
    await expect(main.getByRole("button", { name: "Entrar", exact: true })).toBeEnabled();
    await expect(main.getByRole("button", { name: "Entrar", exact: true })).toBeFocused();
    expect(tokenRequests).toEqual([]);
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("sign-up creates the account, signs in and leaves /auth; then /auth and /admin send the user away", async ({
    page,
  }) => {
    const email = `leitor-${unique()}@omnia.example`;
    const signupBodies = requestsTo(page, "/auth/v1/signup");
    await page.goto("/auth");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Não tem conta? Criar uma" }).click();
    await main.getByLabel("E-mail").fill(email);
    await main.getByLabel("Senha").fill(PASSWORD);
    await main.getByRole("button", { name: "Criar Conta", exact: true }).click();

    // Not an admin and no ?next=: the home page, where the success toast is still shown.
    await expect(page).toHaveURL((url) => url.pathname === "/");
    const toast = page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
    await expect(toast).toContainText("Conta criada");
    await expect(toast).toContainText("Sua conta foi criada com sucesso.");
    // The e-mail confirmation link points at the site's origin root.
    expect(decodeURIComponent(signupBodies[0] ?? "")).toContain(`redirect_to=${new URL(page.url()).origin}/`);
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => /^sb-.*-auth-token$/.test(key)));
    expect(stored).toHaveLength(1);

    // Already signed in: /auth goes to /, whatever ?next= says.
    await page.goto("/auth");
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await page.goto("/auth?next=/blog");
    await expect(page).toHaveURL((url) => url.pathname === "/");

    // Signed in but not an admin: /admin sends the user to sign in, and never shows the admin.
    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
    });
    await page.goto("/admin");
    await expect.poll(() => visited).toContain("/auth?next=/admin&motivo=sem-acesso");
    await expect(page.getByRole("heading", { name: "Administração do Blog" })).toHaveCount(0);
  });

  test.describe("weak passwords", () => {
    test.use({ allowedConsoleErrors: [/status of 422/] });

    test("a blank password is refused before sending; a common one by the service, in pt-BR", async ({ page }) => {
      const signupCalls = requestsTo(page, "/auth/v1/signup");
      await page.goto("/auth");
      const main = page.getByRole("main");
      await main.getByRole("button", { name: "Não tem conta? Criar uma" }).click();
      const password = main.getByLabel("Senha");
      await main.getByLabel("E-mail").fill(`fraca-${unique()}@omnia.example`);

      await password.fill("      ");
      await main.getByRole("button", { name: "Criar Conta", exact: true }).click();
      await expect(main.getByText("A senha não pode ter apenas espaços.")).toBeVisible();
      expect(signupCalls).toEqual([]);

      await password.fill("password");
      await main.getByRole("button", { name: "Criar Conta", exact: true }).click();
      await expect(main.getByText("Escolha uma senha mais forte: esta é uma das senhas mais comuns.")).toBeVisible();
      await expect(password).toHaveAttribute("aria-invalid", "true");
      await expect(password).toBeFocused();
      expect(signupCalls).toHaveLength(1);
      await expect(page).toHaveURL(/\/auth$/);

      // A stronger one goes through.
      await password.fill(PASSWORD);
      await expect(main.getByText("Escolha uma senha mais forte: esta é uma das senhas mais comuns.")).toHaveCount(0);
      await main.getByRole("button", { name: "Criar Conta", exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/");
    });
  });

  test.describe("a session the server has ended", () => {
    // The server's answer to the ended session's check, which the browser logs.
    test.use({ allowedConsoleErrors: /status of 403/ });

    test("a session the server has ended is dropped on /auth, which stays to sign in again", async ({ page }) => {
      const email = `encerrada-${unique()}@omnia.example`;
      createUser(email, PASSWORD);
      await signIn(page, email, PASSWORD, { expectedPath: "/" });
      // Ended on the server (as "Sair" in another tab does during a token refresh), kept in this tab.
      const stored = await page.evaluate(() => {
        const key = Object.keys(localStorage).find((name) => /^sb-.*-auth-token$/.test(name)) ?? "";
        return JSON.parse(localStorage.getItem(key) ?? "{}") as { access_token?: string };
      });
      const anonKey = /^SUPABASE_ANON_KEY=(\S+)$/m.exec(runAdmin(["keys"]))?.[1] ?? "";
      const logout = await page.request.post("/auth/v1/logout?scope=global", {
        headers: { apikey: anonKey, authorization: `Bearer ${stored.access_token}` },
      });
      expect(logout.status()).toBe(204);
      await page.goto("/auth");
      await expect(page.getByRole("main").getByRole("button", { name: "Entrar", exact: true })).toBeEnabled();
      await expect
        .poll(() => page.evaluate(() => Object.keys(localStorage).filter((name) => /^sb-.*-auth-token$/.test(name))))
        .toEqual([]);
      expect(new URL(page.url()).pathname).toBe("/auth");
    });
  });

  test("sign-in goes to a safe ?next= path and ignores an unsafe one", async ({ page }) => {
    const email = `cliente-${unique()}@omnia.example`;
    createUser(email, PASSWORD);
    await signIn(page, email, PASSWORD, { next: "/blog?origem=login", expectedPath: "/blog" });
    expect(new URL(page.url()).search).toBe("?origem=login");
    const toast = page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
    await expect(toast).toContainText("Login realizado");
    await expect(toast).toContainText("Bem-vindo de volta!");

    await page.evaluate(() => localStorage.clear());
    await signIn(page, email, PASSWORD, { next: "//evil.example/", expectedPath: "/" });
    expect(page.url()).not.toContain("evil.example");
  });
});

// With SMTP_URL (a server of its own, its mail caught by an SMTP server in this test) sign-up waits
// for the link e-mailed to the address, as GoTrue without MAILER_AUTOCONFIRM.
test.describe("sign-up with a mail server", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ allowedConsoleErrors: /status of 400/ });
  const sink = smtpSink();
  let server: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await sink.start();
    const port = await freePort();
    server = await startServer(port, {
      SMTP_URL: sink.url,
      SITE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await sink.stop();
  });

  test("says to open the e-mailed link; the account signs in once it is opened", async ({ page }) => {
    const email = `confirma-${unique()}@omnia.example`;
    await page.goto(`${server.origin}/auth`);
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Não tem conta? Criar uma" }).click();
    await main.getByLabel("E-mail").fill(email);
    await main.getByLabel("Senha").fill(PASSWORD);
    await main.getByRole("button", { name: "Criar Conta", exact: true }).click();

    const toast = page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
    await expect(toast).toContainText("Conta criada");
    await expect(toast).toContainText("Abra o link que enviamos para o seu e-mail para ativar a conta.");
    // Still here, in login mode, saying what to do next.
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Entrar");
    await expect(main.getByRole("status")).toHaveText(
      `Enviamos um link de confirmação para ${email}. Abra o link para ativar a conta e depois entre com seu e-mail e senha.`,
    );
    await expectNoAxeViolations(page);

    // Before the link: refused, in pt-BR.
    await main.getByLabel("Senha").fill(PASSWORD);
    await main.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(toast.filter({ hasText: "Erro" })).toContainText(
      "Confirme seu e-mail antes de entrar: abra o link que enviamos quando a conta foi criada.",
    );

    await expect.poll(() => sink.mails.find((mail) => JSON.stringify(mail.to).includes(email))).toBeTruthy();
    const mail = sink.mails.find((candidate) => JSON.stringify(candidate.to).includes(email))!;
    expect(mail.subject).toBe("Confirme seu e-mail — Omnia");
    const link = /https?:\/\/\S+\/auth\/v1\/verify\S+/.exec(mail.text ?? "")![0];
    // The link confirms and leads to the site's root.
    await page.goto(link);
    await expect(page).toHaveURL(`${server.origin}/`);

    await page.goto(`${server.origin}/auth`);
    await main.getByLabel("E-mail").fill(email);
    await main.getByLabel("Senha").fill(PASSWORD);
    await main.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL(`${server.origin}/`);
    await expect(toast.filter({ hasText: "Login realizado" })).toBeVisible();
  });
});

test.describe("signed-out visitors", () => {
  test("are sent from /admin to /auth?next=/admin and see nothing of the admin", async ({ page }) => {
    const adminTitle = page.getByRole("heading", { name: "Administração do Blog" });
    await page.goto("/admin");
    await expect(page).toHaveURL((url) => url.pathname === "/auth" && url.search === "?next=/admin");
    await expect(adminTitle).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Entrar");
  });
});
