import { expect, test } from "./fixtures";
import { createUser, signIn, unique } from "./support/backend";
import { serviceHeaders } from "./support/leads";
import { visitorHeaders } from "./support/visitor";

// "Atividade" (docs/admin.md): 50 entries at a time, and "Carregar mais" for the next ones. The
// keyboard keeps its place: the button is busy while the page loads, and once the last page took
// it away, the focus is on the first entry that page brought, never on the page's top.

// Sign in from this spec's own address: the per-address sign-in limit is shared by every spec.
test.use({ extraHTTPHeaders: visitorHeaders() });

const id = unique();
const ADMIN_EMAIL = `atividade-${id}@omnia.example`;
const PASSWORD = "atividade-e2e-senha-1";

test.beforeAll(async ({ request }) => {
  createUser(ADMIN_EMAIL, PASSWORD, { admin: true });
  // Sixty entries, more than a page of the log, written as the server's audit does: not through
  // leads, whose deliveries would queue ahead of other specs' (docs/admin.md, "Entregas").
  const written = await request.post("/rest/v1/audit_log", {
    headers: { ...serviceHeaders(), "Content-Type": "application/json", Prefer: "return=minimal" },
    data: Array.from({ length: 60 }, (_, n) => ({
      actor_email: ADMIN_EMAIL,
      action: "post.created",
      target: `Post da atividade ${id} ${n}`,
    })),
  });
  expect(written.ok()).toBe(true);
});

test("Carregar mais keeps the keyboard's place, on the button or on the first new entry", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, PASSWORD, { next: "/admin", expectedPath: "/admin" });
  await page.getByRole("tab", { name: "Atividade" }).click();
  const log = page.getByRole("list", { name: "Atividade recente" });
  await expect(log.getByRole("listitem")).toHaveCount(50);
  const more = page.getByRole("button", { name: "Carregar mais" });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => log.getByRole("listitem").count()).toBeGreaterThan(50);
  // Other specs write to the log meanwhile: a third page may remain, or not.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return "the page";
        if (active.tagName === "BUTTON") return active.textContent;
        return active.tagName === "LI" ? "an entry" : active.tagName;
      }),
    )
    .toMatch(/^(Carregar mais|an entry)$/);
});
