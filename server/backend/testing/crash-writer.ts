// Child process for the durability test: opens PGlite in argv[2] and inserts rows one by one,
// printing `ack <n>` only after each commit returned. The parent SIGKILLs it mid-stream.
import { openPglite } from "../db/pglite.ts";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: crash-writer.ts <dataDir>");
const db = await openPglite(dataDir);
await db.exec("CREATE TABLE IF NOT EXISTS crash_rows (id int PRIMARY KEY, payload text NOT NULL)");
process.stdout.write("ready\n");
for (let i = 1; ; i++) {
  await db.query("INSERT INTO crash_rows (id, payload) VALUES ($1, $2)", [i, `row ${i}`]);
  // stdout to a pipe is synchronous on Linux: once written, the parent can count on it.
  process.stdout.write(`ack ${i}\n`);
}
