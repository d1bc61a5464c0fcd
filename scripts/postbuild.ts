// After `react-router build`: record when the build was made, drop the prerendered pages' data
// files, and precompress the client files once (brotli q11 + gzip -9) so the server never
// compresses static bytes per request. Not the prerendered pages: the server puts the site's
// origin into them at start and compresses them then (server/http/prerendered-pages.ts).
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { BUILD_DIR, BUILD_INFO_FILE, type BuildInfo } from "./build-info.ts";

const CLIENT_DIR = `${BUILD_DIR}/client`;
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|xml|txt|data|webmanifest)$/;

// React Router writes `<page>.data` beside each prerendered page whose routes have loaders (the
// root's, app/root.tsx), holding the build's placeholder origin. The server renders data
// requests itself, with the site context, so they are not served as files.
for (const entry of readdirSync(CLIENT_DIR, { withFileTypes: true, recursive: true })) {
  if (entry.isFile() && entry.name.endsWith(".data")) rmSync(join(entry.parentPath, entry.name));
}

let files = 0;
let before = 0;
let after = 0;
for (const entry of readdirSync(CLIENT_DIR, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const raw = readFileSync(path);
  const br = brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
  files += 1;
  before += raw.byteLength;
  after += br.byteLength;
}

const info: BuildInfo = { builtAt: new Date().toISOString() };
writeFileSync(BUILD_INFO_FILE, `${JSON.stringify(info, null, 2)}\n`);
console.log(`postbuild: precompressed ${files} files (${before} → ${after} bytes brotli)`);
