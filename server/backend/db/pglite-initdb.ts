// Creates a PGlite data directory and exits: `node server/backend/db/pglite-initdb.ts <pgdata>`.
// openPglite runs it in a child process for servers (see there): initdb's large WebAssembly
// memory is returned to the system when this process ends, instead of staying in the
// server's resident memory for as long as it runs.
import { PGlite } from "@electric-sql/pglite";

const pgdata = process.argv[2];
if (!pgdata) {
  console.error("Usage: node server/backend/db/pglite-initdb.ts <pgdata directory>");
  process.exit(2);
}
const pg = await PGlite.create({ dataDir: pgdata });
await pg.close();
