import { Writable } from "node:stream";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { createServerApp, type BackendAccess } from "../app.ts";
import { readConfig } from "../config.ts";
import { createLogger, requestIdFrom } from "./access-log.ts";
import type { Readiness } from "./health.ts";

// The probes and the access log sit in front of everything else: these requests never reach
// the React Router build or a database, so neither exists here.
const noBuild = async (): Promise<ServerBuild> => {
  throw new Error("no React Router build in this test");
};
const noBackend = { url: "http://127.0.0.1:1", anonKey: "", fetch: globalThis.fetch, publicUrl: null };

function app(readiness?: Readiness, lines?: string[]) {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines?.push(...chunk.toString().trim().split("\n"));
      done();
    },
  });
  return createServerApp({
    build: noBuild,
    mode: "production",
    config: readConfig({}),
    backendAccess: noBackend as unknown as BackendAccess,
    readiness,
    logger: lines ? createLogger({ format: "json", level: "info" }, destination) : undefined,
  });
}

describe("GET /healthz and /readyz", () => {
  it("/healthz answers 200 without asking the database, never cached", async () => {
    let asked = 0;
    const server = app({ unreadyReason: async () => (asked++, "database unreachable"), stopping: () => false });
    const response = await server.request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(asked).toBe(0);
    expect((await server.request("/healthz", { method: "HEAD" })).status).toBe(200);
  });

  it("/readyz is 200 when ready, 503 with a JSON reason otherwise, and 503 once stopping", async () => {
    let reason: string | null = null;
    let stopping = false;
    const server = app({ unreadyReason: async () => reason, stopping: () => stopping });
    expect((await server.request("/readyz")).status).toBe(200);

    reason = "migrations not applied: 20990101000000_next.sql";
    const unready = await server.request("/readyz");
    expect(unready.status).toBe(503);
    expect(await unready.json()).toEqual({ status: "unavailable", reason });

    reason = null;
    stopping = true;
    const leaving = await server.request("/readyz");
    expect(leaving.status).toBe(503);
    expect(await leaving.json()).toEqual({ status: "unavailable", reason: "shutting down" });
  });
});

describe("access log", () => {
  it("writes one JSON line per request with method, path, status, duration and request id", async () => {
    const lines: string[] = [];
    const server = app(undefined, lines);
    const response = await server.request("/nao-existe?email=ana@example.com", {
      method: "PUT",
      headers: { "X-Request-Id": "lb-1234.abc" },
    });
    expect(response.headers.get("X-Request-Id")).toBe("lb-1234.abc");
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 30,
      msg: "request",
      method: "PUT",
      // The query string can carry visitors' data or tokens: never logged.
      path: "/nao-existe",
      status: response.status,
      request_id: "lb-1234.abc",
    });
    expect(typeof entry["duration_ms"]).toBe("number");
    expect(JSON.stringify(entry)).not.toContain("ana@example.com");
  });

  it("generates a request id when none (or a malformed one) comes in, and keeps probes out of the log", async () => {
    const lines: string[] = [];
    const server = app(undefined, lines);
    const generated = await server.request("/healthz", { headers: { "X-Request-Id": 'bad id"{' } });
    expect(generated.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    await server.request("/readyz");
    expect(lines).toEqual([]);
  });

  it("accepts short printable ids only", () => {
    expect(requestIdFrom("abc-123_x.y:z")).toBe("abc-123_x.y:z");
    for (const bad of [undefined, "", "a b", "x".repeat(129), "<script>"]) {
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
