// Content negotiation as PostgREST does it (MediaType.hs, Plan/Negotiate.hs): the Accept
// header's types by quality, the first one this backend produces wins; none answers 406
// PGRST107 naming them. The plan media type (EXPLAIN) is off, as PostgREST's db-plan-enabled
// default, so it is refused the same way.
import { restErrors } from "./errors.ts";

export type Media =
  | { kind: "json"; stripNulls: boolean }
  | { kind: "object"; stripNulls: boolean }
  | { kind: "csv" }
  | { kind: "geojson" };

interface Accepted {
  type: string;
  subtype: string;
  params: Map<string, string>;
  raw: string;
  q: number;
}

function parseOne(raw: string, index: number): Accepted & { index: number } {
  const [typePart = "", ...paramParts] = raw.split(";");
  const [type = "", subtype = ""] = typePart.trim().toLowerCase().split("/");
  const params = new Map<string, string>();
  for (const p of paramParts) {
    const eq = p.indexOf("=");
    if (eq === -1) continue;
    params.set(
      p.slice(0, eq).trim().toLowerCase(),
      p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, "$1"),
    );
  }
  const q = Number(params.get("q") ?? "1");
  params.delete("q");
  return { type, subtype, params, raw: raw.trim(), q: Number.isFinite(q) ? q : 0, index };
}

/** PostgREST's name for a type it could not produce (toMime). */
function describe(a: Accepted): string {
  if (a.type === "application" && a.subtype.startsWith("vnd.pgrst.plan")) {
    const format = a.subtype.endsWith("+json") ? "json" : "text";
    const options = (a.params.get("options") ?? "")
      .split("|")
      .filter((o) => ["analyze", "verbose", "settings", "buffers", "wal"].includes(o));
    return `application/vnd.pgrst.plan+${format}; for="${a.params.get("for") ?? "application/json"}"${options.length ? `; options=${options.join("|")}` : ""}`;
  }
  if (a.type === "application" && a.subtype === "openapi+json") return "application/openapi+json";
  return a.raw;
}

function produce(a: Accepted): Media | null {
  const stripNulls = a.params.get("nulls") === "stripped";
  const t = `${a.type}/${a.subtype}`;
  switch (t) {
    case "*/*":
    case "application/json":
      return { kind: "json", stripNulls: false };
    case "application/vnd.pgrst.array+json":
    case "application/vnd.pgrst.array":
      return { kind: "json", stripNulls };
    case "application/vnd.pgrst.object+json":
    case "application/vnd.pgrst.object":
      return { kind: "object", stripNulls };
    case "text/csv":
      return { kind: "csv" };
    case "application/geo+json":
      return { kind: "geojson" };
    default:
      return null;
  }
}

/** Bounds the work a long Accept header can cause. */
const MAX_ACCEPT_ITEMS = 32;

export function negotiate(accept: string | null | undefined): Media {
  if (accept === null || accept === undefined || accept.trim() === "") return { kind: "json", stripNulls: false };
  const accepted = accept
    .split(",")
    .filter((s) => s.trim() !== "")
    .slice(0, MAX_ACCEPT_ITEMS)
    .map(parseOne)
    .filter((a) => a.q > 0)
    .toSorted((x, y) => y.q - x.q || x.index - y.index);
  for (const a of accepted) {
    const media = produce(a);
    if (media) return media;
  }
  throw restErrors.notAcceptable(accepted.map(describe));
}

export function contentType(media: Media): string {
  switch (media.kind) {
    case "json":
      return media.stripNulls
        ? "application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8"
        : "application/json; charset=utf-8";
    case "object":
      return `application/vnd.pgrst.object+json${media.stripNulls ? ";nulls=stripped" : ""}; charset=utf-8`;
    case "csv":
      return "text/csv; charset=utf-8";
    case "geojson":
      return "application/geo+json; charset=utf-8";
  }
}
