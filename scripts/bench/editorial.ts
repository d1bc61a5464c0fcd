// The editorial blog at scale (issue #36), for `npm run bench`: the production server on the
// embedded database (or PostgreSQL) with 10,000 published posts in 200 tags, all by the seeded
// admin, written in bulk SQL. Tag and author pages beside a prerendered page (served from the
// page cache); the search page with 8 clients, queries of the posts' own words asked before, and
// every query new; and a tag page while posts are being published and scheduled. It prints the
// issue's three figures at the end.
import http from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openPglite, openPostgres, type Database } from "../../server/backend/db/index.ts";
import { SIGNING_KEY_FILE } from "../../server/backend/keys.ts";
import { freePort, startPostgresCluster } from "../../server/backend/testing/postgres-cluster.ts";
import { formatLoad, measure, measureAlternating, measureFor, send, type LoadResult } from "./load.ts";
import { signInSeededAdmin, type Admin } from "./dynamic.ts";
import { startServer, type RunningServer } from "./serve.ts";

const POSTS = 10_000;
const TAGS = 200;
const CONNECTIONS = 16;
const SEARCH_CLIENTS = 8;
const DURATION_MS = 10_000;
/** Requests of each page where pages are compared (about 5 s each at this machine's rate). */
const ALTERNATING_REQUESTS = 150_000;
const ALTERNATING_ROUNDS = 10;
/** Deep list pages requested once each, for their cost without the page cache. */
const FIRST_VISITS = 100;
const BROWSER = { "Accept-Encoding": "br, gzip", Accept: "text/html" };

/** The posts' vocabulary: the words of a marketing team that writes about customer service. */
const WORDS = (
  "atendimento atendimentos cliente clientes gestão equipe equipes venda vendas mensagem mensagens canal " +
  "canais integração integrações automação inteligência artificial relatório relatórios métrica métricas " +
  "conversão satisfação suporte fila filas resposta respostas rápida contato contatos campanha campanhas " +
  "marketing estratégia estratégias omnichannel whatsapp instagram telefone email chatbot robô robôs " +
  "operação operações serviço serviços agenda agendamento produtividade qualidade treinamento negócio " +
  "negócios empresa empresas crescimento experiência jornada funil oportunidade oportunidades pesquisa " +
  "indicador indicadores tempo médio espera histórico dados segurança privacidade lei proteção gerente " +
  "supervisor supervisores atendente atendentes feedback avaliação avaliações comunicação eficiência"
).split(" ");

/** A deterministic generator, so every run writes the same posts. */
function random(start: number): () => number {
  let state = start;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function sentence(next: () => number, words: number): string {
  const text = Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]!).join(" ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

async function rest(server: RunningServer, admin: Admin, path: string, body: unknown, prefer = "return=minimal") {
  const res = await fetch(`${server.origin}/rest/v1/${path}`, {
    method: "POST",
    headers: { ...admin.headers, prefer },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`bench: POST ${path} failed (${res.status}): ${await res.text()}`);
  return res;
}

/**
 * 200 tags, then 10,000 posts of 250 words by the seeded admin, each with one to three tags,
 * written straight into the database (PGlite: while the server is stopped) in a few multi-row
 * inserts: through the REST API, one request per batch took most of the run on a busy machine.
 * The triggers (audit log, revisions, change notices) are off for it, as for a restore: no blog
 * page has been cached yet, and none of them changes what the pages show.
 */
export async function seedEditorial(db: Database): Promise<void> {
  const { rows } = await db.query<{ id: string }>("select id from auth.users order by created_at limit 1");
  const authorId = rows[0]?.id;
  if (!authorId) throw new Error("bench: the first start created no admin");
  const next = random(36);
  const posts = Array.from({ length: POSTS }, (_, i) => {
    const n = i + 1;
    const at = new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString();
    return {
      title: sentence(next, 6).slice(0, -1),
      slug: `editorial-${n}`,
      excerpt: sentence(next, 20),
      content: Array.from({ length: 10 }, () => sentence(next, 22)).join("\n\n"),
      at,
    };
  });
  await db.transaction(async (tx) => {
    await tx.query("set local session_replication_role = replica");
    await tx.query(
      `insert into public.tags (slug, name)
         select 'tema-' || i, 'Tema ' || i from generate_series(1, $1::int) as i`,
      [TAGS],
    );
    const BATCH = 2_000;
    for (let from = 0; from < POSTS; from += BATCH) {
      await tx.query(
        `insert into public.blog_posts
           (title, slug, excerpt, content, published, author_id, created_at, updated_at, published_at)
         select p.title, p.slug, p.excerpt, p.content, true, $2::uuid, p.at, p.at, p.at
           from jsonb_to_recordset($1::jsonb) as p(title text, slug text, excerpt text, content text, at timestamptz)`,
        [JSON.stringify(posts.slice(from, from + BATCH)), authorId],
      );
    }
    // Post n (from 0) has 1 + n % 3 tags: tema-(n % 200 + 1), then every 7th after it.
    await tx.query(
      `insert into public.post_tags (post_id, tag_id, position)
         select p.id, t.id, k.position
           from public.blog_posts p
           cross join lateral (select substring(p.slug from 11)::int - 1 as n) s
           cross join lateral generate_series(0, s.n % 3) as k(position)
           join public.tags t on t.slug = 'tema-' || ((s.n + k.position * 7) % $1::int + 1)
          where p.slug like 'editorial-%'`,
      [TAGS],
    );
  });
  await db.exec("analyze public.blog_posts; analyze public.tags; analyze public.post_tags;");
}

function portOf(server: RunningServer): number {
  return Number(new URL(server.origin).port);
}

async function load(
  server: RunningServer,
  paths: (i: number) => string,
  connections = CONNECTIONS,
  durationMs = DURATION_MS,
  afterWarmUp?: () => void,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const one = (i: number) => send(agent, portOf(server), { method: "GET", path: paths(i), headers: BROWSER });
  try {
    await measureFor(1_000, connections, one); // warm-up: the page cache, JIT
    afterWarmUp?.();
    return await measureFor(durationMs, connections, one);
  } finally {
    agent.destroy();
  }
}

/**
 * Pages compared by their requests/s: each warmed up for a second, then ALTERNATING_REQUESTS of
 * each in ALTERNATING_ROUNDS alternating rounds (load.ts, measureAlternating).
 */
async function alternating<K extends string>(
  server: RunningServer,
  paths: Record<K, (i: number) => string>,
): Promise<Record<K, LoadResult>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const one = (path: (i: number) => string) => (i: number) =>
    send(agent, portOf(server), { method: "GET", path: path(i), headers: BROWSER });
  const keys = Object.keys(paths) as K[];
  try {
    for (const key of keys) await measureFor(1_000, CONNECTIONS, one(paths[key]));
    const loads = Object.fromEntries(keys.map((key) => [key, one(paths[key])])) as Record<
      K,
      (i: number) => Promise<number>
    >;
    return await measureAlternating(ALTERNATING_REQUESTS, CONNECTIONS, ALTERNATING_ROUNDS, loads);
  } finally {
    agent.destroy();
  }
}

/** `count` requests, the i-th for `paths(i)`, without warm-up. */
async function each(
  server: RunningServer,
  paths: (i: number) => string,
  count: number,
  connections: number,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    return await measure(count, connections, (i) =>
      send(agent, portOf(server), { method: "GET", path: paths(i), headers: BROWSER }),
    );
  } finally {
    agent.destroy();
  }
}

/** Publishes a post now or schedules one a few seconds ahead, alternately, until `stop`. */
async function keepPublishing(server: RunningServer, admin: Admin, stop: () => boolean): Promise<number> {
  let count = 0;
  while (!stop()) {
    count++;
    const later = count % 2 === 0;
    await rest(server, admin, "blog_posts", {
      title: `Agendado ${count}`,
      slug: `agendado-${count}-${Date.now()}`,
      content: "Corpo.",
      published: true,
      ...(later ? { published_at: new Date(Date.now() + 3_000).toISOString() } : {}),
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return count;
}

/** CPU time (user + system) the process has used so far, in ms (Linux: /proc/<pid>/stat, 100 ticks/s). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A load run with the server's CPU time per request (PGlite runs inside it, so that counts the queries too). */
async function loadWithCpu(
  server: RunningServer,
  paths: (i: number) => string,
  connections: number,
): Promise<LoadResult & { cpuMs: number }> {
  let cpuAtStart = 0;
  const result = await load(server, paths, connections, DURATION_MS, () => (cpuAtStart = cpuMsOf(server.pid)));
  return { ...result, cpuMs: (cpuMsOf(server.pid) - cpuAtStart) / Math.max(1, result.requests) };
}

/** The search's queries: one or two of the posts' words, half of them typed without accents. */
function searchQueries(count: number): string[] {
  const next = random(72);
  return Array.from({ length: count }, () => {
    const words = Array.from({ length: 1 + Math.floor(next() * 2) }, () => WORDS[Math.floor(next() * WORDS.length)]!);
    const text = words.join(" ");
    return next() < 0.5 ? text.normalize("NFD").replace(/\p{M}/gu, "") : text;
  });
}

/** A query no earlier request sent: three of the posts' words in an order not used before. */
function distinctQueries(): () => string {
  let n = 0;
  return () => {
    const i = n++;
    const pick = (k: number) => WORDS[Math.floor(i / WORDS.length ** k) % WORDS.length]!;
    return `${pick(0)} ${pick(1)} ${pick(2)}`;
  };
}

export interface EditorialOptions {
  port?: number;
  /** PostgreSQL instead of the embedded database (a superuser's URL: the seed turns triggers off). */
  databaseUrl?: string;
}

export async function benchEditorial(options: EditorialOptions = {}): Promise<string> {
  const port = options.port ?? 3412;
  const databaseUrl = options.databaseUrl;
  const engine = databaseUrl ? "PostgreSQL" : "the embedded database (PGlite)";
  console.log(`editorial blog: 10,000 posts, 200 tags on ${databaseUrl ? "PostgreSQL" : "PGlite"}…`);
  const startedAt = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), "omnia-bench-editorial-"));
  const env = { LOG_LEVEL: "warn", DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  // The first start creates the database and the admin (printing its password once).
  const first = await startServer(port, env);
  let server = first;
  const rows: string[] = [];
  const notes: string[] = [];
  const figures: string[] = [];
  try {
    if (databaseUrl) {
      const db = await openPostgres({ connectionString: databaseUrl });
      try {
        await seedEditorial(db);
        // signInSeededAdmin reads the anon key from the data directory; on PostgreSQL it is kept
        // in the database.
        const stored = await db.query<{ key: unknown }>(
          "select key from auth.signing_keys order by created_at, id limit 1",
        );
        const key = stored.rows[0]?.key;
        writeFileSync(join(dataDir, SIGNING_KEY_FILE), typeof key === "string" ? key : JSON.stringify(key));
      } finally {
        await db.close();
      }
    } else {
      // PGlite has one user at a time: seed while the server is down, then start it again.
      await first.stop();
      const db = await openPglite(dataDir);
      await seedEditorial(db).finally(() => db.close());
      server = await startServer(port, env);
    }
    console.log(`  seeded and serving in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
    const admin = await signInSeededAdmin({ ...server, output: first.output });
    const reference = await load(server, () => "/precos");
    rows.push(`| \`/precos\` (prerendered, reference) | ${formatLoad(reference)} | 1.00 | — |`);
    // Each cached page is compared with two prerendered pages in alternating rounds, so that what
    // this shared machine gives a process, which drifts over a minute, weighs on all three alike:
    // /precos, which links its stylesheet (7 KB brotli), and /privacidade, sent like the blog's
    // pages with the stylesheet written in (ADR 058; 15 KB brotli), so that the page cache is set
    // against prerendering for the same bytes.
    const pages: [string, (i: number) => string][] = [
      ["/blog/tag/tema-1", () => "/blog/tag/tema-1"],
      ["/blog/tag/tema-1?pagina=2", () => "/blog/tag/tema-1?pagina=2"],
      ["/blog/autor/equipe-omnia", () => "/blog/autor/equipe-omnia"],
      ["/blog/autor/equipe-omnia?pagina=400", () => "/blog/autor/equipe-omnia?pagina=400"],
      ["/blog/tag/tema-1/rss.xml", () => "/blog/tag/tema-1/rss.xml"],
    ];
    let lowest = Infinity;
    let lowestSameBytes = Infinity;
    for (const [label, path] of pages) {
      const {
        precos,
        privacidade,
        page: result,
      } = await alternating(server, {
        precos: () => "/precos",
        privacidade: () => "/privacidade",
        page: path,
      });
      const ratio = result.rps / precos.rps;
      const sameBytes = result.rps / privacidade.rps;
      console.log(
        `  ${label}: ${result.rps.toFixed(0)} req/s (alternating with /precos ${precos.rps.toFixed(0)}, /privacidade ${privacidade.rps.toFixed(0)}), p99 ${result.p99.toFixed(1)} ms`,
      );
      rows.push(`| \`${label}\` | ${formatLoad(result)} | ${ratio.toFixed(2)} | ${sameBytes.toFixed(2)} |`);
      if (!label.endsWith(".xml")) {
        lowest = Math.min(lowest, ratio);
        lowestSameBytes = Math.min(lowestSameBytes, sameBytes);
      }
    }
    figures.push(
      `tag and author pages: at least ${lowest.toFixed(2)}x /precos' requests/s and ${lowestSameBytes.toFixed(2)}x /privacidade's (target 0.90x)`,
    );
    // Deep pages no cache holds, as a crawler's first visit of each: a distinct page per request,
    // one at a time, with the server's CPU time per request (the database's work included).
    const firstVisits: [string, (i: number) => string][] = [
      ["/blog?pagina=400…", (i) => `/blog?pagina=${400 + i}`],
      ["/blog/tag/tema-N?pagina=8", (i) => `/blog/tag/tema-${(i % TAGS) + 1}?pagina=8`],
    ];
    const deepCpu: string[] = [];
    for (const [label, path] of firstVisits) {
      const cpuAtStart = cpuMsOf(server.pid);
      const result = await each(server, path, FIRST_VISITS, 1);
      const cpuMs = (cpuMsOf(server.pid) - cpuAtStart) / FIRST_VISITS;
      console.log(`  ${label} (first visits): p99 ${result.p99.toFixed(1)} ms, ${cpuMs.toFixed(1)} ms CPU/request`);
      rows.push(`| \`${label}\` (${FIRST_VISITS} first visits, 1 client) | ${formatLoad(result)} | — | — |`);
      deepCpu.push(`${label} ${cpuMs.toFixed(1)} ms`);
    }
    figures.push(`deep pages on their first visit (no cache): ${deepCpu.join(", ")} of server CPU per request`);
    notes.push(
      `- Deep list pages on their first visit (a distinct page per request, none from the cache): ${deepCpu.join(", ")} of server CPU per request.`,
    );
    // Visitors repeat each other's words: 500 queries of the posts' words, each asked once
    // before the measurement (as on a site whose searches have been asked before); then every
    // request a query never sent before, which no cache can answer.
    const queries = searchQueries(500);
    const searchPath = (i: number) => `/blog/busca?q=${encodeURIComponent(queries[i % queries.length]!)}`;
    const firstPass = await each(server, searchPath, queries.length, SEARCH_CLIENTS);
    const search = await loadWithCpu(server, searchPath, SEARCH_CLIENTS);
    const fresh = distinctQueries();
    const distinct = await loadWithCpu(server, () => `/blog/busca?q=${encodeURIComponent(fresh())}`, SEARCH_CLIENTS);
    for (const [label, result] of [
      [
        `\`/blog/busca?q=…\` (${SEARCH_CLIENTS} clients, ${queries.length} queries of the posts' words, asked before)`,
        search,
      ],
      [`\`/blog/busca?q=…\` (${SEARCH_CLIENTS} clients, every query new)`, distinct],
    ] as const) {
      console.log(
        `  ${label}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms, ${result.cpuMs.toFixed(1)} ms CPU/request`,
      );
      rows.push(`| ${label} | ${formatLoad(result)} | ${(result.rps / reference.rps).toFixed(2)} | — |`);
    }
    figures.push(
      `search p99 with ${SEARCH_CLIENTS} clients: ${search.p99.toFixed(1)} ms with the posts' words asked before, ${distinct.p99.toFixed(1)} ms with every query new, ${firstPass.p99.toFixed(1)} ms for the first asking (target under 100 ms)`,
    );
    let done = false;
    const publishing = keepPublishing(server, admin, () => done);
    const during = await load(server, () => "/blog/tag/tema-1").finally(() => (done = true));
    const published = await publishing;
    rows.push(
      `| \`/blog/tag/tema-1\` while ${published} posts are published or scheduled | ${formatLoad(during)} | ${(during.rps / reference.rps).toFixed(2)} | — |`,
    );
    figures.push(
      `while a post is published or scheduled every 200 ms: /blog/tag/tema-1 p99 ${during.p99.toFixed(1)} ms, ${during.errors} errors`,
    );
    notes.push(
      `- Search p99 with ${SEARCH_CLIENTS} clients: ${search.p99.toFixed(1)} ms with queries of the posts' words asked before (${search.cpuMs.toFixed(1)} ms of server CPU per request), ${distinct.p99.toFixed(1)} ms when every query is new (${distinct.cpuMs.toFixed(1)} ms); target under 100 ms. The first asking of the 500 queries: ${firstPass.rps.toFixed(0)} req/s, p99 ${firstPass.p99.toFixed(1)} ms.`,
      `- While a post is published or scheduled every 200 ms (each drops the cached lists and searches), \`/blog/tag/tema-1\` kept answering: p99 ${during.p99.toFixed(1)} ms, ${during.errors} errors.`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`editorial blog (${((performance.now() - startedAt) / 1000).toFixed(0)} s):`);
  for (const figure of figures) console.log(`  ${figure}`);
  return [
    "## Editorial blog at 10,000 posts",
    "",
    `The production server on ${engine} with ${POSTS.toLocaleString("en")} published posts in ${TAGS} tags (one to three each), all by the seeded admin; ${CONNECTIONS} connections for ${DURATION_MS / 1000} s per page after 1 s of warm-up (search: ${SEARCH_CLIENTS}), \`Accept-Encoding: br\`. Tag and author pages are served from the page cache, each compared with two prerendered pages, ${ALTERNATING_REQUESTS.toLocaleString("en")} requests of each in ${ALTERNATING_ROUNDS} alternating rounds: \`/precos\` (stylesheet linked, 7 KB brotli) and \`/privacidade\` (stylesheet written in, as on the blog's pages, 15 KB). Other rows: the first \`/precos\`. Targets: tag and author pages at least 0.90 of the prerendered page's requests/s; search p99 under 100 ms. History and analysis: docs/investigations/search-latency.md.`,
    "",
    "| page | requests | req/s | p50 | p99 | errors | × `/precos` | × `/privacidade` |",
    "|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
    ...notes,
  ].join("\n");
}

// Alone: `node scripts/bench/editorial.ts [--postgres] [--section-file F]` (after `npm run build`)
// prints the section, or writes it to F (as scripts/bench.ts runs it).
if (import.meta.main) {
  const { values } = parseArgs({ options: { postgres: { type: "boolean" }, "section-file": { type: "string" } } });
  const cluster = values.postgres ? await startPostgresCluster() : null;
  try {
    const section = await benchEditorial({ port: await freePort(), ...(cluster ? { databaseUrl: cluster.url } : {}) });
    if (values["section-file"]) writeFileSync(values["section-file"], section);
    else console.log(section);
  } finally {
    await cluster?.stop();
  }
}
