import type { MiddlewareHandler } from "hono";
import { contentSecurityPolicy, inlineScriptHashes, type CspOptions } from "./csp.ts";

export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  // No Cross-Origin-Opener-Policy here: the React apps (/auth, /admin), where a session lives,
  // set `same-origin` on their documents (app/entry.server.tsx). On public pages it bought
  // nothing (no session, no window.opener use) and cost a browsing-context-group switch on
  // arrival: 200 to 350 ms of Lighthouse's Total Blocking Time on pages without JavaScript.
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
};

/**
 * Security headers on every response. HTML documents get a Content-Security-Policy whose
 * script-src lists the hashes of that document's inline scripts: prerendered files have it
 * set when served (see static-files.ts); server-rendered documents are hashed here.
 */
export function securityHeaders(options: CspOptions & { https: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) c.res.headers.set(name, value);
    if (options.https) c.res.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");

    const type = c.res.headers.get("Content-Type") ?? "";
    if (!type.startsWith("text/html")) {
      if (!c.res.headers.has("Content-Security-Policy")) {
        c.res.headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
      }
      return;
    }
    if (c.res.headers.has("Content-Security-Policy") || c.res.headers.has("Content-Encoding")) return;
    const html = await c.res.text();
    const headers = new Headers(c.res.headers);
    headers.set("Content-Security-Policy", contentSecurityPolicy(inlineScriptHashes(html), options));
    c.res = new Response(c.req.method === "HEAD" ? null : html, { status: c.res.status, headers });
  };
}
