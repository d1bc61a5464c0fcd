// How V8's WebAssembly compiler settings trade PGlite's CPU for memory (server/runtime-settings.ts,
// docs/investigations/server-memory.md): for each variant, the server's peak and settled resident
// memory on a first start (every migration) and on a restart with 10,000 posts, then its CPU time
// per request for the first requests and after warm-up, on the heavier database work: a search
// that no cache answers, a REST two-level embed, deep /blog pages and analytics events. Variants
// alternate within each round, since the machine's other work changes during a run.
//   node scripts/bench/wasm-tiers.ts [rounds] [variant…]   (after `npm run build`; TIERS_TEMPLATE=<dir>
//   reuses a seeded data directory, kept, instead of seeding one per run)
import http from "node:http";
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { openPglite } from "../../server/backend/db/index.ts";
import { readStoredSigningKey } from "../../server/backend/keys.ts";
import { freePort } from "../../server/backend/testing/postgres-cluster.ts";
import { EMBED_PATH, createEmbedFixture } from "./embedding.ts";
import { measure, send, type HttpRequest } from "./load.ts";
import { seedEditorial } from "./editorial.ts";

/** The settings server/runtime-settings.ts gives every variant; the variants differ in the compiler's. */
const BASE = ["--max-semi-space-size=16", "--max-old-space-size=384"];
const VARIANTS: Record<string, string[]> = {
  "liftoff-only": ["--liftoff-only"],
  "dynamic tiering": [],
  "tiering budget x10": ["--wasm-tiering-budget=130000000"],
  "tiering budget x100": ["--wasm-tiering-budget=1300000000"],
  "one compile task": ["--wasm-num-compilation-tasks=1"],
  "no wasm inlining": ["--no-wasm-inlining"],
  "small inlining budget": ["--wasm-inlining-budget=1000"],
  "optimiser without optimisations": ["--no-wasm-opt"],
};
const CLIENTS = 4;
const SETTLE_MS = 5_000;
const BROWSER = { "Accept-Encoding": "br, gzip", Accept: "text/html" };

interface Server {
  pid: number;
  port: number;
  output: () => string;
  stop: () => Promise<void>;
}

async function start(flags: string[], dataDir: string): Promise<Server> {
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, [...BASE, ...flags, "server/main.ts"], {
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: "2",
      MALLOC_TRIM_THRESHOLD_: "65536",
      OMNIA_SERVER_RUNTIME: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    pid: child.pid!,
    port,
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** CPU time (user + system) of the process so far, in ms (100 ticks/s). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Current and peak resident memory, in MB. */
function rss(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)![1]) / 1024;
  return { now: Math.round(kb("VmRSS")), peak: Math.round(kb("VmHWM")) };
}

const f = (n: number) => n.toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A start: CPU until the first answer, peak memory then, memory after SETTLE_MS idle. */
async function startFigures(flags: string[], dataDir: string) {
  const server = await start(flags, dataDir);
  const cpu = cpuMs(server.pid);
  const atReady = rss(server.pid);
  await sleep(SETTLE_MS);
  const settled = rss(server.pid);
  return { server, cpu, peak: settled.peak, settled: settled.now, atReady: atReady.now };
}

/** Server CPU per request for the first `cold` requests, then for `warm` more. */
async function cpuPerRequest(
  server: Server,
  request: (i: number) => HttpRequest,
  cold: number,
  warm: number,
  /** Work the server finishes after answering (the events' writer): counted until then. */
  tailMs = 0,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  try {
    const one = (offset: number) => async (i: number) => {
      const status = await send(agent, server.port, request(offset + i));
      if (status >= 400) throw new Error(`bench: ${request(offset + i).path} answered ${status}`);
      return status;
    };
    let at = cpuMs(server.pid);
    await measure(cold, CLIENTS, one(0));
    await sleep(tailMs);
    const coldMs = (cpuMs(server.pid) - at) / cold;
    at = cpuMs(server.pid);
    await measure(warm, CLIENTS, one(cold));
    await sleep(tailMs);
    const result = { cold: coldMs, warm: (cpuMs(server.pid) - at) / warm };
    console.error(`  ${request(0).path.slice(0, 24)}: ${result.cold.toFixed(1)} / ${result.warm.toFixed(1)} ms CPU`);
    return result;
  } finally {
    agent.destroy();
  }
}

/** Search queries no earlier request sent: three words in an order not used before. */
const WORDS =
  "atendimento cliente equipe vendas mensagem canal integração automação relatório métrica conversão suporte campanha marketing estratégia whatsapp".split(
    " ",
  );
const query = (i: number) => [0, 1, 2].map((k) => WORDS[Math.floor(i / WORDS.length ** k) % WORDS.length]).join(" ");

export async function prepareTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "omnia-tiers-template-"));
  const first = await start(VARIANTS["liftoff-only"]!, dir);
  await first.stop();
  const db = await openPglite(dir);
  try {
    await seedEditorial(db);
    await createEmbedFixture(db);
  } finally {
    await db.close();
  }
  return dir;
}

async function runVariant(name: string, template: string) {
  const flags = VARIANTS[name]!;
  const empty = mkdtempSync(join(tmpdir(), "omnia-tiers-"));
  const seeded = mkdtempSync(join(tmpdir(), "omnia-tiers-"));
  try {
    const first = await startFigures(flags, empty);
    await first.server.stop();
    cpSync(template, seeded, { recursive: true });
    const restart = await startFigures(flags, seeded);
    const server = restart.server;
    try {
      const key = await readStoredSigningKey(seeded);
      const anon = { apikey: key!.anon_key, authorization: `Bearer ${key!.anon_key}` };
      const search = await cpuPerRequest(
        server,
        (i) => ({ method: "GET", path: `/blog/busca?q=${encodeURIComponent(query(i))}`, headers: BROWSER }),
        20,
        100,
      );
      const embed = await cpuPerRequest(server, () => ({ method: "GET", path: EMBED_PATH, headers: anon }), 20, 200);
      const pages = await cpuPerRequest(
        server,
        (i) => ({ method: "GET", path: `/blog?pagina=${2 + i}`, headers: BROWSER }),
        20,
        150,
      );
      const events = await cpuPerRequest(
        server,
        (i) => ({
          method: "POST",
          path: "/_a",
          headers: {
            "Content-Type": "text/plain;charset=UTF-8",
            "User-Agent": `Mozilla/5.0 Bench/${i}`,
            "X-Forwarded-For": `10.1.${(i >> 8) & 255}.${i & 255}`,
          },
          body: JSON.stringify({ k: "v", i: `b${i.toString(36)}`, u: "/blog", r: "", w: 390 }),
        }),
        100,
        1000,
        2000,
      );
      const loaded = rss(server.pid);
      return { name, first, restart, search, embed, pages, events, loaded };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(empty, { recursive: true, force: true });
    rmSync(seeded, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const rounds = Number(process.argv[2] ?? 2);
  const names = process.argv.slice(3).length ? process.argv.slice(3) : Object.keys(VARIANTS);
  // A seeded data directory to reuse across runs (kept), or one made for this run.
  const kept = process.env.TIERS_TEMPLATE;
  const template = kept ?? (await prepareTemplate());
  console.log(
    "| variant | load | first start: CPU s, peak/settled MB | restart: CPU s, peak/settled MB | search ms CPU first/warm | embed | /blog?pagina=N | POST /_a | peak/now MB after load |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  try {
    for (let round = 0; round < rounds; round++) {
      for (const name of names) {
        const load = loadavg()[0]!.toFixed(1);
        const r = await runVariant(name, template);
        console.log(
          `| ${r.name} | ${load} | ${(r.first.cpu / 1000).toFixed(1)}, ${r.first.peak}/${r.first.settled} | ${(r.restart.cpu / 1000).toFixed(1)}, ${r.restart.peak}/${r.restart.settled} | ${f(r.search.cold)}/${f(r.search.warm)} | ${f(r.embed.cold)}/${f(r.embed.warm)} | ${f(r.pages.cold)}/${f(r.pages.warm)} | ${f(r.events.cold)}/${f(r.events.warm)} | ${r.loaded.peak}/${r.loaded.now} |`,
        );
      }
    }
  } finally {
    if (!kept) rmSync(template, { recursive: true, force: true });
  }
}
