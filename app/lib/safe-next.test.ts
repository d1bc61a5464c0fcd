import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-next";

describe("safeNextPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeNextPath("/admin")).toBe("/admin");
    expect(safeNextPath("/blog/post?x=1#top")).toBe("/blog/post?x=1#top");
  });

  it("refuses anything that could leave the site", () => {
    for (const next of [
      "//evil.example",
      "//evil.example/admin",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      " /admin",
    ]) {
      expect(safeNextPath(next)).toBeNull();
    }
  });

  it("treats a missing value as no destination", () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
    expect(safeNextPath("")).toBeNull();
  });
});
