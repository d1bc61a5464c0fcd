import { createHash } from "node:crypto";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * CSP source expressions ('sha256-…') for every inline <script> of an HTML document.
 * React Router writes its hydration data and module bootstrap as inline scripts (/auth,
 * /admin), and every public page has an inline <script type="speculationrules">, which
 * Chromium checks against script-src like any inline script (ADR 048); hashing the finished
 * document lets us forbid 'unsafe-inline' for scripts, on prerendered files and
 * server-rendered pages alike, without threading a nonce through the render. Enhancement
 * modules are files under /assets, allowed by 'self'.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const digest = createHash("sha256")
      .update(match[2] ?? "", "utf8")
      .digest("base64");
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
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
