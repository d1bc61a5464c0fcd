// The benchmark's load generator: N concurrent workers over keep-alive HTTP on loopback, each
// sending its next request when the previous one is answered (closed loop, like autocannon's
// default), recording latency and failures. Small enough to read, so the numbers are
// explainable, and without a dependency.
import http from "node:http";

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers with a status of 400 or more, and requests that failed without an answer. */
  errors: number;
}

export interface HttpRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  localAddress?: string;
}

/** One request; resolves with its status code, or rejects when the connection fails. */
export function send(agent: http.Agent, port: number, req: HttpRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        agent,
        method: req.method,
        path: req.path,
        headers: req.headers,
        localAddress: req.localAddress,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(req.body);
  });
}

interface RawLoad {
  latencies: number[];
  errors: number;
  seconds: number;
}

function summarize(latencies: number[], errors: number, seconds: number): LoadResult {
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / seconds, p50: pct(0.5), p99: pct(0.99), errors };
}

/**
 * Runs `one` until `stop()` says so (checked before each request), with `concurrency` workers.
 * `one` resolves with a status code; a rejection counts as an error.
 */
async function runRaw(
  concurrency: number,
  stop: (started: number) => boolean,
  one: (i: number) => Promise<number>,
): Promise<RawLoad> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stop(next)) {
        const i = next++;
        const t0 = performance.now();
        const status = await one(i).catch(() => 0);
        latencies.push(performance.now() - t0);
        if (status === 0 || status >= 400) errors++;
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

async function run(
  concurrency: number,
  stop: (started: number) => boolean,
  one: (i: number) => Promise<number>,
): Promise<LoadResult> {
  const raw = await runRaw(concurrency, stop, one);
  return summarize(raw.latencies, raw.errors, raw.seconds);
}

/** `total` requests. */
export function measure(total: number, concurrency: number, one: (i: number) => Promise<number>): Promise<LoadResult> {
  return run(concurrency, (n) => n >= total, one);
}

/**
 * `total` requests of each of `loads`, sent in `rounds` alternating rounds (the order reversed
 * every other round), so that a change in the machine's load during the run weighs on each alike
 * and their ratio means something on a shared host.
 */
export async function measureAlternating<K extends string>(
  total: number,
  concurrency: number,
  rounds: number,
  loads: Record<K, (i: number) => Promise<number>>,
): Promise<Record<K, LoadResult>> {
  const keys = Object.keys(loads) as K[];
  const raw = new Map<K, RawLoad>(keys.map((k) => [k, { latencies: [], errors: 0, seconds: 0 }]));
  const perRound = Math.ceil(total / rounds);
  for (let round = 0; round < rounds; round++) {
    for (const key of round % 2 ? keys.toReversed() : keys) {
      const part = await runRaw(concurrency, (n) => n >= perRound, loads[key]);
      const into = raw.get(key)!;
      into.latencies.push(...part.latencies);
      into.errors += part.errors;
      into.seconds += part.seconds;
    }
  }
  return Object.fromEntries(
    keys.map((k) => {
      const r = raw.get(k)!;
      return [k, summarize(r.latencies, r.errors, r.seconds)];
    }),
  ) as Record<K, LoadResult>;
}

/** As many requests as fit in `durationMs`. */
export function measureFor(
  durationMs: number,
  concurrency: number,
  one: (i: number) => Promise<number>,
): Promise<LoadResult> {
  const end = performance.now() + durationMs;
  return run(concurrency, () => performance.now() >= end, one);
}

export const formatLoad = (r: LoadResult) =>
  `${r.requests} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.errors}`;
