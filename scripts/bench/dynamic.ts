// Dynamic pages at static speed (issue #11), for `npm run bench`: the production server with the
// embedded database and 100 published posts; requests/s and latency of the blog's pages and the
// feeds beside a prerendered page (16 connections, 10 s each); how long a published post takes
// to appear on /blog; a SIGTERM under load; then 10,000 posts: a deep page of /blog and the
// server's resident memory.
import http from "node:http";
import { readFileSync } from "node:fs";
import { readStoredSigningKey } from "../../server/backend/keys.ts";
import { formatLoad, measureFor, send, type LoadResult } from "./load.ts";
import { startServer, type RunningServer } from "./serve.ts";
import { freePort } from "../../server/backend/testing/postgres-cluster.ts";

const CONNECTIONS = 16;
const DURATION_MS = 10_000;
const BROWSER = { "Accept-Encoding": "br, gzip", Accept: "text/html" };

export interface Admin {
  headers: Record<string, string>;
}

/** The admin the first start created (its password is printed once) and the anon key. */
export async function signInSeededAdmin(server: RunningServer): Promise<Admin> {
  const credentials = /Admin account created[^:]*: (\S+) \/ (\S+)/.exec(server.output());
  const key = await readStoredSigningKey(server.dataDir);
  if (!credentials || !key) throw new Error("bench: the server printed no admin credentials on its first start");
  const response = await fetch(`${server.origin}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: key.anon_key, "Content-Type": "application/json" },
    body: JSON.stringify({ email: credentials[1], password: credentials[2] }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`bench: admin sign-in failed (${response.status})`);
  return {
    headers: { apikey: key.anon_key, authorization: `Bearer ${body.access_token}`, "content-type": "application/json" },
  };
}

/** Inserts `count` published posts, one per minute from 2020, in batches under the REST body limit (1 MiB). */
async function seedPosts(server: RunningServer, admin: Admin, count: number, prefix: string): Promise<void> {
  const BATCH = 250;
  for (let from = 0; from < count; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - from) }, (_, i) => {
      const n = from + i + 1;
      return {
        title: `${prefix} ${n}`,
        slug: `${prefix.toLowerCase().replace(/\s+/g, "-")}-${n}`,
        excerpt: "Um resumo curto do post, como os do blog.",
        content: "## Título\n\n" + "Texto do post em Markdown. ".repeat(80),
        published: true,
        created_at: new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString(),
      };
    });
    const res = await fetch(`${server.origin}/rest/v1/blog_posts`, {
      method: "POST",
      headers: { ...admin.headers, prefer: "return=minimal" },
      body: JSON.stringify(batch),
    });
    if (res.status !== 201) throw new Error(`bench: seeding posts failed (${res.status}): ${await res.text()}`);
  }
}

function portOf(server: RunningServer): number {
  return Number(new URL(server.origin).port);
}

async function load(server: RunningServer, path: string, durationMs = DURATION_MS): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    // Warm-up: renders the page into the cache, JIT.
    await measureFor(1_000, CONNECTIONS, () => send(agent, portOf(server), { method: "GET", path, headers: BROWSER }));
    return await measureFor(durationMs, CONNECTIONS, () =>
      send(agent, portOf(server), { method: "GET", path, headers: BROWSER }),
    );
  } finally {
    agent.destroy();
  }
}

/** Publishes a post and polls /blog (every 10 ms) until it is there; milliseconds. */
async function msUntilPublished(server: RunningServer, admin: Admin, n: number): Promise<number> {
  const title = `Publicado agora ${n} ${Date.now()}`;
  const started = performance.now();
  const res = await fetch(`${server.origin}/rest/v1/blog_posts`, {
    method: "POST",
    headers: { ...admin.headers, prefer: "return=minimal" },
    body: JSON.stringify({ title, slug: `publicado-agora-${n}-${Date.now()}`, content: "Corpo.", published: true }),
  });
  if (res.status !== 201) throw new Error(`bench: publishing failed (${res.status})`);
  for (;;) {
    if ((await (await fetch(`${server.origin}/blog`)).text()).includes(title)) return performance.now() - started;
    if (performance.now() - started > 10_000) throw new Error("bench: a published post did not appear within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Load on /blog, SIGTERM after 2 s: requests sent before the signal must all be answered
 * (graceful shutdown); requests sent after it may be refused (the server has stopped listening).
 */
async function rollingRestart(server: RunningServer): Promise<{ before: number; failedBefore: number; after: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let signalledAt = Number.POSITIVE_INFINITY;
  let before = 0;
  let failedBefore = 0;
  let after = 0;
  const deadline = performance.now() + 4_000;
  setTimeout(() => {
    signalledAt = performance.now();
    server.signal("SIGTERM");
  }, 2_000);
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline && performance.now() < signalledAt + 500) {
        const sentAt = performance.now();
        const status = await send(agent, portOf(server), { method: "GET", path: "/blog", headers: BROWSER }).catch(
          () => 0,
        );
        if (sentAt < signalledAt) {
          before++;
          if (status === 0 || status >= 500) failedBefore++;
        } else after++;
        if (status === 0 && sentAt >= signalledAt) break;
      }
    }),
  );
  agent.destroy();
  await server.exited;
  return { before, failedBefore, after };
}

/** The server process's resident memory (Linux /proc), in MB. */
function residentMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return kb ? Number(kb) / 1024 : Number.NaN;
}

export async function benchDynamicPages(): Promise<string> {
  const rows: string[] = [];
  const notes: string[] = [];

  console.log("dynamic pages: 100 posts…");
  const server = await startServer(await freePort(), { LOG_LEVEL: "warn" });
  try {
    const admin = await signInSeededAdmin(server);
    await seedPosts(server, admin, 97, "Post de teste"); // and the three seeded ones
    const reference = await load(server, "/precos");
    rows.push(`| \`/precos\` (prerendered, reference) | ${formatLoad(reference)} | 1.00 |`);
    for (const path of ["/blog", "/blog?pagina=2", "/blog/post-de-teste-50", "/rss.xml", "/sitemap.xml"]) {
      const result = await load(server, path);
      console.log(`  ${path}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms`);
      rows.push(`| \`${path}\` | ${formatLoad(result)} | ${(result.rps / reference.rps).toFixed(2)} |`);
    }
    const visible: number[] = [];
    for (let n = 1; n <= 5; n++) visible.push(await msUntilPublished(server, admin, n));
    visible.sort((a, b) => a - b);
    notes.push(
      `- A post published through the REST API appears on \`/blog\`: median ${visible[2]!.toFixed(0)} ms, slowest ${visible[4]!.toFixed(0)} ms (5 posts; target under 1 s).`,
    );
    const restart = await rollingRestart(server);
    notes.push(
      `- SIGTERM under load (16 connections on \`/blog\`): ${restart.before} requests sent before the signal, ${restart.failedBefore} of them failed (target 0); ${restart.after} sent after it; the server exited with code ${server.exitCode()}.`,
    );
  } finally {
    await server.stop();
  }

  console.log("dynamic pages: 10,000 posts…");
  const big = await startServer(await freePort(), { LOG_LEVEL: "warn" });
  try {
    const admin = await signInSeededAdmin(big);
    await seedPosts(big, admin, 10_000, "Arquivo");
    const deep = await load(big, "/blog?pagina=400");
    const sitemap = await load(big, "/sitemap.xml", 3_000);
    rows.push(`| \`/blog?pagina=400\` (10,003 posts) | ${formatLoad(deep)} | – |`);
    rows.push(`| \`/sitemap.xml\` (10,003 posts, 3 s) | ${formatLoad(sitemap)} | – |`);
    notes.push(
      `- Resident memory of the server with 10,003 posts after these runs: ${residentMb(big.pid).toFixed(0)} MB (target under 300 MB; where it sits: docs/investigations/server-memory.md).`,
    );
  } finally {
    await big.stop();
  }

  return [
    "## Dynamic pages (blog and feeds)",
    "",
    `The production server on the embedded database (PGlite) with 100 published posts, ${CONNECTIONS} connections for ${DURATION_MS / 1000} s per page after 1 s of warm-up, \`Accept-Encoding: br\`. The blog's pages and the feeds are served from the rendered-page cache (ADR 052). Targets: at least 0.70 of the prerendered page's requests/s and p99 under 50 ms.`,
    "",
    "| page | requests | req/s | p50 | p99 | errors | × prerendered |",
    "|---|---|---|---|---|---|---|",
    ...rows,
    "",
    ...notes,
  ].join("\n");
}
