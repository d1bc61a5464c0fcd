// After `react-router build`: record when the build was made, and precompress the client files
// once (brotli q11 + gzip -9) so the server never compresses static bytes per request. Pages are
// not among them: the server renders and compresses those (server/http/prerendered-pages.ts).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { BUILD_DIR, BUILD_INFO_FILE, type BuildInfo } from "./build-info.ts";

const CLIENT_DIR = `${BUILD_DIR}/client`;
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|xml|txt|data|webmanifest)$/;

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
