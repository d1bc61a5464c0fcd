// The operator commands as operators run them: `node server/cli/admin.ts ...` child processes
// (Node 24) against a temp DATA_DIR, first with no server running (the CLI opens the embedded
// backend itself), then while a backend holds the lock and has recorded its URL (the CLI must
// go through HTTP and never open PGlite a second time).
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { afterAll, describe, expect, it } from "vitest";
import { startBackend } from "../backend/index.ts";
import { postgresUnavailableReason, startPostgresCluster } from "../backend/testing/postgres-cluster.ts";
import { skipWhen } from "../backend/testing/skip.ts";
import { readStoredSigningKey } from "../backend/keys.ts";
import { openPglite } from "../backend/db/pglite.ts";
import { BACKUP_PREFIX, onlineBackup } from "../backup/route.ts";
import { backupWorkDir } from "../backup/work-dir.ts";
import { parseCommand } from "./commands.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SITE = "http://localhost:3999";
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "omnia-cli-test-"));
  dirs.push(dir);
  return join(dir, "data");
}

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with a clean environment (no DATABASE_URL / SUPABASE_* from the caller). */
function cli(dataDir: string, ...args: string[]): Promise<CliResult> {
  return cliWithEnv({ DATA_DIR: dataDir }, ...args);
}

function cliWithEnv(extraEnv: Record<string, string>, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, "server/cli/admin.ts"), ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "", SITE_URL: SITE, ...extraEnv },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function signIn(
  fetchFn: (req: Request) => Promise<Response> | Response,
  anonKey: string,
  email: string,
  password: string,
) {
  const res = await fetchFn(
    new Request(`${SITE}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { apikey: anonKey, "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    }),
  );
  return { status: res.status, body: (await res.json()) as { user?: { id: string } } };
}

async function roles(
  fetchFn: (req: Request) => Promise<Response> | Response,
  serviceRoleKey: string,
  userId: string,
): Promise<string[]> {
  const res = await fetchFn(
    new Request(`${SITE}/rest/v1/user_roles?select=role&user_id=eq.${userId}`, {
      headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` },
    }),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { role: string }[]).map((r) => r.role);
}

/** The first line of the message parseCommand refuses `argv` with (exit code 2), or "accepted". */
function refusal(argv: string[]): string {
  try {
    parseCommand(argv);
  } catch (error) {
    return `${(error as { exitCode?: number }).exitCode}: ${(error as Error).message.split("\n")[0]}`;
  }
  return "accepted";
}

describe("argument parsing", () => {
  it("accepts the documented forms and rejects the rest with exit code 2", () => {
    expect(parseCommand(["create-user", "A@B.co", "--password", "p4ssword", "--admin"])).toEqual({
      name: "create-user",
      email: "a@b.co",
      password: "p4ssword",
      admin: true,
    });
    expect(parseCommand(["set-password", "a@b.co"])).toEqual({ name: "set-password", email: "a@b.co", password: null });
    expect(parseCommand(["remove-2fa", "A@B.co"])).toEqual({ name: "remove-2fa", email: "a@b.co" });
    expect(parseCommand(["set-password", "a@b.co", "new-one"])).toMatchObject({ password: "new-one" });
    expect(parseCommand(["backup"])).toEqual({ name: "backup", out: null });
    expect(parseCommand(["backup", "--out", "b.tar.gz"])).toEqual({ name: "backup", out: "b.tar.gz" });
    expect(parseCommand(["restore", "b.tar.gz", "--force"])).toEqual({
      name: "restore",
      file: "b.tar.gz",
      force: true,
    });
    expect(parseCommand(["verify-backup", "b.tar.gz"])).toEqual({ name: "verify-backup", file: "b.tar.gz" });
    expect(parseCommand(["move-to-postgres", "postgres://u@db/omnia"])).toEqual({
      name: "move-to-postgres",
      url: "postgres://u@db/omnia",
    });
    for (const bad of [
      ["create-user"],
      ["grant-admin", "not-an-email"],
      ["keys", "extra"],
      ["nope"],
      ["grant-admin", "a@b.co", "--admin"],
      ["backup", "file.tar.gz"],
      ["backup", "--out"],
      ["restore"],
      ["restore", "a.tar.gz", "b.tar.gz"],
      ["verify-backup", "a.tar.gz", "--force"],
      ["move-to-postgres"],
      ["move-to-postgres", "mysql://db/omnia"],
    ]) {
      expect(() => parseCommand(bad)).toThrow(expect.objectContaining({ exitCode: 2 }));
    }
  });

  it("names an unknown or misused option in the first line of the message", () => {
    expect(refusal(["create-user", "a@b.co", "--yes"])).toBe("2: Unknown option --yes.");
    expect(refusal(["create-user", "a@b.co", "--force"])).toBe("2: --force does not apply to create-user.");
    expect(refusal(["grant-admin", "a@b.co", "-f"])).toBe("2: Unknown option -f.");
    expect(parseCommand(["grant-role", "A@B.co", "editor"])).toEqual({
      name: "grant-role",
      email: "a@b.co",
      role: "editor",
    });
    expect(refusal(["grant-role", "a@b.co"])).toBe("2: grant-role takes an e-mail address and a role.");
    expect(refusal(["grant-role", "a@b.co", "owner"])).toBe(
      '2: "owner" is not a role: use admin, editor, autor, vendas.',
    );
    expect(refusal(["create-user", "a@b.co", "--password"])).toBe("2: --password needs a value.");
    expect(refusal(["create-user", "a@b.co", "--admin=yes"])).toBe("2: --admin takes no value.");
    expect(refusal(["revoke-admin", "a@b.co", "--password", "x"])).toBe(
      "2: --password does not apply to revoke-admin.",
    );
    expect(parseCommand(["create-user", "a@b.co", "--password=p4ss"])).toMatchObject({
      password: "p4ss",
      admin: false,
    });
    expect(parseCommand(["set-password", "a@b.co", "--", "-starts-with-dash"])).toMatchObject({
      password: "-starts-with-dash",
    });
  });
});

describe("npm run admin", () => {
  // One data directory for both phases: PGlite's first start (initdb) is the slow part.
  const dataDir = tempDataDir();
  let generated = "";

  it("works with no server running: create-user, set-password, bad arguments", async () => {
    const created = await cli(dataDir, "create-user", "Ana@Example.com");
    expect(created).toMatchObject({ code: 0 }); // on failure the diff shows stderr
    expect(created.stderr).toContain("(server not running)");
    expect(created.stdout).toContain("Created user ana@example.com");
    generated = /Password: (\S+) \(shown once\)/.exec(created.stdout)?.[1] ?? "";
    expect(generated).toMatch(/^[A-Za-z0-9]{20}$/);

    const changed = await cli(dataDir, "set-password", "ana@example.com", "brand-new-secret");
    expect(changed).toMatchObject({ code: 0 });
    expect(changed.stdout).toContain("Password of ana@example.com changed.");

    const misuse = await cli(dataDir, "frobnicate");
    expect(misuse.code).toBe(2);
    expect(misuse.stderr).toContain("Usage: npm run admin");
  }, 90_000); // Each command starts the embedded backend itself (no server): slow on a busy machine.

  it("starts the embedded backend with the server's settings: ADMIN_REQUIRE_MFA stays on", async () => {
    const changed = await cliWithEnv(
      { DATA_DIR: dataDir, ADMIN_REQUIRE_MFA: "1" },
      "set-password",
      "ana@example.com",
      "brand-new-secret",
    );
    expect(changed).toMatchObject({ code: 0 });
    const db = await openPglite(dataDir);
    try {
      const { rows } = await db.query("select admin_require_mfa from public.security_settings");
      expect(rows).toEqual([{ admin_require_mfa: true }]);
    } finally {
      await db.close();
    }
  }, 90_000);

  it("refuses an unknown option before touching any backend", async () => {
    const unknownFlag = await cli(dataDir, "grant-admin", "ana@example.com", "--yes");
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.stderr).toContain("Unknown option --yes.");
    expect(unknownFlag.stderr).not.toContain("Using ");
  });

  it("goes through the running server's HTTP API while it holds the data directory", async () => {
    // As the server starts it: with the online backup that `backup` asks for.
    const backend = await startBackend({
      dataDir,
      siteUrl: SITE,
      log: () => {},
      services: { [BACKUP_PREFIX]: onlineBackup({ workDir: backupWorkDir(dataDir) }) },
    });
    const server = serve({ fetch: (req) => backend.fetch(req), port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    backend.announceUrl(url);
    try {
      // What the first phase did is really there: only the new password signs in.
      expect((await signIn(backend.fetch, backend.anonKey, "ana@example.com", generated)).status).toBe(400);
      const ana = await signIn(backend.fetch, backend.anonKey, "ana@example.com", "brand-new-secret");
      expect(ana.status).toBe(200);

      const granted = await cli(dataDir, "grant-admin", "ana@example.com");
      expect(granted).toMatchObject({ code: 0 });
      expect(granted.stderr).toContain(`Using the running server at ${url}`);
      expect(granted.stdout).toContain("ana@example.com is now an admin.");
      expect(await roles(backend.fetch, backend.serviceRoleKey, ana.body.user!.id)).toEqual(["admin"]);

      const created = await cli(dataDir, "create-user", "bob@example.com", "--password", "bob-secret-1", "--admin");
      expect(created).toMatchObject({ code: 0 });
      expect(created.stdout).toContain("bob@example.com is an admin.");
      const bob = await signIn(backend.fetch, backend.anonKey, "bob@example.com", "bob-secret-1");
      expect(bob.status).toBe(200);
      expect(await roles(backend.fetch, backend.serviceRoleKey, bob.body.user!.id)).toEqual(["admin"]);

      const revoked = await cli(dataDir, "revoke-admin", "bob@example.com");
      expect(revoked).toMatchObject({ code: 0 });
      expect(revoked.stdout).toContain("bob@example.com is no longer an admin.");
      expect(await roles(backend.fetch, backend.serviceRoleKey, bob.body.user!.id)).toEqual([]);

      // grant-role: one staff role per account, the old one replaced; the last admin keeps theirs.
      const writer = await cli(dataDir, "grant-role", "bob@example.com", "autor");
      expect(writer).toMatchObject({ code: 0 });
      expect(writer.stdout).toContain("bob@example.com is now autor.");
      expect(await roles(backend.fetch, backend.serviceRoleKey, bob.body.user!.id)).toEqual(["autor"]);
      const seller = await cli(dataDir, "grant-role", "bob@example.com", "vendas");
      expect(seller.stdout).toContain("bob@example.com is now vendas.");
      expect(await roles(backend.fetch, backend.serviceRoleKey, bob.body.user!.id)).toEqual(["vendas"]);
      const unchanged = await cli(dataDir, "grant-role", "bob@example.com", "vendas");
      expect(unchanged.stdout).toContain("bob@example.com was already vendas.");
      const seeded = await cli(dataDir, "revoke-admin", "admin@omnia.example");
      expect(seeded.code).toBe(0);
      const lastAdmin = await cli(dataDir, "grant-role", "ana@example.com", "editor");
      expect(lastAdmin.code).toBe(1);
      expect(lastAdmin.stderr).toContain("ana@example.com is the last admin: grant another account admin first.");
      expect(await roles(backend.fetch, backend.serviceRoleKey, ana.body.user!.id)).toEqual(["admin"]);
      const restoredSeed = await cli(dataDir, "grant-admin", "admin@omnia.example");
      expect(restoredSeed.code).toBe(0);

      const taken = await cli(dataDir, "create-user", "bob@example.com");
      expect(taken.code).toBe(1);
      expect(taken.stderr).toContain("A user with e-mail bob@example.com already exists.");
      const unknown = await cli(dataDir, "grant-admin", "nobody@example.com");
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("No user with e-mail nobody@example.com.");

      // A backup while the server holds the directory: the server takes it (POST /backup/v1).
      const backupFile = join(dirname(dataDir), "backups", "b.tar.gz");
      const backedUp = await cli(dataDir, "backup", "--out", backupFile);
      expect(backedUp).toMatchObject({ code: 0 });
      expect(backedUp.stderr).toContain(`Asking the running server at ${url}`);
      expect(backedUp.stdout).toMatch(
        /^Backup written to .*b\.tar\.gz \(\d+ bytes\): \d+ rows in \d+ tables \(users 3, posts 3, leads 0\)/,
      );
      const checked = await cli(dataDir, "verify-backup", backupFile);
      expect(checked).toMatchObject({ code: 0 });
      expect(checked.stdout).toContain("is a complete backup: ");
      const busy = await cli(dataDir, "restore", backupFile, "--force");
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain(`is using ${dataDir}; stop it before restoring.`);

      // Restored into a new directory: bob's password works there.
      const copy = join(dirname(dataDir), "copy");
      const restored = await cli(copy, "restore", backupFile);
      expect(restored).toMatchObject({ code: 0 });
      expect(restored.stdout).toContain(`Restored into ${copy}: `);
      const again = await cli(copy, "restore", backupFile);
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toBe(
        `${copy} already holds a database; restore into an empty data directory, or pass --force to replace it (the old one is kept aside).`,
      );
      const copyBackend = await startBackend({ dataDir: copy, siteUrl: SITE, log: () => {} });
      try {
        expect((await signIn(copyBackend.fetch, copyBackend.anonKey, "bob@example.com", "bob-secret-1")).status).toBe(
          200,
        );
      } finally {
        await copyBackend.close();
      }

      const keys = await cli(dataDir, "keys");
      expect(keys).toMatchObject({ code: 0 });
      expect(keys.stdout.trim().split("\n")).toEqual([
        `SUPABASE_URL=${url}`,
        `SUPABASE_ANON_KEY=${backend.anonKey}`,
        `SUPABASE_SERVICE_ROLE_KEY=${backend.serviceRoleKey}`,
      ]);
      const stored = await readStoredSigningKey(dataDir);
      expect(stored?.anon_key).toBe(backend.anonKey);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await backend.close();
    }
  }, 120_000); // backup, restore and a second backend start: PGlite's initdb is the slow part.
});

describe("npm run admin with DATABASE_URL", skipWhen(postgresUnavailableReason()), () => {
  it("works on PostgreSQL, with the keys kept in the database", async () => {
    const cluster = await startPostgresCluster();
    try {
      const env = { DATABASE_URL: cluster.url };
      const created = await cliWithEnv(
        env,
        "create-user",
        "carla@example.com",
        "--password",
        "carla-secret",
        "--admin",
      );
      expect(created).toMatchObject({ code: 0 });
      expect(created.stderr).toContain("the embedded backend on DATABASE_URL");
      const keys = await cliWithEnv(env, "keys");
      expect(keys).toMatchObject({ code: 0 });

      const backend = await startBackend({ databaseUrl: cluster.url, siteUrl: SITE, log: () => {} });
      try {
        expect(keys.stdout).toContain(`SUPABASE_SERVICE_ROLE_KEY=${backend.serviceRoleKey}\n`);
        const carla = await signIn(backend.fetch, backend.anonKey, "carla@example.com", "carla-secret");
        expect(carla.status).toBe(200);
        expect(await roles(backend.fetch, backend.serviceRoleKey, carla.body.user!.id)).toEqual(["admin"]);
      } finally {
        await backend.close();
      }
    } finally {
      await cluster.stop();
    }
  });
});
