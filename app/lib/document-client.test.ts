import { describe, expect, it } from "vitest";
import { documentClient } from "./document-client";

/** A thrown `data(null, { status })` as the router keeps it in its errors (isRouteErrorResponse's shape). */
function errorResponse(status: number): unknown {
  return { status, statusText: "", internal: false, data: null };
}

describe("documentClient", () => {
  it("makes /auth and /admin React apps", () => {
    expect(documentClient(["root", "routes/site/layout", "routes/auth/auth"], [])).toMatchObject({
      client: "app",
      scripts: [],
    });
    expect(documentClient(["root", "routes/site/layout", "routes/admin/admin"], []).client).toBe("app");
  });

  it("gives a public page its enhancement modules, then the analytics", () => {
    expect(documentClient(["root", "routes/site/layout", "routes/site/recursos"], [])).toMatchObject({
      client: "enhanced",
      scripts: ["lead-form", "tabs", "analytics"],
    });
    expect(documentClient(["root", "routes/site/layout", "routes/blog/post"], [])).toMatchObject({
      client: "enhanced",
      scripts: ["analytics"],
    });
  });

  it("keeps an expected answer (a 404) on its page, and ships nothing with an unexpected failure", () => {
    const notFound = errorResponse(404);
    expect(documentClient(["root", "routes/site/layout", "routes/site/precos"], [notFound]).client).toBe("enhanced");
    expect(documentClient(["root", "routes/site/layout", "routes/site/precos"], [new Error("boom")])).toMatchObject({
      client: "none",
      scripts: [],
    });
    expect(documentClient(["root", "routes/site/layout", "routes/auth/auth"], [errorResponse(503)]).client).toBe(
      "none",
    );
  });

  it("ships nothing when no page matched", () => {
    expect(documentClient(["root"], []).client).toBe("none");
  });
});
