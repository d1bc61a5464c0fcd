// The `select` parameter (QueryParams.hs pFieldForest): columns with JSON paths, casts, aliases
// and aggregates, embedded resources with hints and join types, spreads, nested to any depth the
// bounds allow. Bounds are this backend's own (ADR 014): they keep a short URL from asking for
// a large plan or a large answer.
import { Cursor, atName, field, fieldName, identifier } from "./grammar.ts";
import type { AggregateFn, SelectEmbed, SelectField, SelectItem } from "./grammar.ts";

/**
 * Columns in a select, counted over every embed. Every item is one more copy of a value in
 * every returned row, so the list is what turns a small table into a large answer
 * (`select=content,content,...`). 64 leaves room for aliases.
 */
export const MAX_SELECT_ITEMS = 64;
/** Embeds in one select, and how deep they nest: each is a lateral subquery per parent row. */
export const MAX_EMBEDS = 16;
export const MAX_EMBED_DEPTH = 6;

const AGGREGATES: readonly AggregateFn[] = ["sum", "avg", "count", "max", "min"];

function atItemEnd(c: Cursor): boolean {
  c.skipSpaces();
  return c.done || c.peek() === "," || c.peek() === ")";
}

function optionalAlias(c: Cursor): string | undefined {
  if (!atName(c)) return undefined;
  const start = c.pos;
  try {
    const alias = fieldName(c);
    if (c.peek() === ":" && c.peek(1) !== ":") {
      c.pos++;
      return alias;
    }
  } catch {
    // Not an alias: the item starts with something else (`*`, `...`).
  }
  c.pos = start;
  return undefined;
}

/** `!inner`, `!left` and a hint, in either order (pEmbedParams). */
function embedParams(c: Cursor): Pick<SelectEmbed, "hint" | "join"> {
  const out: Pick<SelectEmbed, "hint" | "join"> = {};
  for (let i = 0; i < 2 && c.eat("!"); i++) {
    const start = c.pos;
    const word = fieldName(c);
    if ((word === "inner" || word === "left") && c.pos === start + word.length) out.join ??= word;
    else out.hint ??= word;
  }
  return out;
}

/** An embed or a spread if the item is one (a name followed by `(`), else null. */
/**
 * Does an embed start here? Its name (after an alias and `!` params) is the first thing followed
 * by `(`: a quick look ahead spares the common column items a failed parse.
 */
function mayBeEmbed(c: Cursor): boolean {
  if (c.at("...")) return true;
  for (let i = c.pos; i < c.text.length; i++) {
    const ch = c.text[i]!;
    if (ch === "(") return true;
    if (ch === "," || ch === ")" || ch === '"' || ch === ".") return ch === '"';
    if (ch === "-" && c.text[i + 1] === ">") return false;
  }
  return false;
}

function relationItem(c: Cursor, depth: number, state: { embeds: number; fields: number }): SelectEmbed | null {
  if (!mayBeEmbed(c)) return null;
  const start = c.pos;
  const spread = c.eat("...");
  const alias = spread ? undefined : optionalAlias(c);
  let relation: string;
  let params: Pick<SelectEmbed, "hint" | "join">;
  try {
    relation = fieldName(c);
    params = embedParams(c);
  } catch (err) {
    if (spread || c.overBound) throw err;
    c.pos = start;
    return null;
  }
  if (c.peek() !== "(" || (!spread && relation === "count")) {
    if (spread) throw c.fail('"("');
    c.pos = start;
    return null;
  }
  if (++state.embeds > MAX_EMBEDS) throw c.bound(`at most ${MAX_EMBEDS} embedded resources are allowed`);
  if (depth >= MAX_EMBED_DEPTH) throw c.bound(`embedded resources nest at most ${MAX_EMBED_DEPTH} levels deep`);
  c.expect("(");
  const children = forest(c, depth + 1, state);
  c.expect(")", '")"');
  const embed: SelectEmbed = { kind: "embed", relation, spread, children, ...params };
  if (alias !== undefined) embed.alias = alias;
  return embed;
}

function castOf(c: Cursor): string | undefined {
  return c.eat("::") ? identifier(c) : undefined;
}

/** `*`, `count()`, or `[alias:]column[->path][::cast][.agg()][::cast]` (pFieldSelect). */
function fieldItem(c: Cursor): SelectField {
  if (c.eat("*")) {
    if (!atItemEnd(c)) throw c.fail('")", "," or end of input');
    return { kind: "field", field: { name: "*", path: [] } };
  }
  const alias = optionalAlias(c);
  const item: SelectField = { kind: "field", field: { name: "*", path: [] } };
  if (c.eat("count()")) {
    item.aggregate = "count";
  } else {
    item.field = field(c);
    const cast = castOf(c);
    if (cast !== undefined) item.cast = cast;
    const agg = c.peek() === "." ? AGGREGATES.find((a) => c.at(`.${a}()`)) : undefined;
    if (agg) {
      c.pos += agg.length + 3;
      item.aggregate = agg;
    }
  }
  if (item.aggregate) {
    const aggCast = castOf(c);
    if (aggCast !== undefined) item.aggregateCast = aggCast;
  }
  if (!atItemEnd(c)) throw c.fail('"->", "::", ".", ")", "," or end of input');
  if (alias !== undefined) item.alias = alias;
  return item;
}

function forest(c: Cursor, depth: number, state: { embeds: number; fields: number }): SelectItem[] {
  const items: SelectItem[] = [];
  c.skipSpaces();
  if (c.done || c.peek() === ")") return items;
  do {
    c.skipSpaces();
    const item = relationItem(c, depth, state) ?? fieldItem(c);
    if (item.kind === "field" && ++state.fields > MAX_SELECT_ITEMS) {
      throw c.bound(`at most ${MAX_SELECT_ITEMS} select items are allowed`);
    }
    items.push(item);
    c.skipSpaces();
  } while (c.eat(","));
  return items;
}

/** The key an item has in each returned object (PostgREST's default aliases); none for a spread. */
export function outputKey(item: SelectItem): string | null {
  if (item.kind === "embed") return item.spread ? null : (item.alias ?? item.relation);
  if (item.alias !== undefined) return item.alias;
  if (item.aggregate) return item.aggregate;
  const last = item.field.path.findLast((s) => !s.index);
  return item.field.path.length ? (last?.key ?? item.field.name) : item.field.name;
}

/**
 * One output key per item: `content,content` (or `x:title,x:slug`, or `*,*`) would repeat a key
 * in every row and only multiply the answer. PostgREST sends such duplicates; this backend
 * refuses them (ADR 014). Collisions between `*` and a named item need the table's columns:
 * the compiler checks those.
 */
function checkKeys(c: Cursor, items: readonly SelectItem[]): void {
  const keys = new Set<string>();
  for (const item of items) {
    if (item.kind === "embed") checkKeys(c, item.children);
    const key = outputKey(item);
    if (key === null) continue;
    if (keys.has(key)) throw c.bound(`"${key}" appears more than once in select; give each copy its own alias`);
    keys.add(key);
  }
}

/** The whole `select` value; an empty one means every column, as in PostgREST. */
export function parseSelect(raw: string | null): SelectItem[] {
  if (raw === null) return [{ kind: "field", field: { name: "*", path: [] } }];
  const c = new Cursor(raw, "select parameter");
  const items = forest(c, 0, { embeds: 0, fields: 0 });
  if (!c.done) throw c.fail('"," or end of input');
  checkKeys(c, items);
  return items.length ? items : [{ kind: "field", field: { name: "*", path: [] } }];
}
