// Backups and restore on real databases: PGlite in temp directories, and a throwaway PostgreSQL
// where its binaries exist (as on CI). The targets of issue #18: no acknowledged write lost
// when a backup runs under writes; the embedded database moved to PostgreSQL with its users
// signing in with their old passwords and second factors; bad files and targets refused with
// one line and nothing changed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import * as tar from "tar";
import { afterAll, describe, expect, it } from "vitest";
import { startBackend } from "../backend/index.ts";
import type { Backend } from "../backend/index.ts";
import { openPglite } from "../backend/db/pglite.ts";
import { openPostgres } from "../backend/db/postgres.ts";
import { readStoredSigningKey } from "../backend/keys.ts";
import { postgresUnavailableReason, startPostgresCluster } from "../backend/testing/postgres-cluster.ts";
import { skipWhen } from "../backend/testing/skip.ts";
import { BackupFileError } from "./archive.ts";
import type { Manifest } from "./archive.ts";
import {
  RestoreTargetError,
  backupDataDir,
  moveToPostgres,
  restoreToDataDir,
  restoreToPostgres,
  verifyBackup,
  writeBackup,
} from "./backup.ts";
import {
  DATASET_URL,
  clientFor,
  createConfirmedUser,
  createUsers,
  insertEditorial,
  insertLeads,
  insertPosts,
  totpCode,
} from "./dataset.testing.ts";
import { backupFileName, listBackups, pruneBackups, startBackupSchedule } from "./schedule.ts";
import { BACKUP_PREFIX, onlineBackup } from "./route.ts";
import { backupWorkDir } from "./work-dir.ts";
import { until } from "../mail/smtp-sink.testing.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-backup-test-"));
  dirs.push(dir);
  return dir;
}

/** A work folder for backups taken or read outside a data directory. */
const workDir = () => path.join(tempDir(), "backup-work");

const quiet = () => {};
/** The embedded backend as the server starts it, with the online backup at /backup/v1. */
const start = (dataDir: string) =>
  startBackend({
    dataDir,
    siteUrl: DATASET_URL,
    log: quiet,
    services: { [BACKUP_PREFIX]: onlineBackup({ workDir: backupWorkDir(dataDir) }) },
  });

async function count(backend: { db: Backend["db"] }, table: string): Promise<number> {
  const { rows } = await backend.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]!.n;
}

async function postBackup(backend: Backend, key: string | null): Promise<Response> {
  return backend.fetch(
    new Request(`${DATASET_URL}/backup/v1`, {
      method: "POST",
      headers: key ? { apikey: key, authorization: `Bearer ${key}` } : {},
    }),
  );
}

/** A schedule of daily backups into `dir` keeping the newest two, on the backend's database. */
function dailyKeepingTwo(
  backend: Backend,
  dir: string,
  options: Pick<Parameters<typeof startBackupSchedule>[0], "workDir" | "log" | "now">,
) {
  return startBackupSchedule({
    db: backend.db,
    dir,
    intervalHours: 24,
    keep: 2,
    signingKey: async () => null,
    ...options,
  });
}

/** Everything under dir with sizes and modification times: "nothing changed" is this, equal. */
function snapshot(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      const stat = fs.statSync(file);
      return `${path.relative(dir, file)} ${stat.size} ${stat.mtimeMs}`;
    })
    .toSorted();
}

describe("online backup of the embedded database", () => {
  it("loses no acknowledged write when 8 clients write for 10 s, and the restored copy is consistent", async () => {
    const root = tempDir();
    const backend = await start(path.join(root, "live"));
    const admin = { email: "admin@empresa.example", password: "Senha-antiga-do-admin-1" };
    await createConfirmedUser(backend, admin);

    // Each client inserts leads through REST, as the site's forms do; a lead is acknowledged
    // when its 201 arrives. A lead's outbox row is written by a trigger in the same transaction.
    const acknowledged: { email: string; at: number }[] = [];
    const deadline = Date.now() + 10_000;
    const writer = async (client: number) => {
      for (let i = 0; Date.now() < deadline; i += 1) {
        const email = `c${client}-${i}@empresa.example`;
        const res = await backend.fetch(
          new Request(`${DATASET_URL}/rest/v1/contact_messages`, {
            method: "POST",
            headers: {
              apikey: backend.serviceRoleKey,
              authorization: `Bearer ${backend.serviceRoleKey}`,
              "content-type": "application/json",
            },
            body: JSON.stringify({
              name: `Cliente ${client}`,
              email,
              subject: "comercial",
              message: "Quero uma proposta.",
            }),
          }),
        );
        expect(res.status).toBe(201);
        acknowledged.push({ email, at: performance.now() });
        // A client's next request arrives as I/O; in process, without this, the writers' promise
        // chains would never let the backup's file work run until they stop.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const writers = Array.from({ length: 8 }, (_, n) => writer(n));

    await new Promise<void>((resolve) => setTimeout(resolve, 4_000)); // let the writers get going
    const backupStarted = performance.now();
    const response = await postBackup(backend, backend.serviceRoleKey);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    const file = path.join(root, "online.tar.gz");
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    await Promise.all(writers);
    const totalWritten = await count(backend, "public.contact_messages");
    await backend.close();

    const before = acknowledged.filter((w) => w.at < backupStarted).map((w) => w.email);
    expect(before.length).toBeGreaterThan(50);
    expect(totalWritten).toBe(acknowledged.length);

    const restoredDir = path.join(root, "restored");
    await restoreToDataDir(file, restoredDir);
    const restored = await start(restoredDir);
    try {
      const { rows } = await restored.db.query<{ email: string }>("select email from public.contact_messages");
      const present = new Set(rows.map((r) => r.email));
      expect(before.filter((email) => !present.has(email))).toEqual([]); // 0 lost
      // A snapshot, not a smear: some writes came after it, and each lead it holds has its
      // outbox row (written in the lead's own transaction) and nothing else dangles.
      expect(rows.length).toBeLessThan(acknowledged.length);
      expect(await count(restored, "public.lead_outbox")).toBe(rows.length);
      const { rows: orphans } = await restored.db.query<{ n: number }>(
        `select count(*)::int as n from public.lead_outbox o
          where not exists (select 1 from public.contact_messages m where m.id = o.lead_id)`,
      );
      expect(orphans[0]!.n).toBe(0);
      // The same keys (the signing key travels in the backup) and the old password.
      expect(restored.anonKey).toBe(backend.anonKey);
      const signIn = await clientFor(restored).auth.signInWithPassword(admin);
      expect(signIn.error).toBeNull();
    } finally {
      await restored.close();
    }
  }, 120_000);

  it("answers the backup endpoint to the service-role key only", async () => {
    const backend = await start(path.join(tempDir(), "data"));
    try {
      const anonymous = await postBackup(backend, null);
      expect(anonymous.status).toBe(401);
      const anon = await postBackup(backend, backend.anonKey);
      expect(anon.status).toBe(403);
      expect(await anon.json()).toMatchObject({ msg: "Only the service-role key may take a backup" });
    } finally {
      await backend.close();
    }
  });
});

/** Restoring `file` into a new data directory is refused with `expected`, and creates no database. */
async function expectRefusedRestore(file: string, expected: RegExp): Promise<void> {
  const target = path.join(tempDir(), "target");
  await expect(restoreToDataDir(file, target)).rejects.toThrow(expected);
  expect(fs.existsSync(path.join(target, "pgdata"))).toBe(false);
}

describe("refused backups and targets: one line, nothing changed", () => {
  let source = "";
  let good = "";
  let manifest: Manifest;

  it("verifies a good backup", async () => {
    const root = tempDir();
    source = path.join(root, "source");
    const backend = await start(source);
    await backend.close();
    good = path.join(root, "good.tar.gz");
    manifest = await backupDataDir(source, good);
    expect((fs.statSync(good).mode & 0o777).toString(8)).toBe("600");
    expect(await verifyBackup(good, workDir())).toEqual(manifest);
    expect(manifest.tables.map((t) => t.name)).toEqual(expect.arrayContaining(["auth.users", "public.blog_posts"]));
    // Parents before children: the order a restore inserts in.
    const order = manifest.tables.map((t) => t.name);
    expect(order.indexOf("auth.users")).toBeLessThan(order.indexOf("public.blog_posts"));
    expect(order.indexOf("public.contact_messages")).toBeLessThan(order.indexOf("public.lead_deliveries"));
  }, 60_000);

  it("refuses a truncated file", async () => {
    expect.assertions(2);
    const bytes = fs.readFileSync(good);
    const truncated = path.join(tempDir(), "truncated.tar.gz");
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expectRefusedRestore(truncated, /truncated\.tar\.gz is truncated or damaged/);
  });

  it("refuses a file from another program, and a gzip tar that is not a backup", async () => {
    expect.assertions(4);
    const dir = tempDir();
    const png = path.join(dir, "photo.png");
    fs.writeFileSync(png, Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"));
    await expectRefusedRestore(png, /photo\.png is not an Omnia backup \(not a gzip file\)/);

    fs.mkdirSync(path.join(dir, "site"));
    fs.writeFileSync(path.join(dir, "site", "index.html"), "<!doctype html>");
    const other = path.join(dir, "site.tar.gz");
    await tar.create({ gzip: true, file: other, cwd: dir }, ["site"]);
    await expectRefusedRestore(other, /site\.tar\.gz is not an Omnia backup \(it contains site\/\)/);
  });

  async function repacked(edit: (dir: string, manifest: Manifest) => void): Promise<string> {
    const dir = tempDir();
    await tar.extract({ file: good, cwd: dir });
    const m = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as Manifest;
    edit(dir, m);
    fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(m));
    const out = path.join(tempDir(), "edited.tar.gz");
    await tar.create({ gzip: true, file: out, cwd: dir }, fs.readdirSync(dir));
    return out;
  }

  it("refuses a newer format, a newer migration level, and an edited file", async () => {
    expect.assertions(6);
    await expectRefusedRestore(
      await repacked((_, m) => (m.formatVersion = 99)),
      /has backup format 99; this version reads format 1 and older\. Upgrade Omnia first\./,
    );
    await expectRefusedRestore(
      await repacked((_, m) => m.migrations.push("20991231000000_from_the_future.sql")),
      /comes from a newer version of Omnia \(migration 20991231000000_from_the_future\.sql is unknown here\)/,
    );
    await expectRefusedRestore(
      await repacked((dir) => fs.appendFileSync(path.join(dir, "database", "auth.users.jsonl"), "{}\n")),
      /is damaged: database\/auth\.users\.jsonl does not match its checksum/,
    );
  });

  it("refuses a data directory that holds a database unless --force, which keeps the old one aside", async () => {
    const before = snapshot(source);
    await expect(restoreToDataDir(good, source)).rejects.toThrow(RestoreTargetError);
    await expect(restoreToDataDir(good, source)).rejects.toThrow(/already holds a database; .* pass --force/);
    expect(snapshot(source)).toEqual(before);

    const { setAside } = await restoreToDataDir(good, source, { force: true });
    expect(setAside).toMatch(/pgdata\.replaced-/);
    expect(fs.existsSync(path.join(setAside!, "PG_VERSION"))).toBe(true);
    const reopened = await openPglite(source);
    try {
      expect(await count({ db: reopened }, "auth.users")).toBe(
        manifest.tables.find((t) => t.name === "auth.users")!.rows,
      );
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it("refuses a data directory a server is using", async () => {
    const dir = path.join(tempDir(), "busy");
    const backend = await start(dir);
    try {
      await expect(restoreToDataDir(good, dir, { force: true })).rejects.toThrow(/in use|locked|held/i);
    } finally {
      await backend.close();
    }
  }, 60_000);

  it("is a BackupFileError for every file problem", async () => {
    await expect(verifyBackup(path.join(tempDir(), "missing.tar.gz"), workDir())).rejects.toBeInstanceOf(
      BackupFileError,
    );
  });
});

describe("the editorial blog in backups", () => {
  it("carries tags, author profiles and old slugs, and the restored search finds the posts", async () => {
    const root = tempDir();
    const source = path.join(root, "source");
    const backend = await start(source);
    await backend.db.transaction(async (tx) => {
      await insertPosts(tx, 40);
      await insertEditorial(tx, 5);
    });
    const tables = ["public.tags", "public.post_tags", "public.author_profiles", "public.post_slug_redirects"];
    const counts = async (b: { db: Backend["db"] }) =>
      Promise.all(tables.map(async (t) => [t, await count(b, t)] as const));
    const expected = await counts(backend);
    expect(expected.every(([, n]) => n > 0)).toBe(true);
    await backend.close();

    const file = path.join(root, "editorial.tar.gz");
    const manifest = await backupDataDir(source, file);
    expect(manifest.tables.map((t) => t.name)).toEqual(expect.arrayContaining(tables));
    const restoredDir = path.join(root, "restored");
    await restoreToDataDir(file, restoredDir);
    const restored = await start(restoredDir);
    try {
      expect(await counts(restored)).toEqual(expected);
      const visitor = clientFor(restored);
      const found = (await visitor.rpc("search_posts", { q: "numeros", page_limit: 50 })).data as { slug: string }[];
      // Posts 1-40 of the data set, every fourth a draft; the sample posts may say "números" too.
      expect(found.filter((post) => /^post-\d/.test(post.slug))).toHaveLength(30);
      expect((await visitor.from("post_redirect_targets").select("slug").eq("old_slug", "post-1")).data).toEqual([
        { slug: "post-1-renomeado" },
      ]);
      // The lists' kept counts come back as they were, and their triggers still fire ALWAYS.
      const page = (await visitor.rpc("visible_post_page", { page_size: 1, page_offset: 0 })).data as {
        total: number;
      }[];
      const { rows: published } = await restored.db.query<{ n: number }>(
        "select count(*)::int as n from public.blog_posts where published and published_at <= now()",
      );
      expect(page[0]?.total).toBe(published[0]?.n);
      const { rows: modes } = await restored.db.query<{ mode: string }>(
        "select distinct tgenabled::text as mode from pg_trigger where tgname like '%_count_%'",
      );
      expect(modes).toEqual([{ mode: "A" }]);
    } finally {
      await restored.close();
    }
  }, 120_000);
});

describe("uploaded images in backups", () => {
  it("carries each object's bytes with its row, checksummed, and restores both", async () => {
    const root = tempDir();
    const source = path.join(root, "source");
    const backend = await start(source);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0a7" } })
      .png()
      .toBuffer();
    const upload = await backend.fetch(
      new Request(`${DATASET_URL}/storage/v1/object/blog-images/posts/figura.png`, {
        method: "POST",
        headers: {
          apikey: backend.serviceRoleKey,
          authorization: `Bearer ${backend.serviceRoleKey}`,
          "content-type": "image/png",
        },
        body: new Uint8Array(png),
      }),
    );
    expect(upload.status).toBe(200);
    await backend.close();

    const file = path.join(root, "with-images.tar.gz");
    const manifest = await backupDataDir(source, file);
    // One file per object row: the upload and the sample posts' images drawn at the first start.
    const objects = manifest.tables.find((t) => t.name === "storage.objects")!.rows;
    expect(objects).toBe(4);
    expect(Object.keys(manifest.files).filter((name) => name.startsWith("storage/blog-images/"))).toHaveLength(objects);

    const restoredDir = path.join(root, "restored");
    await restoreToDataDir(file, restoredDir);
    const restored = await start(restoredDir);
    try {
      const image = await restored.fetch(
        new Request(`${DATASET_URL}/storage/v1/object/public/blog-images/posts/figura.png`),
      );
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    } finally {
      await restored.close();
    }
  }, 60_000);
});

describe("scheduled backups", () => {
  it("names files by time, writes one on demand, and keeps the newest BACKUP_KEEP", async () => {
    expect(backupFileName(new Date("2026-11-24T03:15:09.123Z"))).toBe("omnia-backup-20261124-031509Z.tar.gz");
    const dir = path.join(tempDir(), "backups");
    fs.mkdirSync(dir);
    for (const day of ["20", "21", "22"])
      fs.writeFileSync(path.join(dir, `omnia-backup-202611${day}-030000Z.tar.gz`), "");
    fs.writeFileSync(path.join(dir, "notes.txt"), "not a backup");

    const dataDir = path.join(tempDir(), "data");
    const backend = await start(dataDir);
    const lines: string[] = [];
    const schedule = dailyKeepingTwo(backend, dir, {
      workDir: backupWorkDir(dataDir),
      log: (line) => lines.push(line),
      now: () => new Date("2026-11-24T03:15:09Z"),
    });
    try {
      const file = await schedule.runOnce();
      expect(path.basename(file)).toBe("omnia-backup-20261124-031509Z.tar.gz");
      expect((await verifyBackup(file, workDir())).source).toBe("pglite");
      expect(listBackups(dir)).toEqual([
        "omnia-backup-20261122-030000Z.tar.gz",
        "omnia-backup-20261124-031509Z.tar.gz",
      ]);
      expect(fs.existsSync(path.join(dir, "notes.txt"))).toBe(true);
      expect(lines[0]).toMatch(/^Backup written to .* in \d+ ms; removed 2 older \(BACKUP_KEEP=2\)\.$/);
      expect(pruneBackups(dir, 1)).toEqual(["omnia-backup-20261122-030000Z.tar.gz"]);
    } finally {
      await schedule.stop();
      await backend.close();
    }
  }, 60_000);
});

/** A pid that no process has any more: a child that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", ""]).pid!;
}

/**
 * Runs fn with the system's temporary folder (os.tmpdir() reads TMPDIR at each call) set to a new
 * folder of its own, which the test can watch without other programs' files.
 */
async function withPrivateTmp<T>(fn: (tmp: string) => Promise<T>): Promise<T> {
  const tmp = tempDir();
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    return await fn(tmp);
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}

/** A directory holding one file, as a killed backup leaves it. */
function plant(dir: string, file = "signing-key.json"): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, file), "{}");
  return dir;
}

const omniaEntries = (dir: string) => fs.readdirSync(dir).filter((name) => name.startsWith("omnia-"));

describe("crash debris", () => {
  it("stages backups under DATA_DIR/backup-work (mode 0700), never in the system's temporary folder", async () => {
    const dataDir = path.join(tempDir(), "data");
    const backend = await start(dataDir);
    const work = backupWorkDir(dataDir);
    const out = path.join(tempDir(), "b.tar.gz");
    try {
      await withPrivateTmp(async (tmp) => {
        // Looked at while the backup is staged: the manifest's date is read between the dump and the packing.
        let staged: { mode: string; entries: string[]; inside: string[] } | null = null;
        await writeBackup(backend.db, out, {
          workDir: work,
          signingKey: await readStoredSigningKey(dataDir),
          now: () => {
            const entries = fs.readdirSync(work);
            staged = {
              mode: (fs.statSync(work).mode & 0o777).toString(8),
              entries,
              inside: fs.readdirSync(path.join(work, entries[0]!)).toSorted(),
            };
            return new Date();
          },
        });
        expect(staged).toEqual({
          mode: "700",
          entries: [expect.stringMatching(new RegExp(`^omnia-backup-${process.pid}-[A-Za-z0-9]{6}$`))],
          inside: ["database", "signing-key.json"],
        });
        expect(fs.readdirSync(work)).toEqual([]);
        // The online backup (POST /backup/v1) keeps its file there too until it has been sent.
        const response = await postBackup(backend, backend.serviceRoleKey);
        expect(response.status).toBe(200);
        await response.arrayBuffer();
        await until("the sent backup to be removed", () => fs.readdirSync(work).length === 0);
        expect(omniaEntries(tmp)).toEqual([]);
      });
    } finally {
      await backend.close();
    }
  }, 60_000);

  it("removes at start what killed backups and restores left, and nothing else", async () => {
    const dataDir = path.join(tempDir(), "data");
    const work = backupWorkDir(dataDir);
    const dead = deadPid();
    const killedBackup = plant(path.join(work, `omnia-backup-${dead}-AbC123`));
    const killedRestore = plant(path.join(dataDir, `.restore-${dead}`, "pgdata"), "PG_VERSION");
    // Another process still at work (this test's parent): kept.
    const running = plant(path.join(work, `omnia-backup-${process.ppid}-Xyz789`));
    await withPrivateTmp(async (tmp) => {
      // Earlier versions worked in the temporary folder; one still being written to is left alone.
      const old = plant(path.join(tmp, "omnia-backup-Qw3rty"));
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
      fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
      const recent = plant(path.join(tmp, "omnia-restore-As4dfg"));
      const someoneElses = plant(path.join(tmp, "omnia-backup-test-Zx5cvb"));
      fs.utimesSync(someoneElses, twoHoursAgo, twoHoursAgo);

      const backend = await start(dataDir);
      await backend.close();
      expect([killedBackup, path.dirname(killedRestore), old].filter((dir) => fs.existsSync(dir))).toEqual([]);
      expect([running, recent, someoneElses].filter((dir) => !fs.existsSync(dir))).toEqual([]);
    });
  }, 60_000);

  it("removes half-written scheduled backups of processes that are gone", async () => {
    const dir = path.join(tempDir(), "backups");
    fs.mkdirSync(dir);
    const killed = `omnia-backup-20261124-031509Z.tar.gz.partial-${deadPid()}`;
    const packing = `omnia-backup-20261124-031510Z.tar.gz.partial-${process.ppid}`;
    for (const name of [killed, packing]) fs.writeFileSync(path.join(dir, name), "");
    const backend = await start(path.join(tempDir(), "data"));
    const schedule = dailyKeepingTwo(backend, dir, { workDir: workDir(), log: quiet });
    await schedule.stop();
    await backend.close();
    expect(fs.readdirSync(dir)).toEqual([packing]);
  }, 60_000);
});

describe("moving the embedded database to PostgreSQL", skipWhen(postgresUnavailableReason()), () => {
  it("moves 1,000 posts, 10,000 leads and 50 users; passwords and second factors still work", async () => {
    const dataDir = path.join(tempDir(), "embedded");
    const embedded = await start(dataDir);
    const users = await createUsers(embedded, 50);
    await embedded.db.transaction(async (tx) => {
      await insertPosts(tx, 1_000);
      await insertEditorial(tx, 20);
      await insertLeads(tx, 10_000);
    });
    const tables = [
      "auth.users",
      "auth.identities",
      "auth.mfa_factors",
      "public.user_roles",
      "public.blog_posts",
      "public.tags",
      "public.post_tags",
      "public.author_profiles",
      "public.post_slug_redirects",
    ];
    const counts = async (b: { db: Backend["db"] }) =>
      Object.fromEntries(
        await Promise.all(
          [...tables, "public.contact_messages", "public.lead_outbox"].map(async (t) => [t, await count(b, t)]),
        ),
      );
    const expected = await counts(embedded);
    expect(expected["public.contact_messages"]).toBe(10_000);
    await embedded.close();

    const cluster = await startPostgresCluster();
    try {
      const started = performance.now();
      await moveToPostgres(dataDir, cluster.url);
      expect(performance.now() - started).toBeLessThan(60_000);

      const moved = await startBackend({ databaseUrl: cluster.url, siteUrl: DATASET_URL, log: quiet });
      try {
        expect(await counts(moved)).toEqual(expected);
        // The blog's search document is computed again, and the old slug still leads to its post.
        const visitor = clientFor(moved, "198.51.100.250");
        const found = await visitor.rpc("search_posts", { q: "numeros" });
        expect(found.data).toHaveLength(12);
        const redirect = await visitor.from("post_redirect_targets").select("slug").eq("old_slug", "post-1");
        expect(redirect.data).toEqual([{ slug: "post-1-renomeado" }]);
        // Every user signs in with the old password (each from its own address: the per-address limit).
        const results = await Promise.all(
          users.map(async (user, n) => {
            const { error } = await clientFor(moved, `198.51.100.${n + 1}`).auth.signInWithPassword(user);
            return error ? `${user.email}: ${error.message}` : "ok";
          }),
        );
        expect(results.filter((r) => r !== "ok")).toEqual([]);

        // The user with TOTP still needs the code, and passes with it.
        const withTotp = users[0]!;
        const supabase = clientFor(moved, "198.51.100.200");
        await supabase.auth.signInWithPassword(withTotp);
        const aal = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
        expect(aal.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
        const factors = await supabase.auth.mfa.listFactors();
        const factorId = factors.data!.totp[0]!.id;
        const verified = await supabase.auth.mfa.challengeAndVerify({ factorId, code: totpCode(withTotp.totpSecret!) });
        expect(verified.error).toBeNull();
        expect((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal2");
      } finally {
        await moved.close();
      }

      // The target now holds tables: a second move is refused before anything is read or written.
      await expect(moveToPostgres(dataDir, cluster.url)).rejects.toThrow(
        /already holds tables \(auth\.\w+\); move into an empty database/,
      );
    } finally {
      await cluster.stop();
    }
  }, 240_000);

  it("refuses an unreachable database, and a restore into one that holds tables, changing nothing", async () => {
    const root = tempDir();
    const source = path.join(root, "source");
    await (await start(source)).close();
    const file = path.join(root, "b.tar.gz");
    await backupDataDir(source, file);

    await expect(moveToPostgres(source, "postgres://omnia:secret@127.0.0.1:9/omnia")).rejects.toThrow(
      /^Cannot reach postgres:\/\/omnia:\*\*\*@127\.0\.0\.1:9\/omnia: /,
    );

    const cluster = await startPostgresCluster();
    try {
      const db = await openPostgres({ connectionString: cluster.url, log: quiet });
      await db.exec(
        "create table public.someone_elses (id int primary key); insert into public.someone_elses values (1);",
      );
      await expect(restoreToPostgres(file, cluster.url, { workDir: workDir() })).rejects.toThrow(
        /already holds tables \(public\.someone_elses\); restore into an empty one, or pass --force/,
      );
      const { rows } = await db.query<{ n: number }>("select count(*)::int as n from public.someone_elses");
      expect(rows[0]!.n).toBe(1);
      const { rows: schemas } = await db.query("select 1 from pg_namespace where nspname = 'auth'");
      expect(schemas).toEqual([]);
      await db.close();

      await restoreToPostgres(file, cluster.url, { workDir: workDir(), force: true });
      const restored = await startBackend({ databaseUrl: cluster.url, siteUrl: DATASET_URL, log: quiet });
      let posts = 0;
      try {
        posts = await count(restored, "public.blog_posts");
        expect(posts).toBeGreaterThan(0);
        // And back: a backup of PostgreSQL restores into a data directory, with the same keys.
        const fromPostgres = path.join(root, "from-postgres.tar.gz");
        expect((await writeBackup(restored.db, fromPostgres, { workDir: workDir() })).source).toBe("postgres");
        await restoreToDataDir(fromPostgres, path.join(root, "back"));
        const back = await start(path.join(root, "back"));
        try {
          expect(await count(back, "public.blog_posts")).toBe(posts);
          expect(back.serviceRoleKey).toBe(restored.serviceRoleKey);
        } finally {
          await back.close();
        }
      } finally {
        await restored.close();
      }
    } finally {
      await cluster.stop();
    }
  }, 120_000);
});
