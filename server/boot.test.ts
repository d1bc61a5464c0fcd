import { describe, expect, it } from "vitest";
import { startupLine } from "./boot.ts";
import { readConfig } from "./config.ts";

describe("startupLine", () => {
  it("names the local address when that is the site's address", () => {
    expect(startupLine("Omnia site", readConfig({}), "embedded backend")).toBe(
      "Omnia site at http://localhost:3000 (embedded backend)",
    );
  });

  it("names SITE_URL, the address people open, and the socket it listens on when they differ", () => {
    const config = readConfig({ SITE_URL: "https://omnia.com.br", HOST: "0.0.0.0", PORT: "8080" });
    expect(startupLine("Omnia site", config, "embedded backend")).toBe(
      "Omnia site at https://omnia.com.br (listening on http://0.0.0.0:8080; embedded backend)",
    );
  });
});
