// Issue 3's acceptance check, end to end: the production server (`node server/main.ts`, the
// process `npm start` runs) on PGlite and on a throwaway PostgreSQL, the operator CLI as
// operators run it (`npm run admin -- …`), and scripts/backend-smoke.ts — the real supabase-js
// over real HTTP from a separate process — which must pass every step on both databases.
import { execFile, spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireLock } from "./backend/db/lock.ts";
import { freePort, postgresUnavailableReason, startPostgresCluster } from "./backend/testing/postgres-cluster.ts";
import type { PostgresCluster } from "./backend/testing/postgres-cluster.ts";
import { skipTest, skipWhen } from "./backend/testing/skip.ts";

// The first post a blog page links, past its tag filter row (/blog/tag/…), author and search links.
const POST_LINK = /href="(\/blog\/(?!tag\/|autor\/|busca)[^"#?/]+)"/;
const ROOT = fileURLToPath(new URL("../", import.meta.url));
const BUILD_DIR = resolve(ROOT, process.env.BUILD_DIR ?? "build");
const SITE_URL = "http://localhost:3000";
const ADMIN_LINE = /Admin account created: (\S+) \/ (\S+) /g;

const SMOKE_STEPS = [
  "✓ sign up a new user",
  "✓ sign in with the password",
  "✓ read published posts",
  "✓ drafts are hidden from a non-admin",
  "✓ insert as a non-admin is refused: 42501 (403)",
  "✓ update and delete as a non-admin are refused",
  "✓ grant admin",
  "✓ sign in again as admin",
  "✓ create a draft post",
  "✓ the draft is hidden from the public",
  "✓ update the draft",
  "✓ read the draft as admin",
  "✓ delete the draft",
  "✓ clean up: revoke admin",
  "All checks passed.",
];

// `npm test` runs vitest before its build step, so a fresh checkout has no build yet: make one
// (once, shared by both suites) rather than skip the check that matters most.
let buildMissing: string | null = null;
beforeAll(async () => {
  if (existsSync(join(BUILD_DIR, "server/index.js"))) return;
  if (process.env.BUILD_DIR) {
    // `npm run build` writes ./build, so it cannot help here.
    buildMissing = `no production build in BUILD_DIR=${process.env.BUILD_DIR}`;
    console.warn(`Acceptance tests skipped: ${buildMissing}`);
    return;
  }
  const result = await run("npm", ["run", "--silent", "build"], {}, 280_000);
  if (result.code !== 0 || !existsSync(join(BUILD_DIR, "server/index.js"))) {
    buildMissing = `no production build and \`npm run build\` failed (exit ${result.code}):\n${result.stderr.slice(-2000)}`;
  }
  // Skip notes are easy to miss in the default reporter; say it where the run is read.
  if (buildMissing) console.warn(`Acceptance tests skipped: ${buildMissing}`);
}, 300_000);

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A child with a clean environment: nothing from the caller (DATABASE_URL, SUPABASE_*) leaks in. */
function run(cmd: string, args: string[], env: Record<string, string>, timeout = 90_000): Promise<RunResult> {
  return new Promise((done) => {
    execFile(cmd, args, { cwd: ROOT, env: baseEnv(env), timeout, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

function baseEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", SITE_URL, ...env };
}

interface Server {
  url: string;
  output(): string;
  /** Sends a signal to the server process, as an orchestrator or a person at a terminal would. */
  signal(name: NodeJS.Signals): void;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** `node server/main.ts` as `npm start` runs it, ready once `/` answers (polled, with a deadline). */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, "server/main.ts")], {
    cwd: ROOT,
    env: baseEnv({ ...env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", BUILD_DIR }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const server: Server = {
    url,
    output: () => output,
    signal: (name) => child.kill(name),
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      // SIGTERM closes the database cleanly; SIGKILL only if that hangs.
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server did not answer on ${url}/ within 90 s:\n${output}`);
    }
    await Promise.race([exited, new Promise((done) => setTimeout(done, 200))]);
  }
}

async function anonKey(env: Record<string, string>): Promise<string> {
  const keys = await run("npm", ["run", "--silent", "admin", "--", "keys"], env);
  const key = /^SUPABASE_ANON_KEY=(\S+)$/m.exec(keys.stdout)?.[1];
  if (keys.code !== 0 || !key)
    throw new Error(`npm run admin -- keys failed (${keys.code}):\n${keys.stdout}${keys.stderr}`);
  // A command that opens the database itself (DATABASE_URL mode) must never re-seed.
  expect(keys.stderr).not.toMatch(/Admin account created/);
  return key;
}

interface SmokeOutcome {
  code: number;
  missing: string[];
  failed: string[];
}

/** Runs scripts/backend-smoke.ts as an operator would; prints its report when anything is off. */
async function smoke(server: Server, key: string, env: Record<string, string>): Promise<SmokeOutcome> {
  const result = await run(
    process.execPath,
    [join(ROOT, "scripts/backend-smoke.ts"), "--url", server.url, "--anon-key", key],
    env,
    150_000,
  );
  const lines = result.stdout.split("\n");
  const outcome = {
    code: result.code,
    missing: SMOKE_STEPS.filter((step) => !lines.some((line) => line.startsWith(step))),
    failed: lines.filter((line) => line.startsWith("✗")),
  };
  if (outcome.code !== 0 || outcome.missing.length > 0 || outcome.failed.length > 0) {
    console.error(`backend-smoke report:\n${result.stdout}\n${result.stderr}\nserver output:\n${server.output()}`);
  }
  return outcome;
}

/** How often the first-start admin line was printed, and whether its password signs in. */
async function adminLine(server: Server, key: string): Promise<{ printed: number; signInStatus: number }> {
  const lines = [...server.output().matchAll(ADMIN_LINE)];
  const [, email, password] = lines[0] ?? [];
  const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: key, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  return { printed: lines.length, signInStatus: res.status };
}

const PASSED: SmokeOutcome = { code: 0, missing: [], failed: [] };

describe("acceptance: supabase-js against `node server/main.ts` on PGlite", () => {
  let server: Server | undefined;
  let dataDir = "";
  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), "omnia-acceptance-"));
    tempDirs.push(dir);
    dataDir = join(dir, "data");
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("signs up, reads, is refused as non-admin and, after grant-admin, writes posts", async (ctx) => {
    if (buildMissing) skipTest(ctx, buildMissing);
    const env = { DATA_DIR: dataDir };
    server = await startServer(env);
    const key = await anonKey(env);
    expect(await adminLine(server, key)).toEqual({ printed: 1, signInStatus: 200 });
    expect(await smoke(server, key, env)).toEqual(PASSED);
  }, 240_000);

  it("a second start on the same DATA_DIR prints no password", async (ctx) => {
    if (buildMissing) skipTest(ctx, buildMissing);
    if (!server) skipTest(ctx, "the first start failed");
    await server?.stop();
    server = await startServer({ DATA_DIR: dataDir });
    expect(server.output()).toContain("Omnia site at");
    expect(server.output()).not.toMatch(/Admin account created|password/i);
    expect(server.output()).not.toMatch(/Seeded/);
  }, 120_000);
});

describe(
  "acceptance: supabase-js against `node server/main.ts` on PostgreSQL (DATABASE_URL)",
  skipWhen(postgresUnavailableReason()),
  () => {
    let cluster: PostgresCluster | undefined;
    let server: Server | undefined;
    beforeAll(async () => {
      if (buildMissing) return; // the test skips; do not start a cluster for nothing
      cluster = await startPostgresCluster();
    });
    afterAll(async () => {
      // The server first: it holds pool connections the cluster's shutdown would wait for.
      await server?.stop();
      await cluster?.stop();
    });

    it("behaves the same: sign-up, reads, refusals, grant-admin, post writes", async (ctx) => {
      if (buildMissing) skipTest(ctx, buildMissing);
      const env = { DATABASE_URL: cluster?.url ?? "" };
      server = await startServer(env);
      const key = await anonKey(env);
      expect(await adminLine(server, key)).toEqual({ printed: 1, signInStatus: 200 });
      expect(await smoke(server, key, env)).toEqual(PASSED);
    }, 240_000);
  },
);

/**
 * A POST that the server has started to handle but cannot finish: it asks for
 * `Expect: 100-continue`, so `accepted` resolves once the server has read the request's head,
 * and only part of the body is sent until `finish()`. `status` resolves with the answer's
 * status code, or rejects if the connection is cut.
 */
function slowPost(url: string, path: string) {
  const body = "name=Ana+Souza&email=ana%40example.com&subject=comercial&message=Quero+saber+mais+sobre+o+plano.";
  const req = httpRequest(`${url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(body.length),
      expect: "100-continue",
    },
  });
  const status = new Promise<number>((done, fail) => {
    req.once("response", (res) => {
      res.resume();
      res.once("end", () => done(res.statusCode ?? 0));
    });
    req.once("error", fail);
  });
  const accepted = new Promise<void>((done) =>
    req.once("continue", () => {
      req.write(body.slice(0, 10));
      done();
    }),
  );
  req.flushHeaders();
  return { accepted, status, finish: () => req.end(body.slice(10)) };
}

/** Polls `check` until it holds (every 50 ms, up to `ms`): waits on a condition, not a guess. */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe("one build for every origin", () => {
  it("a build made without SITE_URL, started with SITE_URL=https://www.example.com, names that origin everywhere", async (ctx) => {
    if (buildMissing) skipTest(ctx, buildMissing);
    const dir = mkdtempSync(join(tmpdir(), "omnia-origin-"));
    tempDirs.push(dir);
    const origin = "https://www.example.com";
    const server = await startServer({ DATA_DIR: join(dir, "data"), SITE_URL: origin });
    try {
      const get = async (path: string) => (await fetch(`${server.url}${path}`)).text();
      // Prerendered (/, /precos), rendered per request (/blog, a post), feeds and robots.txt.
      const home = await get("/");
      const blog = await get("/blog");
      const post = POST_LINK.exec(blog)?.[1];
      expect(post).toBeDefined();
      const pages = { "/": home, "/precos": await get("/precos"), "/blog": blog, [post!]: await get(post!) };
      for (const [path, html] of Object.entries(pages)) {
        expect(html).toContain(`<link rel="canonical" href="${origin}${path === "/" ? "/" : path}"`);
        expect(html).toContain(`<meta property="og:url" content="${origin}${path === "/" ? "/" : path}"`);
        expect(html).toContain(`<meta property="og:image" content="${origin}/`);
        expect(html).not.toMatch(/localhost:3000|site-url\.invalid/);
      }
      expect(home).toContain(`"url":"${origin}"`);
      const sitemap = await get("/sitemap.xml");
      expect(sitemap).toContain(`<loc>${origin}/precos</loc>`);
      expect(sitemap).toContain(`<loc>${origin}${post}</loc>`);
      expect(await get("/rss.xml")).toContain(`<link>${origin}${post}</link>`);
      expect(await get("/robots.txt")).toContain(`Sitemap: ${origin}/sitemap.xml`);
      for (const text of [sitemap, await get("/rss.xml"), await get("/robots.txt")]) {
        expect(text).not.toMatch(/localhost:3000|site-url\.invalid/);
      }
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe("lifecycle of `node server/main.ts`: probes and graceful shutdown", () => {
  let dataDir = "";
  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), "omnia-lifecycle-"));
    tempDirs.push(dir);
    dataDir = join(dir, "data");
  });

  it("answers /healthz and /readyz, then on SIGTERM refuses new connections, finishes the request in flight and exits 0", async (ctx) => {
    if (buildMissing) skipTest(ctx, buildMissing);
    const server = await startServer({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: "20000" });
    try {
      const health = await fetch(`${server.url}/healthz`);
      expect([health.status, await health.json()]).toEqual([200, { status: "ok" }]);
      const ready = await fetch(`${server.url}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: "ready" }]);
      // One JSON access line per request, probes left out.
      const logged = server
        .output()
        .split("\n")
        .filter((line) => line.includes('"msg":"request"'));
      expect(logged.some((line) => line.includes('"path":"/healthz"'))).toBe(false);

      const inFlight = slowPost(server.url, "/contato");
      await inFlight.accepted;
      server.signal("SIGTERM");
      await until(() => server.output().includes("SIGTERM: finishing requests in flight"), "the shutdown message");
      await until(
        () =>
          fetch(`${server.url}/healthz`).then(
            () => false,
            () => true,
          ),
        "new connections to be refused",
      );
      inFlight.finish();
      // Answered in full (a lead form's answer: a redirect or the page), not cut off.
      expect(await inFlight.status).toBeLessThan(500);
      expect(await server.exited).toBe(0);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("refuses a second server on a data directory in use with one line and exit code 1", async (ctx) => {
    if (buildMissing) skipTest(ctx, buildMissing);
    const dir = mkdtempSync(join(tmpdir(), "omnia-busy-"));
    tempDirs.push(dir);
    const busy = join(dir, "data");
    // Held by this process, as a running server holds its data directory.
    const lock = acquireLock(busy);
    try {
      const second = await run(process.execPath, [join(ROOT, "server/main.ts")], {
        DATA_DIR: busy,
        PORT: String(await freePort()),
        HOST: "127.0.0.1",
        NODE_ENV: "production",
        BUILD_DIR,
      });
      expect(second.code).toBe(1);
      expect(second.stderr.trimEnd().split("\n")).toEqual([
        expect.stringMatching(
          new RegExp(`^The data directory ${busy} is in use by another process \\(pid ${process.pid}\\)\\. .*DATA_DIR`),
        ),
      ]);
    } finally {
      lock.release();
    }
  }, 120_000);

  it("exits at once on a second signal, even with a request still running", async (ctx) => {
    if (buildMissing) skipTest(ctx, buildMissing);
    const server = await startServer({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: "60000" });
    try {
      const inFlight = slowPost(server.url, "/contato");
      inFlight.status.catch(() => {}); // the connection is cut: that is the point
      await inFlight.accepted;
      server.signal("SIGINT");
      await until(() => server.output().includes("SIGINT: finishing requests in flight"), "the shutdown message");
      const started = Date.now();
      server.signal("SIGINT");
      expect(await server.exited).toBe(1);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

/** An admin's access token and the anon key, for writing posts through the server's REST API. */
async function adminAuth(server: Server, env: Record<string, string>) {
  const key = await anonKey(env);
  const email = `cache-${Date.now().toString(36)}@example.com`;
  const password = "Cache-teste-longo-2026";
  const created = await run(
    "npm",
    ["run", "--silent", "admin", "--", "create-user", email, "--password", password, "--admin"],
    env,
  );
  if (created.code !== 0) throw new Error(`create-user failed (${created.code}): ${created.stderr}`);
  const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: key, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const { access_token: token } = (await res.json()) as { access_token: string };
  return { apikey: key, authorization: `Bearer ${token}`, "content-type": "application/json" };
}

async function writePost(
  server: Server,
  headers: Record<string, string>,
  method: "POST" | "PATCH",
  slug: string,
  fields: Record<string, unknown>,
) {
  const url =
    method === "POST" ? `${server.url}/rest/v1/blog_posts` : `${server.url}/rest/v1/blog_posts?slug=eq.${slug}`;
  const res = await fetch(url, {
    method,
    headers,
    body: JSON.stringify(method === "POST" ? { slug, ...fields } : fields),
  });
  await res.arrayBuffer();
  expect(res.status, `${method} blog_posts`).toBeLessThan(300);
}

/**
 * Polls `url` (every 20 ms) until its page contains `text` (or no longer does), and returns how
 * long that took; fails after `deadlineMs`. The issue's promise is one second.
 */
async function msUntil(url: string, text: string, present: boolean, deadlineMs = 1_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const html = await (await fetch(url)).text();
    const elapsed = performance.now() - started;
    if (html.includes(text) === present) return elapsed;
    if (elapsed > deadlineMs)
      throw new Error(
        `"${text}" ${present ? "not visible" : "still visible"} on ${url} after ${Math.round(elapsed)} ms`,
      );
    await new Promise((done) => setTimeout(done, 20));
  }
}

/** How many post cards a page of the blog shows. */
const cards = (html: string) => [...html.matchAll(/<article\b/g)].length;

/** Loads a page twice and says whether the second answer came from the page cache. */
async function cachedAfterTwoLoads(url: string): Promise<string | null> {
  await (await fetch(url)).arrayBuffer();
  const again = await fetch(url);
  await again.arrayBuffer();
  return again.headers.get("X-Cache");
}

describe("blog pages on PGlite: cached until a change, paged by 12", () => {
  let server: Server | undefined;
  let env: Record<string, string> = {};
  afterAll(async () => {
    await server?.stop();
  });

  it("serves /blog from memory, then shows a published post and hides an unpublished one within 1 s", async (ctx) => {
    if (buildMissing) skipTest(ctx, buildMissing);
    const dir = mkdtempSync(join(tmpdir(), "omnia-cache-"));
    tempDirs.push(dir);
    env = { DATA_DIR: join(dir, "data") };
    server = await startServer(env);
    const headers = await adminAuth(server, env);
    expect(await cachedAfterTwoLoads(`${server.url}/blog`)).toBe("hit");
    expect(await cachedAfterTwoLoads(`${server.url}/rss.xml`)).toBe("hit");

    const title = `Post do cache ${Date.now()}`;
    await writePost(server, headers, "POST", "post-do-cache", { title, content: "Corpo.", published: true });
    const shown = await msUntil(`${server.url}/blog`, title, true);
    await msUntil(`${server.url}/rss.xml`, title, true);
    expect(await cachedAfterTwoLoads(`${server.url}/blog/post-do-cache`)).toBe("hit");

    await writePost(server, headers, "PATCH", "post-do-cache", { published: false });
    const hidden = await msUntil(`${server.url}/blog`, title, false);
    expect((await fetch(`${server.url}/blog/post-do-cache`)).status).toBe(404);
    console.log(
      `page cache (PGlite): published post on /blog after ${Math.round(shown)} ms, gone after ${Math.round(hidden)} ms`,
    );

    // Conditional requests: the same ETag answers 304 without a body.
    const page = await fetch(`${server.url}/blog`);
    await page.arrayBuffer();
    const etag = page.headers.get("ETag")!;
    const revalidated = await fetch(`${server.url}/blog`, { headers: { "If-None-Match": etag } });
    expect([revalidated.status, await revalidated.text()]).toEqual([304, ""]);
  }, 180_000);

  it("pages /blog by 12 with prev/next links, answers 404 to bad page numbers, and keeps RSS to the newest 50", async (ctx) => {
    if (buildMissing || !server) skipTest(ctx, buildMissing ?? "the server did not start");
    const site = server!;
    const headers = await adminAuth(site, env);
    // 60 more posts, one per minute in the past, so the order is known: the seeded three stay newest.
    const base = Date.parse("2020-01-01T00:00:00Z");
    const posts = Array.from({ length: 60 }, (_, n) => ({
      slug: `arquivo-${n + 1}`,
      title: `Arquivo ${n + 1}`,
      content: "Corpo do arquivo.",
      published: true,
      // The blog lists by publication date: an old one puts these after the samples.
      published_at: new Date(base + n * 60_000).toISOString(),
      created_at: new Date(base + n * 60_000).toISOString(),
    }));
    const inserted = await fetch(`${site.url}/rest/v1/blog_posts`, {
      method: "POST",
      headers,
      body: JSON.stringify(posts),
    });
    expect(inserted.status).toBe(201);
    const seeded = 3;
    const total = seeded + posts.length;
    const pageCount = Math.ceil(total / 12);

    const first = await (await fetch(`${site.url}/blog`)).text();
    expect(cards(first)).toBe(12);
    expect(first).toContain('rel="next" href="http://localhost:3000/blog?pagina=2"');
    expect(first).not.toContain('rel="prev"');
    expect(first).toContain('<link rel="canonical" href="http://localhost:3000/blog"/>');

    const second = await (await fetch(`${site.url}/blog?pagina=2`)).text();
    expect(cards(second)).toBe(12);
    expect(second).toContain('<link rel="canonical" href="http://localhost:3000/blog?pagina=2"/>');
    expect(second).toContain('rel="prev" href="http://localhost:3000/blog"');
    expect(second).toContain(">Anteriores<");
    expect(second).toContain(">Mais recentes<");

    const last = await fetch(`${site.url}/blog?pagina=${pageCount}`);
    expect(last.status).toBe(200);
    const lastHtml = await last.text();
    expect(cards(lastHtml)).toBe(total - 12 * (pageCount - 1));
    expect(lastHtml).toContain("Arquivo 1<");
    expect(lastHtml).not.toContain('rel="next"');

    for (const bad of ["0", "-1", "abc", "1e9", "99999999999999999999", "1.5", String(pageCount + 1), "2&pagina=3"]) {
      const res = await fetch(`${site.url}/blog?pagina=${bad}`);
      await res.arrayBuffer();
      expect(res.status, `pagina=${bad}`).toBe(404);
    }

    const rss = await (await fetch(`${site.url}/rss.xml`)).text();
    expect([...rss.matchAll(/<item>/g)].length).toBe(50);
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    for (let n = 1; n <= 60; n++) expect(sitemap).toContain(`/blog/arquivo-${n}<`);
  }, 120_000);
});

/** Changes the site settings as an admin does, through the REST API. */
async function writeSettings(server: Server, headers: Record<string, string>, fields: Record<string, unknown>) {
  const res = await fetch(`${server.url}/rest/v1/site_settings?id=eq.true`, {
    method: "PATCH",
    headers,
    body: JSON.stringify(fields),
  });
  await res.arrayBuffer();
  expect(res.status, "PATCH site_settings").toBe(204);
}

const PLACEHOLDER_WARNING =
  /^Warning: the site settings still hold \.example placeholders \(.+\); set the company's own in \/admin, Configurações\.$/gm;

describe("site settings on PGlite: on every page within 1 s, without a restart", () => {
  let server: Server | undefined;
  let env: Record<string, string> = {};
  afterAll(async () => {
    await server?.stop();
  });

  it("warns once at start while .example placeholders remain, and stays ready", async (ctx) => {
    if (buildMissing) skipTest(ctx, buildMissing);
    const dir = mkdtempSync(join(tmpdir(), "omnia-settings-"));
    tempDirs.push(dir);
    env = { DATA_DIR: join(dir, "data") };
    server = await startServer(env);
    expect([...server.output().matchAll(PLACEHOLDER_WARNING)]).toHaveLength(1);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    const headers = await adminAuth(server, env);
    const blog = await (await fetch(`${server.url}/blog`)).text();
    const post = POST_LINK.exec(blog)?.[1] ?? "/blog";
    // Prerendered (/, /contato), and cached (/blog, a post) before the change.
    expect(await cachedAfterTwoLoads(`${server.url}${post}`)).toBe("hit");
    for (const path of ["/", "/contato"])
      expect(await (await fetch(`${server.url}${path}`)).text()).toContain("linkedin.example");

    await writeSettings(server, headers, {
      phone: "+551133334444",
      cnpj: "11222333000181",
      legal_name: "Empresa Nova Ltda.",
      linkedin_url: null,
    });
    const footer = `© ${new Date().getFullYear()} Empresa Nova Ltda. · CNPJ 11.222.333/0001-81. Todos os direitos reservados.`;
    const times = {
      "/": await msUntil(`${server.url}/`, footer, true),
      "/contato": await msUntil(`${server.url}/contato`, "+55 11 3333-4444", true),
      [post]: await msUntil(`${server.url}${post}`, "Empresa Nova Ltda. · CNPJ", true),
      "/blog": await msUntil(`${server.url}/blog`, "linkedin.example", false),
    };
    console.log(`site settings (PGlite): shown after ${JSON.stringify(times)} ms`);
    // The footer shows only the networks that have an address; the JSON-LD says the same.
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).not.toContain("no LinkedIn");
    expect(home).toContain("Omnia no Facebook (abre em nova aba)");
    const organization = JSON.parse(/<script type="application\/ld\+json">([^<]+)<\/script>/.exec(home)?.[1] ?? "{}");
    expect(organization).toMatchObject({
      "@type": "Organization",
      legalName: "Empresa Nova Ltda.",
      taxID: "11.222.333/0001-81",
      telephone: "+551133334444",
      address: "Av. Paulista, 1000, Bela Vista, São Paulo, SP, 01310-100",
      contactPoint: [
        { "@type": "ContactPoint", contactType: "sales", email: "vendas@omnia.example", telephone: "+551133334444" },
        { "@type": "ContactPoint", contactType: "customer support", email: "suporte@omnia.example" },
      ],
    });
    expect(organization.sameAs).toHaveLength(4);
    expect(organization.sameAs).not.toContain(expect.stringContaining("linkedin"));
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  }, 180_000);

  it("says nothing at start once no .example value is left", async (ctx) => {
    if (buildMissing || !server) skipTest(ctx, buildMissing ?? "the first start failed");
    const site = server!;
    const headers = await adminAuth(site, env);
    await writeSettings(site, headers, {
      dpo_email: "privacidade@empresa.com.br",
      email: "contato@empresa.com.br",
      sales_email: "vendas@empresa.com.br",
      support_email: "suporte@empresa.com.br",
      facebook_url: "https://www.facebook.com/empresa",
      instagram_url: null,
      youtube_url: null,
      tiktok_url: null,
    });
    // The encarregado, on the privacy policy and the LGPD page (both prerendered).
    await msUntil(`${site.url}/privacidade`, "atende pelo e-mail privacidade@empresa.com.br", true);
    await msUntil(`${site.url}/lgpd`, "E-mail: privacidade@empresa.com.br.", true);
    await site.stop();
    server = await startServer(env);
    expect(server.output()).toContain("Omnia site at");
    expect(server.output()).not.toMatch(PLACEHOLDER_WARNING);
  }, 120_000);
});

describe("two instances on one PostgreSQL", skipWhen(postgresUnavailableReason()), () => {
  let cluster: PostgresCluster | undefined;
  const servers: Server[] = [];
  beforeAll(async () => {
    if (buildMissing) return;
    cluster = await startPostgresCluster();
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await cluster?.stop();
  });

  it("a post and a settings change made through instance A show on instance B within 1 s; sign-in limits add up; both are ready", async (ctx) => {
    if (buildMissing) skipTest(ctx, buildMissing);
    const env = { DATABASE_URL: cluster?.url ?? "" };
    const a = await startServer(env);
    servers.push(a);
    const b = await startServer(env);
    servers.push(b);
    for (const server of [a, b]) expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(await cachedAfterTwoLoads(`${b.url}/blog`)).toBe("hit");

    const headers = await adminAuth(a, env);
    const title = `Post entre instâncias ${Date.now()}`;
    await writePost(a, headers, "POST", "post-entre-instancias", { title, content: "Corpo.", published: true });
    const shown = await msUntil(`${b.url}/blog`, title, true);
    // And a change by hand, in SQL, reaches both as well.
    const client = new pg.Client({ connectionString: cluster!.url });
    await client.connect();
    await client.query("update public.blog_posts set published = false where slug = 'post-entre-instancias'");
    await client.end();
    const hiddenOnA = await msUntil(`${a.url}/blog`, title, false);
    const hiddenOnB = await msUntil(`${b.url}/blog`, title, false);
    console.log(
      `page cache (PostgreSQL, 2 instances): on B after ${Math.round(shown)} ms; SQL unpublish gone from A after ${Math.round(hiddenOnA)} ms, from B after ${Math.round(hiddenOnB)} ms`,
    );

    // A settings change, through A or in SQL, is on both instances' prerendered pages too.
    await writeSettings(a, headers, { phone: "+551133334444" });
    const settingsOnB = await msUntil(`${b.url}/contato`, "+55 11 3333-4444", true);
    const sql = new pg.Client({ connectionString: cluster!.url });
    await sql.connect();
    await sql.query("update public.site_settings set phone = '+551155556666'");
    await sql.end();
    const sqlOnA = await msUntil(`${a.url}/contato`, "+55 11 5555-6666", true);
    const sqlOnB = await msUntil(`${b.url}/contato`, "+55 11 5555-6666", true);
    console.log(
      `site settings (PostgreSQL, 2 instances): on B after ${Math.round(settingsOnB)} ms; SQL on A after ${Math.round(sqlOnA)} ms, on B after ${Math.round(sqlOnB)} ms`,
    );

    // Sign-in attempts count against one limit across both (30 per 5 minutes per address;
    // adminAuth above used one). Alternating instances, the 31st attempt is refused.
    let allowed = 1;
    for (let n = 0; n < 40; n++) {
      const server = n % 2 === 0 ? a : b;
      const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: "POST",
        headers: { apikey: headers.apikey, "content-type": "application/json" },
        body: JSON.stringify({ email: `ninguem-${n}@example.com`, password: "Senha-errada-123" }),
      });
      await res.arrayBuffer();
      if (res.status === 429) break;
      allowed++;
    }
    // 30 exactly, or 31 if a window boundary passed during the loop (the old window then weighs less than 1).
    expect(allowed).toBeGreaterThanOrEqual(30);
    expect(allowed).toBeLessThanOrEqual(31);
  }, 240_000);
});
