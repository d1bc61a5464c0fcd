// PostgREST subset, mounted at REST_PREFIX, in stages (ADR 013):
//   request.ts  parse the request: JWT role, schema, query string (parse.ts), Prefer, body;
//   plan.ts     decide the operation and check the request's shape against it;
//   compile.ts  the operation -> parameterised SQL against the catalog (catalog.ts);
//   here        run it inside db.asRole(role from the verified JWT), one transaction;
//   response.ts status and headers around the JSON Postgres built.
// Every error is an entry of errors.ts. What supabase-js 2.119 sends and expects back is in
// docs/supabase-wire.md §3.
import { Hono } from "hono";
import type { Context } from "hono";
import type { Database, RequestRole } from "../db/types.ts";
import { createCatalog } from "./catalog.ts";
import type { Catalog, CatalogSnapshot } from "./catalog.ts";
import { compileOperation, compileRpc, lookupFunction, lookupTable } from "./compile.ts";
import type { Compiled } from "./compile.ts";
import { isCatalogMiss, restErrors, toRestError } from "./errors.ts";
import {
  DEFAULT_MAX_ROWS,
  checkWrite,
  planDelete,
  planInsert,
  planRead,
  planUpdate,
  rowCap,
  rpcArguments,
} from "./plan.ts";
import type { Operation, Statement } from "./plan.ts";
import { DEFAULT_MAX_BODY_BYTES, authenticate, parseRpcRequest, parseTableRequest, readJsonBody } from "./request.ts";
import type { Auth, VerifyJwt } from "./request.ts";
import { errorResponse, expectSingle, readResponse, rpcResponse, writeResponse, writeStatus } from "./response.ts";
import type { Row } from "./response.ts";

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
}

/** Where PostgREST is mounted on Supabase. */
export const REST_PREFIX = "/rest/v1";

export type RestApp = Hono & { catalog: Catalog };

const EMPTY: Row = { body: "[]", n: 0 };

export function createRest(opts: RestOptions): RestApp {
  const { db, verifyJwt } = opts;
  const catalog = opts.catalog ?? createCatalog(db);
  const maxBody = opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxRows = opts.maxRows ?? DEFAULT_MAX_ROWS;
  if (!Number.isSafeInteger(maxRows) || maxRows < 1) throw new Error("createRest: maxRows must be a positive integer");
  const app = new Hono() as RestApp;
  app.catalog = catalog;

  /** Lookups that miss reload the cache once (at most every second), so a migration applied by
   *  another instance shows up without a restart (PostgREST needs a NOTIFY for that). */
  async function withCatalog<T>(fn: (s: CatalogSnapshot) => T): Promise<T> {
    try {
      return fn(await catalog.get());
    } catch (err) {
      if (isCatalogMiss(err)) return fn(await catalog.refreshIfStale());
      throw err;
    }
  }

  /** One transaction as the request's role; `toRow` runs inside it, so its throw rolls back. */
  function run(auth: Auth, compiled: Compiled, toRow: (res: { rows: Row[]; rowCount: number }) => Row): Promise<Row> {
    return db.asRole(
      auth.role,
      auth.claims,
      async (tx) => toRow(await tx.query<Row>(compiled.sql, compiled.params)),
      auth.headers,
    );
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

  app.post("/rpc/:fn", (c) =>
    handle(c, async (auth) => {
      parseRpcRequest(c);
      const name = c.req.param("fn");
      const args = rpcArguments(await readJsonBody(c, maxBody));
      const fn = await withCatalog((s) => lookupFunction(s, name, Object.keys(args)));
      const compiled = compileRpc(fn, args, { maxRows: rowCap(auth.role, maxRows) });
      const res = await db.asRole(
        auth.role,
        auth.claims,
        (tx) => tx.query<{ body: string | null; n?: number }>(compiled.sql, compiled.params),
        auth.headers,
      );
      return rpcResponse(compiled.void, res.rows[0]);
    }),
  );
  app.all("/rpc/:fn", (c) =>
    handle(c, async () => {
      throw restErrors.methodNotAllowed(c.req.method, "Call functions with POST");
    }),
  );

  app.all("/:table", (c) =>
    handle(c, async (auth) => {
      const req = parseTableRequest(c, c.req.param("table"));
      const { method, single, table } = req;
      // Fails early (404) for an unknown table, before the body is read.
      await withCatalog((s) => lookupTable(s, table));
      const compile = (op: Statement) => withCatalog((s) => compileOperation(lookupTable(s, table), op));

      if (method === "GET" || method === "HEAD") {
        const compiled = await compile(planRead(req, rowCap(auth.role, maxRows)));
        const row = await run(auth, compiled, (res) => expectSingle(single, res.rows[0] ?? EMPTY));
        return readResponse(method === "HEAD", single, req.query.offset ?? 0, row);
      }

      checkWrite(req);
      const representation = req.prefer.return === "representation";
      let op: Operation;
      if (method === "POST") op = planInsert(req, await readJsonBody(c, maxBody));
      else if (method === "PATCH") op = planUpdate(req, await readJsonBody(c, maxBody));
      else op = planDelete(req);
      if (op.kind === "insert-nothing") {
        return writeResponse(201, representation, single, EMPTY, req.prefer.count);
      }
      const compiled = await compile(op);
      const row = await run(auth, compiled, (res) =>
        expectSingle(single, representation ? (res.rows[0] ?? EMPTY) : { body: "", n: res.rowCount }),
      );
      return writeResponse(writeStatus(method, representation), representation, single, row, req.prefer.count);
    }),
  );

  app.all("/*", (c) =>
    handle(c, async () => {
      throw restErrors.invalidPath();
    }),
  );

  return app;
}
