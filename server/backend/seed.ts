// First start of an empty embedded database: a few sample published posts with their tags, and
// one admin account (with an author profile, the posts' byline) whose generated password is
// printed once (docs/product.md, "How the admin role is granted").
//
// Runs once per database, ever: the fact is recorded in auth.embedded_state in the same
// transaction, so deleting every post later does not bring the samples back, and two instances
// starting together on one PostgreSQL seed once (the second blocks on the marker's primary key
// and then finds it taken). A database that already has users or posts (e.g. one migrated from
// Supabase) is marked as seeded without touching it.
import { randomBytes } from "node:crypto";
import type { Hono } from "hono";
import type { Database } from "./db/types.ts";
import type { SigningKeys } from "./keys.ts";
import { createPasswordHasher, insertUser } from "./auth/users.ts";
import { SEED_AUTHOR, SEED_POSTS, SEED_TAGS } from "./seed-posts.ts";

export const SEED_ADMIN_EMAIL = "admin@omnia.example";
const SEED_MARKER = "first-start-seed";

export interface SeedOptions {
  db: Database;
  auth: { keys: SigningKeys; app: Hono };
  log: (line: string) => void;
  /** bcrypt cost for the admin's hash (10, like every other hash; tests may lower it). */
  bcryptCost?: number;
  /** ADMIN_EMAIL: the admin's address; a known default is the first address a guesser tries. */
  adminEmail?: string;
}

/** 20 characters from a 56-symbol alphabet without look-alikes (~116 bits). */
export function generatePassword(length = 20): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // Rejection sampling: no modulo bias.
      if (byte < alphabet.length * Math.floor(256 / alphabet.length) && out.length < length) {
        out += alphabet[byte % alphabet.length];
      }
    }
  }
  return out;
}

/** Seeds a new database; resolves true when it did (then the sample images follow, seed-images.ts). */
export async function seedIfEmpty(opts: SeedOptions): Promise<boolean> {
  const { db } = opts;
  const marked = await db.query("SELECT 1 FROM auth.embedded_state WHERE key = $1", [SEED_MARKER]);
  if (marked.rows.length > 0) return false;

  // Hash before the transaction: PGlite has one connection, and bcrypt takes ~100 ms.
  const adminEmail = opts.adminEmail ?? SEED_ADMIN_EMAIL;
  const password = generatePassword();
  const passwordHash = await createPasswordHasher(opts.bcryptCost ?? 10).hash(password);

  const created = await db.transaction(async (tx) => {
    const marker = await tx.query(
      "INSERT INTO auth.embedded_state (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING",
      [SEED_MARKER, JSON.stringify({ at: new Date().toISOString() })],
    );
    if (marker.rowCount === 0) return false;
    const existing = await tx.query(
      "SELECT (SELECT count(*) FROM auth.users) + (SELECT count(*) FROM public.blog_posts) AS n",
    );
    if (Number((existing.rows[0] as { n: number | string }).n) > 0) return false;

    const now = new Date();
    const admin = await insertUser(tx, { email: adminEmail, passwordHash, confirmedAt: now, now });
    if (!admin) return false;
    await tx.query("INSERT INTO public.user_roles (user_id, role) VALUES ($1, 'admin') ON CONFLICT DO NOTHING", [
      admin.id,
    ]);
    await tx.query("INSERT INTO public.author_profiles (user_id, slug, name, bio) VALUES ($1, $2, $3, $4)", [
      admin.id,
      SEED_AUTHOR.slug,
      SEED_AUTHOR.name,
      SEED_AUTHOR.bio,
    ]);
    for (const tag of SEED_TAGS) {
      await tx.query(
        "INSERT INTO public.tags (slug, name, description) VALUES ($1, $2, $3) ON CONFLICT (slug) DO NOTHING",
        [tag.slug, tag.name, tag.description],
      );
    }
    for (const post of SEED_POSTS) {
      const at = new Date(now.getTime() - post.daysAgo * 86_400_000);
      await tx.query(
        `INSERT INTO public.blog_posts
           (title, slug, excerpt, content, published, author_id, created_at, updated_at, published_at)
         VALUES ($1, $2, $3, $4, true, $5, $6, $6, $6)
         ON CONFLICT (slug) DO NOTHING`,
        [post.title, post.slug, post.excerpt, post.content, admin.id, at],
      );
      await tx.query(
        `INSERT INTO public.post_tags (post_id, tag_id, position)
         SELECT p.id, t.id, (o.n - 1)::smallint
           FROM public.blog_posts p, unnest($2::text[]) WITH ORDINALITY AS o (slug, n)
           JOIN public.tags t ON t.slug = o.slug
          WHERE p.slug = $1`,
        [post.slug, post.tags],
      );
    }
    return true;
  });
  if (!created) return false;
  opts.log(`Seeded ${SEED_POSTS.length} sample blog posts.`);
  opts.log(
    `Admin account created: ${adminEmail} / ${password} ` +
      `(shown once; change it with npm run admin -- set-password ${adminEmail})`,
  );
  return true;
}
