import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createUser, runAdmin, signIn, unique } from "./support/backend";

// Equipe's role pickers (docs/admin.md "Equipe"): a picker only chooses and "Salvar função"
// applies the choice, asking first before making an admin or taking access away; nothing is
// disabled while it saves, so the focus stays; one's own change and a change made elsewhere
// reach the screen's views at once; a pending invitation's picker changes the invitation. The
// invitation e-mail and its acceptance are account-security.spec.ts.

const PASSWORD = "equipe-e2e-senha-1";
const id = unique();
const account = (name: string) => `${name}-equipe-${id}@omnia.example`;

function toasts(page: Page) {
  return page.getByRole("region", { name: /Notifications/ });
}

function tabs(page: Page) {
  return page.getByRole("tablist", { name: "Seções da administração" }).getByRole("tab");
}

async function openTeam(page: Page, email: string) {
  await signIn(page, email, PASSWORD, { next: "/admin", expectedPath: "/admin" });
  await page.getByRole("tab", { name: "Equipe" }).click();
  return page.getByRole("table", { name: "Membros da equipe" });
}

/** The bodies the browser posts to one database function, as they go. */
function rpcCalls(page: Page, name: string): unknown[] {
  const calls: unknown[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === `/rest/v1/rpc/${name}`) calls.push(request.postDataJSON());
  });
  return calls;
}

/**
 * Holds the browser's calls of one database function until `release`; `held` settles when one
 * arrives; `stop` lets the later ones through untouched.
 */
async function holdRpc(page: Page, name: string) {
  let arrived!: () => void;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const matcher = (url: URL) => url.pathname === `/rest/v1/rpc/${name}`;
  await page.route(matcher, async (route) => {
    arrived();
    await released;
    await route.continue();
  });
  return { held, release, stop: () => page.unroute(matcher) };
}

test("a role changes only with Salvar função, and Administrador and Sem acesso are asked first", async ({ page }) => {
  const admin = account("admin");
  const colleague = account("colega");
  createUser(admin, PASSWORD, { admin: true });
  createUser(colleague, PASSWORD);
  runAdmin(["grant-role", colleague, "editor"]);
  const table = await openTeam(page, admin);
  const row = table.getByRole("row").filter({ hasText: colleague });
  const roleCell = row.getByRole("cell").nth(1);
  const picker = row.getByRole("combobox", { name: `Função de ${colleague}` });
  const save = row.getByRole("button", { name: `Salvar função de ${colleague}` });
  const saves = rpcCalls(page, "set_member_role");
  await expect(picker).toHaveValue("editor");
  await expect(save).toHaveAttribute("aria-disabled", "true");

  // One arrow key on the closed picker only chooses: no save, no access granted.
  await picker.focus();
  await page.keyboard.press("ArrowUp");
  await expect(picker).toHaveValue("admin");
  await expect(save).not.toHaveAttribute("aria-disabled");
  await expect(roleCell).toHaveText("Editor");
  await expect(toasts(page)).not.toContainText("Acesso concedido");
  expect(saves).toEqual([]);

  // Saving Administrador asks first, the safe answer focused; "Cancelar" keeps the role.
  await page.keyboard.press("Tab");
  await expect(save).toBeFocused();
  await page.keyboard.press("Enter");
  const grant = page.getByRole("alertdialog", { name: `Tornar ${colleague} administrador?` });
  await expect(grant).toBeVisible();
  await expect(grant.getByRole("button", { name: "Cancelar" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Enter");
  await expect(grant).toBeHidden();
  await expect(picker).toHaveValue("editor");
  await expect(picker).toBeFocused();
  expect(saves).toEqual([]);

  // Confirmed, it saves; meanwhile nothing is disabled, the focus stays on the button, and a
  // second press does nothing.
  await picker.selectOption({ label: "Administrador" });
  const hold = await holdRpc(page, "set_member_role");
  await save.click();
  await grant.getByRole("button", { name: "Tornar administrador" }).click();
  await hold.held;
  const saving = row.getByRole("button", { name: `Salvando função de ${colleague}` });
  await expect(saving).toBeFocused();
  await expect(saving).toHaveAttribute("aria-disabled", "true");
  expect(await saving.evaluate((button) => (button as HTMLButtonElement).disabled)).toBe(false);
  expect(await picker.evaluate((select) => (select as HTMLSelectElement).disabled)).toBe(false);
  await page.keyboard.press("Enter");
  await expect(grant).toBeHidden();
  hold.release();
  await expect(toasts(page)).toContainText(`${colleague} agora tem a função Administrador.`);
  await expect(roleCell).toHaveText("Administrador");
  await expect(save).toBeFocused();
  await expect(save).toHaveAttribute("aria-disabled", "true");
  expect(saves).toEqual([{ member: expect.any(String), new_role: "admin" }]);
  await hold.stop();

  // Sem acesso is asked too.
  await picker.selectOption({ label: "Sem acesso" });
  await save.click();
  const revoke = page.getByRole("alertdialog", { name: `Remover o acesso de ${colleague}?` });
  await expect(revoke.getByRole("button", { name: "Cancelar" })).toBeFocused();
  await revoke.getByRole("button", { name: "Remover acesso" }).click();
  await expect(toasts(page)).toContainText(`${colleague} não tem mais acesso ao painel.`);
  await expect(roleCell).toHaveText("Usuário");
  await expect(picker).toHaveValue("");
  await expect(save).toBeFocused();
  expect(saves).toHaveLength(2);
  await expectNoAxeViolations(page);
});

test("a pending invitation's picker shows the role it gives, and changes the invitation", async ({ page }) => {
  const admin = account("convites");
  const invitee = account("convidada");
  createUser(admin, PASSWORD, { admin: true });
  const table = await openTeam(page, admin);
  const invite = page.getByRole("form", { name: "Convidar colega" });
  await invite.getByLabel("E-mail do colega").fill(invitee);
  await invite.getByRole("button", { name: "Enviar convite" }).click();
  await expect(toasts(page)).toContainText(`Enviamos o convite para ${invitee}.`);
  const row = table.getByRole("row").filter({ hasText: invitee });
  await expect(row).toContainText("Convite pendente · entra como Autor");
  const picker = row.getByRole("combobox", { name: `Função de ${invitee}` });
  const save = row.getByRole("button", { name: `Salvar função de ${invitee}` });
  await expect(picker).toHaveValue("autor");
  const invitations = rpcCalls(page, "set_invited_role");
  const roles = rpcCalls(page, "set_member_role");

  await picker.selectOption({ label: "Vendas" });
  await save.click();
  await expect(toasts(page)).toContainText(`Ao aceitar o convite, ${invitee} entra como Vendas.`);
  await expect(row).toContainText("Convite pendente · entra como Vendas");
  await expect(picker).toHaveValue("vendas");

  // "Sem acesso" is sent too (asked first): the invitation then gives no role.
  await picker.selectOption({ label: "Sem acesso" });
  await save.click();
  const question = page.getByRole("alertdialog", { name: `Convidar ${invitee} sem acesso?` });
  await expect(question.getByRole("button", { name: "Cancelar" })).toBeFocused();
  await question.getByRole("button", { name: "Convidar sem acesso" }).click();
  await expect(toasts(page)).toContainText(`Ao aceitar o convite, ${invitee} entra sem acesso ao painel.`);
  await expect(row).toContainText("Convite pendente");
  await expect(row).not.toContainText("entra como");
  await expect(picker).toHaveValue("");
  expect(invitations).toEqual([
    { member: expect.any(String), new_role: "vendas" },
    { member: expect.any(String), new_role: null },
  ]);
  expect(roles).toEqual([]);
  await expectNoAxeViolations(page);
});

test("an admin who changes their own role is told so and sees that role's views at once", async ({ page }) => {
  const me = account("eu");
  createUser(me, PASSWORD, { admin: true });
  // Another admin, so this one may step down.
  createUser(account("outra-admin"), PASSWORD, { admin: true });
  const table = await openTeam(page, me);
  const row = table.getByRole("row").filter({ hasText: me });
  await row.getByRole("combobox", { name: `Função de ${me}` }).selectOption({ label: "Editor" });
  await row.getByRole("button", { name: `Salvar função de ${me}` }).click();
  const question = page.getByRole("alertdialog", { name: "Deixar de ser administrador?" });
  await expect(question).toContainText("você deixa de ver Equipe, Atividade e Configurações");
  await expect(question.getByRole("button", { name: "Cancelar" })).toBeFocused();
  await question.getByRole("button", { name: "Mudar para Editor" }).click();

  await expect(toasts(page)).toContainText("Sua função agora é Editor.");
  await expect(tabs(page)).toHaveText(["Posts", "Análises", "Imagens", "Tags e autoria", "Segurança"]);
  // Equipe went away with the focus in it: the first view the role allows is open and focused.
  const posts = page.getByRole("tab", { name: "Posts" });
  await expect(posts).toHaveAttribute("aria-selected", "true");
  await expect(posts).toBeFocused();
  await expect(page.getByRole("list", { name: "Posts" })).toBeVisible();
  await expect(toasts(page)).not.toContainText("A pessoa");
  await expectNoAxeViolations(page);
});

test("a member whose role changed elsewhere sees the new views on coming back to the tab", async ({ page }) => {
  const member = account("rebaixada");
  createUser(member, PASSWORD, { admin: true });
  createUser(account("outro-admin"), PASSWORD, { admin: true });
  await openTeam(page, member);
  await expect(page.getByRole("table", { name: "Membros da equipe" })).toBeVisible();

  // An operator (or another admin) makes them a salesperson while the screen is open.
  runAdmin(["grant-role", member, "vendas"]);
  await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
  await expect(tabs(page)).toHaveText([/^Mensagens/, "Análises", "Segurança"]);
  const messages = page.getByRole("tab", { name: /^Mensagens/ });
  await expect(messages).toHaveAttribute("aria-selected", "true");
  await expect(messages).toBeFocused();
  await expect(page.getByRole("table", { name: "Membros da equipe" })).toBeHidden();
});
