import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The layer boundaries (docs/architecture.md) are enforced by `no-restricted-imports` overrides in
// .oxlintrc.json. These tests lint fixtures in a scratch copy of the tree with the real config, so
// a loosened pattern or a renamed folder fails here instead of silently letting imports through.

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const oxlint = join(root, "node_modules", "oxlint", "bin", "oxlint");

const fixtures: Record<string, string> = {
  "app/routes/site/bad-page.tsx": [
    'import { a } from "../../../server/backend/app";',
    'import { b } from "~/components/admin/posts/post-list";',
    'import { c } from "../admin/admin";',
    'import { d } from "~/lib/admin-role";',
    'import { o } from "../../lib/admin/posts";',
    'import { createClient } from "@supabase/supabase-js";',
    'import { e } from "~/lib/supabase.client";',
    'import { f } from "../../lib/use-browser-supabase.ts";',
    'export { g } from "~/routes/admin/admin";',
    "console.log(a, b, c, d, o, createClient, e, f);",
    'export const lazyAdmin = () => import("~/components/admin/admin-screen");',
  ].join("\n"),
  "app/components/blog/bad-card.tsx": [
    'import type { SupabaseClient } from "@supabase/supabase-js";',
    'import { h } from "../admin/remove-button";',
    "export type Client = SupabaseClient;",
    "console.log(h);",
  ].join("\n"),
  "app/root.tsx": ['import { i } from "./components/admin/admin-gate";', "console.log(i);"].join("\n"),
  "app/lib/bad-lib.ts": ['import { j } from "../../server/backend/app";', "console.log(j);"].join("\n"),
  // Allowed: loaders read through the server client, shared helpers, and admin code may use
  // supabase-js; tests under app/ start the real backend from server/backend/testing.
  "app/routes/blog/good-post.tsx": [
    'import { k } from "~/lib/supabase.server";',
    'import { cn } from "~/lib/utils";',
    'import { SectionHeading } from "~/components/site/section-heading";',
    'import { isValidSlug } from "~/lib/posts";',
    "console.log(k, cn, SectionHeading, isValidSlug);",
  ].join("\n"),
  "app/components/admin/good-admin.tsx": [
    'import { createClient } from "@supabase/supabase-js";',
    'import { l } from "~/lib/admin/leads";',
    "console.log(createClient, l);",
  ].join("\n"),
  "app/enhance/bad-enhancement.ts": [
    'import { useState } from "react";',
    'import { hydrateRoot } from "react-dom/client";',
    'import { Link } from "react-router";',
    'import { createClient } from "@supabase/supabase-js";',
    'import { Dialog } from "radix-ui";',
    'import { Slot } from "@radix-ui/react-slot";',
    'import { toast } from "sonner";',
    'import { X } from "lucide-react";',
    'import { Button } from "~/components/ui/button";',
    'import { SiteHeader } from "../components/site/site-header";',
    'import { meta } from "~/routes/site/home";',
    'import { n } from "../../server/backend/app";',
    "console.log(useState, hydrateRoot, Link, createClient, Dialog, Slot, toast, X, Button, SiteHeader, meta, n);",
    'export const lazy = () => import("react-dom");',
  ].join("\n"),
  // Allowed: plain helpers shared with the server render, and other enhancement modules.
  "app/enhance/good-enhancement.ts": [
    'import { markEnhanced } from "./ready";',
    'import { validateLead } from "~/lib/lead-validation";',
    'import { contactCopy } from "../content/contact";',
    "console.log(markEnhanced, validateLead, contactCopy);",
  ].join("\n"),
  "app/lib/good.test.ts": ['import { m } from "../../server/backend/testing/backend.ts";', "console.log(m);"].join(
    "\n",
  ),
};

let dir = "";
let report = "";

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "import-boundaries-"));
  // Parsed and re-serialised so the "$schema" pointer into node_modules does not have to resolve.
  const config = JSON.parse(readFileSync(join(root, ".oxlintrc.json"), "utf8")) as Record<string, unknown>;
  delete config.$schema;
  writeFileSync(join(dir, ".oxlintrc.json"), JSON.stringify(config));
  for (const [file, text] of Object.entries(fixtures)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), `${text}\n`);
  }
  const run = spawnSync(process.execPath, [oxlint, "--format", "unix", "app"], { cwd: dir, encoding: "utf8" });
  report = run.stdout + run.stderr;
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function restricted(file: string): string[] {
  return report
    .split("\n")
    .filter((line) => line.startsWith(`${file}:`) && line.includes("no-restricted-imports"))
    .map((line) => /'([^']+)' import is restricted/.exec(line)?.[1] ?? line);
}

describe("import boundaries (.oxlintrc.json)", () => {
  it("refuses server/, admin code and supabase-js in a public route module, lazy imports too", () => {
    expect(restricted("app/routes/site/bad-page.tsx")).toEqual([
      "../../../server/backend/app",
      "~/components/admin/posts/post-list",
      "../admin/admin",
      "~/lib/admin-role",
      "../../lib/admin/posts",
      "@supabase/supabase-js",
      "~/lib/supabase.client",
      "../../lib/use-browser-supabase.ts",
      "~/routes/admin/admin",
      "~/components/admin/admin-screen",
    ]);
  });

  it("refuses them in public components and the root, type-only imports included", () => {
    expect(restricted("app/components/blog/bad-card.tsx")).toEqual(["@supabase/supabase-js", "../admin/remove-button"]);
    expect(restricted("app/root.tsx")).toEqual(["./components/admin/admin-gate"]);
  });

  it("refuses server/ anywhere under app/", () => {
    expect(restricted("app/lib/bad-lib.ts")).toEqual(["../../server/backend/app"]);
  });

  it("keeps React, the router, UI libraries, supabase-js, components and routes out of enhancement modules", () => {
    expect(restricted("app/enhance/bad-enhancement.ts")).toEqual([
      "react",
      "react-dom/client",
      "react-router",
      "@supabase/supabase-js",
      "radix-ui",
      "@radix-ui/react-slot",
      "sonner",
      "lucide-react",
      "~/components/ui/button",
      "../components/site/site-header",
      "~/routes/site/home",
      "../../server/backend/app",
      "react-dom",
    ]);
    expect(restricted("app/enhance/good-enhancement.ts")).toEqual([]);
  });

  it("lets the allowed imports through", () => {
    expect(restricted("app/routes/blog/good-post.tsx")).toEqual([]);
    expect(restricted("app/components/admin/good-admin.tsx")).toEqual([]);
    expect(restricted("app/lib/good.test.ts")).toEqual([]);
  });
});
