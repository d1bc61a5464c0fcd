// /auth's company sign-in buttons follow what the real backend's GET /auth/v1/settings enables.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, TEST_SITE_URL, type TestBackend } from "../../server/backend/testing/backend.ts";
import { backendContext } from "./backend-context";
import { enabledSsoProviders } from "./sso-providers.server";

const unreachable = () => Promise.reject(new TypeError("fetch failed"));

describe("the company sign-in providers /auth offers", () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startTestBackend("pglite", {
      oidc: {
        providers: [{ name: "azure", issuer: "https://login.example/tenant/v2.0", clientId: "a", clientSecret: "b" }],
        allowedDomains: ["omnia.example"],
      },
    });
  });
  afterAll(() => t?.close());

  const inProcess = (input: RequestInfo | URL, init?: RequestInit) => t.backend.fetch(new Request(input, init));
  const contextWith = (fetch: typeof globalThis.fetch) => {
    const context = new RouterContextProvider();
    context.set(backendContext, {
      url: TEST_SITE_URL,
      anonKey: t.backend.anonKey,
      serviceRoleKey: t.backend.serviceRoleKey,
      fetch,
      publicUrl: null,
    });
    return context;
  };

  it("are the ones the backend enables", async () => {
    expect(await enabledSsoProviders(contextWith(inProcess))).toEqual(["azure"]);
  });

  it("are none when the backend cannot say", async () => {
    expect(await enabledSsoProviders(contextWith(unreachable))).toEqual([]);
  });
});
