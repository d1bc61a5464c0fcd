// The backup file: a gzip-compressed tar (read by any `tar -xzf`) holding
//   manifest.json            what the file is: format, version, migration level, tables, checksums
//   database/<schema>.<table>.jsonl   one JSON object per row (dump.ts)
//   signing-key.json         the embedded backend's signing key, when it lives in a file
//   storage/<bucket>/<object id>/<version>   the bytes of every uploaded object
// Every file but the manifest is listed in the manifest with its size and SHA-256, and a restore
// checks all of them before it touches anything: gzip's own CRC catches a truncated file, the
// checksums a file that was edited or assembled by hand. ADR 054.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import * as tar from "tar";

export const BACKUP_FORMAT = "omnia-backup";
/** Raised when the layout or the meaning of a file in the archive changes. */
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = "manifest.json";
export const SIGNING_KEY_ENTRY = "signing-key.json";

export interface TableEntry {
  /** schema.table */
  name: string;
  /** Archive path of its rows, database/<schema>.<table>.jsonl */
  file: string;
  rows: number;
}

export interface SequenceEntry {
  /** schema.sequence */
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The database the backup was taken from. */
  source: "pglite" | "postgres";
  /** Every migration the database had applied, in order: its migration level. */
  migrations: string[];
  /** In an order that satisfies every foreign key (parents first). */
  tables: TableEntry[];
  sequences: SequenceEntry[];
  /** Archive path -> size and SHA-256 of every file but the manifest. */
  files: Record<string, { bytes: number; sha256: string }>;
}

/** Something is wrong with a backup file; the message is one line for the operator. */
export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupFileError";
  }
}

/** Archive paths a backup may contain; anything else means the file is not ours. */
const ENTRY_PATTERN =
  /^(manifest\.json|signing-key\.json|database\/[a-z0-9_]+\.[a-z0-9_]+\.jsonl|storage\/[a-z0-9_-]+\/[0-9a-f-]{36}\/[0-9a-f-]{36})$/;

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    fs.createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("hex")));
  });
}

/**
 * Packs a staged directory (the manifest and the files it lists) into `outFile`: written to a
 * temporary name beside it and renamed, so a crash never leaves a half backup under the real
 * name. The file is readable by its owner only: it holds password hashes and leads.
 */
export async function packArchive(stagingDir: string, manifest: Manifest, outFile: string): Promise<void> {
  fs.writeFileSync(path.join(stagingDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  const partial = `${outFile}.partial-${process.pid}`;
  try {
    await tar.create({ gzip: true, file: partial, cwd: stagingDir, portable: true, mode: 0o600 }, [
      MANIFEST_FILE,
      ...Object.keys(manifest.files),
    ]);
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, outFile);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

function parseManifest(text: string, file: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupFileError(`${file} is not an Omnia backup: its manifest.json is not JSON.`);
  }
  const m = value as Partial<Manifest> | null;
  if (!m || m.format !== BACKUP_FORMAT) throw new BackupFileError(`${file} is not an Omnia backup.`);
  if (typeof m.formatVersion !== "number" || m.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupFileError(
      `${file} has backup format ${String(m.formatVersion)}; this version reads format ${BACKUP_FORMAT_VERSION} and older. Upgrade Omnia first.`,
    );
  }
  if (!Array.isArray(m.migrations) || !Array.isArray(m.tables) || !Array.isArray(m.sequences) || !m.files) {
    throw new BackupFileError(`${file} is not an Omnia backup: its manifest is incomplete.`);
  }
  return m as Manifest;
}

/**
 * Unpacks `file` into `dir` and checks it completely: a gzip tar, only the entries a backup has,
 * a manifest this version understands, and every listed file present with its size and
 * checksum. Throws BackupFileError (one line) otherwise; `dir` is the caller's to remove.
 */
export async function unpackArchive(file: string, dir: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new BackupFileError(`${file} does not exist.`);
  const head = Buffer.alloc(2);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, 2, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head[0] !== 0x1f || head[1] !== 0x8b)
    throw new BackupFileError(`${file} is not an Omnia backup (not a gzip file).`);

  const foreign: string[] = [];
  try {
    await tar.extract({
      file,
      cwd: dir,
      strict: true,
      // Only regular files with the names a backup has: nothing is written outside `dir`.
      filter: (entryPath, entry) => {
        // Archivers other than ours also list the directory itself; it is created as needed.
        if ("type" in entry && entry.type === "Directory" && /^(database|storage)(\/|$)/.test(entryPath)) return false;
        const ok = ENTRY_PATTERN.test(entryPath) && (!("type" in entry) || entry.type === "File");
        if (!ok) foreign.push(entryPath);
        return ok;
      },
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupFileError(`${file} is truncated or damaged (${reason}).`);
  }
  if (foreign.length > 0) throw new BackupFileError(`${file} is not an Omnia backup (it contains ${foreign[0]}).`);
  const manifestPath = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(manifestPath)) throw new BackupFileError(`${file} is not an Omnia backup (no manifest.json).`);
  const manifest = parseManifest(fs.readFileSync(manifestPath, "utf8"), file);

  for (const [name, expected] of Object.entries(manifest.files)) {
    if (!ENTRY_PATTERN.test(name)) throw new BackupFileError(`${file} lists an unexpected file, ${name}.`);
    const onDisk = path.join(dir, name);
    if (!fs.existsSync(onDisk)) throw new BackupFileError(`${file} is truncated or damaged (${name} is missing).`);
    const bytes = fs.statSync(onDisk).size;
    if (bytes !== expected.bytes || (await sha256File(onDisk)) !== expected.sha256) {
      throw new BackupFileError(`${file} is damaged: ${name} does not match its checksum.`);
    }
  }
  for (const table of manifest.tables) {
    if (!manifest.files[table.file]) throw new BackupFileError(`${file} is damaged: ${table.file} is not listed.`);
  }
  return manifest;
}
