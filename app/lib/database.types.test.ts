// app/lib/database.types.ts is written by hand from supabase/migrations; this keeps the two from
// drifting apart. tsc proves the records below match the Database type exactly (every Row column,
// no other, and whether it may be NULL); this test proves they match the SQL.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Database, Enums, TableName, Tables } from "./database.types";

type Nullability<T extends TableName> = { [K in keyof Tables<T>]-?: null extends Tables<T>[K] ? "null" : "not null" };

const rowColumns = {
  blog_posts: {
    id: "not null",
    title: "not null",
    slug: "not null",
    excerpt: "null",
    content: "not null",
    featured_image: "null",
    published: "not null",
    author_id: "null",
    created_at: "not null",
    updated_at: "not null",
  },
  contact_messages: {
    id: "not null",
    name: "not null",
    email: "not null",
    company: "null",
    phone: "null",
    subject: "not null",
    message: "null",
    plan: "null",
    page: "null",
    created_at: "not null",
    handled_at: "null",
    status: "not null",
    note: "null",
    search_text: "null",
  },
  lead_deliveries: {
    id: "not null",
    lead_id: "not null",
    channel: "not null",
    status: "not null",
    attempts: "not null",
    last_error: "null",
    job_id: "null",
    created_at: "not null",
    updated_at: "not null",
    sent_at: "null",
  },
  lead_outbox: { lead_id: "not null", created_at: "not null" },
  user_roles: { id: "not null", user_id: "not null", role: "not null", created_at: "not null" },
  audit_log: {
    id: "not null",
    at: "not null",
    actor_id: "null",
    actor_email: "null",
    action: "not null",
    target: "null",
    details: "not null",
    ip: "null",
  },
  security_settings: { id: "not null", admin_require_mfa: "not null" },
} satisfies { [T in TableName]: Nullability<T> };

const enumValues = {
  app_role: { admin: true, user: true },
} satisfies { [E in keyof Database["public"]["Enums"]]: Record<Enums<E>, true> };

const functionNames = {
  has_role: true,
  admin_requires_mfa: true,
  mfa_satisfied: true,
  team_members: true,
  write_audit: true,
  record_audit: true,
} satisfies Record<keyof Database["public"]["Functions"], true>;

const MIGRATIONS = join(import.meta.dirname, "../../supabase/migrations");

/** Every migration, in order, without comments. */
function migrationSql(): string {
  return readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith(".sql"))
    .toSorted()
    .map((name) => readFileSync(join(MIGRATIONS, name), "utf8").replace(/--[^\n]*/g, ""))
    .join("\n");
}

/** The comma-separated parts of a parenthesised list, split at depth 0 only. */
function topLevelParts(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of body) {
    if (char === "(") depth++;
    if (char === ")") depth--;
    if (char === "," && depth === 0) {
      parts.push(current.trim());
      current = "";
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

type Columns = Map<string, "null" | "not null">;

function columnOf(definition: string): [string, "null" | "not null"] {
  const name = /^"?(\w+)"?/.exec(definition)![1]!;
  return [name, /\bNOT NULL\b|\bPRIMARY KEY\b/i.test(definition) ? "not null" : "null"];
}

/** The public tables' columns after every CREATE TABLE and ALTER TABLE … ADD/DROP COLUMN. */
function tablesFromSql(sql: string): Map<string, Columns> {
  const tables = new Map<string, Columns>();
  for (const match of sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?public\.(\w+)\s*\(/gi)) {
    let depth = 1;
    let end = match.index + match[0].length;
    for (; depth > 0 && end < sql.length; end++) {
      if (sql[end] === "(") depth++;
      if (sql[end] === ")") depth--;
    }
    const body = sql.slice(match.index + match[0].length, end - 1);
    const columns: Columns = new Map(
      topLevelParts(body)
        .filter((part) => !/^(CONSTRAINT|UNIQUE|PRIMARY KEY|CHECK|FOREIGN KEY|EXCLUDE)\b/i.test(part))
        .map(columnOf),
    );
    tables.set(match[1]!, columns);
  }
  for (const match of sql.matchAll(/ALTER TABLE (?:ONLY )?public\.(\w+)\s+([^;]+);/gi)) {
    const columns = tables.get(match[1]!);
    if (!columns) continue;
    for (const action of topLevelParts(match[2]!)) {
      const added = /^ADD COLUMN (?:IF NOT EXISTS )?(.+)$/is.exec(action);
      if (added) columns.set(...columnOf(added[1]!));
      const dropped = /^DROP COLUMN (?:IF EXISTS )?"?(\w+)"?/i.exec(action);
      if (dropped) columns.delete(dropped[1]!);
      const notNull = /^ALTER COLUMN "?(\w+)"? (SET|DROP) NOT NULL/i.exec(action);
      if (notNull) columns.set(notNull[1]!, notNull[2]!.toUpperCase() === "SET" ? "not null" : "null");
    }
  }
  return tables;
}

describe("app/lib/database.types.ts against supabase/migrations", () => {
  const sql = migrationSql();
  const tables = tablesFromSql(sql);

  it("reads the migrations (a guard for the parser itself)", () => {
    expect(tables.get("user_roles")).toEqual(
      new Map([
        ["id", "not null"],
        ["user_id", "not null"],
        ["role", "not null"],
        ["created_at", "not null"],
      ]),
    );
  });

  it("has every public table, and no other", () => {
    expect(Object.keys(rowColumns).toSorted()).toEqual([...tables.keys()].toSorted());
  });

  it.each(Object.keys(rowColumns))("has every column of %s in its Row, with its nullability", (table) => {
    expect(rowColumns[table as TableName]).toEqual(Object.fromEntries(tables.get(table) ?? []));
  });

  it("has every value of every public enum", () => {
    const enums = Object.fromEntries(
      [...sql.matchAll(/CREATE TYPE public\.(\w+) AS ENUM \(([^)]*)\)/gi)].map((match) => [
        match[1]!,
        [...match[2]!.matchAll(/'([^']*)'/g)].map((value) => value[1]!).toSorted(),
      ]),
    );
    expect(Object.fromEntries(Object.entries(enumValues).map(([name, values]) => [name, Object.keys(values)]))).toEqual(
      enums,
    );
  });

  it("has every public function callable through rpc (trigger functions aside)", () => {
    // In migration order: a function dropped and created again (a new signature) counts once.
    const callable = new Set<string>();
    for (const match of sql.matchAll(
      /CREATE (?:OR REPLACE )?FUNCTION public\.(\w+)\([^)]*\)\s*RETURNS (\w+)|DROP FUNCTION (?:IF EXISTS )?public\.(\w+)\(/gi,
    )) {
      if (match[3]) callable.delete(match[3]);
      else if (match[2]!.toLowerCase() !== "trigger") callable.add(match[1]!);
    }
    expect(Object.keys(functionNames).toSorted()).toEqual([...callable].toSorted());
  });
});
