// POST /backup/v1: a consistent backup of the running server's database, streamed as the backup
// file. Only the service-role key may ask. It exists because PGlite cannot be opened by a second
// process: `npm run admin -- backup` sends this request when the server holds the data directory
// (server/cli/target.ts), and the server dumps its own database between requests.
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { Hono } from "hono";
import type { Database } from "../backend/db/types.ts";
import type { StoredSigningKey } from "../backend/keys.ts";
import { writeBackup } from "./backup.ts";
import { createWorkDir } from "./work-dir.ts";

export interface BackupRouteOptions {
  db: Database;
  verifyJwt: (token: string) => Promise<Record<string, unknown>>;
  signingKey: () => Promise<StoredSigningKey | null>;
  /** Where uploaded objects' bytes live; they go into the backup with the rows. */
  storageDir: string;
  /** <DATA_DIR>/backup-work: where the backup is staged and kept until it has been sent. */
  workDir: string;
}

const json = (status: 401 | 403, code: string, message: string) =>
  Response.json({ code: status, error_code: code, msg: message }, { status });

export function createBackupRoute(options: BackupRouteOptions): Hono {
  const app = new Hono();
  app.post("/backup/v1", async (c) => {
    const token = /^bearer\s+(\S+)$/i.exec(c.req.header("authorization")?.trim() ?? "")?.[1];
    if (!token) return json(401, "no_authorization", "This endpoint requires a Bearer token");
    let role: unknown;
    try {
      role = (await options.verifyJwt(token))["role"];
    } catch {
      return json(401, "bad_jwt", "invalid JWT");
    }
    if (role !== "service_role") return json(403, "not_admin", "Only the service-role key may take a backup");

    const work = createWorkDir(options.workDir, "backup");
    const file = path.join(work.path, "backup.tar.gz");
    try {
      await writeBackup(options.db, file, {
        workDir: options.workDir,
        signingKey: await options.signingKey(),
        storageDir: options.storageDir,
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
