// The test server trusts one proxy (playwright.config.ts sets TRUST_PROXY=1), so a request's
// X-Forwarded-For is its client address. Specs that post forms give each visitor its own
// address from the IPv6 documentation prefix (RFC 3849), so one spec's posts never use up
// another's per-IP rate limit, and a spec can act as two visitors. The worker's index keeps
// addresses apart across Playwright workers (each has its own copy of this module).
let next = 0;

/** A new visitor's address, unique within the test run. */
export function visitorAddress(): string {
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0).toString(16);
  next += 1;
  return `2001:db8::${worker}:${next.toString(16)}`;
}

/** Headers that make a request come from a new visitor. */
export function visitorHeaders(): Record<string, string> {
  return { "X-Forwarded-For": visitorAddress() };
}
