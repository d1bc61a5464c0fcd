// Backup and restore of the data set of issue #18 (1,000 posts, 10,000 leads, 50 users, one with
// TOTP): a backup of the embedded database, its restore into a fresh data directory, and the
// move to a throwaway PostgreSQL 15 (where its binaries exist). Targets: backup < 10 s,
// restore < 20 s.
//   node scripts/bench/backup.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startBackend } from "../../server/backend/index.ts";
import { postgresUnavailableReason, startPostgresCluster } from "../../server/backend/testing/postgres-cluster.ts";
import { backupDataDir, moveToPostgres, restoreToDataDir } from "../../server/backup/backup.ts";
import { DATASET_URL, createUsers, insertLeads, insertPosts } from "../../server/backup/dataset.testing.ts";

export const BACKUP_TARGET_MS = 10_000;
export const RESTORE_TARGET_MS = 20_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const verdict = (ms: number, target: number) => `${ms < target ? "within" : "OVER"} ${seconds(target)}`;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** The markdown section for docs/benchmarks.md. */
export async function benchBackup(): Promise<string> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-bench-backup-"));
  try {
    const source = path.join(root, "source");
    const backend = await startBackend({ dataDir: source, siteUrl: DATASET_URL, log: () => {} });
    await createUsers(backend, 50);
    await backend.db.transaction(async (tx) => {
      await insertPosts(tx, 1_000);
      await insertLeads(tx, 10_000);
    });
    await backend.close();

    const file = path.join(root, "backup.tar.gz");
    console.log("backup benchmark: backup, restore, move to PostgreSQL…");
    const backupMs = await timed(() => backupDataDir(source, file));
    const bytes = fs.statSync(file).size;
    const restoreMs = await timed(() => restoreToDataDir(file, path.join(root, "restored")));
    const rows = [
      `| backup of the embedded database | ${seconds(backupMs)} | ${verdict(backupMs, BACKUP_TARGET_MS)} |`,
      `| restore into an empty data directory | ${seconds(restoreMs)} | ${verdict(restoreMs, RESTORE_TARGET_MS)} |`,
    ];
    const noPostgres = postgresUnavailableReason();
    if (noPostgres) rows.push(`| move to PostgreSQL | skipped: ${noPostgres} | |`);
    else {
      const cluster = await startPostgresCluster();
      try {
        const moveMs = await timed(() => moveToPostgres(source, cluster.url));
        rows.push(
          `| move to PostgreSQL 15 (backup + restore) | ${seconds(moveMs)} | ${verdict(moveMs, BACKUP_TARGET_MS + RESTORE_TARGET_MS)} |`,
        );
      } finally {
        await cluster.stop();
      }
    }
    return [
      "## Backup and restore",
      "",
      `1,000 posts, 10,000 leads, 50 users (one with TOTP); the backup file is ${(bytes / 1024).toFixed(0)} KB. ` +
        "A restore into a data directory includes creating the database (initdb) and running every migration.",
      "",
      "| operation | time | target |",
      "|---|---|---|",
      ...rows,
    ].join("\n");
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

// Runnable alone: `node scripts/bench/backup.ts`
if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchBackup());
