// Imported first by server/main.ts, this module replaces the process (same PID, so signals,
// supervisors and probes are unaffected) with one that has the settings of
// server/runtime-settings.ts. An operator's own values win: a flag with the same name on the
// command line or in NODE_OPTIONS, or the variable already set in the environment, is kept.
import { fileURLToPath } from "node:url";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "./runtime-settings.ts";

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
