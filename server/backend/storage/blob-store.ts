// Where object bytes live. The metadata (storage.objects) says which blob holds an object's
// bytes; a blob is written once under a new key and never changed, so a reader in flight keeps
// its bytes while the object is replaced. This interface is all the storage API needs, so an
// S3-compatible store can take the disk's place later (put, open, remove by key).
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";

export interface BlobStore {
  /** A new temporary file to receive an upload; it becomes a blob with commit(), or is discarded. */
  tempFile(): string;
  /** Moves a finished temporary file to `key`: a blob is complete or absent, never half written. */
  commit(tempFile: string, key: string): Promise<void>;
  open(key: string, range?: { start: number; end: number }): Readable;
  remove(key: string): Promise<void>;
  /** Bytes on disk for `key`, or null when it is missing. */
  size(key: string): Promise<number | null>;
}

/**
 * How old a temporary file of another instance must be to count as a crash's leftover: Node
 * gives a request at most 5 minutes (server.requestTimeout), and a file being written is
 * touched with every chunk.
 */
export const LEFTOVER_AGE_MS = 15 * 60_000;

/**
 * Removes what a killed process left in `tmp` (an upload or a rendition half written): all of
 * it when this process is the directory's only user, else files untouched for LEFTOVER_AGE_MS.
 */
function removeLeftovers(tmp: string, onlyUser: boolean): void {
  const before = Date.now() - LEFTOVER_AGE_MS;
  for (const entry of fs.readdirSync(tmp)) {
    const file = path.join(tmp, entry);
    try {
      if (onlyUser || fs.statSync(file).mtimeMs < before) fs.rmSync(file, { recursive: true, force: true });
    } catch {
      // Gone meanwhile (another instance finished with it).
    }
  }
}

/**
 * Blobs as files under `dir` (STORAGE_DIR, default DATA_DIR/storage). `onlyUser`: no other
 * process uses `dir` (PGlite's locked data directory), so every temporary file is a leftover.
 */
export function diskBlobStore(dir: string, options: { onlyUser: boolean }): BlobStore {
  const tmp = path.join(dir, ".tmp");
  fs.mkdirSync(tmp, { recursive: true, mode: 0o700 });
  removeLeftovers(tmp, options.onlyUser);
  // Keys are built by the storage API from a bucket id and UUIDs; still, never leave `dir`.
  const file = (key: string) => {
    const resolved = path.resolve(dir, key);
    if (!resolved.startsWith(`${path.resolve(dir)}${path.sep}`) || key.includes("..")) {
      throw new Error(`blob key outside the store: ${key}`);
    }
    return resolved;
  };
  let counter = 0;
  return {
    tempFile: () => path.join(tmp, `${process.pid}-${Date.now()}-${(counter += 1)}`),
    async commit(tempFile, key) {
      const target = file(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(tempFile, target);
    },
    open: (key, range) => fs.createReadStream(file(key), range),
    remove: (key) => fs.promises.rm(file(key), { force: true }),
    async size(key) {
      try {
        return (await fs.promises.stat(file(key))).size;
      } catch {
        return null;
      }
    },
  };
}
