// Process settings the server needs before Node starts: V8 reads heap flags, and glibc its malloc
// tuning, only at process start. Imported first by server/main.ts, this module replaces the process
// (same PID, so signals, supervisors and probes are unaffected) with one that has them:
//
// - `--max-semi-space-size=16`: V8 sizes the young generation from the machine's memory, far above
//   what a server rendering small pages needs.
// - `--liftoff-only`: V8's optimising recompilation of PGlite's WebAssembly makes searches and deep
//   pages cheaper, but optimising one of PostgreSQL's largest functions alone more than doubles the
//   server's peak memory, and no V8 flag leaves that one function out.
// - `--max-old-space-size=384`: without a ceiling the old generation grows far past the live heap
//   under load; the ceiling bounds garbage, not work.
// - `MALLOC_ARENA_MAX=2`, `MALLOC_TRIM_THRESHOLD_=65536`: glibc's defaults keep memory freed by
//   PGlite's compiler and libuv's threads resident.
//
// The measurements behind each: docs/investigations/server-memory.md. An operator's own values
// win: a flag with the same name on the command line or in NODE_OPTIONS, or the variable already
// set in the environment, is kept.
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

/** A flag's name, the same for its negation: `--no-liftoff-only` is the operator's own value too. */
const flagName = (flag: string) => flag.split("=")[0]!.replace(/^--no-/, "--");

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
