// For tests of loaders and actions against a real in-process backend
// (server/backend/testing/backend.ts): the router context the Node server would give them.
import { RouterContextProvider } from "react-router";
import { backendContext } from "./backend-context";
import { siteContext } from "./site-context";
import { PLACEHOLDER_SETTINGS } from "./site-settings";

interface InProcessBackend {
  anonKey: string;
  serviceRoleKey: string;
  fetch(request: Request): Promise<Response>;
}

export function routerContextFor(backend: InProcessBackend, url: string): RouterContextProvider {
  const context = new RouterContextProvider();
  // A variable, not a literal, so tests also compile while BackendAccess gains or loses keys.
  const access = {
    url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => backend.fetch(new Request(input, init)),
    publicUrl: null,
  };
  context.set(backendContext, access);
  context.set(siteContext, {
    origin: new URL(url).origin,
    year: new Date().getFullYear(),
    settings: PLACEHOLDER_SETTINGS,
  });
  return context;
}
