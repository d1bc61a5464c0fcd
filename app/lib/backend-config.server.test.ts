import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { loader as adminLoader } from "~/routes/admin/admin";
import { loader as authLoader } from "~/routes/auth/auth";
import { loader as newPasswordLoader } from "~/routes/auth/new-password";
import { browserBackendConfig } from "./backend-config.server";
import { backendContext } from "./backend-context";

const SERVICE_ROLE_KEY = "service-role-key-that-must-stay-on-the-server";

function contextWithKeys() {
  const context = new RouterContextProvider();
  context.set(backendContext, {
    url: "http://backend.test",
    anonKey: "anon-key",
    serviceRoleKey: SERVICE_ROLE_KEY,
    fetch: vi.fn<typeof fetch>(),
    publicUrl: "https://project.supabase.co",
  });
  return context;
}

// The loaders' data is serialised into the page for the browser: the service-role key in it
// would hand every visitor a key that bypasses row-level security (ADR 037).
describe("the backend configuration sent to browsers", () => {
  it("is the public URL and the anon key, nothing else", () => {
    expect(browserBackendConfig(contextWithKeys())).toStrictEqual({
      publicUrl: "https://project.supabase.co",
      anonKey: "anon-key",
    });
  });

  // Only `context` is read; the route's generated argument types need not be built in full.
  type AnyLoader = (args: { context: RouterContextProvider }) => object | Promise<object>;
  it.each([
    ["/admin", adminLoader as unknown as AnyLoader, ["anonKey", "publicUrl"]],
    // /auth also names the company sign-in providers it offers (none: the backend did not answer).
    ["/auth", authLoader as unknown as AnyLoader, ["anonKey", "publicUrl", "ssoProviders"]],
    ["/auth/nova-senha", newPasswordLoader as unknown as AnyLoader, ["anonKey", "publicUrl"]],
  ])("never carries the service-role key out of the %s loader", async (_path, loader, keys) => {
    const data = await loader({ context: contextWithKeys() });
    expect(Object.keys(data).toSorted()).toEqual(keys);
    expect(JSON.stringify(data)).not.toContain(SERVICE_ROLE_KEY);
  });
});
