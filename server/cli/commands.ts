// The operator commands (docs/operations.md), written against GoTrue's admin
// API and PostgREST only, so they work the same on the running server, the embedded backend
// started in process, and a hosted Supabase project.
import { parseArgs } from "node:util";
import { generatePassword } from "../backend/seed.ts";
import { normalizeEmail } from "../backend/auth/users.ts";
import { OperatorError } from "./target.ts";
import type { Target } from "./target.ts";

const USAGE = `Usage: npm run admin -- <command> [arguments]

Commands:
  create-user <email> [--password <password>] [--admin]
      Create a confirmed user. Prints a generated password when none is given.
  grant-admin <email>       Give the user the admin role.
  grant-role <email> <role> Make admin, editor, autor or vendas the user's one staff role
                            (docs/security.md "Roles"); the last admin keeps theirs.
  revoke-admin <email>      Take the admin role away.
  set-password <email> [<password>]
      Set a new password (generated and printed when not given).
  remove-2fa <email>        Remove the user's authenticators (someone who lost their phone signs
                            in with the password again, then enrols a new one).
  keys                      Print SUPABASE_URL and SUPABASE_ANON_KEY for this backend
                            (and SUPABASE_SERVICE_ROLE_KEY for the embedded one).

Data (docs/operations.md "Backups and restore"):
  backup [--out <file>]     A consistent backup while the site runs (through the running server
                            when it holds DATA_DIR). Default file: BACKUP_DIR (or the current
                            directory)/omnia-backup-<time>.tar.gz
  verify-backup <file>      Check a backup's checksums and migration level without restoring it.
  restore <file> [--force]  Restore into an empty DATA_DIR or DATABASE_URL; --force replaces what
                            is there (an embedded database is kept aside, not deleted).
  move-to-postgres <url>    Copy the embedded database in DATA_DIR into the empty PostgreSQL
                            database at <url>; stop the server first.

Environment: DATA_DIR (default ./.data), DATABASE_URL, SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY.`;

type Command =
  | { name: "create-user"; email: string; password: string | null; admin: boolean }
  | { name: "grant-admin" | "revoke-admin" | "remove-2fa"; email: string }
  | { name: "grant-role"; email: string; role: StaffRole }
  | { name: "set-password"; email: string; password: string | null }
  | { name: "keys" }
  | { name: "help" }
  | DataCommand;

/** The staff roles (supabase/migrations/20260101001910_staff_roles.sql), strongest first. */
export const STAFF_ROLES = ["admin", "editor", "autor", "vendas"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
const isStaffRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

/** The commands that work on the database as a whole (data-commands.ts), not through the APIs. */
export type DataCommand =
  | { name: "backup"; out: string | null }
  | { name: "verify-backup"; file: string }
  | { name: "restore"; file: string; force: boolean }
  | { name: "move-to-postgres"; url: string };

export const isDataCommand = (command: Command): command is DataCommand =>
  ["backup", "verify-backup", "restore", "move-to-postgres"].includes(command.name);

function usage(reason: string): OperatorError {
  return new OperatorError(`${reason}\n\n${USAGE}`, 2);
}

// The two options; everything else is positional. `--` ends the options, so a password that
// starts with a dash can still be given: `set-password <email> -- -secret`.
const OPTIONS = {
  password: { type: "string" },
  admin: { type: "boolean" },
  out: { type: "string" },
  force: { type: "boolean" },
} as const;

/**
 * Reads the arguments after the command name with `util.parseArgs`. It runs non-strict and the
 * tokens are checked here, so misuse gets our own one-line reasons (and exit code 2) rather
 * than Node's generic parse errors.
 */
function parseOptions(args: readonly string[]): { positional: string[]; flags: Map<string, string | true> } {
  const { positionals, tokens } = parseArgs({
    args: [...args],
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const flags = new Map<string, string | true>();
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    if (token.name === "password" || token.name === "out") {
      if (typeof token.value !== "string") throw usage(`--${token.name} needs a value.`);
      flags.set(token.name, token.value);
    } else if (token.name === "admin" || token.name === "force") {
      if (token.value !== undefined) throw usage(`--${token.name} takes no value.`);
      flags.set(token.name, true);
    } else throw usage(`Unknown option ${token.rawName}.`);
  }
  return { positional: positionals, flags };
}

/** Parses argv (after `--`); throws OperatorError with exit code 2 and the reason on misuse. */
export function parseCommand(argv: readonly string[]): Command {
  const [name, ...rest] = argv;
  const { positional, flags } = parseOptions(rest);
  const allowFlags = (...allowed: string[]) => {
    for (const key of flags.keys()) if (!allowed.includes(key)) throw usage(`--${key} does not apply to ${name}.`);
  };
  const emailArg = () => {
    const email = positional[0];
    if (!email) throw usage(`${name} needs an e-mail address.`);
    // The backend's own rule (what sign-up accepts), so the CLI refuses exactly what it would.
    const normalized = normalizeEmail(email);
    if (!normalized) throw usage(`"${email}" is not an e-mail address.`);
    return normalized;
  };
  switch (name) {
    case undefined:
    case "help":
    case "--help":
    case "-h":
      return { name: "help" };
    case "create-user": {
      allowFlags("password", "admin");
      const email = emailArg();
      if (positional.length > 1) throw usage("create-user takes one e-mail address.");
      const password = flags.get("password");
      return { name, email, password: typeof password === "string" ? password : null, admin: flags.has("admin") };
    }
    case "grant-admin":
    case "revoke-admin":
    case "remove-2fa": {
      allowFlags();
      const email = emailArg();
      if (positional.length > 1) throw usage(`${name} takes one e-mail address.`);
      return { name, email };
    }
    case "grant-role": {
      allowFlags();
      const email = emailArg();
      const role = positional[1];
      if (!role || positional.length > 2) throw usage("grant-role takes an e-mail address and a role.");
      if (!isStaffRole(role)) throw usage(`"${role}" is not a role: use ${STAFF_ROLES.join(", ")}.`);
      return { name, email, role };
    }
    case "set-password": {
      allowFlags("password");
      const email = emailArg();
      if (positional.length > 2) throw usage("set-password takes an e-mail address and at most one password.");
      const flag = flags.get("password");
      const password = positional[1] ?? (typeof flag === "string" ? flag : null);
      return { name, email, password };
    }
    case "keys":
      allowFlags();
      if (positional.length > 0) throw usage("keys takes no arguments.");
      return { name };
    case "backup": {
      allowFlags("out");
      if (positional.length > 0) throw usage("backup takes no arguments; name the file with --out.");
      const out = flags.get("out");
      return { name, out: typeof out === "string" ? out : null };
    }
    case "verify-backup":
    case "restore": {
      allowFlags(...(name === "restore" ? ["force"] : []));
      const file = positional[0];
      if (!file || positional.length > 1) throw usage(`${name} takes one backup file.`);
      return name === "restore" ? { name, file, force: flags.has("force") } : { name, file };
    }
    case "move-to-postgres": {
      allowFlags();
      const url = positional[0];
      if (!url || positional.length > 1) throw usage("move-to-postgres takes one PostgreSQL URL.");
      if (!/^postgres(ql)?:\/\//.test(url)) throw usage("move-to-postgres needs a postgres:// URL.");
      return { name, url };
    }
    default:
      throw usage(`Unknown command "${name}".`);
  }
}

interface ApiResult {
  status: number;
  body: unknown;
}

async function api(
  target: Target,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResult> {
  if (!target.serviceRoleKey) {
    throw new OperatorError(`No service-role key for ${target.description}: set SUPABASE_SERVICE_ROLE_KEY.`);
  }
  let res: Response;
  try {
    res = await target.fetch(`${target.url}${path}`, {
      method,
      headers: {
        apikey: target.serviceRoleKey,
        authorization: `Bearer ${target.serviceRoleKey}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new OperatorError(`Could not reach ${target.description}: ${(error as Error).message}`);
  }
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // keep the text
  }
  return { status: res.status, body: parsed };
}

function fail(what: string, result: ApiResult): never {
  const body = result.body as Record<string, unknown> | null;
  const message =
    body && typeof body === "object" ? (body["msg"] ?? body["message"] ?? JSON.stringify(body)) : String(result.body);
  throw new OperatorError(`${what} failed (HTTP ${result.status}): ${String(message)}`);
}

interface AdminUser {
  id: string;
  email: string;
}

/** GoTrue's admin API has no lookup by e-mail: list with its `filter`, then match exactly. */
async function findUser(target: Target, email: string): Promise<AdminUser> {
  const perPage = 1000;
  for (let page = 1; page <= 1000; page++) {
    const result = await api(
      target,
      "GET",
      `/auth/v1/admin/users?page=${page}&per_page=${perPage}&filter=${encodeURIComponent(email)}`,
    );
    if (result.status !== 200) fail("Looking up the user", result);
    const users = ((result.body as { users?: AdminUser[] }).users ?? []) as AdminUser[];
    const match = users.find((u) => u.email?.toLowerCase() === email);
    if (match) return match;
    if (users.length < perPage) break;
  }
  throw new OperatorError(`No user with e-mail ${email}.`);
}

async function isAdmin(target: Target, userId: string): Promise<boolean> {
  const result = await api(target, "GET", `/rest/v1/user_roles?select=role&user_id=eq.${userId}&role=eq.admin`);
  if (result.status !== 200) fail("Reading the user's roles", result);
  return Array.isArray(result.body) && result.body.length > 0;
}

async function grantAdmin(target: Target, user: AdminUser): Promise<boolean> {
  if (await isAdmin(target, user.id)) return false;
  const result = await api(
    target,
    "POST",
    "/rest/v1/user_roles",
    { user_id: user.id, role: "admin" },
    { prefer: "return=minimal" },
  );
  // 409: granted concurrently by someone else; the outcome is the same.
  if (result.status === 409) return false;
  if (result.status !== 201 && result.status !== 204 && result.status !== 200) fail("Granting the admin role", result);
  return true;
}

/**
 * Makes `role` the user's one staff role: the new row first, then the others go, so that an
 * account is never left without one midway. The database refuses to take the last admin's role
 * (P0001); the new row is then taken back and the refusal reported.
 */
async function grantRole(target: Target, user: AdminUser, role: StaffRole): Promise<boolean> {
  const held = await api(target, "GET", `/rest/v1/user_roles?select=role&user_id=eq.${user.id}`);
  if (held.status !== 200) fail("Reading the user's roles", held);
  const roles = ((held.body as { role: string }[] | null) ?? []).map((row) => row.role);
  const others = roles.filter((other) => other !== role && isStaffRole(other));
  if (roles.includes(role) && others.length === 0) return false;
  if (!roles.includes(role)) {
    const added = await api(
      target,
      "POST",
      "/rest/v1/user_roles",
      { user_id: user.id, role },
      { prefer: "return=minimal" },
    );
    if (added.status !== 201 && added.status !== 409) fail(`Granting the ${role} role`, added);
  }
  if (others.length > 0) {
    const removed = await api(
      target,
      "DELETE",
      `/rest/v1/user_roles?user_id=eq.${user.id}&role=in.(${others.join(",")})`,
    );
    if (removed.status !== 204 && removed.status !== 200) {
      if (!roles.includes(role)) {
        await api(target, "DELETE", `/rest/v1/user_roles?user_id=eq.${user.id}&role=eq.${role}`);
      }
      if ((removed.body as { hint?: string } | null)?.hint === "last_admin") {
        throw new OperatorError(`${user.email} is the last admin: grant another account admin first.`);
      }
      fail(`Taking the ${others.join(", ")} role away`, removed);
    }
  }
  return true;
}

export async function runCommand(
  command: Exclude<Command, DataCommand>,
  target: Target,
  out: (line: string) => void,
): Promise<void> {
  switch (command.name) {
    case "help":
      out(USAGE);
      return;
    case "keys": {
      out(`SUPABASE_URL=${target.url}`);
      if (target.anonKey) out(`SUPABASE_ANON_KEY=${target.anonKey}`);
      else out("# SUPABASE_ANON_KEY: not known here (take it from the project's API settings)");
      if (target.embedded && target.serviceRoleKey) out(`SUPABASE_SERVICE_ROLE_KEY=${target.serviceRoleKey}`);
      return;
    }
    case "create-user": {
      const password = command.password ?? generatePassword();
      const result = await api(target, "POST", "/auth/v1/admin/users", {
        email: command.email,
        password,
        email_confirm: true,
      });
      if (result.status === 422 && (result.body as { code?: string })?.code === "email_exists") {
        throw new OperatorError(`A user with e-mail ${command.email} already exists.`);
      }
      if (result.status !== 200) fail("Creating the user", result);
      const user = result.body as AdminUser;
      out(`Created user ${command.email} (id ${user.id}).`);
      if (!command.password) out(`Password: ${password} (shown once)`);
      if (command.admin) {
        await grantAdmin(target, user);
        out(`${command.email} is an admin.`);
      }
      return;
    }
    case "grant-admin": {
      const user = await findUser(target, command.email);
      const changed = await grantAdmin(target, user);
      out(changed ? `${command.email} is now an admin.` : `${command.email} was already an admin.`);
      return;
    }
    case "grant-role": {
      const user = await findUser(target, command.email);
      const changed = await grantRole(target, user, command.role);
      out(changed ? `${command.email} is now ${command.role}.` : `${command.email} was already ${command.role}.`);
      return;
    }
    case "revoke-admin": {
      const user = await findUser(target, command.email);
      const result = await api(target, "DELETE", `/rest/v1/user_roles?user_id=eq.${user.id}&role=eq.admin`, undefined, {
        prefer: "return=representation",
      });
      if (result.status !== 200 && result.status !== 204) fail("Revoking the admin role", result);
      const removed = Array.isArray(result.body) ? result.body.length > 0 : true;
      out(removed ? `${command.email} is no longer an admin.` : `${command.email} was not an admin.`);
      return;
    }
    case "remove-2fa": {
      const user = await findUser(target, command.email);
      const listed = await api(target, "GET", `/auth/v1/admin/users/${user.id}/factors`);
      if (listed.status !== 200 || !Array.isArray(listed.body)) fail("Listing the authenticators", listed);
      const factors = listed.body as { id: string }[];
      for (const factor of factors) {
        const removed = await api(target, "DELETE", `/auth/v1/admin/users/${user.id}/factors/${factor.id}`);
        if (removed.status !== 200) fail("Removing an authenticator", removed);
      }
      out(
        factors.length === 0
          ? `${command.email} has no authenticator.`
          : `Removed ${factors.length} authenticator(s) of ${command.email}; they sign in with the password and can enrol a new one.`,
      );
      return;
    }
    case "set-password": {
      const user = await findUser(target, command.email);
      const password = command.password ?? generatePassword();
      const result = await api(target, "PUT", `/auth/v1/admin/users/${user.id}`, { password });
      if (result.status !== 200) fail("Setting the password", result);
      out(`Password of ${command.email} changed.`);
      if (!command.password) out(`Password: ${password} (shown once)`);
      return;
    }
  }
}
