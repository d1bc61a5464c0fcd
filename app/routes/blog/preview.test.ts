// The preview page's loader against a real backend: a valid link renders the draft as the post
// page does, with headers that keep it out of caches and search engines; anything else is a
// 404 (or a 429 past the per-address limit), never a 500.
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { routerContextFor } from "~/lib/backend-context.testing";
import { requestContext } from "~/lib/request-context";
import { startTestBackend, TEST_SITE_URL, type TestBackend } from "../../../server/backend/testing/backend.ts";
import { describeEachDatabase } from "../../../server/backend/testing/describe-each-database.ts";
import { loader } from "./preview";

type Loaded = { data: { post: { title: string }; html: string; tags: { name: string }[] }; init: ResponseInit | null };

describeEachDatabase("the preview page's loader", (kind) => {
  let t: TestBackend;
  let context: RouterContextProvider;
  let allowed = true;
  let token: string;

  const load = (value: string) =>
    loader({
      params: { token: value },
      context,
      request: new Request(`${TEST_SITE_URL}/blog/previa/${value}`),
    } as never);

  async function refusal(value: string): Promise<{ status: number; headers: Headers }> {
    try {
      await load(value);
    } catch (thrown) {
      const error = thrown as { type?: string; init: ResponseInit };
      return { status: error.init.status ?? 0, headers: new Headers(error.init.headers) };
    }
    throw new Error("the loader answered");
  }

  beforeAll(async () => {
    t = await startTestBackend(kind);
    context = routerContextFor(t.backend, TEST_SITE_URL);
    context.set(requestContext, {
      clientIp: "192.0.2.9",
      rateLimit: () => ({ allowed, retryAfterSeconds: allowed ? 0 : 30 }),
    });
    const admin = (await t.user(`preview-${kind}@example.com`, { admin: true })).client;
    const { data: post } = await admin
      .from("blog_posts")
      .insert({
        title: "Rascunho em revisão",
        slug: "rascunho-em-revisao",
        content: "Texto **novo**.",
        published: false,
      })
      .select("id")
      .single();
    const { data: tag } = await admin
      .from("tags")
      .insert({ name: "Bastidores", slug: "bastidores" })
      .select("id")
      .single();
    await admin.rpc("set_post_tags", { for_post: post!.id, tag_ids: [tag!.id] });
    const { data } = await admin.rpc("create_post_preview_link", { for_post: post!.id, purpose: "share" });
    token = (data as { token: string }[])[0]!.token;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it("renders the draft, tags included, and keeps it out of caches and indexes", async () => {
    const answer = (await load(token)) as unknown as Loaded;
    expect(answer.data.post.title).toBe("Rascunho em revisão");
    expect(answer.data.html).toContain("<strong>novo</strong>");
    expect(answer.data.tags.map((tag) => tag.name)).toEqual(["Bastidores"]);
    const headers = new Headers(answer.init?.headers);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("X-Robots-Tag")).toContain("noindex");
  });

  it("answers 404 for a malformed, unknown or revoked link", async () => {
    for (const value of ["abc", `${token}0`, "0".repeat(64), token.toUpperCase()]) {
      const { status, headers } = await refusal(value);
      expect(status).toBe(404);
      expect(headers.get("Cache-Control")).toBe("private, no-store");
    }
  });

  it("answers 429 past the per-address limit", async () => {
    allowed = false;
    try {
      const { status, headers } = await refusal(token);
      expect(status).toBe(429);
      expect(headers.get("Retry-After")).toBe("30");
    } finally {
      allowed = true;
    }
  });
});
