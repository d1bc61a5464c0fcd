// Checks a running deployment's backend the way the site uses it: the real @supabase/supabase-js
// over real HTTP, from a separate process. Signs up a fresh user, signs in, reads published posts,
// is refused drafts and writes as a non-admin, then runs the operator command that grants the
// admin role and, signed in again, creates, updates, reads and deletes a draft post.
//
//   node scripts/backend-smoke.ts --url http://127.0.0.1:3000 --anon-key <key>
//   SUPABASE_URL=… SUPABASE_ANON_KEY=… node scripts/backend-smoke.ts
//
// Options:
//   --grant-admin-cmd "<cmd>"   shell command that makes the smoke user admin; `{email}` is replaced
//                               by the address, else it is appended. Default:
//                               `npm run --silent admin -- grant-admin`, run in the project root
//                               with this process's environment (DATA_DIR / DATABASE_URL /
//                               SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY pick the backend).
//   --revoke-admin-cmd "<cmd>"  run at the end so the smoke user does not stay admin. Default: the
//                               grant command with grant-admin → revoke-admin, when it is the default.
//   --skip-admin                only the non-admin steps (for when no operator access is at hand).
//
// One line per step (✓ / ✗); exit code 0 when every step passed, 1 otherwise, 2 on bad arguments.
// It leaves one ordinary user behind (smoke-…@example.com, random password never printed, signed
// out, admin role revoked): there is no self-service account deletion in the API.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createClient } from "@supabase/supabase-js";
import type { SupabaseClient } from "@supabase/supabase-js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const DEFAULT_GRANT = "npm run --silent admin -- grant-admin";
const DEFAULT_REVOKE = "npm run --silent admin -- revoke-admin";

class StepFailure extends Error {}

function fail(message: string): never {
  throw new StepFailure(message);
}

interface Options {
  url: string;
  anonKey: string;
  grantCmd: string;
  revokeCmd: string | null;
  skipAdmin: boolean;
}

function readOptions(): Options {
  const usage =
    "usage: node scripts/backend-smoke.ts [--url <SUPABASE_URL>] [--anon-key <key>] " +
    '[--grant-admin-cmd "<cmd>"] [--revoke-admin-cmd "<cmd>"] [--skip-admin]';
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        url: { type: "string" },
        "anon-key": { type: "string" },
        "grant-admin-cmd": { type: "string" },
        "revoke-admin-cmd": { type: "string" },
        "skip-admin": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const url = values.url ?? process.env.SUPABASE_URL;
  const anonKey = values["anon-key"] ?? process.env.SUPABASE_ANON_KEY;
  if (!url || !anonKey) {
    console.error(
      "Give the backend's URL and anon key (--url/--anon-key, or SUPABASE_URL/SUPABASE_ANON_KEY).\n" +
        "For the embedded backend: npm run -s admin -- keys\n" +
        usage,
    );
    process.exit(2);
  }
  const grantCmd = values["grant-admin-cmd"] ?? DEFAULT_GRANT;
  const revokeCmd = values["revoke-admin-cmd"] ?? (grantCmd === DEFAULT_GRANT ? DEFAULT_REVOKE : null);
  return { url: url.replace(/\/+$/, ""), anonKey, grantCmd, revokeCmd, skipAdmin: values["skip-admin"] };
}

/** Runs an operator command through the shell (it is the operator's own command line). */
function runOperatorCommand(template: string, email: string): Promise<{ code: number; output: string }> {
  // The address is generated here (letters, digits, dashes), so quoting is only belt and braces.
  const quoted = `'${email}'`;
  const command = template.includes("{email}") ? template.replaceAll("{email}", quoted) : `${template} ${quoted}`;
  return new Promise((resolve) => {
    const child = spawn(command, { cwd: ROOT, shell: true, env: process.env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", (error) => resolve({ code: 127, output: error.message }));
    child.on("close", (code) => resolve({ code: code ?? 1, output: output.trim() }));
  });
}

function client(opts: Options): SupabaseClient {
  // No storage and no timers: a short-lived script must not keep sessions or the event loop alive.
  return createClient(opts.url, opts.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

function describeError(error: { message: string; code?: string; status?: number } | null | undefined): string {
  if (!error) return "no error";
  return `${error.code ?? "?"} (${error.status ?? "?"}) ${error.message}`;
}

interface PostRow {
  id: string;
  title: string;
  slug: string;
  content: string;
  published: boolean;
  created_at: string;
  updated_at: string;
}

/** What the steps share: the run's names, its two clients and what earlier steps found. */
interface Run {
  opts: Options;
  email: string;
  password: string;
  slug: string;
  user: SupabaseClient;
  anon: SupabaseClient;
  /** Runs one step; after a failure the dependent steps are not run (reported as skipped). */
  step(label: string, body: () => Promise<string | void>): Promise<void>;
  /** Cleanup steps run even after a failure, and a failure there still counts. */
  cleanup(label: string, body: () => Promise<string | void>): Promise<void>;
  failed(): number;
  userId: string;
  someonePublished?: PostRow;
  granted: boolean;
  draftId: string | null;
}

function startRun(opts: Options): Run {
  const tag = `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
  let failed = 0;
  let stopped = false;
  const step: Run["step"] = async (label, body) => {
    if (stopped) {
      console.log(`- ${label} (skipped after an earlier failure)`);
      return;
    }
    try {
      const detail = await body();
      console.log(`✓ ${label}${detail ? `: ${detail}` : ""}`);
    } catch (error) {
      failed++;
      stopped = true;
      const message = error instanceof StepFailure ? error.message : `unexpected: ${String(error)}`;
      console.log(`✗ ${label}: ${message}`);
    }
  };
  const cleanup: Run["cleanup"] = async (label, body) => {
    const wasStopped = stopped;
    stopped = false;
    await step(label, body);
    stopped = wasStopped || stopped;
  };
  return {
    opts,
    email: `smoke-${tag}@example.com`,
    password: randomBytes(18).toString("base64url"),
    slug: `smoke-${tag}`,
    user: client(opts),
    anon: client(opts),
    step,
    cleanup,
    failed: () => failed,
    userId: "",
    granted: false,
    draftId: null,
  };
}

/** What any signed-in user may and may not do. */
async function visitorChecks(run: Run): Promise<void> {
  const { user, anon, email, password, slug, step } = run;
  await step("sign up a new user", async () => {
    const { data, error } = await user.auth.signUp({ email, password });
    if (error) fail(describeError(error));
    if (!data.user) fail("no user in the answer");
    // Without a session the project requires e-mail confirmation, which this check cannot do.
    if (!data.session) fail("no session: the backend requires e-mail confirmation");
    run.userId = data.user.id;
    return run.userId;
  });

  await step("sign in with the password", async () => {
    const { data, error } = await user.auth.signInWithPassword({ email, password });
    if (error) fail(describeError(error));
    if (data.user?.id !== run.userId) fail(`signed in as ${data.user?.id ?? "nobody"}, expected ${run.userId}`);
    return `token expires in ${data.session?.expires_in ?? "?"} s`;
  });

  await step("read published posts", async () => {
    const { data, error } = await user
      .from("blog_posts")
      .select("id, title, slug, content, published, created_at, updated_at")
      .order("created_at", { ascending: false });
    if (error) fail(describeError(error));
    const rows = (data ?? []) as PostRow[];
    if (rows.length === 0) fail("no posts (the first start seeds sample posts)");
    const drafts = rows.filter((row) => !row.published);
    if (drafts.length > 0) fail(`${drafts.length} draft(s) visible to a non-admin`);
    run.someonePublished = rows[0];
    return `${rows.length} post(s), all published`;
  });

  await step("drafts are hidden from a non-admin", async () => {
    const { data, error } = await user.from("blog_posts").select("id").eq("published", false);
    if (error) fail(describeError(error));
    if ((data ?? []).length !== 0) fail(`${(data ?? []).length} draft(s) returned`);
    return "published=eq.false → []";
  });

  await step("insert as a non-admin is refused", async () => {
    // PostgrestError has no status; supabase-js puts the HTTP status on the response.
    const { data, error, status } = await user
      .from("blog_posts")
      .insert({ title: "Smoke (must be refused)", slug: `${slug}-refused`, content: "x", published: false })
      .select();
    if (!error) fail(`insert succeeded (${JSON.stringify(data)})`);
    if (error.code !== "42501" || status !== 403)
      fail(`expected 42501 (403), got ${error.code} (${status}) ${error.message}`);
    return "42501 (403)";
  });

  await step("update and delete as a non-admin are refused", async () => {
    const target = run.someonePublished ?? fail("no published post to try");
    // A role without the capability gets 42501, never zero rows silently (docs/security.md "Roles").
    const updated = await user
      .from("blog_posts")
      .update({ title: "Smoke (must not stick)" })
      .eq("id", target.id)
      .select("id");
    if (updated.error?.code !== "42501") fail(`update: expected 42501, got ${describeError(updated.error)}`);
    const deleted = await user.from("blog_posts").delete().eq("id", target.id).select("id");
    if (deleted.error?.code !== "42501") fail(`delete: expected 42501, got ${describeError(deleted.error)}`);
    const after = await anon.from("blog_posts").select("title").eq("id", target.id).maybeSingle();
    if (after.error) fail(`re-read: ${describeError(after.error)}`);
    if (after.data?.title !== target.title) fail(`the post is now ${JSON.stringify(after.data)}`);
    return "update 42501, delete 42501, post unchanged";
  });
}

/** What an admin may do, after the operator command grants the role. */
async function adminChecks(run: Run): Promise<void> {
  const { opts, user, anon, email, password, slug, step } = run;
  await step(`grant admin (${opts.grantCmd.replace("{email}", "<email>")})`, async () => {
    const { code, output } = await runOperatorCommand(opts.grantCmd, email);
    if (code !== 0) fail(`exit code ${code}\n${output.replace(/^/gm, "    ")}`);
    run.granted = true;
    return output.split("\n").at(-1);
  });

  await step("sign in again as admin", async () => {
    const { data, error } = await user.auth.signInWithPassword({ email, password });
    if (error) fail(describeError(error));
    const roles = await user.from("user_roles").select("role").eq("user_id", data.user.id);
    if (roles.error) fail(`user_roles: ${describeError(roles.error)}`);
    if (!(roles.data ?? []).some((row: { role: string }) => row.role === "admin")) fail("no admin role row");
    return "role admin";
  });

  await step("create a draft post", async () => {
    const { data, error } = await user
      .from("blog_posts")
      .insert({
        title: "Smoke check draft",
        slug,
        excerpt: "Written by scripts/backend-smoke.ts; deleted at the end.",
        content: "# Smoke\n\nThis draft is removed by the same run.",
        published: false,
        author_id: run.userId,
      })
      .select()
      .single();
    if (error) fail(describeError(error));
    const row = data as PostRow;
    if (row.slug !== slug || row.published) fail(`unexpected row ${JSON.stringify(row)}`);
    run.draftId = row.id;
    return row.id;
  });

  await step("the draft is hidden from the public", async () => {
    const { data, error } = await anon
      .from("blog_posts")
      .select("id")
      .eq("id", run.draftId ?? "");
    if (error) fail(describeError(error));
    if ((data ?? []).length !== 0) fail("the anonymous client sees the draft");
  });

  await step("update the draft", async () => {
    const { data, error } = await user
      .from("blog_posts")
      .update({ title: "Smoke check draft (edited)", content: "Edited." })
      .eq("id", run.draftId ?? "")
      .select()
      .single();
    if (error) fail(describeError(error));
    const row = data as PostRow;
    if (row.title !== "Smoke check draft (edited)") fail(`title is ${JSON.stringify(row.title)}`);
    if (Date.parse(row.updated_at) < Date.parse(row.created_at)) fail("updated_at is before created_at");
  });

  await step("read the draft as admin", async () => {
    const { data, error } = await user
      .from("blog_posts")
      .select("*")
      .eq("id", run.draftId ?? "")
      .single();
    if (error) fail(describeError(error));
    const row = data as PostRow;
    if (row.title !== "Smoke check draft (edited)" || row.content !== "Edited." || row.published) {
      fail(`read back ${JSON.stringify(row)}`);
    }
  });

  await step("delete the draft", async () => {
    const { data, error } = await user
      .from("blog_posts")
      .delete()
      .eq("id", run.draftId ?? "")
      .select("id");
    if (error) fail(describeError(error));
    if ((data ?? []).length !== 1) fail(`deleted ${(data ?? []).length} row(s)`);
    run.draftId = null;
    const after = await user
      .from("blog_posts")
      .select("id")
      .eq("id", data?.[0]?.id ?? "");
    if (after.error) fail(`re-read: ${describeError(after.error)}`);
    if ((after.data ?? []).length !== 0) fail("still there after delete");
  });
}

/** Leave nothing behind that matters: no smoke post, no extra admin, no live session. */
async function cleanUp(run: Run): Promise<void> {
  const { opts, user, email, cleanup } = run;
  if (run.draftId) {
    const id: string = run.draftId;
    await cleanup("clean up: delete the draft", async () => {
      const { error } = await user.from("blog_posts").delete().eq("id", id);
      if (error) fail(describeError(error));
    });
  }
  if (run.granted && opts.revokeCmd) {
    const revokeCmd = opts.revokeCmd;
    await cleanup("clean up: revoke admin", async () => {
      const { code, output } = await runOperatorCommand(revokeCmd, email);
      if (code !== 0) fail(`exit code ${code}\n${output.replace(/^/gm, "    ")}`);
    });
  } else if (run.granted) {
    console.log(`! ${email} is still admin: revoke it (npm run admin -- revoke-admin ${email})`);
  }
  if (run.userId) {
    await cleanup("clean up: sign out everywhere", async () => {
      const { error } = await user.auth.signOut({ scope: "global" });
      if (error) fail(describeError(error));
    });
  }
}

async function main(): Promise<number> {
  const run = startRun(readOptions());
  console.log(`Backend smoke check against ${run.opts.url} as ${run.email}`);
  await visitorChecks(run);
  if (!run.opts.skipAdmin) await adminChecks(run);
  await cleanUp(run);
  const failed = run.failed();
  console.log(failed === 0 ? "All checks passed." : `${failed} check(s) failed.`);
  return failed === 0 ? 0 : 1;
}

process.exit(await main());
