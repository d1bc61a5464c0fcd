// The enhancement modules of the public pages (docs/decisions/048-public-pages-without-app-bundle.md):
// plain TypeScript, no React, each bundled by Vite into one hashed file of its own. Vite's
// `?worker&url` import does exactly that (a separate bundle with its imports inlined, its
// URL as a string); the files are loaded as ordinary `<script type="module">`, never as
// workers. app/content/pages.ts says which page loads which module.
import type { EnhancementName } from "../content/pages.ts";
// oxlint cannot resolve Vite's query suffixes; `?worker&url` modules default-export a string.
/* oxlint-disable import/default */
import analytics from "./analytics.ts?worker&url";
import leadForm from "./lead-form.ts?worker&url";
import status from "./status.ts?worker&url";
import tabs from "./tabs.ts?worker&url";
/* oxlint-enable import/default */

export const enhancementUrls = {
  analytics,
  "lead-form": leadForm,
  status,
  tabs,
} as const satisfies Record<EnhancementName, string>;

export type { EnhancementName };
