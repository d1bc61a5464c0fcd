import type { MiddlewareHandler } from "hono";
import { NON_DOCUMENT_CSP } from "./csp.ts";

export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  // No Cross-Origin-Opener-Policy here: the React apps (/auth, /admin), where a session lives,
  // set `same-origin` on their documents (app/entry.server.tsx). On public pages it bought
  // nothing (no session, no window.opener use) and cost a browsing-context-group switch on
  // arrival, which Lighthouse counts as blocking time on pages without JavaScript.
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
};

/**
 * Security headers on every response. Documents carry the Content-Security-Policy the document
 * pipeline made for them (document.ts: their inline scripts' hashes); anything else gets one
 * that allows nothing.
 */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const { headers } = c.res;
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) headers.set(name, value);
    if (options.https) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    if (!headers.has("Content-Security-Policy") && !(headers.get("Content-Type") ?? "").startsWith("text/html")) {
      headers.set("Content-Security-Policy", NON_DOCUMENT_CSP);
    }
  };
}
