import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { buildFont, FONT_FILE, UNICODE_RANGE, WEIGHTS } from "./subset-font.ts";

const appCss = readFileSync("app/app.css", "utf8");
const ourFace = /@font-face\s*{[^}]*inter-latin-wght-400-800\.woff2[^}]*}/.exec(appCss)?.[0] ?? "";
const normalize = (range: string) => range.replace(/\s+/g, "");

describe("the committed font (npm run font)", () => {
  it("is what the script builds from the installed package: rerun `npm run font` after an update", async () => {
    const built = await buildFont();
    expect(Buffer.compare(built, readFileSync(FONT_FILE)), `${FONT_FILE} is out of date`).toBe(0);
    // The cut is the point: well under the package's 48 KB file.
    expect(built.byteLength).toBeLessThan(34_000);
  });

  it("is declared in app/app.css with the same characters and weights it holds", () => {
    expect(ourFace).not.toBe("");
    expect(normalize(/unicode-range:([^;]+);/.exec(ourFace)?.[1] ?? "")).toBe(normalize(UNICODE_RANGE));
    expect(/font-weight:\s*(\d+)\s+(\d+);/.exec(ourFace)?.slice(1).map(Number)).toEqual([WEIGHTS.min, WEIGHTS.max]);
    // Preloaded and never swapped in late: no second layout of the page (ADR 057).
    expect(ourFace).toContain("font-display: optional;");
  });

  it("leaves Latin Extended a family of its own, next in --font-sans", () => {
    // One family's faces all get font data for every size and weight laid out; a face not yet
    // loaded gets a system font standing in for it, which on Linux costs a request to the
    // browser process each, for a file the page never downloads (ADR 057).
    const families = [...appCss.matchAll(/@font-face\s*{[^}]*font-family:\s*"([^"]+)"/g)].map((match) => match[1]);
    expect(families).toEqual(["Inter Variable Latin Extended", "Inter Variable"]);
    const fontSans = /--font-sans:\s*([^;]+);/.exec(appCss)?.[1]?.replace(/\s+/g, " ").trim() ?? "";
    expect(fontSans.split(", ").slice(0, 3)).toEqual([
      '"Inter Variable"',
      '"Inter Variable Latin Extended"',
      "system-ui",
    ]);
  });

  it("covers every font weight the app's classes ask for", () => {
    const weights: Record<string, number> = { thin: 100, extralight: 200, light: 300, normal: 400 };
    Object.assign(weights, { medium: 500, semibold: 600, bold: 700, extrabold: 800, black: 900 });
    const files = execFileSync("git", ["ls-files", "app"], { encoding: "utf8" })
      .split("\n")
      .filter((f) => /\.tsx?$/.test(f));
    const used = new Set(
      files.flatMap((file) =>
        [
          ...readFileSync(file, "utf8").matchAll(
            /\bfont-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)\b/g,
          ),
        ].map((match) => weights[match[1]!]!),
      ),
    );
    expect(used.size).toBeGreaterThan(0);
    for (const weight of used) {
      expect(weight, `font weight ${weight} is outside the font file`).toBeGreaterThanOrEqual(WEIGHTS.min);
      expect(weight, `font weight ${weight} is outside the font file`).toBeLessThanOrEqual(WEIGHTS.max);
    }
  });
});
