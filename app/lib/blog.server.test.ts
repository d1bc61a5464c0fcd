import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { backendContext } from "./backend-context";
import { findPublishedPost, listPublishedPosts } from "./blog.server";

function contextWith(fetchImpl: typeof fetch) {
  const context = new RouterContextProvider();
  context.set(backendContext, {
    url: "http://backend.test",
    anonKey: "anon-key",
    serviceRoleKey: "service-role-key",
    fetch: fetchImpl,
    publicUrl: null,
  });
  return context;
}

describe("listPublishedPosts", () => {
  it("asks for visible posts, newest first", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Response.json([
        {
          id: "1",
          title: "A",
          slug: "a",
          excerpt: null,
          featured_image: null,
          published_at: "2026-01-01",
          primary_tag_slug: "ia",
          primary_tag_name: "IA",
        },
      ]),
    );
    const result = await listPublishedPosts(contextWith(fetchMock));
    expect(result).toEqual({
      posts: [expect.objectContaining({ slug: "a", primaryTag: { slug: "ia", name: "IA" } })],
      failed: false,
      page: 1,
      pageCount: 1,
    });
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]));
    // The view that shows only published posts whose moment has come (post_is_visible).
    expect(url.pathname).toBe("/rest/v1/visible_posts");
    expect(url.searchParams.get("order")).toBe("published_at.desc,id.desc");
    // One page of card columns, never the bodies.
    expect(url.searchParams.get("select")).toBe(
      "id,title,slug,excerpt,featured_image,published_at,primary_tag_slug,primary_tag_name",
    );
    expect([url.searchParams.get("offset"), url.searchParams.get("limit")]).toEqual(["0", "12"]);
  });

  it("answers null past the last page, which PostgREST refuses with 416", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Response.json(
        {
          code: "PGRST103",
          details: "An offset of 72 was requested, but there are only 63 rows.",
          hint: null,
          message: "Requested range not satisfiable",
        },
        { status: 416, headers: { "Content-Range": "*/63" } },
      ),
    );
    expect(await listPublishedPosts(contextWith(fetchMock), 7)).toBeNull();
  });

  it("turns a backend error into an empty, failed list (docs/product.md §8)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Response.json({ code: "XX000", details: null, hint: null, message: "boom" }, { status: 500 }),
    );
    expect(await listPublishedPosts(contextWith(fetchMock))).toEqual({
      posts: [],
      failed: true,
      page: 1,
      pageCount: 1,
    });
  });

  it("turns an unreachable backend into an empty, failed list", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw new TypeError("fetch failed");
    });
    expect(await listPublishedPosts(contextWith(fetchMock))).toEqual({
      posts: [],
      failed: true,
      page: 1,
      pageCount: 1,
    });
  });
});

describe("findPublishedPost", () => {
  it("answers null for a slug no post can have, without asking the backend", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json(null));
    for (const slug of ["a\u0000b", "A-Maiusculo", "com espaço", "x".repeat(201), "--"]) {
      expect(await findPublishedPost(contextWith(fetchMock), slug)).toBeNull();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
