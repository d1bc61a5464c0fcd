// PostgREST's query-string grammar (ApiRequest/QueryParams.hs), as a small recursive-descent
// parser over one parameter's value: select trees, filters, logic trees, order terms and column
// lists. Pure functions, no catalog: names are checked against the schema cache later. A parse
// error names the parameter and the column, like Parsec's messages in PostgREST.
import { restErrors } from "./errors.ts";
import type { RestError } from "./errors.ts";

export interface JsonStep {
  arrow: "->" | "->>";
  /** A key, or an array index (`->0`, `->-1`). */
  key: string;
  index: boolean;
}

/** A column with an optional JSON path: `data->a->>b`. */
export interface Field {
  name: string;
  path: JsonStep[];
}

export type AggregateFn = "count" | "sum" | "avg" | "min" | "max";

export interface SelectField {
  kind: "field";
  /** `*` for every column (and for `count()`). */
  field: Field;
  alias?: string;
  cast?: string;
  aggregate?: AggregateFn;
  aggregateCast?: string;
}

export interface SelectEmbed {
  kind: "embed";
  relation: string;
  alias?: string;
  hint?: string;
  join?: "inner" | "left";
  spread: boolean;
  children: SelectItem[];
}

export type SelectItem = SelectField | SelectEmbed;

export const QUANT_OPS = ["eq", "gte", "gt", "lte", "lt", "like", "ilike", "match", "imatch"] as const;
export const SIMPLE_OPS = ["neq", "cs", "cd", "ov", "sl", "sr", "nxr", "nxl", "adj"] as const;
export const FTS_OPS = ["fts", "plfts", "phfts", "wfts"] as const;
export type QuantOp = (typeof QUANT_OPS)[number];
export type SimpleOp = (typeof SIMPLE_OPS)[number];
export type FtsOp = (typeof FTS_OPS)[number];
export type IsValue = "null" | "not_null" | "true" | "false" | "unknown";

export type Operation =
  | { op: QuantOp; quantifier?: "any" | "all"; value: string }
  | { op: SimpleOp; value: string }
  | { op: "in"; values: string[] }
  | { op: "is"; value: IsValue }
  | { op: "isdistinct"; value: string }
  | { op: FtsOp; language?: string; value: string };

export interface Filter {
  field: Field;
  negate: boolean;
  operation: Operation;
}

export type LogicTree =
  { kind: "filter"; filter: Filter } | { kind: "logic"; op: "and" | "or"; negate: boolean; children: LogicTree[] };

export interface OrderTerm {
  field: Field;
  /** `order=author(name)`: a column of a to-one embed. */
  relation?: string;
  descending?: boolean;
  nulls?: "first" | "last";
}

/** Values of an `in` list and of `any`/`all` arrays: PostgREST's limit is the URL's. */
export const MAX_LIST = 1000;
// NAMEDATALEN - 1, in UTF-8 bytes: Postgres truncates longer identifiers, so none can name anything.
export const MAX_NAME_BYTES = 63;

export class Cursor {
  readonly text: string;
  readonly what: string;
  /** The text error messages quote (a logic tree's value without its operator). */
  readonly shown: string;
  pos = 0;
  /** Set once a bound of this backend's own refused the text: no alternative may retry it. */
  overBound = false;
  constructor(text: string, what: string, shown = text) {
    this.text = text;
    this.what = what;
    this.shown = shown;
  }
  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(offset = 0): string {
    return this.text[this.pos + offset] ?? "";
  }
  at(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }
  eat(s: string): boolean {
    if (!this.at(s)) return false;
    this.pos += s.length;
    return true;
  }
  expect(s: string, expecting = `"${s}"`): void {
    if (!this.eat(s)) throw this.fail(expecting);
  }
  skipSpaces(): void {
    while (this.peek() === " " || this.peek() === "\t") this.pos++;
  }
  /** PostgREST's QPError: the position in the message, what was expected in the details. */
  fail(expecting: string): RestError {
    const unexpected = this.done ? "end of input" : `"${this.peek()}"`;
    return restErrors.badQuery(
      `"failed to parse ${this.what} (${this.shown})" (line 1, column ${this.pos + 1})`,
      `unexpected ${unexpected} expecting ${expecting}`,
    );
  }
  /** A bound of this backend's own, worded as a parse error of the parameter (quoted in part). */
  bound(details: string): RestError {
    this.overBound = true;
    const shown = this.shown.length > 100 ? `${this.shown.slice(0, 100)}...` : this.shown;
    return restErrors.badQuery(`"failed to parse ${this.what} (${shown})"`, details);
  }
}

const IDENT = /[\p{L}\p{N}_ $]/u;

/** pIdentifierChar: a letter, a digit, `_`, a space or `$` (ASCII first, it is most of them). */
export function isIdentChar(ch: string): boolean {
  const code = ch.charCodeAt(0);
  if (code < 128) {
    return (
      (code >= 97 && code <= 122) ||
      (code >= 65 && code <= 90) ||
      (code >= 48 && code <= 57) ||
      ch === "_" ||
      ch === " " ||
      ch === "$"
    );
  }
  return IDENT.test(ch);
}

/** Could a field name start here (a quote or an identifier character)? */
export function atName(c: Cursor): boolean {
  const ch = c.peek();
  return ch === '"' || (ch !== "" && isIdentChar(ch));
}

/** `"…"` with backslash escapes (PostgREST's pQuotedValue). */
export function quotedValue(c: Cursor): string {
  c.expect('"');
  let out = "";
  while (!c.done && c.peek() !== '"') {
    if (c.peek() === "\\" && c.pos + 1 < c.text.length) c.pos++;
    out += c.peek();
    c.pos++;
  }
  c.expect('"', 'closing quote "\\""');
  return out;
}

function checkName(c: Cursor, name: string): string {
  if (name.length === 0 || Buffer.byteLength(name, "utf8") > MAX_NAME_BYTES) {
    throw c.bound(`names are 1 to ${MAX_NAME_BYTES} bytes long`);
  }
  for (let i = 0; i < name.length; i++) {
    if (name.charCodeAt(i) < 0x20) throw c.bound("names cannot hold control characters");
  }
  return name;
}

/** Words of `chars` joined by `-` not followed by `>` (PostgREST's sepByDash), trimmed. */
function dashed(c: Cursor, isChar: (ch: string) => boolean, expecting: string): string {
  const { text } = c;
  let out = "";
  for (;;) {
    const start = c.pos;
    let i = start;
    while (i < text.length && isChar(text[i]!)) i++;
    if (i === start) throw c.fail(expecting);
    c.pos = i;
    out += text.slice(start, i).trim();
    if (text[i] === "-" && text[i + 1] !== ">") {
      c.pos++;
      out += "-";
    } else return out;
  }
}

/** A column, relation or alias name: quoted, or letters, digits, `_`, `$`, spaces and dashes. */
export function fieldName(c: Cursor): string {
  if (c.peek() === '"') return checkName(c, quotedValue(c));
  return checkName(c, dashed(c, isIdentChar, "field name (* or [a..z0..9_$])"));
}

/** A cast or text-search language: letters, digits, `_`, `$` and spaces (pIdentifier). */
export function identifier(c: Cursor): string {
  const start = c.pos;
  while (!c.done && isIdentChar(c.peek())) c.pos++;
  if (c.pos === start) throw c.fail("letter or digit");
  return c.text.slice(start, c.pos).trim();
}

const JSON_KEY_STOP = new Set(["(", "-", ":", ".", ",", ">", ")"]);
const INDEX_END = ["->", "::", ".", ","];

/** `->a->>b`, `->0`: PostgREST's pJsonPath. */
export function jsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    const arrow = c.eat("->>") ? "->>" : c.eat("->") ? "->" : null;
    if (!arrow) return steps;
    const m = /^-?\d+/.exec(c.text.slice(c.pos));
    const after = m ? c.pos + m[0].length : -1;
    if (m && (after === c.text.length || INDEX_END.some((e) => c.text.startsWith(e, after)))) {
      c.pos = after;
      steps.push({ arrow, key: m[0].startsWith("-") ? m[0] : `+${m[0]}`, index: true });
    } else if (c.peek() === '"') {
      steps.push({ arrow, key: quotedValue(c), index: false });
    } else {
      steps.push({
        arrow,
        key: dashed(c, (ch) => !JSON_KEY_STOP.has(ch), "any non reserved character different from: .,>()"),
        index: false,
      });
    }
  }
}

export function field(c: Cursor): Field {
  c.skipSpaces();
  const name = fieldName(c);
  const path = jsonPath(c);
  c.skipSpaces();
  return { name, path };
}

/** Column lists: `columns=a,b` and `on_conflict=a,b`. */
export function columnList(c: Cursor): string[] {
  const names: string[] = [];
  do {
    c.skipSpaces();
    names.push(fieldName(c));
    c.skipSpaces();
  } while (c.eat(","));
  if (!c.done) throw c.fail('"," or end of input');
  return names;
}
