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
  it("asks the database for one page of visible posts, newest first", async () => {
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
          total: 25,
        },
      ]),
    );
    const result = await listPublishedPosts(contextWith(fetchMock), 2);
    expect(result).toEqual({
      posts: [expect.objectContaining({ slug: "a", primaryTag: { slug: "ia", name: "IA" } })],
      failed: false,
      page: 2,
      pageCount: 3,
    });
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]));
    // The function that reads only visible posts (post_is_visible) and keeps the list's count.
    expect(url.pathname).toBe("/rest/v1/rpc/visible_post_page");
    expect([url.searchParams.get("page_size"), url.searchParams.get("page_offset")]).toEqual(["12", "12"]);
  });

  it("answers null past the last page, where the database returns no rows", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json([]));
    expect(await listPublishedPosts(contextWith(fetchMock), 7)).toBeNull();
    // The first page of an empty blog is a page.
    expect(await listPublishedPosts(contextWith(fetchMock), 1)).toEqual({
      posts: [],
      failed: false,
      page: 1,
      pageCount: 1,
    });
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
