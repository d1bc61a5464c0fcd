import { createHash } from "node:crypto";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** An inline <script> of a document: where it is, and its CSP source expression ('sha256-…'). */
export interface InlineScript {
  start: number;
  end: number;
  hash: string;
}

/**
 * Every inline <script> of an HTML document, in order, with the hash of its text.
 * React Router writes its hydration data and module bootstrap as inline scripts (/auth,
 * /admin), and every public page has an inline <script type="speculationrules">, which
 * Chromium checks against script-src like any inline script (ADR 048); hashing the finished
 * document lets us forbid 'unsafe-inline' for scripts, on prerendered files and
 * server-rendered pages alike, without threading a nonce through the render. Enhancement
 * modules are files under /assets, allowed by 'self'.
 */
export function inlineScripts(html: string): InlineScript[] {
  const scripts: InlineScript[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const digest = createHash("sha256")
      .update(match[2] ?? "", "utf8")
      .digest("base64");
    scripts.push({ start: match.index, end: match.index + match[0].length, hash: `'sha256-${digest}'` });
  }
  return scripts;
}

/** The CSP source expressions of a document's inline scripts, each once (inlineScripts). */
export function inlineScriptHashes(html: string): string[] {
  return [...new Set(inlineScripts(html).map((script) => script.hash))];
}

/** What a response that is not an HTML document may do: nothing (a feed, JSON, a file). */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";

export interface CspOptions {
  /** Extra origins the browser may call (a hosted Supabase project). */
  connectOrigins?: string[];
}

export function contentSecurityPolicy(scriptHashes: string[], options: CspOptions = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    // Radix and sonner position elements with inline style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Blog posts may show featured images from any https host; the TOTP QR code is a data: URL;
    // the admin previews an image being uploaded from a blob: URL of the chosen file.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self' ${(options.connectOrigins ?? []).join(" ")}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
