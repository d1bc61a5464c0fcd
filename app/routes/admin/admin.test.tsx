import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, MemoryRouter, RouterProvider, UNSAFE_ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./admin";

type Props = Parameters<typeof ErrorBoundary>[0];

describe("the admin's error boundary", () => {
  it("says in Portuguese that a screen failed and offers to reload the same address, without the error", () => {
    // A render error: React caught it, the router's state holds none.
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={["/admin?aba=analises#grafico"]}>
        <ErrorBoundary {...({ error: new RangeError("Invalid time value") } as Props)} />
      </MemoryRouter>,
    );
    expect(html).toContain("<h1");
    expect(html).toContain("Algo deu errado");
    expect(html).toContain("Recarregue a página para continuar.");
    // Without the fragment: a link to the same address with one would only scroll.
    expect(html).toMatch(/<a [^>]*href="\/admin\?aba=analises"[^>]*>Recarregar<\/a>/);
    expect(html).not.toContain("Unexpected Application Error");
    expect(html).not.toContain("Invalid time value");
    expect(html).not.toContain("<pre");
  });

  it("leaves a routing failure (the loader's) to the generic failure screen", () => {
    const failure = new UNSAFE_ErrorResponseImpl(500, "Internal Server Error", "boom");
    const router = createMemoryRouter(
      [
        {
          id: "admin",
          path: "/admin",
          loader: () => null,
          Component: () => null,
          ErrorBoundary: () => <ErrorBoundary {...({ error: failure } as Props)} />,
        },
      ],
      { initialEntries: ["/admin"], hydrationData: { loaderData: {}, errors: { admin: failure } } },
    );
    const html = renderToStaticMarkup(<RouterProvider router={router} />);
    expect(html).toContain("Unexpected Application Error!");
    expect(html).not.toContain("Recarregar");
  });
});
