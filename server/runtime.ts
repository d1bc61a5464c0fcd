// Process settings the server needs before Node starts: V8 reads heap flags, and glibc reads
// its malloc tuning, only at process start. Imported first by server/main.ts, this module
// replaces the process (same PID, so signals, supervisors and probes are unaffected) with one
// that has them, unless they are already there. Measured with 10,000 posts
// (docs/benchmarks.md, "Dynamic pages"):
//
// - `--max-semi-space-size=16`: on a machine with many gigabytes V8 sizes the young generation
//   at 64 MB per semi-space (128 MB resident once touched); a server that renders small pages
//   needs far less, and young collections stay short.
// - `--liftoff-only`: PGlite is Postgres compiled to WebAssembly. By default V8 compiles it with
//   its baseline compiler and recompiles hot functions with its optimising one; those
//   recompilations, many of them during start-up (migrations), took the process to 800 MB at
//   its peak and left it near 400 MB. Baseline code only: 350 MB at the peak, 230 MB after
//   start. Small indexed queries, what the site runs, take the same time (500 paged blog
//   queries: 348 ms against 389 ms); a sequential scan of 10,000 rows is about 45% slower.
// - `--max-old-space-size=384`: without a limit V8 sizes the heap from the machine's memory and,
//   under load, lets the old generation grow far past what is live: with 10,000 posts and 16
//   connections the process peaked at 400-450 MB though about 60 MB were live, and shrank only
//   after some idle seconds. With 384 MB as the ceiling it grows in smaller steps: 293 MB at the
//   peak of the same load, with the same requests/s (4,430 against 4,290 on /blog?pagina=400).
//   384 MB is six times the live heap (about 57 MB after a full collection, --trace-gc): the
//   ceiling bounds garbage, not work.
// - `MALLOC_ARENA_MAX=2`, `MALLOC_TRIM_THRESHOLD_=65536`: PGlite's WebAssembly compiler and
//   libuv's threads (compression) allocate through malloc; with glibc's default of eight arenas
//   per core and a lazy trim, the freed memory stayed resident (about 50 MB after a load run).
//
// An operator's own values win: a flag with the same name on the command line or in NODE_OPTIONS,
// or the variable already set in the environment, is kept.
import { fileURLToPath } from "node:url";

export const SERVER_NODE_FLAGS: readonly string[] = [
  "--max-semi-space-size=16",
  "--max-old-space-size=384",
  "--liftoff-only",
];

export const SERVER_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_TRIM_THRESHOLD_: "65536",
};

/** Set in the replaced process, so a platform without the setting cannot loop. */
const APPLIED = "OMNIA_SERVER_RUNTIME";

const flagName = (flag: string) => flag.split("=")[0]!;

/** The flags and variables the current process lacks; empty when it is ready. */
export function missingRuntime(execArgv: readonly string[], env: NodeJS.ProcessEnv) {
  const given = new Set([...execArgv, ...(env.NODE_OPTIONS ?? "").split(/\s+/).filter(Boolean)].map(flagName));
  return {
    flags: SERVER_NODE_FLAGS.filter((flag) => !given.has(flagName(flag))),
    env: Object.fromEntries(Object.entries(SERVER_ENV).filter(([name]) => env[name] === undefined)),
  };
}

function ensureServerRuntime(): void {
  if (process.env[APPLIED] || process.env.VITEST) return;
  const missing = missingRuntime(process.execArgv, process.env);
  if (missing.flags.length === 0 && Object.keys(missing.env).length === 0) return;
  const main = fileURLToPath(new URL("./main.ts", import.meta.url));
  // `npm start` reaches main.ts through scripts/start.ts (which builds first): the new process
  // starts main.ts itself, with the arguments main.ts was given.
  const args = process.argv[1] === main ? process.argv.slice(2) : [];
  process.execve!(process.execPath, [process.execPath, ...missing.flags, ...process.execArgv, main, ...args], {
    ...process.env,
    ...missing.env,
    [APPLIED]: "1",
  });
}

ensureServerRuntime();
