// POST /backup/v1: a consistent backup of the running server's database, streamed as the backup
// file. Only the service-role key may ask. It exists because PGlite cannot be opened by a second
// process: `npm run admin -- backup` sends this request when the server holds the data directory
// (server/cli/data-commands.ts), and the server dumps its own database between requests. The
// server adds it to the embedded backend as a service (BACKUP_PREFIX), which also clears what
// killed backups left in the work directory when the backend starts.
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { Hono } from "hono";
import type { BackendCore } from "../backend/index.ts";
import { writeBackup } from "./backup.ts";
import { createWorkDir, removeBackupLeftovers } from "./work-dir.ts";

/** Where the online backup is mounted. */
export const BACKUP_PREFIX = "/backup/v1";

export interface OnlineBackupOptions {
  /** <DATA_DIR>/backup-work: where the backup is staged and kept until it has been sent. */
  workDir: string;
}

const json = (status: 401 | 403, code: string, message: string) =>
  Response.json({ code: status, error_code: code, msg: message }, { status });

/**
 * The service for StartBackendOptions.services. Built once the backend's database is open (and
 * its data directory locked): what a backup or restore killed mid-way left (signing key, password
 * hashes, leads) goes first.
 */
export function onlineBackup(options: OnlineBackupOptions): (core: BackendCore) => Hono {
  return (core) => {
    for (const leftover of removeBackupLeftovers(options.workDir)) {
      core.log(`Removed ${leftover}, left by an interrupted backup.`);
    }
    return backupRoute(core, options.workDir);
  };
}

function backupRoute(core: BackendCore, workDir: string): Hono {
  const app = new Hono();
  app.post("/", async (c) => {
    const token = /^bearer\s+(\S+)$/i.exec(c.req.header("authorization")?.trim() ?? "")?.[1];
    if (!token) return json(401, "no_authorization", "This endpoint requires a Bearer token");
    let role: unknown;
    try {
      role = (await core.verifyJwt(token))["role"];
    } catch {
      return json(401, "bad_jwt", "invalid JWT");
    }
    if (role !== "service_role") return json(403, "not_admin", "Only the service-role key may take a backup");

    const work = createWorkDir(workDir, "backup");
    const file = path.join(work.path, "backup.tar.gz");
    try {
      await writeBackup(core.db, file, {
        workDir,
        signingKey: await core.storedSigningKey(),
        storageDir: core.storageDir,
      });
    } catch (error) {
      work.remove();
      throw error;
    }
    const stream = fs.createReadStream(file);
    // The file is gone from disk once it has been sent (or the client went away).
    stream.on("close", () => work.remove());
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        "content-type": "application/gzip",
        "content-length": String(fs.statSync(file).size),
        "cache-control": "no-store",
      },
    });
  });
  return app;
}
