// A section's script runs in a process of its own (`--section-file F`) and hands its Markdown to
// scripts/bench.ts through the file; run alone, it prints it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "../../server/runtime-settings.ts";

const FLAG = "--section-file";

interface Runtime {
  flags: readonly string[];
  env: Readonly<Record<string, string>>;
}

/** The V8 flags and malloc settings `npm start` gives the server (server/runtime-settings.ts). */
export const SERVER_RUNTIME: Runtime = { flags: SERVER_NODE_FLAGS, env: SERVER_ENV };

/**
 * Runs a section's script in a process of its own and returns its sections. A script that runs
 * the database in its own process needs SERVER_RUNTIME: under Node's defaults V8 recompiles
 * PGlite's WebAssembly with its optimiser, which the server turns off, so database work measured
 * there is cheaper than in the server.
 */
export function sectionsOf(script: string, runtime: Runtime = { flags: [], env: {} }): string[] {
  const dir = mkdtempSync(join(tmpdir(), "omnia-bench-"));
  try {
    const file = join(dir, "section.md");
    execFileSync(process.execPath, [...runtime.flags, script, FLAG, file], {
      stdio: "inherit",
      env: { ...process.env, ...runtime.env },
    });
    return readFileSync(file, "utf8")
      .split(/\n(?=## )/)
      .map((section) => section.trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Prints the section, or writes it to the file after `--section-file`. */
export function emitSection(section: string): void {
  const at = process.argv.indexOf(FLAG);
  if (at >= 0 && process.argv[at + 1]) writeFileSync(process.argv[at + 1]!, section);
  else console.log(section);
}

/** The script's own arguments, without `--section-file F`. */
export function sectionArgs(): string[] {
  const args = process.argv.slice(2);
  const at = args.indexOf(FLAG);
  return at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : args;
}
