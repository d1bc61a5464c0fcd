import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { backendContext } from "./backend-context";
import { serverSupabase, serviceSupabase } from "./supabase.server";

function setUp() {
  const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 201 }));
  const context = new RouterContextProvider();
  context.set(backendContext, {
    url: "http://backend.test",
    anonKey: "anon-key",
    serviceRoleKey: "service-key",
    fetch: fetchMock,
    publicUrl: null,
  });
  return { context, fetchMock };
}

function keysSent(fetchMock: ReturnType<typeof setUp>["fetchMock"], call = 0) {
  const [input, init] = fetchMock.mock.calls[call] ?? [];
  const headers = new Headers(input instanceof Request ? input.headers : init?.headers);
  return { apikey: headers.get("apikey"), authorization: headers.get("authorization") };
}

describe("server-side supabase-js clients", () => {
  it("serverSupabase speaks with the anon key, so row-level security applies", async () => {
    const { context, fetchMock } = setUp();
    await serverSupabase(context).from("blog_posts").select("id");
    expect(keysSent(fetchMock)).toEqual({ apikey: "anon-key", authorization: "Bearer anon-key" });
  });

  it("serviceSupabase speaks with the service-role key, through the request's backend fetch", async () => {
    const { context, fetchMock } = setUp();
    await serviceSupabase(context)
      .from("contact_messages")
      .insert({ name: "Ana", email: "ana@empresa.example", subject: "demo" });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(keysSent(fetchMock)).toEqual({ apikey: "service-key", authorization: "Bearer service-key" });
  });

  it("shares one client per backend between requests, which carries nothing from one to the next", async () => {
    const { context, fetchMock } = setUp();
    const other = new RouterContextProvider();
    other.set(backendContext, context.get(backendContext));
    expect(serverSupabase(other)).toBe(serverSupabase(context));
    expect(serviceSupabase(other)).toBe(serviceSupabase(context));
    expect(serviceSupabase(context)).not.toBe(serverSupabase(context));
    // A user's token checked by one request (app/lib/admin-auth.server.ts) is not kept.
    await serverSupabase(context).auth.getUser("a-user-token");
    await serverSupabase(other).from("blog_posts").select("id");
    expect(keysSent(fetchMock, 1)).toEqual({ apikey: "anon-key", authorization: "Bearer anon-key" });
  });
});
