// How names reach the SQL and the schema cache's maps: quoted as Postgres spells identifiers,
// and keyed by schema and name.

export function quoteIdent(name: string): string {
  return name.includes('"') ? `"${name.replace(/"/g, '""')}"` : `"${name}"`;
}

/** `"schema"."name"`. */
export function qualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}

/** The map key of a table or function: a NUL cannot occur in either name. */
export function relationKey(schema: string, name: string): string {
  return `${schema}\u0000${name}`;
}
