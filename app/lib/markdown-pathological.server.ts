// Inputs known to make Markdown parsers slow (super-linear time) or crash (deep recursion),
// generated at a chosen size. Most come from CommonMark's reference implementation, cmark:
// https://github.com/commonmark/cmark/blob/master/test/pathological_tests.py (and the "tables"
// case from cmark-gfm's copy of that file); markdown-it runs the same list in
// https://github.com/markdown-it/markdown-it/blob/master/test/markdown-it/pathological.test.mjs,
// plus a few of its own, included here. The "report" entries are the bodies that froze this
// server (docs/decisions/045-markdown-it-linear-rendering.md). Used by the renderer's tests
// and by scripts/bench/markdown.ts; never by a page.

export interface PathologicalInput {
  name: string;
  /** Where the pattern comes from. */
  origin: "cmark" | "cmark-gfm" | "markdown-it" | "report" | "found here";
  /** A body of at most `size` characters (as close to it as the pattern allows). */
  generate(size: number): string;
}

/** The blog_posts.content limit, so the largest body an editor can save or preview. */
export const PATHOLOGICAL_DEFAULT_SIZE = 200_000;

/** `unit` repeated as many times as fits in `size` characters (at least once). */
function fill(unit: string, size: number, reserved = 0): string {
  return unit.repeat(Math.max(1, Math.floor((size - reserved) / unit.length)));
}

/** `open` n times, `middle`, `close` n times, with n as large as fits. */
function nest(open: string, middle: string, close: string, size: number): string {
  const n = Math.max(1, Math.floor((size - middle.length) / (open.length + close.length)));
  return open.repeat(n) + middle + close.repeat(n);
}

/** Lines built from an increasing index until the next one would pass `size`. */
function linesUpTo(size: number, line: (i: number) => string, first = 0): string {
  let out = "";
  for (let i = first; ; i++) {
    const next = line(i);
    if (out.length + next.length > size) return out || next;
    out += next;
  }
}

/**
 * cmark's reference map hashes labels into 16 buckets; these labels all land in the same one,
 * so a naive map degrades to a list scan per lookup. Harmless for a Map-based parser, kept so
 * the list stays complete.
 */
function collidingLabels(): Generator<string> {
  return (function* () {
    for (let i = 0; ; i++) {
      const key = `x${i}`;
      let h = 0;
      for (const c of key) {
        h = (c.charCodeAt(0) + ((h << 6) >>> 0) + ((h << 16) >>> 0) - h) >>> 0;
      }
      if (h % 16 === 0) yield key;
    }
  })();
}

export const pathologicalInputs: readonly PathologicalInput[] = [
  {
    name: "nested strong emph",
    origin: "cmark",
    generate: (size) => nest("*a **a ", "b", " a** a*", size),
  },
  { name: "many emph closers with no openers", origin: "cmark", generate: (size) => fill("a_ ", size) },
  { name: "many emph openers with no closers", origin: "cmark", generate: (size) => fill("_a ", size) },
  { name: "many link closers with no openers", origin: "cmark", generate: (size) => fill("a]", size) },
  { name: "many link openers with no closers", origin: "cmark", generate: (size) => fill("[a", size) },
  { name: "mismatched openers and closers", origin: "cmark", generate: (size) => fill("*a_ ", size) },
  {
    name: "issue #389 (emph openers, then mixed closers)",
    origin: "cmark",
    generate: (size) => {
      const n = Math.max(1, Math.floor(size / ("*a ".length + "_a*_ ".length)));
      return "*a ".repeat(n) + "_a*_ ".repeat(n);
    },
  },
  {
    name: "openers and closers multiple of 3",
    origin: "cmark",
    generate: (size) => "a**b" + fill("c* ", size, 4),
  },
  { name: "link openers and emph closers", origin: "cmark", generate: (size) => fill("[ a_", size) },
  { name: "pattern [ (]( repeated", origin: "cmark", generate: (size) => fill("[ (](", size) },
  { name: "pattern ![[]() repeated", origin: "cmark", generate: (size) => fill("![[]()", size) },
  {
    // A correctness case upstream (one line); repeated here so it costs something.
    name: "hard link/emph case",
    origin: "cmark",
    generate: (size) => fill("**x [a*b**c*](d) ", size),
  },
  { name: "nested brackets", origin: "cmark", generate: (size) => nest("[", "a", "]", size) },
  { name: "nested block quotes", origin: "cmark", generate: (size) => fill("> ", size, 1) + "a" },
  {
    name: "deeply nested lists",
    origin: "cmark",
    generate: (size) => linesUpTo(size, (i) => `${"  ".repeat(i)}* a\n`),
  },
  { name: "U+0000 in input", origin: "cmark", generate: (size) => fill("abc\u0000de\u0000", size) },
  {
    name: "backticks",
    origin: "cmark",
    generate: (size) => linesUpTo(size, (i) => `e${"`".repeat(i)}`, 1),
  },
  { name: "unclosed links A", origin: "cmark", generate: (size) => fill("[a](<b", size) },
  { name: "unclosed links B", origin: "cmark", generate: (size) => fill("[a](b", size) },
  { name: "unclosed <!--", origin: "cmark", generate: (size) => "</" + fill("<!--", size, 2) },
  {
    name: "empty lines in deeply nested lists",
    origin: "cmark",
    generate: (size) => {
      const n = Math.max(1, Math.floor((size - 1) / 3));
      return "- ".repeat(n) + "x" + "\n".repeat(n);
    },
  },
  {
    name: "empty lines in deeply nested lists in blockquote",
    origin: "cmark",
    generate: (size) => {
      const n = Math.max(1, Math.floor((size - 4) / 4));
      return "> " + "- ".repeat(n) + "x\n" + ">\n".repeat(n);
    },
  },
  {
    name: "emph in deep blockquote",
    origin: "cmark",
    generate: (size) => {
      const n = Math.max(1, Math.floor(size / 3));
      return ">".repeat(n) + "a*".repeat(n);
    },
  },
  { name: "nested inlines", origin: "cmark", generate: (size) => nest("*", "a", "*", size) },
  {
    name: "reference collisions",
    origin: "cmark",
    generate: (size) => {
      const labels = collidingLabels();
      const bad = labels.next().value as string;
      let out = "";
      for (const label of labels) {
        const next = `[${label}]: /url\n\n[${bad}]\n\n`;
        if (out.length + next.length > size) return out;
        out += next;
      }
      return out;
    },
  },
  {
    // Commented out upstream as an accepted failure of cmark's fixed-size map; the shape stays:
    // definitions first, then one reference to an undefined label, many times.
    name: "many references",
    origin: "cmark",
    generate: (size) => {
      const refs = "[0] ".repeat(Math.floor(size / 4 / 4));
      return linesUpTo(size - refs.length, (i) => `[${i}]: u\n`, 1) + refs;
    },
  },
  {
    // Every definition is also a token since markdown-it 15 (reference_definition).
    name: "reference definitions with titles",
    origin: "markdown-it",
    generate: (size) => linesUpTo(size, (i) => `[r${i}]: /u${i} "t"\n`),
  },
  {
    name: "tables",
    origin: "cmark-gfm",
    generate: (size) => fill("aaa\rbbb\n-\v\n", size),
  },
  {
    // A narrow header with a wide delimiter row and then many short rows: renderers that pad
    // every row to the column count write columns × rows cells.
    name: "wide table with short rows",
    origin: "markdown-it",
    generate: (size) => {
      const cols = Math.floor(size / 2 / 4);
      const head = "|a".repeat(cols) + "|\n" + "|-".repeat(cols) + "|\n";
      return head + fill("x\n", size, head.length);
    },
  },
  {
    // markdown-it caps padded cells per table, not per document: each block below is a 64-column
    // header and enough one-cell rows to reach that cap (65,536 cells from about 2 KB).
    name: "repeated wide tables",
    origin: "found here",
    generate: (size) => {
      const cols = 64;
      const table =
        "|a".repeat(cols) + "|\n" + "|-".repeat(cols) + "|\n" + "x\n".repeat(Math.ceil(65_536 / (cols - 1))) + "\n";
      return fill(table, size);
    },
  },
  {
    // One definition with a long destination and title, then as many uses as fit: each use
    // writes both out again.
    name: "reference expansion",
    origin: "found here",
    generate: (size) => {
      const definition = `[r]: https://example.com/${"u".repeat(Math.floor(size / 4))} "${"t".repeat(Math.floor(size / 8))}"\n\n`;
      return definition + fill("[r] ", size, definition.length);
    },
  },
  { name: "emphasis **_* pattern", origin: "markdown-it", generate: (size) => fill("**_* ", size) },
  { name: "backtick ``\\ pattern", origin: "markdown-it", generate: (size) => fill("``\\", size) },
  {
    name: "autolinks <<<…<> pattern",
    origin: "markdown-it",
    generate: (size) => "<".repeat(Math.max(1, size - 1)) + ">",
  },
  {
    name: "hardbreak whitespaces",
    origin: "markdown-it",
    generate: (size) => "x" + " ".repeat(Math.max(1, size - 8)) + "x  \nx",
  },
  {
    name: "linkify trailing asterisks",
    origin: "markdown-it",
    generate: (size) => "https://test.com?" + "*".repeat(Math.max(1, size - 18)) + "a",
  },
  { name: "many smart quotes", origin: "markdown-it", generate: (size) => '"'.repeat(size) },
  { name: "report: _a run", origin: "report", generate: (size) => fill("_a", size) },
  { name: "report: > run", origin: "report", generate: (size) => ">".repeat(size) },
];
