import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import * as OTPAuth from "otpauth";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createUser, runAdmin, signIn, unique } from "./support/backend";

// Admin accounts a company can trust: two-factor sign-in enrolled from the admin, the code step
// on /auth, password recovery and invitations through e-mail (the server under test has no
// SMTP_URL, so its messages land as .eml files in DATA_DIR/outbox), the team and the activity log.

const ADMIN_EMAIL = `seguranca-${unique()}@omnia.example`;
const ADMIN_PASSWORD = "seguranca-e2e-senha-1";

test.describe.configure({ mode: "serial" });

// A wrong code and a used link answer 4xx on purpose; the browser logs those.
test.use({ allowedConsoleErrors: /status of (4\d\d)/ });

test.beforeAll(() => {
  createUser(ADMIN_EMAIL, ADMIN_PASSWORD, { admin: true });
});

/** Types a new password and its confirmation (another value tests the mismatch), then presses `button`. */
async function chooseNewPassword(scope: Page | Locator, button: string, password: string, confirmation = password) {
  await scope.getByLabel("Nova senha", { exact: true }).fill(password);
  await scope.getByLabel("Confirme a nova senha").fill(confirmation);
  await scope.getByRole("button", { name: button }).click();
}

/** The newest e-mail of the development outbox addressed to `to` whose subject matches. */
async function newestMail(to: string, subject: RegExp) {
  const dir = join(process.env.E2E_DATA_DIR!, "outbox");
  let found: Awaited<ReturnType<typeof simpleParser>> | undefined;
  await expect
    .poll(
      async () => {
        const files = readdirSync(dir, { withFileTypes: true }).filter((file) => file.name.endsWith(".eml"));
        for (const file of files.toReversed()) {
          const raw = readFileSync(join(dir, file.name));
          if (!raw.includes(to)) continue;
          const mail = await simpleParser(raw);
          const recipients = [mail.to ?? []].flat().map((address) => address.text);
          if (recipients.some((text) => text.includes(to)) && subject.test(mail.subject ?? "")) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: `an e-mail to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The site link in an account e-mail, as a path on the server under test. */
function linkPath(mail: { text?: string }): string {
  const url = new URL(/https?:\/\/\S+\/auth\/(nova-senha|v1\/verify)\S+/.exec(mail.text ?? "")![0]);
  return url.pathname + url.search;
}

const usedSteps = new Set<number>();

/**
 * A code of a time step not used yet: the service accepts a code once (RFC 6238 §5.2) and one
 * step of drift, so this step's code or the next one's; after both, the next step is waited for.
 */
async function freshCode(totp: OTPAuth.TOTP): Promise<string> {
  let step: number | undefined;
  await expect
    .poll(
      () => {
        const current = Math.floor(Date.now() / 30_000);
        step = [current, current + 1].find((candidate) => !usedSteps.has(candidate));
        return step !== undefined;
      },
      { message: "a TOTP step not used yet", timeout: 35_000, intervals: [500] },
    )
    .toBe(true);
  usedSteps.add(step!);
  return totp.generate({ timestamp: step! * 30_000 });
}

function toasts(page: Page) {
  return page.getByRole("region", { name: /Notifications/ });
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

let secret = "";

test("an admin turns on two-factor sign-in and then signs in with password and code", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, { expectedPath: "/admin" });
  await page.getByRole("tab", { name: "Segurança" }).click();
  await expect(page.getByRole("heading", { name: "Segurança da conta" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Cancelled, the form goes and the focus returns to the button it replaced.
  await page.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
  await expect(page.getByLabel("Nome do dispositivo")).toBeFocused();
  await page.getByRole("button", { name: "Cancelar" }).click();
  await expect(page.getByRole("button", { name: "Ativar verificação em duas etapas" })).toBeFocused();

  await page.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
  await expect(page.getByLabel("Nome do dispositivo")).toBeFocused();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByText("Dê um nome ao dispositivo.")).toBeVisible();
  await page.getByLabel("Nome do dispositivo").fill("Celular do trabalho");
  await page.getByRole("button", { name: "Continuar" }).click();

  const qr = page.getByRole("img", { name: "QR code para adicionar esta conta ao aplicativo autenticador" });
  await expect(qr).toBeVisible();
  // The QR code really renders (a broken data URL would have no natural size).
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  secret = (await page.getByLabel("Chave para digitar no aplicativo").innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page);

  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  await page.getByLabel("Código de verificação").fill("12345");
  await page.getByRole("button", { name: "Confirmar e ativar" }).click();
  await expect(page.getByText("O código tem exatamente 6 dígitos.")).toBeVisible();
  // Pasted the way apps show it, with a space.
  const code = await freshCode(totp);
  await page.getByLabel("Código de verificação").fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await page.getByRole("button", { name: "Confirmar e ativar" }).click();
  await expect(toasts(page).getByText("Verificação ativada")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Autenticadores ativos" }).getByText("Celular do trabalho"),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Adicionar outro autenticador" })).toBeFocused();

  // Sign out, then in again: the password alone is not enough.
  await page.getByRole("button", { name: "Sair", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await page.goto("/auth?next=/admin");
  await page.getByLabel("E-mail").fill(ADMIN_EMAIL);
  await page.getByLabel("Senha").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Verificação em duas etapas" })).toBeVisible();
  await expect(page.getByLabel("Código de verificação")).toBeFocused();
  await expectNoAxeViolations(page);

  const wrong = String((Number(totp.generate()) + 500_000) % 1_000_000).padStart(6, "0");
  await page.getByLabel("Código de verificação").fill(wrong);
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page.getByText("Código inválido ou expirado. Confira o aplicativo e tente novamente.")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/auth");

  await page.getByLabel("Código de verificação").fill(await freshCode(totp));
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Administração do Blog" })).toBeVisible();
  await expect(toasts(page).getByText("Login realizado")).toBeVisible();
});

test("an admin invites a colleague, who sets a password from the e-mail; admin is granted and revoked; the activity lists it all", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  await page.goto("/auth?next=/admin");
  await page.getByLabel("E-mail").fill(ADMIN_EMAIL);
  await page.getByLabel("Senha").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.getByLabel("Código de verificação").fill(await freshCode(totp));
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin");

  await page.getByRole("tab", { name: "Equipe" }).click();
  const colleague = `colega-${unique()}@omnia.example`;
  const invite = page.getByRole("form", { name: "Convidar colega" });
  await invite.getByRole("button", { name: "Enviar convite" }).click();
  await expect(invite.getByText("Informe o e-mail do colega.")).toBeVisible();
  await invite.getByLabel("E-mail do colega").fill(colleague);
  // The invitation carries a role: a writer's unless another is picked.
  const invitedRole = invite.getByRole("combobox", { name: "Função" });
  await expect(invitedRole).toHaveValue("autor");
  await invitedRole.selectOption({ label: "Vendas" });
  await invite.getByRole("button", { name: "Enviar convite" }).click();
  await expect(toasts(page).getByText(`Enviamos o convite para ${colleague}.`)).toBeVisible();
  const table = page.getByRole("table", { name: "Membros da equipe" });
  await expect(table.getByRole("row").filter({ hasText: colleague })).toContainText(
    "Convite pendente · entra como Vendas",
  );
  await expectNoAxeViolations(page);

  // The colleague follows the e-mail's link in their own browser.
  const mail = await newestMail(colleague, /Convite/);
  const other = await freshPage(browser);
  await other.goto(linkPath(mail));
  await expect(other.getByRole("heading", { name: "Crie sua senha" })).toBeVisible();
  await expectNoAxeViolations(other);
  await chooseNewPassword(other, "Criar senha e entrar", "colega-senha-123", "colega-senha-12");
  await expect(other.getByText("As senhas não coincidem.")).toBeVisible();
  await other.getByLabel("Confirme a nova senha").fill("colega-senha-123");
  // Typed again, the field's message goes until the next submission.
  await expect(other.getByText("As senhas não coincidem.")).toHaveCount(0);
  await other.getByRole("button", { name: "Criar senha e entrar" }).click();
  // With the invited role already theirs, they land in the admin, seeing sales' views.
  await expect(other).toHaveURL((url) => url.pathname === "/admin");
  await expect(other.getByRole("tab", { name: /^Mensagens/ })).toBeVisible();
  // The link worked once.
  await other.goto(linkPath(mail));
  await chooseNewPassword(other, "Criar senha e entrar", "outra-senha-456");
  await expect(other.getByRole("heading", { name: "Link inválido ou expirado" })).toBeVisible();
  // The card replaced the form under the focus: its way on takes it.
  await expect(other.getByRole("link", { name: "Ir para o login" })).toBeFocused();
  await other.context().close();

  // Grant, then revoke.
  await page.reload();
  await page.getByRole("tab", { name: "Equipe" }).click();
  const row = table.getByRole("row").filter({ hasText: colleague });
  await expect(row).toContainText("Convite aceito");
  // Accepting gave the invited role.
  await expect(row.getByRole("combobox", { name: `Função de ${colleague}` })).toHaveValue("vendas");
  // An account made without an invitation says nothing of one.
  await expect(table.getByRole("row").filter({ hasText: ADMIN_EMAIL })).not.toContainText("Convite");
  // One role per account, from the picker ("Sem acesso" is none), applied with "Salvar função"
  // after a question (the pickers themselves: team.spec.ts).
  const picker = row.getByRole("combobox", { name: `Função de ${colleague}` });
  const save = row.getByRole("button", { name: `Salvar função de ${colleague}` });
  await picker.selectOption("admin");
  await save.click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Tornar administrador" }).click();
  await expect(toasts(page).getByText("Acesso concedido")).toBeVisible();
  await expect(picker).toHaveValue("admin");
  await picker.selectOption("");
  await save.click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remover acesso" }).click();
  await expect(toasts(page).getByText("Acesso removido")).toBeVisible();
  await expect(picker).toHaveValue("");
  await expect(row.getByRole("cell").nth(1)).toContainText("Usuário");

  await page.getByRole("tab", { name: "Atividade" }).click();
  const log = page.getByRole("list", { name: "Atividade recente" });
  for (const action of [
    "Verificação em duas etapas ativada",
    "Colega convidado",
    "Função concedida",
    "Função removida",
  ]) {
    await expect(log.getByRole("listitem").filter({ hasText: action }).first()).toBeVisible();
  }
  // Who and from where: the enrolment names the admin and the address it came from.
  const enrolled = log.getByRole("listitem").filter({ hasText: "Verificação em duas etapas ativada" }).first();
  await expect(enrolled).toContainText(ADMIN_EMAIL);
  await expect(enrolled).toContainText(/\d+\.\d+\.\d+\.\d+|::/);
  await page.getByLabel("Tipo de ação").selectOption({ label: "Colega convidado" });
  // Only invitations (other specs' admins invite too, in parallel): this one once.
  await expect(
    log.getByRole("listitem").filter({ hasText: `${ADMIN_EMAIL} convidou ${colleague} para a equipe` }),
  ).toHaveCount(1);
  await expect(log.getByRole("listitem").filter({ hasNotText: "convidou" })).toHaveCount(0);
  await expect(log).toContainText(colleague);
  await expectNoAxeViolations(page);
});

test("an admin changes the password with the current one, and the e-mail only once both addresses confirm", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const email = `troca-${unique()}@omnia.example`;
  const next = `trocada-${unique()}@omnia.example`;
  createUser(email, "troca-senha-antiga-1", { admin: true });
  await signIn(page, email, "troca-senha-antiga-1", { next: "/admin", expectedPath: "/admin" });
  await page.getByRole("tab", { name: "Segurança" }).click();

  // "Alterar senha" asks the current password, and the service checks it.
  const password = page.getByRole("form", { name: "Alterar senha" });
  await password.getByLabel("Senha atual").fill("não-é-esta");
  await chooseNewPassword(password, "Alterar senha", "troca-senha-nova-2");
  await expect(password.getByText("A senha atual não confere.")).toBeVisible();
  await password.getByLabel("Senha atual").fill("troca-senha-antiga-1");
  await password.getByRole("button", { name: "Alterar senha" }).click();
  await expect(toasts(page).getByText("Senha alterada")).toBeVisible();

  // "Alterar e-mail": nothing changes until both links are opened.
  const change = page.getByRole("form", { name: "Alterar e-mail" });
  await expect(page.getByText(`E-mail atual: ${email}`)).toBeVisible();
  await change.getByLabel("Novo e-mail").fill(next);
  await change.getByRole("button", { name: "Alterar e-mail" }).click();
  await expect(
    toasts(page).getByText(`Enviamos um link para ${email} e outro para ${next}.`, { exact: false }),
  ).toBeVisible();
  await expect(page.getByText(`Troca para ${next} aguardando confirmação`, { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);

  const toCurrent = await newestMail(email, /Confirme a troca de e-mail/);
  const toNext = await newestMail(next, /Confirme a troca de e-mail/);
  const visitor = await freshPage(page.context().browser()!);
  await visitor.goto(linkPath(toCurrent));
  await expect(visitor).toHaveURL((url) => url.pathname === "/");
  await page.reload();
  await page.getByRole("tab", { name: "Segurança" }).click();
  await expect(page.getByText(`E-mail atual: ${email}`)).toBeVisible();
  await visitor.goto(linkPath(toNext));
  await expect(visitor).toHaveURL((url) => url.pathname === "/");
  await visitor.context().close();
  await page.reload();
  await page.getByRole("tab", { name: "Segurança" }).click();
  await expect(page.getByText(`E-mail atual: ${next}`)).toBeVisible();
  await expect(page.getByText("aguardando confirmação", { exact: false })).toHaveCount(0);

  // The new address and the new password are the account's now.
  await page.getByRole("button", { name: "Sair", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await signIn(page, next, "troca-senha-nova-2", { next: "/admin", expectedPath: "/admin" });
});

test("an operator removes the authenticator of an admin who lost their phone", async ({ page }) => {
  expect(runAdmin(["remove-2fa", ADMIN_EMAIL])).toContain(`Removed 1 authenticator(s) of ${ADMIN_EMAIL}`);
  // The password alone leads straight to the admin again.
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, { next: "/admin", expectedPath: "/admin" });
  await page.getByRole("tab", { name: "Segurança" }).click();
  await expect(page.getByRole("button", { name: "Ativar verificação em duas etapas" })).toBeVisible();
});

test("a forgotten password is reset from the e-mailed link", async ({ page }) => {
  test.setTimeout(60_000);
  const email = `esqueci-${unique()}@omnia.example`;
  createUser(email, "senha-antiga-123");
  await page.goto("/auth");
  await page.getByRole("button", { name: "Esqueci minha senha" }).click();
  await expect(page.getByRole("heading", { name: "Recuperar senha" })).toBeVisible();
  await expect(page.getByLabel("E-mail")).toBeFocused();
  await expect(page.getByLabel("Senha", { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(toasts(page).getByText("Verifique seu e-mail")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Entrar" })).toBeVisible();

  const mail = await newestMail(email, /Redefinir/);
  await page.goto(linkPath(mail));
  await expect(page.getByRole("heading", { name: "Escolha uma nova senha" })).toBeVisible();
  await chooseNewPassword(page, "Salvar nova senha", "senha-nova-456");
  await expect(toasts(page).getByText("Senha alterada")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/");

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, email, "senha-nova-456", { expectedPath: "/" });
});

test("Sair de todos os dispositivos ends this session too, and /auth says why", async ({ page }) => {
  const email = `todos-${unique()}@omnia.example`;
  createUser(email, ADMIN_PASSWORD, { admin: true });
  await signIn(page, email, ADMIN_PASSWORD, { expectedPath: "/admin" });
  await page.getByRole("tab", { name: "Segurança" }).click();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Sair de todos os dispositivos" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/auth" && url.searchParams.get("motivo") === "saiu-de-todos");
  await expect(page.getByText("Você saiu de todos os dispositivos. Entre novamente para continuar.")).toBeVisible();
  // Signing in again goes back to the admin.
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin");
});
