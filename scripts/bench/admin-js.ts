// The admin's initial JavaScript: what the /admin document makes the browser load before any
// interaction (its entry, route chunks and modulepreloads), brotli q11 like the public pages.
// The editor's heavier parts load on demand and are not counted (issue #37).
import { join } from "node:path";
import { measureScripts, type ScriptSize } from "../js-size.ts";

export { ADMIN_INITIAL_JS_BEFORE_EDITOR_BYTES, ADMIN_INITIAL_JS_BUDGET_BYTES } from "../js-size.ts";

export interface AdminJs {
  files: ScriptSize[];
  totalBrotli: number;
}

export async function measureAdminJs(origin: string, buildDir: string): Promise<AdminJs> {
  const response = await fetch(`${origin}/admin`);
  if (!response.ok) throw new Error(`/admin answered ${response.status}`);
  const { files, totalBrotli } = measureScripts(await response.text(), join(buildDir, "client"));
  return { files, totalBrotli };
}
