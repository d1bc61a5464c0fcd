// Backend part of `npm run bench`: requests per second and p50/p99 latency, over real HTTP on
// loopback, for the published-posts list (100 posts, the blog loader's query), for 100 posts
// read plainly and with their author and tags embedded (scripts/bench/embedding.ts), and for
// password sign-in, on PGlite and (where its binaries exist) a throwaway PostgreSQL 15.
import http from "node:http";
import { emitSection } from "./section.ts";
import { formatLoad, measure, measureAlternating, send, type LoadResult } from "./load.ts";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { DB_KINDS, POSTGRES_SKIP_REASON, startTestBackend } from "../../server/backend/testing/backend.ts";
import type { DbKind, TestBackend } from "../../server/backend/testing/backend.ts";
import { DEEP_EMBED_PATH, DEEP_OFFSET, EMBED_PATH, EMBED_POSTS, PLAIN_PATH, createEmbedFixture } from "./embedding.ts";

const LIST_PATH =
  "/rest/v1/blog_posts?select=id,title,slug,excerpt,featured_image,created_at&published=eq.true&order=created_at.desc";

interface BackendResults {
  list: LoadResult;
  plain: LoadResult;
  embed: LoadResult;
  deep: LoadResult;
  signIn: LoadResult;
  /** The plain and embedded reads' statements alone, without HTTP (see statementOf). */
  plainStatement: LoadResult;
  embedStatement: LoadResult;
}

/**
 * The statement a REST read sends to the database, as the server compiled it, caught on its way
 * there and replayed through the same `readAsRole` (prelude included, no HTTP, no routing): it
 * tells how much of the embed's cost is Postgres executing it (docs/investigations/rest-embedding.md).
 */
async function statementOf(t: TestBackend, request: () => Promise<number>): Promise<() => Promise<number>> {
  const db = t.backend.db;
  const readAsRole = db.readAsRole.bind(db);
  let caught: Parameters<typeof readAsRole> | undefined;
  db.readAsRole = (...args: Parameters<typeof readAsRole>) => {
    caught = args;
    return readAsRole(...args);
  };
  try {
    if ((await request()) !== 200 || !caught) throw new Error("bench: the REST read sent no statement");
  } finally {
    db.readAsRole = readAsRole;
  }
  const args = caught;
  return () => readAsRole(...args).then(() => 200);
}

async function benchOne(kind: DbKind): Promise<BackendResults> {
  const t = await startTestBackend(kind);
  const server = serve({ fetch: t.backend.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  try {
    const service = t.client(t.backend.serviceRoleKey);
    await service.from("blog_posts").delete().not("id", "is", null);
    const posts = Array.from({ length: 100 }, (_, i) => ({
      title: `Post de teste ${i + 1}`,
      slug: `post-de-teste-${i + 1}`,
      excerpt: "Um resumo curto do post, como os do blog.",
      content: "## Título\n\n" + "Texto do post em Markdown. ".repeat(80),
      published: true,
      created_at: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString(),
    }));
    const ins = await service.from("blog_posts").insert(posts);
    if (ins.error) throw new Error(ins.error.message);
    const email = "bench@example.com";
    const password = "bench-password-123";
    const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
    if (created.error) throw created.error;

    const anonHeaders = {
      apikey: t.backend.anonKey,
      authorization: `Bearer ${t.backend.anonKey}`,
      "accept-profile": "public",
    };
    // Warm-up (catalog, JIT, connections).
    await measure(50, 4, () => send(agent, port, { method: "GET", path: LIST_PATH, headers: anonHeaders }));
    const list = await measure(1000, 8, () =>
      send(agent, port, { method: "GET", path: LIST_PATH, headers: anonHeaders }),
    );

    await createEmbedFixture(t.backend.db);
    const get = (path: string) => () => send(agent, port, { method: "GET", path, headers: anonHeaders });
    // The schema cache learns the new tables on the first miss (at most once a second).
    while ((await get(EMBED_PATH)()) !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    await measure(50, 4, get(PLAIN_PATH));
    await measure(50, 4, get(EMBED_PATH));
    // Alternating rounds: the ratio of the two is the target, and other work on the host changes
    // during a run.
    const { plain, embed } = await measureAlternating(1000, 8, 10, { plain: get(PLAIN_PATH), embed: get(EMBED_PATH) });
    // The last page of the bench's posts: its page is taken before the embeds run.
    const deep = await measure(300, 8, get(DEEP_EMBED_PATH));
    const { plain: plainStatement, embed: embedStatement } = await measureAlternating(1000, 8, 10, {
      plain: await statementOf(t, get(PLAIN_PATH)),
      embed: await statementOf(t, get(EMBED_PATH)),
    });

    // Sign-in is rate limited per client address (30 per 5 min, like Supabase): spread the
    // requests over loopback source addresses so the benchmark measures the work, not the 429.
    const body = JSON.stringify({ email, password, gotrue_meta_security: {} });
    const signIn = await measure(100, 4, (i) =>
      send(new http.Agent(), port, {
        method: "POST",
        path: "/auth/v1/token?grant_type=password",
        headers: {
          apikey: t.backend.anonKey,
          authorization: `Bearer ${t.backend.anonKey}`,
          "content-type": "application/json",
        },
        body,
        localAddress: `127.0.1.${1 + Math.floor(i / 20)}`,
      }),
    );
    return { list, plain, embed, deep, signIn, plainStatement, embedStatement };
  } finally {
    agent.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
  }
}

const fmt = formatLoad;

export async function benchBackend(): Promise<string> {
  const rows: string[] = [];
  const ratios: string[] = [];
  const statementRatios: string[] = [];
  const listRatios: string[] = [];
  for (const kind of DB_KINDS) {
    console.log(`backend benchmark on ${kind}…`);
    const { list, plain, embed, deep, signIn, plainStatement, embedStatement } = await benchOne(kind);
    rows.push(`| published posts list (100 posts) | ${kind} | ${fmt(list)} |`);
    rows.push(`| ${EMBED_POSTS} posts, plain | ${kind} | ${fmt(plain)} |`);
    rows.push(`| ${EMBED_POSTS} posts with author and tags embedded | ${kind} | ${fmt(embed)} |`);
    rows.push(`| the same at \`offset=${DEEP_OFFSET}\` | ${kind} | ${fmt(deep)} |`);
    rows.push(`| ${EMBED_POSTS} posts, plain: the statement alone | ${kind} | ${fmt(plainStatement)} |`);
    rows.push(`| ${EMBED_POSTS} posts embedded: the statement alone | ${kind} | ${fmt(embedStatement)} |`);
    rows.push(`| sign-in (password, bcrypt cost 10) | ${kind} | ${fmt(signIn)} |`);
    ratios.push(`${kind} ${Math.round((100 * embed.rps) / plain.rps)}%`);
    statementRatios.push(`${kind} ${Math.round((100 * embedStatement.rps) / plainStatement.rps)}%`);
    listRatios.push(`${kind} ${Math.round((100 * embed.rps) / list.rps)}%`);
  }
  return [
    "## Backend",
    "",
    "Over HTTP on loopback with keep-alive; the list is `GET " +
      LIST_PATH +
      "` as anon (8 in flight), sign-in is `POST /auth/v1/token?grant_type=password` (4 in flight).",
    "",
    `The embedding rows read the bench's own tables (scripts/bench/embedding.ts), 8 in flight, in 10 alternating rounds: \`GET ${PLAIN_PATH}\` and \`GET ${EMBED_PATH}\`, the author many-to-one and the tags many-to-many, in one statement. The embed answers ${ratios.join(", ")} of the plain read's requests/s (target: at least 70%, p99 under 50 ms; where the time goes: docs/investigations/rest-embedding.md), and ${listRatios.join(", ")} of the published posts list's (measured before them, not alternated). "The statement alone" replays each read's statement, as the server compiled it, through the database's \`readAsRole\` without HTTP: the embed's is ${statementRatios.join(", ")} of the plain one's.`,
    "",
    "| request | database | requests | req/s | p50 | p99 | errors |",
    "|---|---|---|---|---|---|---|",
    ...rows,
    ...(POSTGRES_SKIP_REASON ? ["", `PostgreSQL not measured: ${POSTGRES_SKIP_REASON}.`] : []),
  ].join("\n");
}

// Runnable alone: `node scripts/bench/backend.ts [--section-file F]`
if (import.meta.main) emitSection(await benchBackend());
