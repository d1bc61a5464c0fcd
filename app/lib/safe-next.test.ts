import { describe, expect, it } from "vitest";
import { safeNextPath, sameSitePath } from "./safe-next";

const ORIGIN = "https://omnia.com.br";

describe("sameSitePath", () => {
  it("keeps same-site paths with their query and hash, normalised", () => {
    expect(sameSitePath("/admin", ORIGIN)).toBe("/admin");
    expect(sameSitePath("/blog/post?x=1#top", ORIGIN)).toBe("/blog/post?x=1#top");
    expect(sameSitePath("/blog/../precos", ORIGIN)).toBe("/precos");
    expect(sameSitePath("/./contato", ORIGIN)).toBe("/contato");
    expect(sameSitePath("/precos/", ORIGIN)).toBe("/precos/");
  });

  // Each of these was seen leading off the site, or could: the outside check's findings and
  // the usual open-redirect variants.
  it.each([
    "//evil.example",
    "//evil.example/admin",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/./\\evil.example",
    "/.\\/evil.example",
    "/..\\\\evil.example",
    "https://evil.example",
    "http://omnia.com.br.evil.example/",
    "https:evil.example",
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "data:text/html,x",
    "evil.example",
    "@evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\u0000/evil.example",
    " /admin",
    "",
  ])("refuses %j", (value) => {
    expect(sameSitePath(value, ORIGIN)).toBeNull();
  });

  it("refuses an absolute URL even on the site's own origin (a path is what callers store)", () => {
    expect(sameSitePath(`${ORIGIN}/precos`, ORIGIN)).toBeNull();
  });

  it("keeps what stays on the site however it is spelled", () => {
    expect(sameSitePath("/%2e%2e/precos", ORIGIN)).toBe("/precos");
    expect(sameSitePath("/a//b", ORIGIN)).toBe("/a//b");
  });
});

describe("safeNextPath", () => {
  it("uses the same rule", () => {
    expect(safeNextPath("/admin")).toBe("/admin");
    expect(safeNextPath("/.//evil.example")).toBeNull();
  });

  it("treats a missing value as no destination", () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
    expect(safeNextPath("")).toBeNull();
  });
});
