// GoTrue's admin user API (internal/api/admin.go), for the service-role key only: what the
// operator commands and supabase-js's `auth.admin.*` use. A missing bearer is 401
// no_authorization; a valid token of another role is 403 not_admin "User not allowed".
import type { Context, Hono } from "hono";
import type { Queryable } from "../db/types.ts";
import { checkNewPassword, isPlainObject, readBody, verifiedClaims } from "./context.ts";
import type { AuthContext } from "./context.ts";
import { AuthError, errors } from "./errors.ts";
import {
  USER_COLUMNS,
  findUserByEmail,
  findUserById,
  insertUser,
  listFactors,
  normalizeEmail,
  serializeUser,
} from "./users.ts";
import type { UserRow } from "./users.ts";

const ADMIN_ROLES = new Set(["service_role", "supabase_admin"]);

async function requireAdmin(ctx: AuthContext, c: Context): Promise<void> {
  const claims = await verifiedClaims(ctx, c);
  if (typeof claims["role"] !== "string" || !ADMIN_ROLES.has(claims["role"])) throw errors.notAdmin();
}

const emailExists = () =>
  new AuthError(422, "email_exists", "A user with this email address has already been registered");

async function serialize(tx: Queryable, user: UserRow): Promise<Record<string, unknown>> {
  return serializeUser(user, await listFactors(tx, user.id));
}

export function registerAdminRoutes(app: Hono, ctx: AuthContext): void {
  const { db } = ctx;
  app.use("/admin/*", async (c, next) => {
    await requireAdmin(ctx, c);
    await next();
  });

  app.post("/admin/users", async (c) => {
    const body = await readBody(c);
    const email = normalizeEmail(body["email"]);
    if (!email) throw errors.validation("Unable to validate email address: invalid format");
    // GoTrue allows creating a user without a password (they would sign in another way);
    // with e-mail + password as the only method, such a user simply cannot sign in.
    const passwordHash =
      body["password"] === undefined ? null : await ctx.hasher.hash(checkNewPassword(body["password"]));
    const userMetadata = isPlainObject(body["user_metadata"]) ? body["user_metadata"] : {};
    const appMetadata = isPlainObject(body["app_metadata"]) ? body["app_metadata"] : {};
    const now = new Date(ctx.tokens.now());
    const user = await db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        email,
        passwordHash,
        confirmedAt: body["email_confirm"] === true ? now : null,
        userMetadata,
        appMetadata,
        now,
      });
      if (!created) throw emailExists();
      return serialize(tx, created);
    });
    return c.json(user);
  });

  app.get("/admin/users", async (c) => {
    const page = positiveInt(c.req.query("page"), 1);
    const perPage = Math.min(positiveInt(c.req.query("per_page"), 50), 1000);
    const filter = c.req.query("filter")?.trim() ?? "";
    const { page: users, total } = await db.transaction(async (tx) => {
      // `filter` is GoTrue's case-insensitive substring match on the e-mail.
      const pattern = `%${filter.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const where = filter ? "WHERE email ILIKE $3" : "";
      const extra = filter ? [pattern] : [];
      const count = await tx.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM auth.users ${where.replace("$3", "$1")}`,
        extra,
      );
      const { rows } = await tx.query<UserRow>(
        `SELECT ${USER_COLUMNS} FROM auth.users ${where} ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`,
        [perPage, (page - 1) * perPage, ...extra],
      );
      const serialized = [];
      for (const row of rows) serialized.push(await serialize(tx, row));
      return { page: serialized, total: Number(count.rows[0]?.n ?? 0) };
    });
    // GoTrue's pagination headers, which auth-js's listUsers() parses into nextPage/lastPage/total.
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const links: string[] = [];
    if (page < lastPage) links.push(`</auth/v1/admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`</auth/v1/admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    c.header("X-Total-Count", String(total));
    c.header("Link", links.join(", "));
    return c.json({ users, aud: "authenticated" });
  });

  app.get("/admin/users/:id", async (c) => {
    const user = await db.transaction(async (tx) => {
      const found = await findUserById(tx, c.req.param("id"));
      if (!found) throw errors.userNotFound();
      return serialize(tx, found);
    });
    return c.json(user);
  });

  app.put("/admin/users/:id", async (c) => {
    const id = c.req.param("id");
    const body = await readBody(c);
    const email = body["email"] === undefined ? null : normalizeEmail(body["email"]);
    if (body["email"] !== undefined && !email)
      throw errors.validation("Unable to validate email address: invalid format");
    const passwordHash =
      body["password"] === undefined ? null : await ctx.hasher.hash(checkNewPassword(body["password"]));
    for (const key of ["user_metadata", "app_metadata"]) {
      if (body[key] !== undefined && !isPlainObject(body[key])) throw errors.validation(`${key} must be an object`);
    }
    const now = new Date(ctx.tokens.now());
    const user = await db.transaction(async (tx) => {
      const existing = await findUserById(tx, id);
      if (!existing) throw errors.userNotFound();
      if (email && email !== existing.email) {
        const taken = await findUserByEmail(tx, email);
        if (taken && taken.id !== id) throw emailExists();
        await tx.query(
          `UPDATE auth.users SET email = $2, raw_user_meta_data = raw_user_meta_data || jsonb_build_object('email', $2::text)
           WHERE id = $1`,
          [id, email],
        );
      }
      if (passwordHash)
        await tx.query("UPDATE auth.users SET encrypted_password = $2 WHERE id = $1", [id, passwordHash]);
      if (body["email_confirm"] === true) {
        await tx.query("UPDATE auth.users SET email_confirmed_at = coalesce(email_confirmed_at, $2) WHERE id = $1", [
          id,
          now,
        ]);
      }
      if (isPlainObject(body["user_metadata"])) {
        await tx.query("UPDATE auth.users SET raw_user_meta_data = raw_user_meta_data || $2::jsonb WHERE id = $1", [
          id,
          JSON.stringify(body["user_metadata"]),
        ]);
      }
      if (isPlainObject(body["app_metadata"])) {
        await tx.query("UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || $2::jsonb WHERE id = $1", [
          id,
          JSON.stringify(body["app_metadata"]),
        ]);
      }
      await tx.query("UPDATE auth.users SET updated_at = $2 WHERE id = $1", [id, now]);
      const updated = await findUserById(tx, id);
      if (!updated) throw errors.userNotFound();
      return serialize(tx, updated);
    });
    return c.json(user);
  });

  app.delete("/admin/users/:id", async (c) => {
    await db.transaction(async (tx) => {
      const existing = await findUserById(tx, c.req.param("id"));
      if (!existing) throw errors.userNotFound();
      // Sessions, refresh tokens, factors (and public.user_roles) go with it: ON DELETE CASCADE.
      await tx.query("DELETE FROM auth.users WHERE id = $1", [existing.id]);
    });
    return c.json({});
  });
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}
