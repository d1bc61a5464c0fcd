import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PostGrid } from "./post-grid";

function render(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("PostGrid", () => {
  it("shows the empty state when there are no posts", () => {
    const html = render(<PostGrid posts={[]} label="Posts" emptyText="Nenhum post publicado ainda." />);
    expect(html).toContain("Nenhum post publicado ainda.");
    expect(html).not.toContain("<ul");
  });

  it("renders a card per post, linking to its page, with a 1/2/3 column grid", () => {
    const html = render(
      <PostGrid
        label="Posts"
        emptyText="vazio"
        posts={[
          {
            id: "1",
            title: "Primeiro",
            slug: "primeiro",
            excerpt: "Resumo",
            featured_image: "https://cdn.example/a.png",
            published_at: "2026-03-05T12:00:00Z",
            primaryTag: null,
          },
          {
            id: "2",
            title: "Segundo",
            slug: "segundo",
            excerpt: null,
            featured_image: null,
            published_at: "2026-03-04T12:00:00Z",
            primaryTag: null,
          },
        ]}
      />,
    );
    expect(html).toContain('class="grid grid-cols-1 gap-8 md:grid-cols-2 lg:grid-cols-3"');
    expect(html).toContain('href="/blog/primeiro"');
    expect(html).toContain("5 de março de 2026");
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html.match(/line-clamp-2/g)).toHaveLength(3);
  });

  it("fetches the first card's image first, loads the first row eagerly and the rest lazily", () => {
    const posts = Array.from({ length: 5 }, (_, i) => ({
      id: String(i),
      title: `Post ${i}`,
      slug: `post-${i}`,
      excerpt: null,
      featured_image: `https://cdn.example/${i}.png`,
      published_at: "2026-03-05T12:00:00Z",
      primaryTag: null,
    }));
    const images = render(<PostGrid label="Posts" emptyText="vazio" posts={posts} />).match(/<img [^>]*>/g) ?? [];
    expect(images.map((img) => [/loading="(\w+)"/.exec(img)?.[1], /fetchPriority="(\w+)"/i.exec(img)?.[1]])).toEqual([
      ["eager", "high"],
      ["eager", undefined],
      ["eager", undefined],
      ["lazy", undefined],
      ["lazy", undefined],
    ]);
  });
});
