import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The repository stands alone: comments and docs cite files in the repository (docs/product.md,
// docs/supabase-wire.md, docs/stack.md, docs/architecture.md restate what the code relies on) or
// public upstream docs, never notes that live beside a checkout or a path on one machine.

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

// The names this test looks for are assembled from pieces, so that this file, scanned like any
// other, holds none of them itself.
const j = (...parts: string[]) => parts.join("");
const WORK = j("/wo", "rk/");
const ROOT_HOME = j("/ro", "ot/");
const WIRE = j("SUPABASE", "-WIRE");
const ARCH = j("ARCHITECTURE", ".md");
const SPEC = j("spec", " §");
const DRIVE = j("C", ":\\");

/** Tracked files plus new ones not yet committed (ignored files, like build output, excluded). */
function repositoryTextFiles(): { path: string; text: string }[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const files: { path: string; text: string }[] = [];
  for (const path of new Set(listed.split("\0").filter(Boolean))) {
    let bytes: Buffer;
    try {
      if (!statSync(join(root, path)).isFile()) continue;
      bytes = readFileSync(join(root, path));
    } catch {
      continue; // listed by git but deleted in the working tree
    }
    if (bytes.subarray(0, 8000).includes(0)) continue; // binary (images, fonts)
    files.push({ path, text: bytes.toString("utf8") });
  }
  return files;
}

// A path only counts as absolute when nothing path-like precedes it, so "~/components/site/home/"
// or "https://example.com/home/" do not match.
const ABSOLUTE_PATHS: [string, RegExp][] = [
  [WORK, new RegExp(String.raw`(?<![\w.~%-])\/wo` + String.raw`rk\/`)],
  [ROOT_HOME, new RegExp(String.raw`(?<![\w.~%-])\/ro` + String.raw`ot\/`)],
  ["/home/<name>/", new RegExp(String.raw`(?<![\w.~%-])\/ho` + String.raw`me\/[a-z_][\w.-]*\/`)],
  [DRIVE, new RegExp(String.raw`(?<![\w$\\])[A-Z]` + String.raw`:\\[\w.\\]`)],
];

const OUTSIDE_DOCUMENTS: [string, RegExp][] = [
  [WIRE, new RegExp(WIRE)],
  [j("PRO", "DUCT.md"), new RegExp(String.raw`(?<![\w/])PRO` + String.raw`DUCT\.md`)],
  [j("product", "-spec"), new RegExp(j("product", "-spec"))],
  [ARCH, new RegExp(String.raw`(?<![\w/])ARCHI` + String.raw`TECTURE\.md`)],
  [j("STACK", "-NOTES"), new RegExp(j("STACK", "-NOTES"))],
  [SPEC, new RegExp(String.raw`\bsp` + "ec §", "i")],
  [
    "the shared notes folder",
    new RegExp(String.raw`(?<![\w-])\.\.\/sha` + String.raw`red\/|(?<![\w/-])sha` + String.raw`red\/(seed|hooks)\b`),
  ],
];

function findings(files: { path: string; text: string }[], patterns: [string, RegExp][]): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    text.split("\n").forEach((line, index) => {
      for (const [name, pattern] of patterns) {
        if (pattern.test(line)) found.push(`${path}:${index + 1}: ${name}: ${line.trim().slice(0, 120)}`);
      }
    });
  }
  return found;
}

describe("the repository stands alone", () => {
  const files = repositoryTextFiles();

  it("scans the repository's text files", () => {
    expect(files.map((f) => f.path)).toEqual(expect.arrayContaining(["README.md", "package.json", "docs/product.md"]));
  });

  it("holds no absolute machine paths", () => {
    expect(findings(files, ABSOLUTE_PATHS)).toEqual([]);
  });

  it("cites no documents from outside the repository", () => {
    expect(findings(files, OUTSIDE_DOCUMENTS)).toEqual([]);
  });

  it("would catch either kind", () => {
    const planted = [
      { path: "a.ts", text: `// see ${WORK}shared/${WIRE}.md §2` },
      {
        path: "b.md",
        text: `Measured on ${j("C", ":")}\\Users\\me and in ${j("/ho", "me/")}dev/notes (${SPEC}4, ${ARCH}).`,
      },
      {
        path: "c.ts",
        text: 'import { x } from "~/components/site/home/hero"; // https://example.com/home/ docs/product.md §2',
      },
    ];
    expect(findings(planted, ABSOLUTE_PATHS).map((f) => f.split(": ")[1])).toEqual([WORK, "/home/<name>/", DRIVE]);
    expect(findings(planted, OUTSIDE_DOCUMENTS).map((f) => f.split(": ")[1])).toEqual([WIRE, ARCH, SPEC]);
  });
});
