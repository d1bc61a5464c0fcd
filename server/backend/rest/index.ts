// PostgREST subset under /rest/v1: parse -> plan -> check against the catalog -> parameterised
// SQL -> run inside db.asRole(role from the verified JWT) -> JSON built in SQL.
// What supabase-js 2.119 sends and expects back is in SUPABASE-WIRE.md §3.
import { Hono } from "hono";
import type { Context } from "hono";
import type { Database, Queryable, RequestRole } from "../db/types.ts";
import { createCatalog } from "./catalog.ts";
import type { Catalog, CatalogSnapshot } from "./catalog.ts";
import {
  compileDelete,
  compileInsert,
  compileRead,
  compileRpc,
  compileUpdate,
  lookupFunction,
  lookupTable,
} from "./compile.ts";
import type { Compiled } from "./compile.ts";
import { RestError, errorResponse, toRestError } from "./errors.ts";
import { checkQueryLength, parsePrefer, parseQuery } from "./parse.ts";

export { createCatalog } from "./catalog.ts";
export type { Catalog } from "./catalog.ts";
export { RestError } from "./errors.ts";

export interface RestOptions {
  db: Database;
  /** Verifies a JWT (signature, expiry) and returns its claims; throws when invalid. */
  verifyJwt: (token: string) => Promise<Record<string, unknown>>;
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
}

/**
 * The max-rows that hosted Supabase projects start with (API settings), so the site meets the
 * same cap on both; docs/backend.md ("Request bounds") says what it means for the feeds and lists.
 */
export const DEFAULT_MAX_ROWS = 1000;

export type RestApp = Hono & { catalog: Catalog };

const SINGLE_MEDIA = "application/vnd.pgrst.object+json";
const JSON_TYPE = "application/json; charset=utf-8";
const MAX_JSON_DEPTH = 32;
const ROLES: readonly RequestRole[] = ["anon", "authenticated", "service_role"];

interface Auth {
  role: RequestRole;
  claims: Record<string, unknown>;
}

/**
 * The role comes from the verified JWT's `role` claim: the Authorization bearer token, else the
 * `apikey` header (both keys are JWTs). Without either, Supabase's gateway answers 401 before
 * PostgREST is reached; we do the same.
 */
async function authenticate(c: Context, verifyJwt: RestOptions["verifyJwt"]): Promise<Auth> {
  const header = c.req.header("authorization");
  let token: string | undefined;
  if (header !== undefined) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) throw new RestError(401, "PGRST301", "Invalid Authorization header", null, "Expected 'Bearer <token>'");
    token = m[1];
  } else {
    token = c.req.header("apikey") || undefined;
  }
  if (!token) {
    throw new RestError(
      401,
      "PGRST301",
      "No API key found in request",
      null,
      "No `apikey` request header or url param was found.",
    );
  }
  let claims: Record<string, unknown>;
  try {
    claims = await verifyJwt(token);
  } catch (err) {
    const expired = (err as { code?: string }).code === "ERR_JWT_EXPIRED";
    throw new RestError(401, "PGRST301", expired ? "JWT expired" : "Invalid JWT");
  }
  const role = claims["role"];
  // Only the three request roles; a token claiming e.g. "postgres" must never reach SET ROLE.
  if (typeof role !== "string" || !(ROLES as readonly string[]).includes(role)) {
    throw new RestError(401, "PGRST301", "JWT role is not allowed");
  }
  return { role: role as RequestRole, claims };
}

function checkProfile(c: Context, method: string): void {
  const profile =
    method === "GET" || method === "HEAD" ? c.req.header("accept-profile") : c.req.header("content-profile");
  if (profile !== undefined && profile !== "public") {
    throw new RestError(406, "PGRST106", "The schema must be one of the following: public", null, null);
  }
}

function wantsSingle(c: Context): boolean {
  return (c.req.header("accept") ?? "").toLowerCase().includes(SINGLE_MEDIA);
}

/** Iterative depth check: deep nesting must not reach Postgres' recursive JSON code. */
function jsonDepth(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (d > max) max = d;
    if (max > MAX_JSON_DEPTH) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}

async function readJson(c: Context, maxBytes: number): Promise<{ raw: string; value: unknown }> {
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > maxBytes)
    throw new RestError(413, "PGRST413", "Payload Too Large", `The body is limited to ${maxBytes} bytes`);
  const type = (c.req.header("content-type") ?? "application/json").toLowerCase();
  if (!type.startsWith("application/json")) {
    throw new RestError(415, "PGRST107", `Content-Type not acceptable: ${type}`, null, "Send application/json");
  }
  // Read the stream with a running total, so a body without Content-Length is limited too.
  const reader = c.req.raw.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new RestError(413, "PGRST413", "Payload Too Large", `The body is limited to ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
  }
  let raw: string;
  try {
    raw = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new RestError(400, "PGRST102", "Empty or invalid json");
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new RestError(400, "PGRST102", "Empty or invalid json");
  }
  if (jsonDepth(value) > MAX_JSON_DEPTH) {
    throw new RestError(400, "PGRST102", "Empty or invalid json", `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  if (raw.includes("\\u0000")) {
    // Postgres text cannot hold NUL; fail here with a 400 instead of deep inside a cast.
    throw new RestError(400, "PGRST102", "Empty or invalid json", "\\u0000 cannot be stored");
  }
  return { raw, value };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function contentRange(offset: number, n: number, total: string | null): string {
  const range = n > 0 ? `${offset}-${offset + n - 1}` : "*";
  return `${range}/${total ?? "*"}`;
}

/**
 * PostgREST's status for a read (RangeQuery.rangeStatusHeader): 206 Partial Content when the
 * total is known (Prefer: count=...) and the rows returned are fewer than it, e.g. a page or a
 * read cut by max rows; 200 otherwise. (PostgREST's 416 for an offset past the total is not
 * copied: such a read answers 200 with no rows.)
 */
function readStatus(n: number, total: string | null): number {
  return total !== null && n < Number(total) ? 206 : 200;
}

interface Row {
  body: string;
  n: number;
  total?: string;
}

function unwrap(body: string): string {
  // json_agg of exactly one row is "[<row>]".
  return body.slice(1, -1);
}

function singleError(n: number): RestError {
  return new RestError(
    406,
    "PGRST116",
    "Cannot coerce the result to a single JSON object",
    `The result contains ${n} rows`,
  );
}

function writeResponse(status: number, representation: boolean, single: boolean, row: Row, count: boolean): Response {
  const headers = new Headers({ "Content-Range": contentRange(0, row.n, count ? String(row.n) : null) });
  if (!representation) return new Response(null, { status, headers });
  headers.set("Content-Type", single ? `${SINGLE_MEDIA}; charset=utf-8` : JSON_TYPE);
  return new Response(single ? unwrap(row.body) : row.body, { status, headers });
}

export function createRest(opts: RestOptions): RestApp {
  const { db, verifyJwt } = opts;
  const catalog = opts.catalog ?? createCatalog(db);
  const maxBody = opts.maxBodyBytes ?? 1024 * 1024;
  const maxRows = opts.maxRows ?? DEFAULT_MAX_ROWS;
  if (!Number.isSafeInteger(maxRows) || maxRows < 1) throw new Error("createRest: maxRows must be a positive integer");
  /**
   * The cap for a request's role. PostgREST applies db-max-rows to every role; here the service
   * role (a server-held secret that bypasses RLS anyway: operator commands, the server's own
   * writes) is exempt, while `authenticated` is capped like `anon` because anyone can sign up
   * (ADR 014).
   */
  const capFor = (role: RequestRole): number | undefined => (role === "service_role" ? undefined : maxRows);
  const app = new Hono() as RestApp;
  app.catalog = catalog;

  /** Lookups that miss reload the cache once (at most every second), so a migration applied by
   *  another instance shows up without a restart (PostgREST needs a NOTIFY for that). */
  async function withCatalog<T>(fn: (s: CatalogSnapshot) => T): Promise<T> {
    try {
      return fn(await catalog.get());
    } catch (err) {
      if (err instanceof RestError && ["PGRST205", "PGRST202", "PGRST204", "42703"].includes(err.code)) {
        return fn(await catalog.refreshIfStale());
      }
      throw err;
    }
  }

  async function run<T>(auth: Auth, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return db.asRole(auth.role, auth.claims, fn);
  }

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

  app.post("/rest/v1/rpc/:fn", (c) =>
    handle(c, async (auth) => {
      checkProfile(c, "POST");
      const name = c.req.param("fn");
      const url = new URL(c.req.url);
      if ([...url.searchParams.keys()].length)
        throw new RestError(400, "PGRST100", "Query parameters on rpc are not supported by this backend");
      const { value } = await readJson(c, maxBody);
      if (!isPlainObject(value)) throw new RestError(400, "PGRST102", "Function arguments must be a JSON object");
      const fn = await withCatalog((s) => lookupFunction(s, name, Object.keys(value)));
      const compiled = compileRpc(fn, value, { maxRows: capFor(auth.role) });
      const res = await run(auth, (tx) => tx.query<{ body: string | null; n?: number }>(compiled.sql, compiled.params));
      if (compiled.void) return new Response(null, { status: 204 });
      const headers = new Headers({ "Content-Type": JSON_TYPE });
      // A set of rows says how many it holds, like PostgREST's rpc answers.
      const n = res.rows[0]?.n;
      if (n !== undefined) headers.set("Content-Range", contentRange(0, n, null));
      return new Response(res.rows[0]?.body ?? "null", { status: 200, headers });
    }),
  );
  app.all("/rest/v1/rpc/:fn", (c) =>
    handle(c, async () => {
      throw new RestError(
        405,
        "PGRST117",
        `Unsupported HTTP method: ${c.req.method}`,
        null,
        "Call functions with POST",
      );
    }),
  );

  app.all("/rest/v1/:table", (c) =>
    handle(c, async (auth) => {
      const method = c.req.method;
      if (!["GET", "HEAD", "POST", "PATCH", "DELETE"].includes(method)) {
        throw new RestError(405, "PGRST117", `Unsupported HTTP method: ${method}`);
      }
      checkProfile(c, method);
      const url = new URL(c.req.url);
      checkQueryLength(url.search.slice(1));
      const plan = parseQuery(url.searchParams);
      const prefer = parsePrefer(c.req.header("prefer"));
      const single = wantsSingle(c);
      const name = c.req.param("table");
      // Fails early (404) for an unknown table, before the body is read.
      await withCatalog((s) => lookupTable(s, name));

      if (method === "GET" || method === "HEAD") {
        if (plan.columns) throw new RestError(400, "PGRST100", "columns is only valid for inserts");
        let cap = capFor(auth.role);
        // A single object needs to see a second row to refuse it (PGRST116), even under a cap of 1.
        if (cap !== undefined && single) cap = Math.max(cap, 2);
        const compiled = await withCatalog((s) =>
          compileRead(lookupTable(s, name), plan, { count: prefer.count, maxRows: cap }),
        );
        const row = await runOne(auth, compiled, single);
        const total = row.total ?? null;
        const headers = new Headers({
          "Content-Type": single ? `${SINGLE_MEDIA}; charset=utf-8` : JSON_TYPE,
          "Content-Range": contentRange(plan.offset ?? 0, row.n, total),
        });
        const body = method === "HEAD" ? null : single ? unwrap(row.body) : row.body;
        return new Response(body, { status: readStatus(row.n, total), headers });
      }

      const representation = prefer.return === "representation";
      if (plan.limit !== undefined || plan.offset !== undefined || plan.order.length) {
        throw new RestError(400, "PGRST100", "limit, offset and order are not supported on writes by this backend");
      }
      let compiled: Compiled;
      if (method === "POST") {
        const { raw, value } = await readJson(c, maxBody);
        const rows = Array.isArray(value) ? value : [value];
        if (!rows.every(isPlainObject))
          throw new RestError(400, "PGRST102", "Expected a JSON object or an array of objects");
        let columns = plan.columns;
        if (!columns) {
          // PostgREST requires the same keys in every object when `columns` is not given.
          const first = Object.keys(rows[0] ?? {});
          const sameKeys = (r: Record<string, unknown>) => {
            const keys = Object.keys(r);
            return keys.length === first.length && keys.every((k) => first.includes(k));
          };
          if (!rows.every(sameKeys)) throw new RestError(400, "PGRST102", "All object keys must match");
          columns = first;
        }
        if (rows.length === 0) {
          return writeResponse(201, representation, single, { body: "[]", n: 0 }, prefer.count);
        }
        const rowsJson = Array.isArray(value) ? raw : `[${raw}]`;
        const cols = columns;
        compiled = await withCatalog((s) =>
          compileInsert(lookupTable(s, name), plan, {
            rowsJson,
            columns: cols,
            missingDefault: prefer.missingDefault,
            representation,
          }),
        );
      } else {
        // Supabase runs PostgREST with pg-safeupdate: no UPDATE/DELETE without a WHERE clause.
        if (plan.filters.length === 0) {
          throw new RestError(400, "21000", `${method === "PATCH" ? "UPDATE" : "DELETE"} requires a WHERE clause`);
        }
        if (method === "PATCH") {
          const { raw, value } = await readJson(c, maxBody);
          if (!isPlainObject(value)) throw new RestError(400, "PGRST102", "Expected a JSON object");
          const columns = Object.keys(value);
          compiled = await withCatalog((s) =>
            compileUpdate(lookupTable(s, name), plan, { rowJson: raw, columns, representation }),
          );
        } else {
          compiled = await withCatalog((s) => compileDelete(lookupTable(s, name), plan, { representation }));
        }
      }
      const row = await runWrite(auth, compiled, representation, single);
      const status = method === "POST" ? 201 : representation ? 200 : 204;
      return writeResponse(status, representation, single, row, prefer.count);
    }),
  );

  app.all("/rest/v1/*", (c) =>
    handle(c, async () => {
      throw new RestError(404, "PGRST125", `Invalid path specified in request URL`);
    }),
  );

  async function runOne(auth: Auth, compiled: Compiled, single: boolean): Promise<Row> {
    return run(auth, async (tx) => {
      const res = await tx.query<Row>(compiled.sql, compiled.params);
      const row = res.rows[0] ?? { body: "[]", n: 0 };
      if (single && row.n !== 1) throw singleError(row.n);
      return row;
    });
  }

  async function runWrite(auth: Auth, compiled: Compiled, representation: boolean, single: boolean): Promise<Row> {
    return run(auth, async (tx) => {
      const res = await tx.query<Row>(compiled.sql, compiled.params);
      const row: Row = representation ? (res.rows[0] ?? { body: "[]", n: 0 }) : { body: "", n: res.rowCount };
      // Like PostgREST, a write asked to yield one object is rolled back when it touched != 1 row.
      if (single && row.n !== 1) throw singleError(row.n);
      return row;
    });
  }

  return app;
}
