// The editorial blog at scale (issue #36), for `npm run bench`: the production server on the
// embedded database with 10,000 published posts in 200 tags, all by the seeded admin. Tag and
// author pages beside a prerendered page (served from the page cache); the search page with 8
// clients and queries drawn from the posts' own words; and a tag page while posts are being
// published and scheduled.
import http from "node:http";
import { formatLoad, measureFor, send, type LoadResult } from "./load.ts";
import { signInSeededAdmin, type Admin } from "./dynamic.ts";
import { startServer, type RunningServer } from "./serve.ts";

const POSTS = 10_000;
const TAGS = 200;
const CONNECTIONS = 16;
const SEARCH_CLIENTS = 8;
const DURATION_MS = 10_000;
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

function userIdOf(admin: Admin): string {
  const token = admin.headers.authorization!.split(".")[1]!;
  return (JSON.parse(Buffer.from(token, "base64url").toString()) as { sub: string }).sub;
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

/** 200 tags, then 10,000 posts of 250 words by the admin, each with one to three tags. */
async function seed(server: RunningServer, admin: Admin): Promise<void> {
  const tags = (await (
    await rest(
      server,
      admin,
      "tags?select=id",
      Array.from({ length: TAGS }, (_, i) => ({ slug: `tema-${i + 1}`, name: `Tema ${i + 1}` })),
      "return=representation",
    )
  ).json()) as { id: string }[];
  const next = random(36);
  const authorId = userIdOf(admin);
  const BATCH = 250;
  for (let from = 0; from < POSTS; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, POSTS - from) }, (_, i) => {
      const n = from + i + 1;
      const at = new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString();
      return {
        title: sentence(next, 6).slice(0, -1),
        slug: `editorial-${n}`,
        excerpt: sentence(next, 20),
        content: Array.from({ length: 10 }, () => sentence(next, 22)).join("\n\n"),
        published: true,
        author_id: authorId,
        created_at: at,
        published_at: at,
      };
    });
    const posts = (await (
      await rest(server, admin, "blog_posts?select=id", batch, "return=representation")
    ).json()) as {
      id: string;
    }[];
    const links = posts.flatMap((post, i) => {
      const first = (from + i) % TAGS;
      const count = 1 + ((from + i) % 3);
      return Array.from({ length: count }, (_, position) => ({
        post_id: post.id,
        tag_id: tags[(first + position * 7) % TAGS]!.id,
        position,
      }));
    });
    await rest(server, admin, "post_tags", links);
  }
}

function portOf(server: RunningServer): number {
  return Number(new URL(server.origin).port);
}

async function load(
  server: RunningServer,
  paths: (i: number) => string,
  connections = CONNECTIONS,
  durationMs = DURATION_MS,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const one = (i: number) => send(agent, portOf(server), { method: "GET", path: paths(i), headers: BROWSER });
  try {
    await measureFor(1_000, connections, one); // warm-up: the page cache, JIT
    return await measureFor(durationMs, connections, one);
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

export async function benchEditorial(port = 3412): Promise<string> {
  console.log("editorial blog: 10,000 posts, 200 tags…");
  const server = await startServer(port, { LOG_LEVEL: "warn" });
  const rows: string[] = [];
  const notes: string[] = [];
  try {
    const admin = await signInSeededAdmin(server);
    await seed(server, admin);
    const reference = await load(server, () => "/precos");
    rows.push(`| \`/precos\` (prerendered, reference) | ${formatLoad(reference)} | 1.00 |`);
    const pages: [string, (i: number) => string][] = [
      ["/blog/tag/tema-1", () => "/blog/tag/tema-1"],
      ["/blog/tag/tema-1?pagina=2", () => "/blog/tag/tema-1?pagina=2"],
      ["/blog/autor/equipe-omnia", () => "/blog/autor/equipe-omnia"],
      ["/blog/autor/equipe-omnia?pagina=400", () => "/blog/autor/equipe-omnia?pagina=400"],
      ["/blog/tag/tema-1/rss.xml", () => "/blog/tag/tema-1/rss.xml"],
    ];
    for (const [label, path] of pages) {
      const result = await load(server, path);
      console.log(`  ${label}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms`);
      rows.push(`| \`${label}\` | ${formatLoad(result)} | ${(result.rps / reference.rps).toFixed(2)} |`);
    }
    // Search is not cached: every request runs the query. One or two of the posts' words, half of
    // them typed without accents, in an order fixed by the seed.
    const next = random(72);
    const queries = Array.from({ length: 500 }, () => {
      const words = Array.from({ length: 1 + Math.floor(next() * 2) }, () => WORDS[Math.floor(next() * WORDS.length)]!);
      const text = words.join(" ");
      return next() < 0.5 ? text.normalize("NFD").replace(/\p{M}/gu, "") : text;
    });
    const search = await load(
      server,
      (i) => `/blog/busca?q=${encodeURIComponent(queries[i % queries.length]!)}`,
      SEARCH_CLIENTS,
    );
    console.log(`  search: ${search.rps.toFixed(0)} req/s, p99 ${search.p99.toFixed(1)} ms`);
    rows.push(
      `| \`/blog/busca?q=…\` (${SEARCH_CLIENTS} clients, ${queries.length} queries) | ${formatLoad(search)} | ${(search.rps / reference.rps).toFixed(2)} |`,
    );
    let done = false;
    const publishing = keepPublishing(server, admin, () => done);
    const during = await load(server, () => "/blog/tag/tema-1").finally(() => (done = true));
    const published = await publishing;
    rows.push(
      `| \`/blog/tag/tema-1\` while ${published} posts are published or scheduled | ${formatLoad(during)} | ${(during.rps / reference.rps).toFixed(2)} |`,
    );
    notes.push(
      `- Search p99 with ${SEARCH_CLIENTS} clients: ${search.p99.toFixed(1)} ms (target under 100 ms).`,
      `- While a post is published or scheduled every 200 ms (each drops the cached lists), \`/blog/tag/tema-1\` kept answering: p99 ${during.p99.toFixed(1)} ms, ${during.errors} errors.`,
    );
  } finally {
    await server.stop();
  }
  return [
    "## Editorial blog at 10,000 posts",
    "",
    `The production server on the embedded database (PGlite) with ${POSTS.toLocaleString("en")} published posts in ${TAGS} tags (one to three each), all by the seeded admin; ${CONNECTIONS} connections for ${DURATION_MS / 1000} s per page after 1 s of warm-up (search: ${SEARCH_CLIENTS}), \`Accept-Encoding: br\`. Tag and author pages are served from the page cache. Targets: tag and author pages at least 0.90 of the prerendered page's requests/s; search p99 under 100 ms.`,
    "",
    "| page | requests | req/s | p50 | p99 | errors | × prerendered |",
    "|---|---|---|---|---|---|---|",
    ...rows,
    "",
    ...notes,
  ].join("\n");
}
