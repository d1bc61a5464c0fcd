// What every statement answers, and the response body Postgres builds for it. The statement
// answers one row:
//   n         rows read or written (after the read's own paging);
//   body      the response body (text) when there is one;
//   total     the count asked for (Prefer: count), as text;
//   location  a written row's primary key, for Location (return=headers-only);
//   inserted  rows an upsert inserted rather than updated;
//   response_headers, response_status  what a function or trigger the statement ran set in
//             PostgREST's response GUCs, read after the rows (so after the function ran).
import type { Media } from "./media.ts";

export interface Compiled {
  sql: string;
  params: unknown[];
  /** `count=planned|estimated`: the count query to EXPLAIN, with its own parameters. */
  explain?: { sql: string; params: unknown[] };
}

/** What a statement answers; a read leaves out the columns only writes have. */
export interface StatementRow {
  n: number;
  body: string | null;
  total?: string | null;
  location?: string | null;
  inserted?: number | null;
  response_headers?: string | null;
  response_status?: string | null;
}

/**
 * PostgREST's response GUCs as columns of the statement's final SELECT: evaluated once the rows
 * are aggregated, they see what the functions and triggers that made those rows set. Empty when
 * a previous transaction on the connection set them (a custom setting then stays defined).
 */
export const RESPONSE_GUCS =
  "nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status";

/**
 * The final SELECT over the rows of `select`: their number, the body and the total. A CSV body
 * reads its header from the rows by name, so only then are they a CTE (else a plain subquery,
 * which Postgres plans a little faster).
 */
export function readStatement(prefix: string, select: string, body: string, total: string, csv: boolean): string {
  const columns = `count(*)::int AS n, ${body} AS body${total === "NULL" ? "" : `, ${total} AS total`}, ${RESPONSE_GUCS}`;
  if (csv)
    return `${prefix ? `${prefix}, ` : "WITH "}pgrst_source AS (${select}) SELECT ${columns} FROM pgrst_source AS pgrst_r`;
  return `${prefix ? `${prefix} ` : ""}SELECT ${columns} FROM (${select}) AS pgrst_r`;
}

/** What a function's rows look like to the response: a scalar per row, or rows of columns. */
export type RowShape = "rows" | "single-row" | "scalar" | "scalars";

/** The body of the rows in `r` (a relation alias), as the negotiated media type wants it. */
export function bodySql(media: Media, r: string, source: string, shape: RowShape = "rows"): string {
  const value = shape === "scalar" || shape === "scalars" ? `${r}.pgrst_scalar` : r;
  const agg = `json_agg(${value})`;
  switch (media.kind) {
    case "csv": {
      const header = `(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k FROM (SELECT row_to_json(hh) AS r FROM ${source} AS hh LIMIT 1) s) a)`;
      return `${header} || E'\\n' || coalesce(string_agg(substring(${r}::text, 2, length(${r}::text) - 2), E'\\n'), '')`;
    }
    case "geojson":
      return `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(${r})::json), '[]'))::text`;
    case "object":
      return `coalesce(${media.stripNulls ? `json_strip_nulls(${agg}->0)` : `${agg}->0`}, 'null')::text`;
    case "json": {
      const strip = (x: string) => (media.stripNulls ? `json_strip_nulls(${x})` : x);
      if (shape === "scalar" || shape === "single-row") return `coalesce(${strip(`${agg}->0`)}, 'null')::text`;
      return `coalesce(${strip(agg)}, '[]')::text`;
    }
  }
}
