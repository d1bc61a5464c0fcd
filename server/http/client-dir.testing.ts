import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** A client build folder for tests, in the temporary directory, holding these files by path. */
export function clientDirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "omnia-client-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
