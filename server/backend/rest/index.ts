// PostgREST subset, mounted at REST_PREFIX, in stages (ADR 013, ADR 068):
//   request.ts  parse the request: JWT role, schema, query string (parse.ts), Prefer, Accept, body;
//   plan.ts     decide the operation and check the request's shape against it;
//   compile*.ts the operation -> one parameterised statement against the catalog (catalog.ts),
//               embeds planned by embed.ts over relationships.ts, functions by rpc.ts;
//   execute.ts  run it inside db.asRole(role from the verified JWT), one transaction;
//   response.ts status and headers around the body Postgres built.
// handlers.ts strings the stages together; every error is an entry of errors.ts. What
// supabase-js 2.119 sends and expects back is in docs/supabase-wire.md §3.
import { Hono } from "hono";
import type { Context } from "hono";
import type { Database, RequestRole } from "../db/types.ts";
import { DEFAULT_SCHEMAS, createCatalog } from "./catalog.ts";
import type { Catalog, CatalogSnapshot } from "./catalog.ts";
import { isCatalogMiss, restErrors, toRestError } from "./errors.ts";
import { handleRpc, handleTable } from "./handlers.ts";
import type { RestContext } from "./handlers.ts";
import { DEFAULT_MAX_ROWS } from "./plan.ts";
import { DEFAULT_MAX_BODY_BYTES, authenticate } from "./request.ts";
import type { Auth, VerifyJwt } from "./request.ts";
import { errorResponse } from "./response.ts";

export { createCatalog } from "./catalog.ts";
export type { Catalog } from "./catalog.ts";
export { RestError } from "./errors.ts";
export { DEFAULT_MAX_ROWS } from "./plan.ts";

export interface RestOptions {
  db: Database;
  /** Verifies a JWT (signature, expiry) and returns its claims; throws when invalid. */
  verifyJwt: VerifyJwt;
  /** Shared schema cache (default: one per createRest). */
  catalog?: Catalog;
  /** Request body limit in bytes (default 1 MiB, like a typical gateway limit). */
  maxBodyBytes?: number;
  /**
   * Most rows one read (GET/HEAD, set-returning rpc) returns to `anon` or `authenticated`, like
   * PostgREST's db-max-rows: applied as a LIMIT, silently, with Content-Range telling the client
   * it got part of the result. `service_role` is not capped. Default DEFAULT_MAX_ROWS.
   */
  maxRows?: number;
  /** The schemas requests may name (REST_SCHEMAS); the first is the default. Default `public`. */
  schemas?: readonly string[];
}

/** Where PostgREST is mounted on Supabase. */
export const REST_PREFIX = "/rest/v1";

export type RestApp = Hono & { catalog: Catalog };

export function createRest(opts: RestOptions): RestApp {
  const { db, verifyJwt } = opts;
  const schemas = opts.schemas ?? DEFAULT_SCHEMAS;
  if (schemas.length === 0) throw new Error("createRest: schemas must name at least one schema");
  const catalog = opts.catalog ?? createCatalog(db, schemas);
  const maxRows = opts.maxRows ?? DEFAULT_MAX_ROWS;
  if (!Number.isSafeInteger(maxRows) || maxRows < 1) throw new Error("createRest: maxRows must be a positive integer");
  const app = new Hono() as RestApp;
  app.catalog = catalog;

  const ctx: RestContext = {
    db,
    maxBody: opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    maxRows,
    schemas,
    /** Lookups that miss reload the cache once (at most every second), so a migration applied by
     *  another instance shows up without a restart (PostgREST needs a NOTIFY for that). */
    async withCatalog<T>(fn: (s: CatalogSnapshot) => T): Promise<T> {
      try {
        return fn(await catalog.get());
      } catch (err) {
        if (isCatalogMiss(err)) return fn(await catalog.refreshIfStale());
        throw err;
      }
    },
  };

  async function handle(c: Context, work: (auth: Auth) => Promise<Response>): Promise<Response> {
    let role: RequestRole = "anon";
    try {
      const auth = await authenticate(c, verifyJwt);
      role = auth.role;
      return await work(auth);
    } catch (err) {
      return errorResponse(toRestError(err, role));
    }
  }

  app.all("/rpc/:fn", (c) => handle(c, (auth) => handleRpc(c, auth, ctx, c.req.param("fn"))));
  app.all("/:table", (c) => handle(c, (auth) => handleTable(c, auth, ctx, c.req.param("table"))));
  // PostgREST serves its OpenAPI document at the root; this backend does not (PGRST126). A
  // sub-app's "/" is the prefix without its trailing slash, so "/*" sees the one with it.
  app.all("/", (c) => handle(c, root(c)));
  app.all("/*", (c) =>
    handle(
      c,
      c.req.path === `${REST_PREFIX}/`
        ? root(c)
        : async () => {
            throw restErrors.invalidPath();
          },
    ),
  );

  return app;
}

function root(c: Context): () => Promise<Response> {
  return async () => {
    const method = c.req.method;
    throw method === "GET" || method === "HEAD" ? restErrors.openApiDisabled() : restErrors.methodNotAllowed(method);
  };
}
