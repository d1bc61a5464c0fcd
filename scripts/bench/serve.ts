// Starts the production server on loopback for a benchmark and stops it afterwards.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RunningServer {
  origin: string;
  dataDir: string;
  pid: number;
  output: () => string;
  /** Sends a signal (the rolling-restart measurement sends SIGTERM under load). */
  signal: (name: NodeJS.Signals) => void;
  /** Resolves once the process has exited. */
  exited: Promise<void>;
  exitCode: () => number | null;
  stop: () => Promise<void>;
}

export async function startServer(
  port: number,
  env: Record<string, string> = {},
  /**
   * How long the first answer may take: a first start creates the database and draws the sample
   * images, which on a busy 2-core machine can take over a minute (the e2e tests allow two).
   */
  readyTimeoutMs = 180_000,
): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), "omnia-bench-"));
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${origin}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running behind the failed start.
      child.kill("SIGKILL");
      throw new Error(`server did not answer within ${readyTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    dataDir,
    pid: child.pid ?? 0,
    output: () => output,
    signal: (name) => child.kill(name),
    exited,
    exitCode: () => child.exitCode,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
