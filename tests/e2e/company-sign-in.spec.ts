import { startServer, type RunningServer } from "../../scripts/bench/serve.ts";
import { startTestProvider, type TestProvider } from "../../server/backend/auth/oidc-provider.testing.ts";
import { freePort } from "../../server/backend/testing/postgres-cluster.ts";
import { expect, test } from "./fixtures";
import { unique } from "./support/backend";

// Company sign-in in Chromium: "Entrar com Google" on /auth, the provider's own login pages (a
// real OpenID provider on a local port, oidc-provider's development screens), and back signed in.
// A server of its own, configured with that provider as Google and omnia.example as the one
// allowed domain.

const ALLOWED = `equipe-${unique()}`;
const FOREIGN = `fora-${unique()}`;

let provider: TestProvider;
let server: RunningServer;
let origin: string;

test.describe.configure({ mode: "serial" });

// The provider's development screens link a web font this machine cannot resolve, and it has no
// favicon; the browser logs both. (One pattern: an array here would read as fixture options.)
test.use({ allowedConsoleErrors: /net::ERR_NAME_NOT_RESOLVED|status of 404/ });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  provider = await startTestProvider({
    redirectUri: `${origin}/auth/v1/callback`,
    accounts: {
      [ALLOWED]: { email: `${ALLOWED}@omnia.example`, email_verified: true, name: "Equipe Omnia" },
      [FOREIGN]: { email: `${FOREIGN}@outra.example`, email_verified: true },
    },
  });
  server = await startServer(
    port,
    {
      SITE_URL: origin,
      LOG_LEVEL: "warn",
      AUTH_OIDC_GOOGLE_ISSUER: provider.issuer,
      AUTH_OIDC_GOOGLE_CLIENT_ID: provider.clientId,
      AUTH_OIDC_GOOGLE_CLIENT_SECRET: provider.clientSecret,
      AUTH_SSO_ALLOWED_DOMAINS: "omnia.example",
    },
    200_000,
  );
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

/** The provider's development login and consent screens, as a person fills them. */
async function loginAtProvider(page: import("@playwright/test").Page, login: string) {
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("qualquer");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** The e-mail of the session supabase-js keeps in this tab, if any. */
async function sessionEmail(page: import("@playwright/test").Page): Promise<string | null> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? "";
      if (!key.endsWith("-auth-token")) continue;
      const stored = JSON.parse(localStorage.getItem(key) ?? "null") as { user?: { email?: string } } | null;
      return stored?.user?.email ?? null;
    }
    return null;
  });
}

test("a company address signs in with Google, without a role", async ({ page }) => {
  await page.goto(`${origin}/auth`);
  await page.getByRole("button", { name: "Entrar com Google" }).click();
  await loginAtProvider(page, ALLOWED);
  // Back on the site, signed in; without a role, not the admin (docs/product.md §2).
  await expect(page.getByText("Login realizado")).toBeVisible();
  await page.waitForURL(`${origin}/`);
  expect(await sessionEmail(page)).toBe(`${ALLOWED}@omnia.example`);
  // The spec's rule: /admin sends a user without a role to /auth, which sends a signed-in one to /,
  // saying why.
  await page.goto(`${origin}/admin`);
  await page.waitForURL(`${origin}/`);
  await expect(page.getByText("Sem acesso à administração")).toBeVisible();
});

test("an address of another domain is refused, in Portuguese", async ({ page }) => {
  await page.goto(`${origin}/auth`);
  await page.getByRole("button", { name: "Entrar com Google" }).click();
  await loginAtProvider(page, FOREIGN);
  await expect(page.getByText("Este e-mail não tem acesso. Entre com o e-mail da empresa.")).toBeVisible();
  await expect(page).toHaveURL(`${origin}/auth`);
  expect(await sessionEmail(page)).toBeNull();
});

test("no provider configured, no button", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: "Entrar", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Entrar com Google" })).toHaveCount(0);
});
