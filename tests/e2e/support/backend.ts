import { execFileSync } from "node:child_process";
import { expect, type Page } from "@playwright/test";

// Helpers for specs that need accounts or rows: they go through the operator CLI (which
// reaches the running test server through the data directory's lock file) and the same
// public REST API the browser uses.

/** Runs an operator command (`npm run admin -- …`) against this test run's server. */
export function runAdmin(args: string[]): string {
  return execFileSync("npm", ["run", "--silent", "admin", "--", ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** A confirmed user with a known password, created once per test run. */
export function createUser(email: string, password: string, options: { admin?: boolean } = {}): void {
  runAdmin(["create-user", email, "--password", password, ...(options.admin ? ["--admin"] : [])]);
}

/** A unique suffix so specs running side by side never collide on slugs or e-mails. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Signs in through the real /auth screen and waits until it has left for `expectedPath`. */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  options: { next?: string; expectedPath: string | RegExp },
) {
  await page.goto(options.next ? `/auth?next=${encodeURIComponent(options.next)}` : "/auth");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL((url) =>
    typeof options.expectedPath === "string"
      ? url.pathname === options.expectedPath
      : options.expectedPath.test(url.pathname),
  );
}

/** A promise and the function that settles it (tsconfig's lib predates Promise.withResolvers). */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Holds the browser's image uploads to Storage until `release` is called, so a spec can act while
 * one is under way; `held` settles when the first one arrives. The requests then go on to the
 * real server unchanged.
 */
export async function holdImageUploads(page: Page): Promise<{ held: Promise<void>; release: () => void }> {
  const arrived = signal();
  const released = signal();
  await page.route(
    (url) => url.pathname.startsWith("/storage/v1/object/blog-images/"),
    async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      arrived.resolve();
      await released.promise;
      await route.continue();
    },
  );
  return { held: arrived.promise, release: released.resolve };
}

/**
 * The stored copies of a post in the editor's slots, one per editor session
 * (app/lib/admin/post-draft.ts): "new" for a post not saved yet.
 */
export function storedPostCopies(page: Page, post = "new"): Promise<string[]> {
  return page.evaluate((prefix) => {
    const copies: string[] = [];
    for (let index = 0; index < window.localStorage.length; index++) {
      const key = window.localStorage.key(index) ?? "";
      if (key.startsWith(prefix)) copies.push(window.localStorage.getItem(key) ?? "");
    }
    return copies;
  }, `omnia:post-draft:${post}:session:`);
}
