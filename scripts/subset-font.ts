// Builds the site's font file from the npm package (docs/decisions/057-font-subset.md):
// Inter's Latin subset from @fontsource-variable/inter, cut by HarfBuzz (subset-font) to the
// weights the site uses. The result is committed (app/assets/fonts), so neither `npm start`
// nor `npm run dev` needs this step; scripts/subset-font.test.ts fails when it is out of date.
//
//   npm run font
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

/** Where the committed font lives; app/app.css and app/root.tsx import it from there. */
export const FONT_FILE = "app/assets/fonts/inter-latin-wght-400-800.woff2";

/**
 * The weight axis kept: font-normal (400) to font-extrabold (800) are all the site's classes
 * use. The full axis (100 to 900) costs 10 KB more, on every first visit.
 */
export const WEIGHTS = { min: 400, max: 800 } as const;

/**
 * The characters kept: the unicode-range of the package's Latin subset, unchanged, so that
 * every character it drew before is still drawn with Inter. app/app.css declares the same range.
 */
export const UNICODE_RANGE =
  "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";

function charactersOf(range: string): string {
  return range
    .split(",")
    .map((part) => part.trim().replace(/^U\+/, ""))
    .flatMap((part) => {
      const [first, last = first] = part.split("-").map((hex) => Number.parseInt(hex, 16));
      return Array.from({ length: last! - first! + 1 }, (_, index) => String.fromCodePoint(first! + index));
    })
    .join("");
}

export async function buildFont(): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"));
  return subsetFont(source, charactersOf(UNICODE_RANGE), {
    targetFormat: "woff2",
    variationAxes: { wght: WEIGHTS },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const font = await buildFont();
  writeFileSync(FONT_FILE, font);
  console.log(`${FONT_FILE}: ${font.byteLength} bytes`);
}
