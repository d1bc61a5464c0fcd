// Query-string parser: PostgREST's URL grammar (the subset supabase-js emits) into a plan.
// Pure functions, no database: names are checked against the catalog later, in compile.ts.
import { restErrors } from "./errors.ts";
import type { RestError } from "./errors.ts";

const { badQuery } = restErrors;

export const FILTER_OPS = ["eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "is", "in"] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export type IsValue = "null" | "true" | "false" | "unknown";

export type Filter =
  | { column: string; negate: boolean; op: Exclude<FilterOp, "is" | "in">; value: string }
  | { column: string; negate: boolean; op: "is"; value: IsValue }
  | { column: string; negate: boolean; op: "in"; value: string[] };

export interface SelectItem {
  /** A column name, or "*" for every column. */
  column: string;
  /** Output key (PostgREST's `alias:column`). */
  alias?: string;
}

export interface OrderTerm {
  column: string;
  descending: boolean;
  nulls?: "first" | "last";
}

export interface QueryPlan {
  select: SelectItem[];
  filters: Filter[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  /** `columns` of a bulk insert (supabase-js sends the union of the rows' keys). */
  columns?: string[];
}

// Query parameters with a meaning of their own; every other key is a filter on a column.
const RESERVED = new Set(["select", "order", "limit", "offset", "columns"]);
// PostgREST features outside the subset: answer a clear 400 rather than treat them as columns.
const UNSUPPORTED = new Set(["or", "and", "not.or", "not.and", "on_conflict"]);

const MAX_LIST = 1000;
const MAX_NAME = 63; // NAMEDATALEN - 1: longer names cannot exist in Postgres
/**
 * Select items per request. Every item is one more copy of a column in every returned row, so
 * the list is what turns a small table into a large answer (`select=content,content,...`). 64
 * is several times the widest table's columns, room for aliases while bounding the
 * multiplication. PostgREST has no such bound (ADR 014).
 */
export const MAX_SELECT_ITEMS = 64;
/**
 * Length of the raw (percent-encoded) query string. Node's HTTP server already refuses request
 * lines and headers over 16 KiB (its default --max-http-header-size), but loaders call the
 * backend in-process, where nothing else bounds the text the parser and Postgres see.
 */
export const MAX_QUERY_STRING = 16 * 1024;

/** A bare or double-quoted identifier, as PostgREST accepts in select/order/columns. */
function parseName(raw: string, what: string): string {
  let name = raw;
  if (name.startsWith('"')) {
    if (name.length < 2 || !name.endsWith('"')) throw badQuery(`Invalid ${what}: unterminated quoted name`, raw);
    name = name.slice(1, -1).replace(/""/g, '"');
  }
  if (name.length === 0 || name.length > MAX_NAME) throw badQuery(`Invalid ${what}: bad name`, raw);
  for (let i = 0; i < name.length; i++) {
    if (name.charCodeAt(i) < 0x20) throw badQuery(`Invalid ${what}: bad name`, raw);
  }
  return name;
}

/** Splits on commas outside double quotes and parentheses. */
function splitTop(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = "";
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === "\\" && i + 1 < s.length) {
        cur += ch + s[++i]!;
        continue;
      }
      if (ch === '"') quoted = false;
      cur += ch;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === "(") depth++;
    else if (ch === ")") depth--;
    if (ch === "," && depth === 0) {
      parts.push(cur);
      cur = "";
    } else cur += ch;
  }
  if (quoted || depth !== 0) throw badQuery("Unbalanced quotes or parentheses", s);
  parts.push(cur);
  return parts;
}

/** PostgREST words its select parse errors `"failed to parse select parameter (<select>)"`. */
function badSelect(raw: string, details: string): RestError {
  const shown = raw.length > 100 ? `${raw.slice(0, 100)}...` : raw;
  return badQuery(`"failed to parse select parameter (${shown})"`, details);
}

export function parseSelect(raw: string | null): SelectItem[] {
  if (raw === null || raw.trim() === "") return [{ column: "*" }];
  const items = splitTop(raw.replace(/\s+(?=(?:[^"]*"[^"]*")*[^"]*$)/g, ""));
  if (items.length > MAX_SELECT_ITEMS) {
    throw badSelect(raw, `${items.length} select items; at most ${MAX_SELECT_ITEMS} are allowed`);
  }
  const parsed = items.map((item): SelectItem => {
    if (item === "*") return { column: "*" };
    if (item.includes("(")) {
      throw badQuery("Resource embedding is not supported by this backend", item);
    }
    if (/->|::/.test(item)) throw badQuery("JSON paths and casts in select are not supported by this backend", item);
    const colon = item.startsWith('"') ? -1 : item.indexOf(":");
    if (colon > 0) {
      return {
        alias: parseName(item.slice(0, colon), "select alias"),
        column: parseName(item.slice(colon + 1), "select"),
      };
    }
    return { column: parseName(item, "select") };
  });
  // One output key per item: `content,content` (or `x:title,x:slug`, or `*,*`) would repeat a
  // key in every row and only multiply the answer. PostgREST sends such duplicates; this backend
  // refuses them. Distinct aliases of one column (`a:content,b:content`) stay allowed.
  // Collisions between `*` and a named item need the table's columns: compile.ts checks those.
  const keys = new Set<string>();
  for (const it of parsed) {
    const key = it.alias ?? it.column;
    if (keys.has(key)) {
      throw badSelect(raw, `"${key}" appears more than once in select; give each copy its own alias`);
    }
    keys.add(key);
  }
  return parsed;
}

export function parseOrder(raw: string | null): OrderTerm[] {
  if (raw === null || raw === "") return [];
  const terms = splitTop(raw);
  if (terms.length > 64) throw badQuery("Too many order terms");
  return terms.map((term) => {
    const parts = term.split(".");
    const column = parseName(parts[0] ?? "", "order");
    const out: OrderTerm = { column, descending: false };
    for (const mod of parts.slice(1)) {
      if (mod === "asc") out.descending = false;
      else if (mod === "desc") out.descending = true;
      else if (mod === "nullsfirst") out.nulls = "first";
      else if (mod === "nullslast") out.nulls = "last";
      else
        throw badQuery(
          `"failed to parse order (${term})" (line 1, column ${column.length + 2})`,
          `unexpected "${mod}"`,
        );
    }
    return out;
  });
}

function parseCount(raw: string | null, what: "limit" | "offset"): number | undefined {
  if (raw === null) return undefined;
  if (!/^\d{1,15}$/.test(raw))
    throw badQuery(`"failed to parse ${what} (${raw})"`, `${what} must be a non-negative integer`);
  return Number(raw);
}

/** `in.(a,b,"c,d")`: PostgREST list syntax, double quotes for values with commas/parentheses. */
export function parseInList(raw: string): string[] {
  if (!raw.startsWith("(") || !raw.endsWith(")"))
    throw badQuery(`"failed to parse filter (in.${raw})"`, "expected (value,...)");
  const body = raw.slice(1, -1);
  if (body === "") return [];
  const values: string[] = [];
  let i = 0;
  while (i <= body.length) {
    let value = "";
    if (body[i] === '"') {
      i++;
      let closed = false;
      while (i < body.length) {
        const ch = body[i]!;
        if (ch === "\\" && i + 1 < body.length) {
          value += body[i + 1]!;
          i += 2;
        } else if (ch === '"') {
          closed = true;
          i++;
          break;
        } else {
          value += ch;
          i++;
        }
      }
      if (!closed) throw badQuery(`"failed to parse filter (in.${raw})"`, "unterminated quoted value");
      if (i < body.length && body[i] !== ",")
        throw badQuery(`"failed to parse filter (in.${raw})"`, "expected , after a quoted value");
    } else {
      const end = body.indexOf(",", i);
      value = end === -1 ? body.slice(i) : body.slice(i, end);
      i = end === -1 ? body.length : end;
    }
    values.push(value);
    if (values.length > MAX_LIST) throw badQuery("Too many values in an in filter");
    if (i >= body.length) break;
    i++; // the comma
    if (i === body.length) {
      values.push(""); // a trailing comma ends with an empty value
      break;
    }
  }
  return values;
}

export function parseFilter(column: string, raw: string): Filter {
  const name = parseName(column, "filter column");
  // Postgres text cannot hold NUL: refuse it here rather than as a driver error.
  if (raw.includes("\u0000")) throw badQuery(`"failed to parse filter"`, "NUL characters are not allowed");
  let rest = raw;
  let negate = false;
  if (rest.startsWith("not.")) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf(".");
  const op = dot === -1 ? rest : rest.slice(0, dot);
  const value = dot === -1 ? null : rest.slice(dot + 1);
  if (!(FILTER_OPS as readonly string[]).includes(op) || value === null) {
    throw badQuery(`"failed to parse filter (${raw})" (line 1, column 1)`, `unknown or unsupported operator "${op}"`);
  }
  if (op === "is") {
    const v = value.toLowerCase();
    if (v !== "null" && v !== "true" && v !== "false" && v !== "unknown") {
      throw badQuery(`"failed to parse filter (${raw})"`, "is accepts null, true, false or unknown");
    }
    return { column: name, negate, op, value: v };
  }
  if (op === "in") return { column: name, negate, op, value: parseInList(value) };
  return { column: name, negate, op: op as Exclude<FilterOp, "is" | "in">, value };
}

/** The raw query string (without `?`) of a request, bounded before anything parses it. */
export function checkQueryLength(search: string): void {
  if (search.length > MAX_QUERY_STRING) {
    throw badQuery("Query string too long", `The query string is limited to ${MAX_QUERY_STRING} characters`);
  }
}

/** Parses the whole query string (URLSearchParams decoding, as supabase-js encodes it). */
export function parseQuery(params: URLSearchParams): QueryPlan {
  const filters: Filter[] = [];
  let count = 0;
  for (const [key, value] of params) {
    if (++count > 200) throw badQuery("Too many query parameters");
    if (RESERVED.has(key)) continue;
    if (UNSUPPORTED.has(key)) throw badQuery(`"${key}" is not supported by this backend`);
    filters.push(parseFilter(key, value));
  }
  for (const key of RESERVED) {
    if (params.getAll(key).length > 1) throw badQuery(`"${key}" given more than once`);
  }
  const plan: QueryPlan = {
    select: parseSelect(params.get("select")),
    filters,
    order: parseOrder(params.get("order")),
  };
  const limit = parseCount(params.get("limit"), "limit");
  const offset = parseCount(params.get("offset"), "offset");
  if (limit !== undefined) plan.limit = limit;
  if (offset !== undefined) plan.offset = offset;
  const columns = params.get("columns");
  if (columns !== null) plan.columns = splitTop(columns).map((c) => parseName(c, "columns"));
  return plan;
}

export interface Prefer {
  return: "minimal" | "representation" | "headers-only";
  count: boolean;
  missingDefault: boolean;
}

/** The Prefer header (RFC 7240) items PostgREST honours that supabase-js sends. */
export function parsePrefer(header: string | undefined | null): Prefer {
  const out: Prefer = { return: "minimal", count: false, missingDefault: false };
  if (!header) return out;
  for (const item of header.split(",")) {
    const [k, v] = item
      .trim()
      .split("=")
      .map((s) => s.trim());
    if (k === "return" && (v === "minimal" || v === "representation" || v === "headers-only")) out.return = v;
    else if (k === "count" && (v === "exact" || v === "planned" || v === "estimated")) out.count = true;
    else if (k === "missing" && v === "default") out.missingDefault = true;
  }
  return out;
}
