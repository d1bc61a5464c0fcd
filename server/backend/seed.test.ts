// The first-start seed on a real PGlite database: posts + one admin whose password is printed
// once and works, exactly once per database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startTestBackend } from "./auth/test-support.ts";
import type { TestBackend } from "./auth/test-support.ts";
import { SEED_ADMIN_EMAIL, generatePassword, seedIfEmpty } from "./seed.ts";
import { SEED_POSTS } from "./seed-posts.ts";

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend?.close();
});

const seed = (log: (line: string) => void) => seedIfEmpty({ db: backend.db, auth: backend.auth, log, bcryptCost: 4 });

describe("seedIfEmpty", () => {
  it("seeds posts and one admin once, even when called concurrently, and never again", async () => {
    const lines: string[] = [];
    await Promise.all([seed((l) => lines.push(l)), seed((l) => lines.push(l))]);
    const credentials = lines.filter((l) => l.startsWith("Admin account created"));
    expect(credentials).toHaveLength(1);
    const password = /: admin@omnia\.example \/ (\S+) /.exec(credentials[0]!)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);

    const posts = await backend.db.query<{ slug: string; published: boolean }>(
      "SELECT slug, published FROM public.blog_posts",
    );
    expect(posts.rows.map((p) => p.slug).toSorted()).toEqual(SEED_POSTS.map((p) => p.slug).toSorted());
    expect(posts.rows.every((p) => p.published)).toBe(true);

    // The printed password signs in, and the account holds the admin role.
    const signIn = await call(backend.auth, "POST", "/token?grant_type=password", {
      body: { email: SEED_ADMIN_EMAIL, password },
    });
    expect(signIn.status).toBe(200);
    const userId = (signIn.body["user"] as { id: string }).id;
    const roles = await backend.db.query("SELECT role::text FROM public.user_roles WHERE user_id = $1", [userId]);
    expect(roles.rows).toEqual([{ role: "admin" }]);

    // A fresh install shows the editorial blog: tags on every sample, the admin's author profile
    // as their byline, and each live since its creation date.
    const tagged = await backend.db.query<{ slug: string; tags: string[]; byline: string | null; live: boolean }>(
      `SELECT p.slug, array(SELECT t.slug FROM public.post_tags pt JOIN public.tags t ON t.id = pt.tag_id
                            WHERE pt.post_id = p.id ORDER BY pt.position) AS tags,
              a.name AS byline, p.published_at = p.created_at AS live
         FROM public.blog_posts p LEFT JOIN public.author_profiles a ON a.user_id = p.author_id`,
    );
    expect(tagged.rows.toSorted((a, b) => a.slug.localeCompare(b.slug))).toEqual(
      SEED_POSTS.map((p) => ({ slug: p.slug, tags: [...p.tags], byline: "Equipe Omnia", live: true })).toSorted(
        (a, b) => a.slug.localeCompare(b.slug),
      ),
    );

    // Deleting every post does not bring the samples back.
    await backend.db.query("DELETE FROM public.blog_posts");
    const later: string[] = [];
    await seed((l) => later.push(l));
    expect(later).toEqual([]);
    expect((await backend.db.query("SELECT 1 FROM public.blog_posts")).rows).toHaveLength(0);
  });

  it("creates the admin under ADMIN_EMAIL when given, so the address is not the well-known default", async () => {
    const own = await startTestBackend();
    try {
      const lines: string[] = [];
      await seedIfEmpty({
        db: own.db,
        auth: own.auth,
        log: (l) => lines.push(l),
        bcryptCost: 4,
        adminEmail: "ti@empresa.example",
      });
      const credentials = lines.find((l) => l.startsWith("Admin account created")) ?? "";
      expect(credentials).toContain("set-password ti@empresa.example");
      const password = /: ti@empresa\.example \/ (\S+) /.exec(credentials)?.[1];
      const signIn = await call(own.auth, "POST", "/token?grant_type=password", {
        body: { email: "ti@empresa.example", password },
      });
      expect(signIn.status).toBe(200);
      const { rows } = await own.db.query("SELECT 1 FROM auth.users WHERE email = $1", [SEED_ADMIN_EMAIL]);
      expect(rows).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it("generates strong passwords", () => {
    const seen = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(seen.size).toBe(50);
    for (const p of seen) expect(p).toMatch(/^[A-HJ-NP-Za-km-z2-9]{20}$/);
  });
});
