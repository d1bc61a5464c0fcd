// Site settings (issue #39), for `npm run bench`: how long a change made through the REST API
// takes to show on prerendered and cached pages, what a prerendered page serves while changes
// arrive every second (each one renders every prerendered page again), and how long a restart
// takes until the first page answers (the server renders the prerendered pages at start).
import http from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signInSeededAdmin, type Admin } from "./dynamic.ts";
import { formatLoad, measureFor, send, type LoadResult } from "./load.ts";
import { median } from "./median.ts";
import { startServer, type RunningServer } from "./serve.ts";
import { freePort } from "../../server/backend/testing/postgres-cluster.ts";

const CONNECTIONS = 16;
const LOAD_MS = 5_000;
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times. */
const CLOCK_TICKS_PER_SECOND = 100;
const BROWSER = { "Accept-Encoding": "br, gzip", Accept: "text/html" };

/** User and system time of a process and its threads so far (Linux /proc), in ms. */
function processorMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

async function processorMsOver(pid: number, ms: number): Promise<number> {
  const before = processorMs(pid);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return processorMs(pid) - before;
}

/** The round with the median requests/s. */
function medianLoad(results: LoadResult[]): LoadResult {
  return results.toSorted((a, b) => a.rps - b.rps)[Math.floor(results.length / 2)]!;
}

async function changeLegalName(server: RunningServer, admin: Admin, legalName: string): Promise<void> {
  const res = await fetch(`${server.origin}/rest/v1/site_settings?id=eq.true`, {
    method: "PATCH",
    headers: admin.headers,
    body: JSON.stringify({ legal_name: legalName }),
  });
  if (res.status !== 204) throw new Error(`bench: changing the settings failed (${res.status}): ${await res.text()}`);
}

/** Changes the legal name (every footer shows it) and polls each page every 10 ms; ms per page. */
async function msUntilShown(server: RunningServer, admin: Admin, paths: string[], n: number) {
  const legalName = `Empresa de Teste ${n} Ltda.`;
  const started = performance.now();
  await changeLegalName(server, admin, legalName);
  return Promise.all(
    paths.map(async (path) => {
      for (;;) {
        if ((await (await fetch(`${server.origin}${path}`)).text()).includes(legalName)) {
          return performance.now() - started;
        }
        if (performance.now() - started > 10_000) throw new Error(`bench: ${path} did not show the change in 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }),
  );
}

async function loadPrecos(server: RunningServer, during?: () => Promise<void>): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const port = Number(new URL(server.origin).port);
  const one = () => send(agent, port, { method: "GET", path: "/precos", headers: BROWSER });
  try {
    await measureFor(1_000, CONNECTIONS, one);
    const [result] = await Promise.all([measureFor(LOAD_MS, CONNECTIONS, one), during?.()]);
    return result;
  } finally {
    agent.destroy();
  }
}

export async function benchSiteSettings(): Promise<string> {
  console.log("site settings…");
  const dataDir = mkdtempSync(join(tmpdir(), "omnia-bench-settings-"));
  const notes: string[] = [];
  const rows: string[] = [];
  try {
    const port = await freePort();
    let server = await startServer(port, { LOG_LEVEL: "warn", DATA_DIR: dataDir });
    try {
      const admin = await signInSeededAdmin(server);
      const post = /href="(\/blog\/[^"#?]+)"/.exec(await (await fetch(`${server.origin}/blog`)).text())?.[1];
      if (!post) throw new Error("bench: /blog links no post");
      const paths = ["/", "/contato", "/precos", "/blog", post];
      const times: number[][] = [];
      for (let n = 1; n <= 5; n++) times.push(await msUntilShown(server, admin, paths, n));
      const everywhere = times.map((run) => Math.max(...run));
      const cells = paths.map((path, i) => `\`${path}\` ${median(times.map((run) => run[i]!)).toFixed(0)} ms`);
      notes.push(
        `- A change of the settings through the REST API shows on every page polled: median ${median(everywhere).toFixed(0)} ms, slowest ${Math.max(...everywhere).toFixed(0)} ms (5 changes; target under 1 s). Median per page: ${cells.join(", ")}.`,
      );
      console.log(`  change visible everywhere: median ${median(everywhere).toFixed(0)} ms`);

      // What one change costs the server: its processor time in the 8 s after a change (every
      // prerendered page rendered and compressed again) less that of 8 s without one.
      await new Promise((resolve) => setTimeout(resolve, 8_000)); // the last change's work, done
      const idleMs = await processorMsOver(server.pid, 8_000);
      await changeLegalName(server, admin, "Empresa de Teste 99 Ltda.");
      const changeMs = (await processorMsOver(server.pid, 8_000)) - idleMs;
      notes.push(`- Processor time one change costs the server, without visitors: ${changeMs.toFixed(0)} ms.`);

      // A prerendered page under load, without and with a change every second, alternately
      // (three rounds, medians), each after the previous change's work is done.
      let n = 100;
      const changes = async () => {
        const end = performance.now() + LOAD_MS - 500;
        while (performance.now() < end) {
          await changeLegalName(server, admin, `Empresa de Teste ${n++} Ltda.`);
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      };
      const steady: LoadResult[] = [];
      const changing: LoadResult[] = [];
      for (let round = 0; round < 3; round++) {
        steady.push(await loadPrecos(server));
        changing.push(await loadPrecos(server, changes));
        await new Promise((resolve) => setTimeout(resolve, 8_000));
      }
      rows.push(`| \`/precos\`, no change | ${formatLoad(medianLoad(steady))} |`);
      rows.push(`| \`/precos\`, a change every second | ${formatLoad(medianLoad(changing))} |`);
      console.log(
        `  /precos: ${medianLoad(steady).rps.toFixed(0)} req/s steady, ${medianLoad(changing).rps.toFixed(0)} while changing; a change costs ${changeMs.toFixed(0)} ms of processor`,
      );
    } finally {
      await server.stop();
    }

    // A restart on the same data: until `/` answers (startServer polls every 200 ms), and the
    // processor time the process used until then, which other work on the machine does not inflate.
    const restartedAt = performance.now();
    server = await startServer(port, { LOG_LEVEL: "warn", DATA_DIR: dataDir });
    const restartMs = performance.now() - restartedAt;
    const cpuMs = processorMs(server.pid);
    await server.stop();
    notes.push(
      `- A restart on the same data directory, until \`/\` answers (the prerendered pages rendered and compressed first; polled every 200 ms): ${restartMs.toFixed(0)} ms, of which the server's processor time ${cpuMs.toFixed(0)} ms.`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  return [
    "## Site settings",
    "",
    `The production server on the embedded database (PGlite). Each change renders every prerendered page again (ADR 076). A prerendered page under load, ${CONNECTIONS} connections for ${LOAD_MS / 1000} s after 1 s of warm-up, \`Accept-Encoding: br\`, without and with a settings change every second (the round with the median requests/s of three).`,
    "",
    "| page | requests | req/s | p50 | p99 | errors |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
    ...notes,
  ].join("\n");
}
