// Filters (`col=op.value`), logic trees (`or=(…)`, `and=(…)`, nested, negated), order terms and
// the keys that address embedded resources (`messages.order`, `author.name`), after
// QueryParams.hs: pOpExpr, pLogicTree, pOrder and pTreePath.
import {
  Cursor,
  FTS_OPS,
  MAX_LIST,
  QUANT_OPS,
  SIMPLE_OPS,
  field,
  fieldName,
  identifier,
  jsonPath,
  quotedValue,
} from "./grammar.ts";
import type { Field, Filter, IsValue, LogicTree, Operation, OrderTerm } from "./grammar.ts";

/** How deep `or`/`and` trees nest, and how many conditions all of a request's trees hold. */
export const MAX_LOGIC_DEPTH = 8;
export const MAX_LOGIC_CONDITIONS = 200;
export const MAX_ORDER_TERMS = 64;

const IS_VALUES: readonly IsValue[] = ["null", "not_null", "true", "false", "unknown"];

type ValueParser = (c: Cursor) => string;

/** A plain filter's value: everything left. */
const restOfText: ValueParser = (c) => {
  const v = c.text.slice(c.pos);
  c.pos = c.text.length;
  return v;
};

/** A value inside a logic tree: quoted, a `{…}` array literal, or up to the next `,` or `)`. */
const logicValue: ValueParser = (c) => {
  if (c.peek() === '"') {
    const start = c.pos;
    try {
      const v = quotedValue(c);
      if (c.done || c.peek() === "," || c.peek() === ")") return v;
    } catch {
      // An unterminated quote is an ordinary character here, as in PostgREST.
    }
    c.pos = start;
  }
  if (c.peek() === "{") {
    const end = c.text.indexOf("}", c.pos);
    const inner = end === -1 ? "" : c.text.slice(c.pos + 1, end);
    if (end !== -1 && !inner.includes("{")) {
      c.pos = end + 1;
      return `{${inner}}`;
    }
  }
  const start = c.pos;
  while (!c.done && c.peek() !== "," && c.peek() !== ")") c.pos++;
  return c.text.slice(start, c.pos);
};

/** `(a,"b,c",d)`: an `in` list. */
function listValue(c: Cursor): string[] {
  c.skipSpaces();
  c.expect("(");
  const values: string[] = [];
  do {
    let value: string | null = null;
    if (c.peek() === '"') {
      const start = c.pos;
      value = quotedValue(c);
      if (c.peek() !== "," && c.peek() !== ")") {
        c.pos = start;
        value = null;
      }
    }
    if (value === null) {
      const start = c.pos;
      while (!c.done && c.peek() !== "," && c.peek() !== ")") c.pos++;
      value = c.text.slice(start, c.pos);
    }
    values.push(value);
    if (values.length > MAX_LIST) throw c.bound(`an in list holds at most ${MAX_LIST} values`);
  } while (c.eat(","));
  c.expect(")", '")"');
  c.skipSpaces();
  // `in.()` is the empty list: it matches no row.
  return values.length === 1 && values[0] === "" ? [] : values;
}

function isValue(c: Cursor): IsValue {
  const found = IS_VALUES.find((v) => c.text.slice(c.pos, c.pos + v.length).toLowerCase() === v);
  if (!found) throw c.fail("isVal: (null, not_null, true, false, unknown)");
  c.pos += found.length;
  return found;
}

function operation(c: Cursor, value: ValueParser): Operation {
  if (c.eat("in.")) return { op: "in", values: listValue(c) };
  if (c.eat("is.")) return { op: "is", value: isValue(c) };
  if (c.eat("isdistinct.")) return { op: "isdistinct", value: value(c) };
  for (const op of FTS_OPS) {
    if (!c.at(`${op}.`) && !c.at(`${op}(`)) continue;
    c.pos += op.length;
    let language: string | undefined;
    if (c.eat("(")) {
      language = identifier(c);
      c.expect(")");
    }
    c.expect(".", "delimiter (.)");
    return language === undefined ? { op, value: value(c) } : { op, language, value: value(c) };
  }
  for (const op of SIMPLE_OPS) {
    if (c.eat(`${op}.`)) return { op, value: value(c) };
  }
  for (const op of QUANT_OPS) {
    if (!c.at(`${op}.`) && !c.at(`${op}(`)) continue;
    c.pos += op.length;
    const quantifier = c.eat("(any)") ? "any" : c.eat("(all)") ? "all" : undefined;
    c.expect(".", "delimiter (.)");
    return quantifier ? { op, quantifier, value: value(c) } : { op, value: value(c) };
  }
  throw c.fail('"not" or operator (eq, gt, ...)');
}

/** `[not.]op.value` of a plain filter (pOpExpr pSingleVal). */
export function parseOperation(raw: string): { negate: boolean; operation: Operation } {
  const c = new Cursor(raw, "filter");
  const negate = c.eat("not.");
  const op = operation(c, restOfText);
  if (!c.done) throw c.fail("end of input");
  return { negate, operation: op };
}

/** `a.b.c->d` in a query-string key: the embed path and the field. */
export function parseKeyPath(raw: string): { path: string[]; field: Field } {
  const c = new Cursor(raw, "tree path");
  const names = [fieldName(c)];
  while (c.eat(".")) names.push(fieldName(c));
  const path = jsonPath(c);
  if (!c.done) throw c.fail('".", "->" or end of input');
  return { path: names.slice(0, -1), field: { name: names.at(-1)!, path } };
}

interface LogicState {
  conditions: number;
}

function logicTree(c: Cursor, depth: number, state: LogicState): LogicTree {
  const start = c.pos;
  try {
    const f = field(c);
    c.expect(".");
    const negate = c.eat("not.");
    const filter: Filter = { field: f, negate, operation: operation(c, logicValue) };
    if (++state.conditions > MAX_LOGIC_CONDITIONS) {
      throw c.bound(`logic trees hold at most ${MAX_LOGIC_CONDITIONS} conditions`);
    }
    return { kind: "filter", filter };
  } catch (err) {
    if (c.overBound) throw err;
    c.pos = start;
  }
  const negate = c.eat("not.");
  const op = c.eat("and") ? "and" : c.eat("or") ? "or" : null;
  if (!op) throw c.fail("field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)");
  if (depth >= MAX_LOGIC_DEPTH) throw c.bound(`logic trees nest at most ${MAX_LOGIC_DEPTH} levels deep`);
  c.skipSpaces();
  c.expect("(");
  const children: LogicTree[] = [];
  do {
    c.skipSpaces();
    children.push(logicTree(c, depth + 1, state));
    c.skipSpaces();
  } while (c.eat(","));
  c.expect(")", '")"');
  c.skipSpaces();
  return { kind: "logic", op, negate, children };
}

/** The value of an `or`/`and` key; `op` is the key's operator, `not.or` included. */
export function parseLogic(op: string, raw: string, state: LogicState): LogicTree {
  const c = new Cursor(op + raw, "logic tree", raw);
  const tree = logicTree(c, 0, state);
  if (!c.done) throw c.fail("end of input");
  return tree;
}

/** `order=a.desc.nullslast,author(name).asc`. */
export function parseOrder(raw: string): OrderTerm[] {
  const c = new Cursor(raw, "order");
  const terms: OrderTerm[] = [];
  do {
    c.skipSpaces();
    const start = c.pos;
    let term: OrderTerm;
    const relation = fieldName(c);
    if (c.eat("(")) {
      term = { relation, field: field(c) };
      c.expect(")", '")"');
    } else {
      c.pos = start;
      term = { field: field(c) };
    }
    if (c.eat(".asc")) term.descending = false;
    else if (c.eat(".desc")) term.descending = true;
    if (c.eat(".nullsfirst")) term.nulls = "first";
    else if (c.eat(".nullslast")) term.nulls = "last";
    c.skipSpaces();
    if (!c.done && c.peek() !== ",") throw c.fail('"asc", "desc", "nullsfirst" or "nullslast"');
    terms.push(term);
    if (terms.length > MAX_ORDER_TERMS) throw c.bound(`at most ${MAX_ORDER_TERMS} order terms are allowed`);
  } while (c.eat(","));
  return terms;
}
