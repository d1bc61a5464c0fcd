// GoTrue's admin user API (internal/api/admin.go), for the service-role key only: what the
// operator commands and supabase-js's `auth.admin.*` use. A missing bearer is 401
// no_authorization; a valid token of another role is 403 not_admin "User not allowed".
import type { Hono } from "hono";
import type { Queryable } from "../db/types.ts";
import {
  AUTH_PREFIX,
  checkNewPassword,
  isPlainObject,
  readBody,
  requireServiceRole,
  setAuditAddress,
} from "./context.ts";
import type { AuthContext } from "./context.ts";
import { authErrors } from "./errors.ts";

import {
  USER_COLUMNS,
  findUserById,
  insertUser,
  isUuid,
  listFactors,
  normalizeEmail,
  serializeFactor,
  serializeUser,
  updateUser,
} from "./users.ts";
import type { FactorRow, UserRow } from "./users.ts";

async function serialize(tx: Queryable, user: UserRow): Promise<Record<string, unknown>> {
  return serializeUser(user, await listFactors(tx, user.id));
}

export function registerAdminRoutes(app: Hono, ctx: AuthContext): void {
  const { db } = ctx;
  app.use("/admin/*", async (c, next) => {
    await requireServiceRole(ctx, c);
    await next();
  });
  registerAdminFactorRoutes(app, ctx);

  app.post("/admin/users", async (c) => {
    const body = await readBody(c);
    const email = normalizeEmail(body["email"]);
    if (!email) throw authErrors.validation("Unable to validate email address: invalid format");
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
      if (!created) throw authErrors.emailExists();
      return serialize(tx, created);
    });
    return c.json(user);
  });

  app.get("/admin/users", async (c) => {
    const page = positiveInt(c.req.query("page"), 1);
    const perPage = Math.min(positiveInt(c.req.query("per_page"), 50), 1000);
    const filter = c.req.query("filter")?.trim() ?? "";
    const { page: users, total } = await db.transaction(async (tx) => {
      // `filter` is GoTrue's case-insensitive substring match on the e-mail; NULL matches all.
      const pattern = filter ? `%${filter.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
      const where = "WHERE ($1::text IS NULL OR email ILIKE $1::text)";
      const count = await tx.query<{ n: number | string }>(`SELECT count(*) AS n FROM auth.users ${where}`, [pattern]);
      const { rows } = await tx.query<UserRow>(
        `SELECT ${USER_COLUMNS} FROM auth.users ${where} ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
        [pattern, perPage, (page - 1) * perPage],
      );
      const serialized = [];
      for (const row of rows) serialized.push(await serialize(tx, row));
      return { page: serialized, total: Number(count.rows[0]?.n ?? 0) };
    });
    // GoTrue's pagination headers, which auth-js's listUsers() parses into nextPage/lastPage/total.
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const links: string[] = [];
    const at = (n: number) => `<${AUTH_PREFIX}/admin/users?page=${n}&per_page=${perPage}>`;
    if (page < lastPage) links.push(`${at(page + 1)}; rel="next"`);
    links.push(`${at(lastPage)}; rel="last"`);
    c.header("X-Total-Count", String(total));
    c.header("Link", links.join(", "));
    return c.json({ users, aud: "authenticated" });
  });

  app.get("/admin/users/:id", async (c) => {
    const user = await db.transaction(async (tx) => {
      const found = await findUserById(tx, c.req.param("id"));
      if (!found) throw authErrors.userNotFound();
      return serialize(tx, found);
    });
    return c.json(user);
  });

  app.put("/admin/users/:id", async (c) => {
    const id = c.req.param("id");
    const body = await readBody(c);
    const email = body["email"] === undefined ? undefined : normalizeEmail(body["email"]);
    if (email === null) throw authErrors.validation("Unable to validate email address: invalid format");
    const passwordHash =
      body["password"] === undefined ? undefined : await ctx.hasher.hash(checkNewPassword(body["password"]));
    const userMetadata = body["user_metadata"];
    const appMetadata = body["app_metadata"];
    if (userMetadata !== undefined && !isPlainObject(userMetadata)) {
      throw authErrors.validation("user_metadata must be an object");
    }
    if (appMetadata !== undefined && !isPlainObject(appMetadata)) {
      throw authErrors.validation("app_metadata must be an object");
    }
    const now = new Date(ctx.tokens.now());
    const user = await db.transaction(async (tx) => {
      const existing = await findUserById(tx, id);
      if (!existing) throw authErrors.userNotFound();
      const updated = await updateUser(
        tx,
        existing,
        {
          email,
          confirmEmail: body["email_confirm"] === true,
          passwordHash,
          userMetadata: isPlainObject(userMetadata) ? userMetadata : undefined,
          appMetadata: isPlainObject(appMetadata) ? appMetadata : undefined,
        },
        now,
      );
      if (!updated) throw authErrors.userNotFound();
      return serialize(tx, updated);
    });
    return c.json(user);
  });

  app.delete("/admin/users/:id", async (c) => {
    try {
      await db.transaction(async (tx) => {
        const existing = await findUserById(tx, c.req.param("id"));
        if (!existing) throw authErrors.userNotFound();
        // Sessions, refresh tokens, factors (and public.user_roles) go with it: ON DELETE CASCADE.
        await tx.query("DELETE FROM auth.users WHERE id = $1", [existing.id]);
      });
    } catch (error) {
      // The project's trigger that keeps one admin (supabase/migrations/20260101001200_admin_security.sql).
      if ((error as { code?: string }).code === "P0001" && /last admin/.test(String((error as Error).message))) {
        throw authErrors.lastAdmin();
      }
      throw error;
    }
    return c.json({});
  });
}

/**
 * GoTrue's admin factor API (supabase-js auth.admin.mfa.listFactors / deleteFactor): how an
 * operator lets back in an admin who lost their authenticator (npm run admin -- remove-2fa).
 */
function registerAdminFactorRoutes(app: Hono, ctx: AuthContext): void {
  const { db } = ctx;
  app.get("/admin/users/:id/factors", async (c) => {
    const factors = await db.transaction(async (tx) => {
      const found = await findUserById(tx, c.req.param("id"));
      if (!found) throw authErrors.userNotFound();
      return listFactors(tx, found.id);
    });
    return c.json(factors.map(serializeFactor));
  });

  app.delete("/admin/users/:id/factors/:factorId", async (c) => {
    const userId = c.req.param("id");
    const factorId = c.req.param("factorId");
    const removed = await db.transaction(async (tx) => {
      if (!isUuid(userId) || !isUuid(factorId)) return null;
      await setAuditAddress(tx, c);
      // Said in the audit entry: the operator removed it, not the account's owner.
      await tx.query("select set_config('omnia.audit_via', 'admin-api', true)");
      const { rows } = await tx.query<FactorRow>(
        "DELETE FROM auth.mfa_factors WHERE id = $1 AND user_id = $2 RETURNING id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at",
        [factorId, userId],
      );
      if (rows[0]) {
        await tx.query("UPDATE auth.sessions SET aal = 'aal1', factor_id = NULL WHERE factor_id = $1", [factorId]);
      }
      return rows[0] ?? null;
    });
    if (!removed) throw authErrors.factorNotFound();
    return c.json(serializeFactor(removed));
  });
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}
