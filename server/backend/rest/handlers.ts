// The three kinds of request under /rest/v1, each through the stages: parse (request.ts), plan
// (plan.ts), compile against the catalog (compile*.ts, rpc.ts), run (execute.ts), respond
// (response.ts).
import type { Context } from "hono";
import type { Database } from "../db/types.ts";
import type { CatalogSnapshot } from "./catalog.ts";
import { compileOperation, lookupTable } from "./compile.ts";
import { isCatalogMiss, restErrors } from "./errors.ts";
import { execute } from "./execute.ts";
import { checkPreferences, checkWrite, planDelete, planInsert, planPut, planRead, planUpdate, rowCap } from "./plan.ts";
import type { Operation, WriteOperation } from "./plan.ts";
import { preferenceApplied } from "./prefer.ts";
import type { AppliedKind, Prefer } from "./prefer.ts";
import { parseRpcRequest, parseTableRequest, readJsonBody } from "./request.ts";
import type { Auth, Profile, TableRequest } from "./request.ts";
import { expectSingle, readResponse, withResponseGucs, writeResponse } from "./response.ts";
import type { CommonHeaders } from "./response.ts";
import { compileCall, lookupFunction } from "./rpc.ts";
import type { CallArgs } from "./rpc.ts";
import type { StatementRow } from "./statement.ts";

export interface RestContext {
  db: Database;
  maxBody: number;
  maxRows: number;
  schemas: readonly string[];
  /** Runs a lookup on the schema cache, reloading it once when a name is missing. */
  withCatalog<T>(fn: (s: CatalogSnapshot) => T): Promise<T>;
}

/** A timezone outside pg_timezone_names is an invalid preference, as in PostgREST. */
function checkTimezone(prefer: Prefer, snapshot: CatalogSnapshot): void {
  if (prefer.timezone !== undefined && !snapshot.timezones.has(prefer.timezone)) {
    prefer.invalid.push(`timezone=${prefer.timezone}`);
    delete prefer.timezone;
  }
  checkPreferences(prefer);
}

/** The transaction's settings: the role's own (ALTER ROLE … SET), then the request's. */
function settingsOf(
  profile: Profile,
  prefer: Prefer,
  roleSettings: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  const settings: Record<string, string> = { ...roleSettings };
  // PostgREST puts the request's schema first on the search_path, then its extra schema, public.
  if (profile.schema !== "public") settings["search_path"] = `"${profile.schema.replace(/"/g, '""')}", public`;
  if (prefer.timezone !== undefined) settings["timezone"] = prefer.timezone;
  return settings;
}

function common(profile: Profile, prefer: Prefer, kind: AppliedKind, resolution = false): CommonHeaders {
  return {
    applied: preferenceApplied(prefer, kind, { resolution }),
    profile: profile.negotiated ? profile.schema : null,
  };
}

function writeCheck(op: WriteOperation, prefer: Prefer): (row: StatementRow) => void {
  return (row) => {
    expectSingle(op.media, row.n);
    if (op.kind === "put" && row.n !== 1) throw restErrors.putMatchingPk();
    const strict = prefer.handling === "strict" && prefer.maxAffected !== undefined;
    if (strict && (op.kind === "update" || op.kind === "delete") && row.n > prefer.maxAffected!) {
      throw restErrors.maxAffected(row.n);
    }
  };
}

/** The operation a table request asks for; reads the body of a write. */
async function planTable(c: Context, req: TableRequest, auth: Auth, ctx: RestContext): Promise<Operation> {
  if (req.method === "GET" || req.method === "HEAD") return planRead(req, rowCap(auth.role, ctx.maxRows));
  checkWrite(req);
  if (req.method === "DELETE") return planDelete(req);
  const body = await readJsonBody(c, ctx.maxBody);
  if (req.method === "POST") return planInsert(req, body);
  return req.method === "PATCH" ? planUpdate(req, body) : planPut(req, body);
}

/** Location of a row written with return=headers-only: its primary key as filters (`/t?id=eq.1`). */
function locationOf(table: string, key: string | null): string | null {
  if (key === null) return null;
  const pairs = Object.entries(JSON.parse(key) as Record<string, unknown>);
  const query = new URLSearchParams(pairs.map(([k, v]) => [k, v === null ? "is.null" : `eq.${String(v)}`]));
  return `/${table}?${query.toString()}`;
}

/** /rest/v1/<table>: GET, HEAD, POST, PATCH, PUT, DELETE. */
export async function handleTable(c: Context, auth: Auth, ctx: RestContext, name: string): Promise<Response> {
  const req = parseTableRequest(c, name, ctx.schemas);
  const { prefer } = req;
  // Fails early (404) for an unknown table, before the body is read.
  await ctx.withCatalog((s) => {
    lookupTable(s, req.schema, name);
    checkTimezone(prefer, s);
  });
  const op = await planTable(c, req, auth, ctx);
  const kind: AppliedKind = op.kind === "read" ? "read" : op.kind === "insert-nothing" ? "insert" : op.kind;
  if (op.kind === "insert-nothing") {
    const empty = { n: 0, body: "[]", counted: prefer.count !== undefined, inserted: null, location: null };
    const result = { kind: op.kind, representation: op.returning === "representation", media: op.media, ...empty };
    return writeResponse(result, common(req, prefer, kind));
  }
  const { compiled, table, roleSettings } = await ctx.withCatalog((s) => {
    const t = lookupTable(s, req.schema, name);
    return { compiled: compileOperation(s, t, op), table: t, roleSettings: s.roleSettings.get(auth.role) };
  });
  const settings = settingsOf(req, prefer, roleSettings);
  // GET and HEAD run in a read-only transaction, as PostgREST enforces HTTP's safe methods: a view
  // that writes answers 405 (25006). A read is then one call into the database (execute.ts).
  const run = { compiled, settings, readOnly: op.kind === "read", rollback: prefer.tx === "rollback" };
  if (op.kind === "read") {
    const check = (row: StatementRow) => expectSingle(op.media, row.n);
    const out = await execute(ctx.db, auth, { ...run, check, count: op.count, cap: op.maxRows });
    const read = { head: op.head, media: op.media, offset: compiled.root?.offset ?? 0 };
    return withResponseGucs(
      readResponse(read, out.row.n, out.row.body, out.total, common(req, prefer, "read")),
      out.row,
    );
  }
  const { row } = await execute(ctx.db, auth, { ...run, check: writeCheck(op, prefer) });
  // PostgREST echoes resolution only where it had a key to meet.
  const resolution = op.kind === "insert" && (table.primaryKey.length > 0 || op.onConflict !== undefined);
  const result = {
    kind: op.kind,
    representation: op.returning === "representation",
    media: op.media,
    n: row.n,
    body: row.body,
    counted: prefer.count !== undefined,
    inserted: row.inserted ?? null,
    location: row.n === 1 ? locationOf(name, row.location ?? null) : null,
  };
  return withResponseGucs(writeResponse(result, common(req, prefer, kind, resolution)), row);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** /rest/v1/rpc/<fn>: GET and HEAD with arguments in the query string, POST with a JSON body. */
export async function handleRpc(c: Context, auth: Auth, ctx: RestContext, name: string): Promise<Response> {
  const req = parseRpcRequest(c, name, ctx.schemas);
  const { prefer } = req;
  const post = req.method === "POST";
  const body = post ? await readJsonBody(c, ctx.maxBody) : null;
  const objectBody = body !== null && isPlainObject(body.value);
  const keys = post
    ? objectBody
      ? (req.query.columns ?? Object.keys(body.value as Record<string, unknown>))
      : []
    : [...new Set(req.query.rpcArgs.map(([k]) => k))];
  const { fn, single } = await ctx.withCatalog((s) => {
    checkTimezone(prefer, s);
    const how = { post, singleObject: post && prefer.params === "single-object" };
    if (!post || objectBody) return lookupFunction(s, req.schema, name, keys, how);
    // Only a single json parameter takes a body that is not an object.
    const notObject = restErrors.invalidBody("Function arguments must be a JSON object");
    try {
      const found = lookupFunction(s, req.schema, name, keys, how);
      if (!found.single) throw notObject;
      return found;
    } catch (err) {
      throw isCatalogMiss(err) ? notObject : err;
    }
  });
  if (prefer.handling === "strict" && prefer.maxAffected !== undefined && !fn.returnsSet)
    throw restErrors.maxAffectedRpc();
  let args: CallArgs;
  if (single) args = { kind: "single", raw: body!.raw };
  else if (post) args = { kind: "json", raw: body!.raw, keys };
  else args = { kind: "query", pairs: req.query.rpcArgs };
  const op = {
    fn,
    args,
    query: req.query,
    media: req.media,
    head: req.method === "HEAD",
    count: prefer.count,
    maxRows: rowCap(auth.role, ctx.maxRows),
    range: req.range,
  };
  const { compiled, roleSettings } = await ctx.withCatalog((s) => ({
    compiled: compileCall(s, op),
    roleSettings: s.roleSettings.get(auth.role),
  }));
  const out = await execute(ctx.db, auth, {
    compiled,
    settings: settingsOf(req, prefer, roleSettings),
    // A GET may not write, nor may a function that says it does not (PostgREST's read-only transaction).
    readOnly: !post || fn.volatility !== "volatile",
    check: (row) => {
      expectSingle(op.media, row.n);
      if (prefer.handling === "strict" && prefer.maxAffected !== undefined && row.n > prefer.maxAffected) {
        throw restErrors.maxAffected(row.n);
      }
    },
    rollback: prefer.tx === "rollback",
    count: prefer.count,
    cap: op.maxRows,
  });
  const read = {
    head: op.head,
    media: op.media,
    offset: compiled.root.offset ?? 0,
    isVoid: fn.returns.kind === "void",
  };
  return withResponseGucs(readResponse(read, out.row.n, out.row.body, out.total, common(req, prefer, "rpc")), out.row);
}
