// The Prefer header (RFC 7240) as PostgREST reads it (ApiRequest/Preferences.hs): the first
// value of each preference wins, across repeated headers too; anything else is an invalid
// preference, ignored unless handling=strict asks for PGRST122. Preference-Applied echoes what
// was honoured, per operation, in PostgREST's order.

export interface Prefer {
  return?: "minimal" | "representation" | "headers-only";
  count?: "exact" | "planned" | "estimated";
  resolution?: "merge-duplicates" | "ignore-duplicates";
  missing?: "default" | "null";
  handling?: "strict" | "lenient";
  tx?: "commit" | "rollback";
  timezone?: string;
  maxAffected?: number;
  /** PostgREST 12's params=single-object: the body is a function's one json argument. */
  params?: "single-object";
  /** Preferences not understood (the raw items). */
  invalid: string[];
}

const CHOICES = {
  return: ["minimal", "representation", "headers-only"],
  count: ["exact", "planned", "estimated"],
  resolution: ["merge-duplicates", "ignore-duplicates"],
  missing: ["default", "null"],
  handling: ["strict", "lenient"],
  tx: ["commit", "rollback"],
  params: ["single-object"],
} as const;

type Choice = keyof typeof CHOICES;

/** Bounds what a client can make the server parse: RFC 7240 sets no limit of its own. */
const MAX_ITEMS = 32;

export function parsePrefer(headers: readonly string[] | string | null | undefined): Prefer {
  const out: Prefer = { invalid: [] };
  const values = headers === null || headers === undefined ? [] : typeof headers === "string" ? [headers] : headers;
  const items = values.flatMap((h) => h.split(",")).map((s) => s.trim());
  for (const item of items.slice(0, MAX_ITEMS)) {
    if (item === "") continue;
    const eq = item.indexOf("=");
    const key = eq === -1 ? item : item.slice(0, eq);
    const value = eq === -1 ? "" : item.slice(eq + 1);
    if (key in CHOICES && (CHOICES[key as Choice] as readonly string[]).includes(value)) {
      const k = key as Choice;
      if (out[k] === undefined) (out as Record<Choice, string | undefined>)[k] = value;
    } else if (key === "timezone" && value !== "") {
      out.timezone ??= value;
    } else if (key === "max-affected" && /^\d{1,15}$/.test(value)) {
      out.maxAffected ??= Number(value);
    } else {
      out.invalid.push(item);
    }
  }
  out.invalid.push(...items.slice(MAX_ITEMS).filter(Boolean));
  return out;
}

/** Which preferences an operation honours, for Preference-Applied (Response.hs responsePreferences). */
export type AppliedKind = "read" | "insert" | "update" | "delete" | "put" | "rpc";

export function preferenceApplied(p: Prefer, kind: AppliedKind, opts: { resolution?: boolean } = {}): string | null {
  const write = kind === "insert" || kind === "update" || kind === "delete" || kind === "put";
  const parts = [
    kind === "insert" && opts.resolution && p.resolution ? `resolution=${p.resolution}` : null,
    (kind === "insert" || kind === "update") && p.missing ? `missing=${p.missing}` : null,
    write && p.return ? `return=${p.return}` : null,
    p.count ? `count=${p.count}` : null,
    p.tx ? `tx=${p.tx}` : null,
    p.handling ? `handling=${p.handling}` : null,
    p.timezone ? `timezone=${p.timezone}` : null,
    kind === "rpc" && p.params ? `params=${p.params}` : null,
    (kind === "update" || kind === "delete" || kind === "rpc") && p.handling === "strict" && p.maxAffected !== undefined
      ? `max-affected=${p.maxAffected}`
      : null,
  ].filter((x) => x !== null);
  return parts.length ? parts.join(", ") : null;
}
