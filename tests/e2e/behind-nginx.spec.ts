import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer, type RunningServer } from "../../scripts/bench/serve.ts";
import { readStoredSigningKey } from "../../server/backend/keys.ts";
import { freePort } from "../../server/backend/testing/postgres-cluster.ts";

// The production build behind a real nginx running deploy/nginx/omnia.conf, the file
// docs/deployment.md tells operators to install (only its host name, ports and certificate are
// replaced). Runs where nginx and openssl are installed; CI installs Debian's nginx.

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => fs.existsSync(file));
const OPENSSL = spawnSync("openssl", ["version"]).status === 0;
const CONFIG = fs.readFileSync(path.join(import.meta.dirname, "../../deploy/nginx/omnia.conf"), "utf8");
const HOST = "omnia.example.com";

test.skip(!NGINX || !OPENSSL, "nginx or openssl is not installed (CI installs Debian's nginx)");
test.describe.configure({ mode: "serial", timeout: 120_000 });

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request from `localAddress` (any 127.x address is this machine: a distinct client). */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<Reply> {
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: options.method ?? "GET",
        headers: { host: HOST, ...options.headers },
        localAddress: options.localAddress,
        // The test's own self-signed certificate.
        rejectUnauthorized: false,
        servername: HOST,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** deploy/nginx/omnia.conf with this test's ports and certificate; each replacement must apply. */
function siteConfig(ports: { http: number; https: number; upstream: number }, dir: string): string {
  const replacements: [string | RegExp, string][] = [
    ["server 127.0.0.1:3000;", `server 127.0.0.1:${ports.upstream};`],
    [/^\s*listen \[::\]:(80|443)[^;]*;\n/gm, ""],
    ["listen 80;", `listen 127.0.0.1:${ports.http};`],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${ports.https} ssl http2;`],
    [`/etc/letsencrypt/live/${HOST}/fullchain.pem`, path.join(dir, "cert.pem")],
    [`/etc/letsencrypt/live/${HOST}/privkey.pem`, path.join(dir, "key.pem")],
    // The redirect names the public port; here that is the test's.
    ["return 301 https://$host$request_uri;", `return 301 https://$host:${ports.https}$request_uri;`],
  ];
  let text = CONFIG;
  for (const [from, to] of replacements) {
    const next = text.replace(from, to);
    if (next === text) throw new Error(`deploy/nginx/omnia.conf no longer contains ${String(from)}`);
    text = next;
  }
  return text;
}

let server: RunningServer;
let nginx: ChildProcess;
let dir: string;
let origin: { http: string; https: string };
let anonKey: string;

test.beforeAll(async () => {
  // A first start creates a database; beside the other worker on two cores that can take a minute.
  test.setTimeout(120_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-nginx-"));
  const openssl = spawnSync("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "1",
    "-subj",
    `/CN=${HOST}`,
    "-keyout",
    path.join(dir, "key.pem"),
    "-out",
    path.join(dir, "cert.pem"),
  ]);
  expect(openssl.status, openssl.stderr.toString()).toBe(0);

  const ports = { http: await freePort(), https: await freePort(), upstream: await freePort() };
  server = await startServer(ports.upstream, { TRUST_PROXY: "1", SITE_URL: `https://${HOST}`, LOG_LEVEL: "warn" });
  anonKey = (await readStoredSigningKey(server.dataDir))!.anon_key;

  fs.writeFileSync(path.join(dir, "omnia.conf"), siteConfig(ports, dir));
  // The main context Debian's nginx.conf provides, pointed at this directory.
  const runAs = process.getuid?.() === 0 ? "user root;" : "";
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `${runAs}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/omnia.conf;
}
`,
  );
  nginx = spawn(NGINX!, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  nginx.stderr?.on("data", (chunk) => (output += chunk));
  origin = { http: `http://127.0.0.1:${ports.http}`, https: `https://127.0.0.1:${ports.https}` };
  await expect
    .poll(
      async () => {
        if (nginx.exitCode !== null) throw new Error(`nginx exited: ${output}`);
        return send(`${origin.https}/healthz`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 15_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  nginx?.kill("SIGTERM");
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("plain HTTP is redirected to HTTPS, and HTTPS answers with HSTS for an https SITE_URL", async () => {
  const plain = await send(`${origin.http}/precos`);
  expect(plain.status).toBe(301);
  expect(plain.headers.location).toMatch(new RegExp(`^https://${HOST}:\\d+/precos$`));

  const page = await send(`${origin.https}/precos`);
  expect(page.status).toBe(200);
  expect(page.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  expect(page.body.toString()).toContain(`<link rel="canonical" href="https://${HOST}/precos"`);
});

test("compression, validators and cache headers reach the client unchanged", async () => {
  const home = await send(`${origin.https}/`, { headers: { "accept-encoding": "br, gzip" } });
  expect(home.status).toBe(200);
  expect(home.headers["content-encoding"]).toBe("br");
  const direct = await send(`${server.origin}/`, { headers: { "accept-encoding": "br, gzip" } });
  expect(home.headers["cache-control"]).toBe(direct.headers["cache-control"]);
  expect(home.headers.etag).toBe(direct.headers.etag);
  expect(home.headers.etag).toMatch(/^"/); // still a strong validator: nginx did not re-encode

  const again = await send(`${origin.https}/`, {
    headers: { "accept-encoding": "br, gzip", "if-none-match": home.headers.etag! },
  });
  expect(again.status).toBe(304);

  const plain = await send(`${origin.https}/`);
  expect(plain.headers["content-encoding"]).toBeUndefined();
  const asset = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(plain.body.toString())?.[1];
  expect(asset).toBeTruthy();
  const css = await send(`${origin.https}${asset}`, { headers: { "accept-encoding": "gzip" } });
  expect(css.status).toBe(200);
  expect(css.headers["content-encoding"]).toBe("gzip");
  expect(css.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

  const blog = await send(`${origin.https}/blog`);
  expect(blog.headers["cache-control"]).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=600");
  expect(blog.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id, passed on
});

/** A wrong password for a new address each time, from the client address `from`. */
const signIn = (from: string, n: number, forged?: string) =>
  send(`${origin.https}/auth/v1/token?grant_type=password`, {
    method: "POST",
    localAddress: from,
    headers: {
      apikey: anonKey,
      "content-type": "application/json",
      ...(forged ? { "x-forwarded-for": forged } : {}),
    },
    body: JSON.stringify({ email: `ninguem${n}@empresa.example`, password: "senha-errada-123" }),
  });

test("rate limits count the address nginx saw, and a forged X-Forwarded-For does not escape them", async () => {
  // 30 sign-ins per 5 minutes per address (server/http/rate-limits.ts): the 31st is refused,
  // also when the client claims to be someone else.
  for (let n = 0; n < 30; n += 1) expect((await signIn("127.0.0.2", n, `203.0.113.${n}`)).status).toBe(400);
  expect((await signIn("127.0.0.2", 30)).status).toBe(429);
  expect((await signIn("127.0.0.2", 31, "198.51.100.7")).status).toBe(429);
  // Another client is not affected.
  expect((await signIn("127.0.0.3", 32)).status).toBe(400);
});
