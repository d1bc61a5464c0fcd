import { Hono } from "hono";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { POST_PREVIEW_MAX_BYTES as PREVIEW_MAX_BYTES } from "../../app/lib/posts.ts";
import { FORM_MAX_BYTES, actionPaths, pageGuards, routePathOf } from "./page-guards.ts";

// The shape of app/routes.ts that matters here: a pathless layout with pages, two of which
// take a form (an action), and the preview resource route.
const build = {
  routes: {
    root: { id: "root", path: "", module: {} },
    layout: { id: "layout", parentId: "root", module: {} },
    home: { id: "home", parentId: "layout", index: true, module: {} },
    contato: { id: "contato", parentId: "layout", path: "contato", module: { action: () => null } },
    sobre: { id: "sobre", parentId: "layout", path: "sobre", module: {} },
    preview: { id: "preview", parentId: "root", path: "admin/preview", module: { action: () => null } },
  },
} as unknown as ServerBuild;

function appWithGuards() {
  const app = new Hono();
  app.use(
    "*",
    pageGuards(async () => build),
  );
  // Stands in for React Router: reads the body as an action would, and says how much it got.
  app.all("*", async (c) => c.text(`read ${(await c.req.raw.arrayBuffer()).byteLength}`));
  return app;
}

/** A body that arrives in chunks, with no Content-Length, as a chunked upload does. */
function streamOf(bytes: number, chunk = 16 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(chunk, bytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
}

describe("page guards", () => {
  it("knows which route paths take a submission", () => {
    expect([...actionPaths(build)].toSorted()).toEqual(["admin/preview", "contato"]);
    expect(routePathOf("/contato/")).toBe("contato");
    expect(routePathOf("/contato.data")).toBe("contato");
    expect(routePathOf("/_root.data")).toBe("");
    expect(routePathOf("/")).toBe("");
  });

  it("answers 405 with Allow for PUT, PATCH and DELETE, and for POST where there is no action", async () => {
    const app = appWithGuards();
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const onForm = await app.request("/contato", { method, body: "name=x" });
      expect(onForm.status).toBe(405);
      expect(onForm.headers.get("Allow")).toBe("GET, HEAD, POST");
      expect(await onForm.text()).toMatch(/não aceita/);
    }
    const post = await app.request("/sobre", { method: "POST", body: "x=1" });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD");
    expect((await app.request("/sobre")).status).toBe(200);
  });

  it("answers 413 from Content-Length without reading the body", async () => {
    const app = appWithGuards();
    const response = await app.request("/contato", {
      method: "POST",
      headers: { "Content-Length": String(50 * 1024 * 1024), "Content-Type": "application/x-www-form-urlencoded" },
      body: "name=x",
    });
    expect(response.status).toBe(413);
    const text = await response.text();
    expect(text).toMatch(/grande demais/);
    expect(text.length).toBeLessThan(200);
  });

  it("stops a streamed body as soon as it passes the route's limit", async () => {
    const app = appWithGuards();
    const pulled = { bytes: 0 };
    const body = streamOf(50 * 1024 * 1024).pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          pulled.bytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    const response = await app.request("/contato", { method: "POST", body, duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
    // A few chunks past the limit at most, never the whole 50 MB.
    expect(pulled.bytes).toBeLessThan(FORM_MAX_BYTES + 256 * 1024);
  });

  it("lets bodies within the limit through, with a larger limit for the preview", async () => {
    const app = appWithGuards();
    const form = await app.request("/contato", { method: "POST", body: "a".repeat(FORM_MAX_BYTES) });
    expect(await form.text()).toBe(`read ${FORM_MAX_BYTES}`);
    const preview = await app.request("/admin/preview", { method: "POST", body: "a".repeat(PREVIEW_MAX_BYTES) });
    expect(await preview.text()).toBe(`read ${PREVIEW_MAX_BYTES}`);
    const tooBig = await app.request("/admin/preview", { method: "POST", body: "a".repeat(PREVIEW_MAX_BYTES + 1) });
    expect(tooBig.status).toBe(413);
  });
});
