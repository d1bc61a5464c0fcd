import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "./csp.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes every inline script, once each, and skips external ones", () => {
    const html = `<script>a()</script><script type="module" async="">import "/x.js";</script>
      <script src="/assets/y.js"></script><script>a()</script><script type="application/ld+json">{"a":1}</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha('import "/x.js";'), sha('{"a":1}')]);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows only self and the given hashes for scripts, and forbids framing", () => {
    const csp = contentSecurityPolicy(["'sha256-abc'"]);
    expect(csp).toContain("script-src 'self' 'sha256-abc'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("lets the browser call a hosted Supabase project when one is configured", () => {
    expect(contentSecurityPolicy([], { connectOrigins: ["https://x.supabase.co"] })).toContain(
      "connect-src 'self' https://x.supabase.co",
    );
  });
});
