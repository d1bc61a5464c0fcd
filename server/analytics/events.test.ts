import { describe, expect, it } from "vitest";
import { isUncountedPage, parseEventPayload } from "./events.ts";

describe("isUncountedPage", () => {
  it("leaves out the admin and sign-in apps, whatever the case or escapes of their paths", () => {
    const uncounted = [
      "/admin",
      "/admin/posts",
      "/Admin",
      "/ADMIN/",
      "/%61dmin",
      "/%61DMIN/x",
      "/auth",
      "/Auth/nova-senha",
    ];
    expect(uncounted.filter((page) => !isUncountedPage(page))).toEqual([]);
    const counted = ["/", "/administracao", "/blog/admin", "/authors", "/%ZZadmin", "/precos"];
    expect(counted.filter((page) => isUncountedPage(page))).toEqual([]);
  });
});

describe("parseEventPayload", () => {
  it("takes an address or a referrer of any length the body carries: the values are cut, not refused", () => {
    const u = `/precos?utm_content=${"x".repeat(1600)}`;
    expect(parseEventPayload({ k: "v", i: "a1", u, r: "" })).not.toBeNull();
    expect(parseEventPayload({ k: "e", i: "a1", u, e: 10 })).not.toBeNull();
    expect(
      parseEventPayload({ k: "v", i: "a1", u: "/", r: `https://omnia.com.br/?q=${"x".repeat(2000)}` }),
    ).not.toBeNull();
    // Still refused: another host's address, controls.
    expect(parseEventPayload({ k: "v", i: "a1", u: "//evil.example/" })).toBeNull();
    expect(parseEventPayload({ k: "v", i: "a1", u: "/\u0000" })).toBeNull();
  });
});
