// The query string as PostgREST reads it (QueryParams.hs parse): `select`, `columns` and
// `on_conflict`; `order`, `limit`, `offset`, `or` and `and`, each also for an embed
// (`messages.order`); every other key a filter, on the root or an embed (`messages.id`), or,
// for a GET/HEAD rpc, a function argument when its value holds no operator. Pure functions, no
// catalog: names are checked against the schema cache later, in embed.ts and the compilers.
import { restErrors } from "./errors.ts";
import type { Filter, LogicTree, OrderTerm, SelectItem } from "./grammar.ts";
import { Cursor, columnList, fieldName } from "./grammar.ts";
import { parseKeyPath, parseLogic, parseOperation, parseOrder } from "./filter-grammar.ts";
import { parseSelect } from "./select-grammar.ts";

export { MAX_SELECT_ITEMS, parseSelect } from "./select-grammar.ts";

const { badQuery } = restErrors;

/** An item that applies to the root (`path` empty) or to the embed the path names. */
export interface AtPath<T> {
  path: string[];
  value: T;
}

export interface QueryPlan {
  select: SelectItem[];
  filters: AtPath<Filter>[];
  logic: AtPath<LogicTree>[];
  order: AtPath<OrderTerm[]>[];
  ranges: AtPath<{ limit?: number; offset?: number }>[];
  /** `columns` of an insert or update (supabase-js sends the union of the rows' keys). */
  columns?: string[];
  onConflict?: string[];
  /** GET/HEAD rpc: `name=value` arguments, in order (a repeated name is a variadic's values). */
  rpcArgs: [string, string][];
}

/**
 * Length of the raw (percent-encoded) query string. Node's HTTP server already refuses request
 * lines and headers over 16 KiB (its default --max-http-header-size), but loaders call the
 * backend in-process, where nothing else bounds the text the parser and Postgres see.
 */
export const MAX_QUERY_STRING = 16 * 1024;
const MAX_PARAMS = 200;

/** The raw query string (without `?`) of a request, bounded before anything parses it. */
export function checkQueryLength(search: string): void {
  if (search.length > MAX_QUERY_STRING) {
    throw badQuery("Query string too long", `The query string is limited to ${MAX_QUERY_STRING} characters`);
  }
}

function parseCount(raw: string, what: "limit" | "offset"): number {
  if (!/^\d{1,15}$/.test(raw))
    throw badQuery(`"failed to parse ${what} (${raw})"`, `${what} must be a non-negative integer`);
  return Number(raw);
}

const EMBEDDABLE = new Set(["order", "limit", "offset", "and", "or"]);
const RESERVED = new Set(["select", "columns", "on_conflict"]);

/** `not.or`, `messages.or`, `messages.not.and` (pLogicPath): the path and the operator. */
function logicKey(key: string): { path: string[]; op: string } {
  const c = new Cursor(key, "logic path");
  const names = [fieldName(c)];
  while (c.eat(".")) names.push(fieldName(c));
  if (!c.done) throw c.fail('"." or end of input');
  const op = names.at(-1)!;
  const negate = names.slice(0, -1).includes("not");
  return { path: names.slice(0, -1).filter((n) => n !== "not"), op: negate ? `not.${op}` : op };
}

function lastSegment(key: string): string {
  return key.slice(key.lastIndexOf(".") + 1);
}

class PlanBuilder {
  readonly plan: QueryPlan = { select: [], filters: [], logic: [], order: [], ranges: [], rpcArgs: [] };
  private readonly seen = new Set<string>();
  private readonly logicState = { conditions: 0 };

  once(key: string): void {
    if (this.seen.has(key)) throw badQuery(`"${key}" given more than once`);
    this.seen.add(key);
  }

  range(path: string[], what: "limit" | "offset", raw: string): void {
    let entry = this.plan.ranges.find((r) => r.path.join("\u0000") === path.join("\u0000"));
    if (!entry) this.plan.ranges.push((entry = { path, value: {} }));
    entry.value[what] = parseCount(raw, what);
  }

  embeddable(key: string, value: string): void {
    const last = lastSegment(key);
    if (last === "and" || last === "or") {
      const { path, op } = logicKey(key);
      this.plan.logic.push({ path, value: parseLogic(op, value, this.logicState) });
      return;
    }
    this.once(key);
    const path = key.includes(".") ? parseKeyPath(key).path : [];
    if (last === "order") this.plan.order.push({ path, value: parseOrder(value) });
    else this.range(path, last as "limit" | "offset", value);
  }

  filter(key: string, value: string, rpcRead: boolean): void {
    const { path, field } = parseKeyPath(key);
    try {
      const { negate, operation } = parseOperation(value);
      this.plan.filters.push({ path, value: { field, negate, operation } });
    } catch (err) {
      // A GET/HEAD rpc takes `name=value` arguments beside its filters (QueryParams.hs NoOpExpr).
      if (!rpcRead || path.length || field.path.length) throw err;
      this.plan.rpcArgs.push([field.name, value]);
    }
  }
}

/** Parses the whole query string (URLSearchParams decoding, as supabase-js encodes it). */
export function parseQuery(params: URLSearchParams, opts: { rpcRead?: boolean } = {}): QueryPlan {
  const b = new PlanBuilder();
  let count = 0;
  for (const [key, value] of params) {
    if (++count > MAX_PARAMS) throw badQuery("Too many query parameters");
    // Postgres text cannot hold NUL: refuse it here rather than as a driver error.
    if (key.includes("\u0000") || value.includes("\u0000")) {
      throw badQuery(`"failed to parse filter"`, "NUL characters are not allowed");
    }
    if (RESERVED.has(key)) b.once(key);
    else if (EMBEDDABLE.has(lastSegment(key))) b.embeddable(key, value);
    else b.filter(key, value, opts.rpcRead ?? false);
  }
  const { plan } = b;
  plan.select = parseSelect(params.get("select"));
  const columns = params.get("columns");
  if (columns !== null) plan.columns = columnList(new Cursor(columns, "columns parameter"));
  const onConflict = params.get("on_conflict");
  if (onConflict !== null) plan.onConflict = columnList(new Cursor(onConflict, "on_conflict parameter"));
  return plan;
}

/** The Range header of a GET (`0-9`, `Range-Unit: items`): PostgREST's rangeRequested. */
export function parseRange(header: string | null | undefined): { offset: number; limit?: number } | null {
  if (header === null || header === undefined) return null;
  const m = /^(\d{1,15})-(\d{0,15})$/.exec(header.trim());
  // PostgREST ignores a Range it cannot read.
  if (!m) return null;
  const offset = Number(m[1]);
  if (m[2] === "") return { offset };
  const last = Number(m[2]);
  if (last < offset) {
    throw restErrors.invalidRange(
      "The lower boundary must be lower than or equal to the upper boundary in the Range header.",
    );
  }
  return { offset, limit: last - offset + 1 };
}
