// Writes a catalog (./catalog.ts) as TypeScript in the shape `supabase gen types typescript`
// gives: `Database[schema]` with Tables (Row, Insert, Update, Relationships), Views, Functions
// (Args, Returns), Enums and CompositeTypes, the helper types Tables<>, TablesInsert<>,
// TablesUpdate<>, Enums<>, CompositeTypes<> (for the public schema only) and the Constants of
// every enum. Where it differs (docs/decisions/066-generated-database-types.md): an argument of
// a function that is not STRICT may be null (PostgreSQL passes NULL to it); a generated column
// is `?: never` in Insert and Update (PostgreSQL refuses a value for one, as for an identity
// column GENERATED ALWAYS); a domain is its base type; inet, cidr, macaddr, interval and name
// are strings rather than unknown; a view lists no relationships.
import type { Catalog, Column, FunctionArg, PgFunction, Relation } from "./catalog.ts";

const NUMBERS = new Set(["int2", "int4", "int8", "float4", "float8", "numeric", "oid"]);
// prettier-ignore
const STRINGS = new Set([
  "bytea", "bpchar", "varchar", "text", "citext", "name", "uuid", "vector",
  "date", "time", "timetz", "timestamp", "timestamptz", "interval",
  "inet", "cidr", "macaddr",
]);

/** Names compare as the Supabase CLI compares them, the same on every machine. */
const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, "en");

const key = (name: string) => JSON.stringify(name);
const ref = (...path: string[]) => `Database${path.map((part) => `[${key(part)}]`).join("")}`;
/** A type literal; Prettier keeps an expanded one (a line break after "{") on several lines. */
const object = (members: string[], expanded = true) =>
  expanded ? `{\n${members.join(";\n")}\n}` : `{ ${members.join("; ")} }`;
const never = object(["[_ in never]: never"]);

function tsType(catalog: Catalog, oid: number): string {
  const type = catalog.types.get(oid);
  if (!type) return "unknown";
  const typed = catalog.schemas.includes(type.schema);
  if (type.kind === "e") {
    const values = (catalog.enums.get(oid) ?? []).map(key).join(" | ");
    return typed ? ref(type.schema, "Enums", type.name) : values || "never";
  }
  if (type.kind === "d") return tsType(catalog, type.base);
  if (type.category === "A" && type.elem) return `(${tsType(catalog, type.elem)})[]`;
  if (type.kind === "c") {
    if (!typed) return "unknown";
    if (type.relkind === "c") return ref(type.schema, "CompositeTypes", type.name);
    const kind = type.relkind === "v" || type.relkind === "m" ? "Views" : "Tables";
    return `${ref(type.schema, kind, type.name)}["Row"]`;
  }
  if (type.name === "bool") return "boolean";
  if (NUMBERS.has(type.name)) return "number";
  if (STRINGS.has(type.name)) return "string";
  if (type.name === "json" || type.name === "jsonb") return "Json";
  if (type.name === "void") return "undefined";
  if (type.name === "record") return "Record<string, unknown>";
  return "unknown";
}

function columnType(catalog: Catalog, column: Column): string {
  return `${tsType(catalog, column.type)}${column.nullable ? " | null" : ""}`;
}

function rowMembers(catalog: Catalog, columns: Column[]): string[] {
  return columns.toSorted(byName).map((column) => `${key(column.name)}: ${columnType(catalog, column)}`);
}

function writeMembers(catalog: Catalog, columns: Column[], insert: boolean): string[] {
  return columns.toSorted(byName).map((column) => {
    if (column.identity === "a" || column.generated) return `${key(column.name)}?: never`;
    const optional = !insert || column.nullable || column.identity !== "" || column.hasDefault;
    return `${key(column.name)}${optional ? "?" : ""}: ${columnType(catalog, column)}`;
  });
}

function relationships(catalog: Catalog, relation: Relation): string {
  const names = new Map(catalog.relations.map((candidate) => [candidate.oid, candidate]));
  const entries = catalog.relationships
    .filter((relationship) => relationship.relation === relation.oid)
    .map((relationship) => ({ ...relationship, to: names.get(relationship.referenced)! }))
    .filter(({ to }) => to.schema === relation.schema)
    .toSorted((a, b) => a.name.localeCompare(b.name, "en") || a.to.name.localeCompare(b.to.name, "en"))
    .map((relationship) =>
      object([
        `foreignKeyName: ${key(relationship.name)}`,
        `columns: ${JSON.stringify(relationship.columns)}`,
        `isOneToOne: ${relationship.oneToOne}`,
        `referencedRelation: ${key(relationship.to.name)}`,
        `referencedColumns: ${JSON.stringify(relationship.referencedColumns)}`,
      ]),
    );
  return entries.length ? `[\n${entries.join(",\n")},\n]` : "[]";
}

function table(catalog: Catalog, relation: Relation): string {
  return object([
    `Row: ${object(rowMembers(catalog, relation.columns))}`,
    `Insert: ${object(writeMembers(catalog, relation.columns, true))}`,
    `Update: ${object(writeMembers(catalog, relation.columns, false))}`,
    `Relationships: ${relationships(catalog, relation)}`,
  ]);
}

function view(catalog: Catalog, relation: Relation): string {
  const members = [`Row: ${object(rowMembers(catalog, relation.columns))}`];
  if (relation.updatable) {
    const writable = object(
      relation.columns
        .toSorted(byName)
        .map((column) =>
          column.updatable
            ? `${key(column.name)}?: ${tsType(catalog, column.type)} | null`
            : `${key(column.name)}?: never`,
        ),
    );
    members.push(`Insert: ${writable}`, `Update: ${writable}`);
  }
  members.push("Relationships: []");
  return object(members);
}

const isInput = (arg: FunctionArg) => arg.mode === "i" || arg.mode === "b" || arg.mode === "v";

/** As PostgREST calls functions: by named arguments, or with one unnamed argument. */
function callable(fn: PgFunction): boolean {
  const inputs = fn.args.filter(isInput);
  return inputs.every((arg) => arg.name !== "") || inputs.length === 1;
}

function functionArgs(catalog: Catalog, fn: PgFunction): string {
  const inputs = fn.args.filter(isInput).toSorted(byName);
  if (inputs.length === 0) return "never";
  const orNull = fn.strict ? "" : " | null";
  return object(
    inputs.map((arg) => `${key(arg.name)}${arg.hasDefault ? "?" : ""}: ${tsType(catalog, arg.type)}${orNull}`),
    false,
  );
}

function functionReturns(catalog: Catalog, fn: PgFunction): string {
  const fields = (args: FunctionArg[]) =>
    object(args.toSorted(byName).map((arg) => `${key(arg.name)}: ${tsType(catalog, arg.type)}`));
  const tableArgs = fn.args.filter((arg) => arg.mode === "t");
  const outArgs = fn.args.filter((arg) => arg.mode === "o" || arg.mode === "b");
  const returned = catalog.types.get(fn.returns);
  const relation = catalog.relations.find((candidate) => candidate.oid === returned?.relid);
  let type: string;
  if (tableArgs.length > 0) type = fields(tableArgs);
  else if (outArgs.length > 0 && returned?.name === "record") type = fields(outArgs);
  else if (relation) type = object(rowMembers(catalog, relation.columns));
  else type = tsType(catalog, fn.returns);
  return fn.returnsSet ? `${type}[]` : type;
}

function functions(catalog: Catalog, schema: string): string {
  const byFunction = new Map<string, string[]>();
  for (const fn of catalog.functions.filter((candidate) => candidate.schema === schema && callable(candidate))) {
    const signature = object([`Args: ${functionArgs(catalog, fn)}`, `Returns: ${functionReturns(catalog, fn)}`], false);
    byFunction.set(fn.name, [...(byFunction.get(fn.name) ?? []), signature]);
  }
  if (byFunction.size === 0) return never;
  const names = [...byFunction.keys()].toSorted((a, b) => a.localeCompare(b, "en"));
  return object(names.map((name) => `${key(name)}: ${byFunction.get(name)!.toSorted().join(" | ")}`));
}

function section<T extends { name: string }>(items: T[], render: (item: T) => string): string {
  if (items.length === 0) return never;
  return object(items.toSorted(byName).map((item) => `${key(item.name)}: ${render(item)}`));
}

function enumsOf(catalog: Catalog, schema: string): { name: string; values: string[] }[] {
  return [...catalog.types.values()]
    .filter((type) => type.kind === "e" && type.schema === schema)
    .map((type) => ({ name: type.name, values: catalog.enums.get(type.oid) ?? [] }))
    .toSorted(byName);
}

function schemaType(catalog: Catalog, schema: string): string {
  const relations = catalog.relations.filter((relation) => relation.schema === schema);
  const composites = [...catalog.composites]
    .map(([oid, columns]) => ({ type: catalog.types.get(oid)!, columns }))
    .filter(({ type }) => type.schema === schema)
    .map(({ type, columns }) => ({ name: type.name, columns }));
  return object([
    `Tables: ${section(
      relations.filter((relation) => ["r", "p", "f"].includes(relation.kind)),
      (relation) => table(catalog, relation),
    )}`,
    `Views: ${section(
      relations.filter((relation) => relation.kind === "v" || relation.kind === "m"),
      (relation) => view(catalog, relation),
    )}`,
    `Functions: ${functions(catalog, schema)}`,
    `Enums: ${section(enumsOf(catalog, schema), (item) => item.values.map(key).join(" | "))}`,
    `CompositeTypes: ${section(composites, (item) =>
      object(
        item.columns.toSorted(byName).map((column) => `${key(column.name)}: ${tsType(catalog, column.type)} | null`),
      ),
    )}`,
  ]);
}

/**
 * Supabase's helper types, for the public schema (Supabase's also take `{ schema }`): a row of a
 * table or view, what insert and update accept, an enum's values, a composite type.
 */
const HELPERS = `
type DefaultSchema = Database["public"]

type TablesAndViews = DefaultSchema["Tables"] & DefaultSchema["Views"]

export type Tables<T extends keyof TablesAndViews> = TablesAndViews[T] extends { Row: infer R } ? R : never

export type TablesInsert<T extends keyof DefaultSchema["Tables"]> = DefaultSchema["Tables"][T]["Insert"]

export type TablesUpdate<T extends keyof DefaultSchema["Tables"]> = DefaultSchema["Tables"][T]["Update"]

export type Enums<T extends keyof DefaultSchema["Enums"]> = DefaultSchema["Enums"][T]

export type CompositeTypes<T extends keyof DefaultSchema["CompositeTypes"]> = DefaultSchema["CompositeTypes"][T]
`;

const HEADER = `// GENERATED by \`npm run db:types\` (scripts/db-types.ts) from the migrated schema, in the shape
// \`supabase gen types typescript\` gives. Do not edit: change a migration and run the command;
// scripts/db-types.test.ts fails while this file is stale.

import type { SupabaseClient } from "@supabase/supabase-js";
`;

/** What this project adds to Supabase's file: the client type every createClient in app/ makes. */
const PROJECT_TYPES = `
/** A supabase-js client that knows this schema (every createClient in app/ makes one). */
export type AppSupabaseClient = SupabaseClient<Database>
`;

/** An object value (not a type): members separated by commas, expanded as Supabase's file has them. */
const values = (members: string[]) => `{\n${members.join(",\n")}\n}`;

/** The whole file, unformatted. */
export function renderDatabaseTypes(catalog: Catalog): string {
  const schemas = catalog.schemas.toSorted((a, b) => a.localeCompare(b, "en"));
  const database = object(schemas.map((schema) => `${key(schema)}: ${schemaType(catalog, schema)}`));
  const constants = values(
    schemas.map((schema) => {
      const enums = enumsOf(catalog, schema).map((item) => `${key(item.name)}: [${item.values.map(key).join(", ")}]`);
      return `${key(schema)}: ${values([`Enums: ${values(enums)}`])}`;
    }),
  );
  return [
    HEADER,
    "export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]",
    `export type Database = ${database}`,
    HELPERS,
    `export const Constants = ${constants} as const`,
    PROJECT_TYPES,
  ].join("\n\n");
}
