import { execFileSync } from "node:child_process";
import { startServer, type RunningServer } from "../../scripts/bench/serve.ts";
import { freePort } from "../../server/backend/testing/postgres-cluster.ts";
import { expect, test } from "./fixtures";
import { unique } from "./support/backend";

// Passkeys as the second factor, in Chromium with a virtual authenticator (the DevTools
// protocol's WebAuthn domain). A server of its own: a passkey's relying party is SITE_URL, and a
// browser accepts only a domain name as its RP ID, so the pages are opened at
// http://localhost:<port>, the SITE_URL this server is given (the shared one says localhost:3000).

const EMAIL = `chave-${unique()}@omnia.example`;
const PASSWORD = "chave-de-acesso-senha-1";

let server: RunningServer;
let origin: string;

test.describe.configure({ mode: "serial" });

// "Sair" ends the session everywhere while the admin's panels may still be fetching with it:
// those requests answer 401, and the browser logs them (as in account-security.spec.ts).
test.use({ allowedConsoleErrors: /status of 401/ });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = await startServer(port, { SITE_URL: origin, LOG_LEVEL: "warn" });
  execFileSync("npm", ["run", "--silent", "admin", "--", "create-user", EMAIL, "--password", PASSWORD, "--admin"], {
    env: { ...process.env, DATA_DIR: server.dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test("an admin adds a passkey, signs in with it, and removes it", async ({ page }) => {
  test.setTimeout(90_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  // A roaming security key (supabase-js asks for a cross-platform authenticator) that says yes.
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "usb",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  const signInWithPassword = async () => {
    await page.goto(`${origin}/auth?next=/admin`);
    await page.getByLabel("E-mail").fill(EMAIL);
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
  };

  await signInWithPassword();
  await expect(page).toHaveURL((url) => url.pathname === "/admin");
  await page.getByRole("tab", { name: "Segurança" }).click();
  await expect(page.getByRole("heading", { name: "Chaves de acesso" })).toBeVisible();
  await page.getByLabel("Nome da chave").fill("Chave USB");
  await page.getByRole("button", { name: "Adicionar chave de acesso" }).click();
  await expect(page.getByText("Chave de acesso adicionada")).toBeVisible();
  await expect(page.getByRole("list", { name: "Chaves de acesso ativas" }).getByText("Chave USB")).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);

  // A new sign-in: after the password, the passkey is offered first and is enough.
  await page.getByRole("button", { name: "Sair", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await signInWithPassword();
  await expect(page.getByRole("heading", { name: "Verificação em duas etapas" })).toBeVisible();
  const usePasskey = page.getByRole("button", { name: "Usar chave de acesso" });
  await expect(usePasskey).toBeFocused();
  // The key says no: told so, with no other way offered (this account has no authenticator app),
  // and the focus stays on the button to try again.
  await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: false });
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("alert").filter({ hasText: "Não foi possível confirmar com a chave de acesso. Tente de novo." }),
  ).toHaveText("Não foi possível confirmar com a chave de acesso. Tente de novo.");
  await expect(usePasskey).toBeFocused();
  await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: true });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.pathname === "/admin");
  await expect(page.getByRole("tablist", { name: "Seções da administração" })).toBeVisible();
  const used = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(used.credentials[0]?.signCount).toBeGreaterThan(0);

  // Removed from the aal2 session it opened; the next sign-in asks only the password.
  await page.getByRole("tab", { name: "Segurança" }).click();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Remover a chave de acesso Chave USB" }).click();
  await expect(page.getByText("Chave de acesso removida")).toBeVisible();
  await expect(page.getByRole("list", { name: "Chaves de acesso ativas" })).toHaveCount(0);
  // The row went with the focus on its button: the focus moves to the way to add one, not the page.
  await expect(page.getByLabel("Nome da chave")).toBeFocused();
  await page.getByRole("button", { name: "Sair", exact: true }).click();
  // Signed out once the home page shows: navigating earlier aborts the logout, and /auth then
  // finds the session still open.
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await signInWithPassword();
  await expect(page).toHaveURL((url) => url.pathname === "/admin");
  await expect(page.getByRole("tablist", { name: "Seções da administração" })).toBeVisible();
});
