// A throwaway PostgreSQL cluster for integration tests: initdb in a temp dir, postgres on a
// free loopback port, removed on stop(). We run as root and initdb refuses root, so both run
// as the `postgres` system user (runuser). Skipped (with a reason) where binaries are absent.
import { execFileSync, spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

/** Why real-PostgreSQL tests cannot run here, or null when they can. */
export function postgresUnavailableReason(): string | null {
  if (!fs.existsSync(path.join(PG_BIN, "initdb")) || !fs.existsSync(path.join(PG_BIN, "postgres"))) {
    return `PostgreSQL binaries not found in ${PG_BIN} (set PG_BIN)`;
  }
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    try {
      execFileSync("id", ["postgres"], { stdio: "ignore" });
    } catch {
      return "running as root and there is no `postgres` system user to run initdb as";
    }
  }
  return null;
}

export interface PostgresCluster {
  /** Superuser URL (user postgres, trust auth on loopback). */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** A TCP port on loopback that nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function asPostgres(cmd: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const reason = postgresUnavailableReason();
  if (reason) throw new Error(reason);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-pg-"));
  const data = path.join(dir, "data");
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
  const [initCmd, initArgs] = asPostgres(path.join(PG_BIN, "initdb"), [
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    "--no-locale",
    "--no-sync",
  ]);
  execFileSync(initCmd, initArgs, { stdio: "pipe" });
  const port = await freePort();
  const [cmd, args] = asPostgres(path.join(PG_BIN, "postgres"), [
    "-D",
    data,
    "-p",
    String(port),
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    `unix_socket_directories=${dir}`,
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
    "-c",
    "max_connections=60",
  ]);
  const child: ChildProcess = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"], detached: false });
  let stderr = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // Wait for the condition (the server logs that it is ready), not a fixed time.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`postgres did not start in 30 s:\n${stderr}`)), 30_000);
    child.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString();
      if (stderr.includes("ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", () => {
      clearTimeout(timer);
      reject(new Error(`postgres exited during start:\n${stderr}`));
    });
  });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      if (child.exitCode === null) {
        // Fast shutdown. runuser does not forward signals, so signal the postmaster itself
        // (its pid is the first line of postmaster.pid).
        const pidFile = path.join(data, "postmaster.pid");
        const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]) : NaN;
        if (Number.isInteger(pid) && pid > 0) process.kill(pid, "SIGINT");
        else child.kill("SIGINT");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
