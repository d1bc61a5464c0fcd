import { execFileSync } from "node:child_process";
import * as OTPAuth from "otpauth";
import { startServer, type RunningServer } from "../../scripts/bench/serve.ts";
import { freePort } from "../../server/backend/testing/postgres-cluster.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { unique } from "./support/backend";

// ADMIN_REQUIRE_MFA=1 on a server of its own (the shared test server runs with it off): an admin
// without an authenticator sees only the enrolment until they add one, then the whole admin.

const EMAIL = `exige-2fa-${unique()}@omnia.example`;
const PASSWORD = "exige-2fa-senha-1";

let server: RunningServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer(await freePort(), { ADMIN_REQUIRE_MFA: "1", LOG_LEVEL: "warn" });
  // The operator command reaches this server through its data directory's lock file.
  execFileSync("npm", ["run", "--silent", "admin", "--", "create-user", EMAIL, "--password", PASSWORD, "--admin"], {
    env: { ...process.env, DATA_DIR: server.dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test("with ADMIN_REQUIRE_MFA, an admin enrols an authenticator before anything else", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${server.origin}/auth?next=/admin`);
  await page.getByLabel("E-mail").fill(EMAIL);
  await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin");

  await expect(page.getByRole("heading", { name: "Segurança da conta" })).toBeVisible();
  await expect(page.getByText(/esta administração exige um segundo fator em todas as contas/)).toBeVisible();
  // Nothing else of the admin: no tabs, no posts, no "Novo Post".
  await expect(page.getByRole("tablist")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Novo Post" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
  await page.getByLabel("Nome do dispositivo").fill("Celular");
  await page.getByRole("button", { name: "Continuar" }).click();
  const secret = (await page.getByLabel("Chave para digitar no aplicativo").innerText()).trim();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  await page.getByLabel("Código de verificação").fill(totp.generate());
  await page.getByRole("button", { name: "Confirmar e ativar" }).click();

  // Enrolled (and the session is aal2): the whole admin opens.
  await expect(page.getByRole("tablist", { name: "Seções da administração" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Novo Post" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Posts" })).toBeVisible();
});
