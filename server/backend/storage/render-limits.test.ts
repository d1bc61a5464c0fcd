// What a new rendition costs a client: requests for one being made share its render, and each
// client address may start only so many (RATE_LIMITS.renders; a tiny limit here), while cached
// renditions stay free. Through the real backend, its rate limiter (in memory on PGlite, in
// PostgreSQL on DATABASE_URL) and the client-address middleware the site puts in front of it.
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { clientIpMiddleware } from "../../http/client-ip.ts";
import { TEST_SITE_URL, startTestBackend, type TestBackend } from "../testing/backend.ts";
import { describeEachDatabase } from "../testing/describe-each-database.ts";

const NEW_RENDERS_PER_ADDRESS = 3;

describeEachDatabase("image renditions per client", (kind) => {
  let t: TestBackend;
  let site: Hono;
  const encoded: string[] = [];
  let url = "";

  /** A browser's request for a rendition, from `address` (behind one trusted proxy). */
  const render = (query: string, address: string) =>
    site.fetch(
      new Request(`${url}?${query}`, { headers: { accept: "image/avif,image/webp", "x-forwarded-for": address } }),
    );

  beforeAll(async () => {
    t = await startTestBackend(kind, {
      rateLimits: { renders: { max: NEW_RENDERS_PER_ADDRESS, windowMs: 60 * 60_000 } },
      render: { onEncode: (key) => encoded.push(key) },
    });
    site = new Hono();
    site.use("*", clientIpMiddleware(1));
    site.route("/", t.backend.app);
    const admin = await t.user("editora@empresa.example", { admin: true });
    const photo = await sharp({
      create: {
        width: 1600,
        height: 1000,
        channels: 3,
        background: "#556",
        noise: { type: "gaussian", mean: 120, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const images = admin.client.storage.from("blog-images");
    const uploaded = await images.upload("posts/limites.jpg", photo, { contentType: "image/jpeg" });
    if (uploaded.error) throw uploaded.error;
    url = `${TEST_SITE_URL}/storage/v1/render/image/public/blog-images/posts/limites.jpg`;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it("encodes twelve simultaneous requests for one new rendition once", async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, () => render("width=800", "192.0.2.1")));
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(200));
    const bodies = await Promise.all(responses.map(async (response) => Buffer.from(await response.arrayBuffer())));
    expect(new Set(bodies.map((body) => body.toString("base64"))).size).toBe(1);
    expect(encoded).toEqual(["800xauto-q80.avif"]);
  });

  it("limits the new renditions an address starts, while cached ones stay free", async () => {
    // 192.0.2.1 started one above (the twelve shared it); two more are allowed.
    for (const query of ["width=320", "width=480"]) expect((await render(query, "192.0.2.1")).status).toBe(200);
    const refused = await render("width=640", "192.0.2.1");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ statusCode: "429", error: "too_many_requests" });
    expect(encoded).toHaveLength(NEW_RENDERS_PER_ADDRESS);
    // What is cached costs nothing, however often it is asked.
    for (let i = 0; i < 10; i++) {
      for (const query of ["width=800", "width=320", "width=480", "width=300&quality=60"]) {
        expect((await render(query, "192.0.2.1")).status).toBe(200);
      }
    }
    // Another address has its own allowance; what it makes is then free for everyone.
    expect((await render("width=640", "198.51.100.7")).status).toBe(200);
    expect((await render("width=640", "192.0.2.1")).status).toBe(200);
    expect(encoded).toHaveLength(NEW_RENDERS_PER_ADDRESS + 1);
  });
});
