// The "Perhaps you meant ..." suggestions of PostgREST's errors come from a fuzzy set (Haskell's
// Data.FuzzySet, a port of fuzzyset.js): candidates sharing trigrams (else bigrams) with the
// input, ranked by cosine similarity, then rescored by Levenshtein distance; the best one at or
// above the minimum score wins. This is the same procedure, small enough to keep here.

function normalize(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9\u00c0-\u00ff, ]+/g, "");
}

function grams(value: string, size: number): Map<string, number> {
  const padded = `-${normalize(value)}-`;
  const out = new Map<string, number>();
  for (let i = 0; i + size <= padded.length; i++) {
    const g = padded.slice(i, i + size);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

function norm(counts: Map<string, number>): number {
  let sum = 0;
  for (const n of counts.values()) sum += n * n;
  return Math.sqrt(sum);
}

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/** Candidates similar to `input`, best first, each with its score (1 for an exact match). */
export function fuzzyMatches(candidates: readonly string[], input: string, minScore = 0.33): [number, string][] {
  for (const size of [3, 2]) {
    const wanted = grams(input, size);
    const wantedNorm = norm(wanted);
    const scored: [number, string][] = [];
    for (const candidate of candidates) {
      const have = grams(candidate, size);
      let dot = 0;
      for (const [g, n] of wanted) dot += n * (have.get(g) ?? 0);
      if (dot > 0) scored.push([dot / (wantedNorm * norm(have)), candidate]);
    }
    if (scored.length === 0) continue;
    scored.sort((x, y) => y[0] - x[0]);
    const a = normalize(input);
    const rescored = scored.slice(0, 50).map(([, c]): [number, string] => {
      const b = normalize(c);
      return [1 - levenshtein(a, b) / Math.max(a.length, b.length, 1), c];
    });
    rescored.sort((x, y) => y[0] - x[0]);
    const kept = rescored.filter(([score]) => score >= minScore);
    if (kept.length) return kept;
  }
  return [];
}

/** The best candidate for `input`, or null when none is close enough. */
export function closestMatch(candidates: readonly string[], input: string, minScore = 0.33): string | null {
  return fuzzyMatches(candidates, input, minScore)[0]?.[1] ?? null;
}
