// The site's settings in the database (supabase/migrations/20260101001800_site_settings.sql):
// the seeded row, the CHECKs and the form's rules (app/lib/site-settings.ts) agreeing, what the
// REST API answers to the public key, a signed-in user, an admin and the service role, the
// activity log, the change announced to the servers, and the row carried by a backup into
// PostgreSQL. On PGlite and, where its binaries exist, on a throwaway PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PLACEHOLDER_SETTINGS,
  fieldOfViolation,
  isValidCnpj,
  settingsInput,
  validateSettings,
  type SettingsField,
  type SiteSettings,
} from "../../../app/lib/site-settings.ts";
import { moveToPostgres } from "../../backup/backup.ts";
import { startBackend } from "../index.ts";
import { startTestBackend, TEST_SITE_URL } from "../testing/backend.ts";
import type { TestBackend } from "../testing/backend.ts";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import { postgresUnavailableReason, startPostgresCluster } from "../testing/postgres-cluster.ts";
import { skipWhen } from "../testing/skip.ts";

/** A CNPJ body with its two check digits, computed here independently of the module under test. */
function withDigits(body: string): string {
  let cnpj = body;
  for (const length of [12, 13]) {
    let total = 0;
    for (let i = 0; i < length; i++) total += (cnpj.charCodeAt(i) - 48) * (((length - 1 - i) % 8) + 2);
    cnpj += String(total % 11 < 2 ? 0 : 11 - (total % 11));
  }
  return cnpj;
}

const CNPJS = [
  // Known good ones: two numeric CNPJs from Receita Federal's examples, and its alphanumeric one.
  "11222333000181",
  "11444777000161",
  "12ABC34501DE35",
  // Wrong check digits, equal characters, lower case, punctuation, lengths, letters as digits.
  "11222333000182",
  "11222333000191",
  "12ABC34501DE36",
  "00000000000000",
  "11111111111111",
  "AAAAAAAAAAAA00",
  "12abc34501de35",
  "11.222.333/0001-81",
  "1122233300018",
  "112223330001811",
  "1122233300018A",
  "",
];

describeEachDatabase("site_settings", (kind) => {
  let t: TestBackend;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let user: SupabaseClient;
  let admin: SupabaseClient;

  const stored = async (): Promise<SiteSettings & { updated_at: string }> => {
    const { data, error } = await service.from("site_settings").select("*").single();
    if (error) throw new Error(error.message);
    const { id: _id, ...row } = data as SiteSettings & { id: boolean; updated_at: string };
    return row;
  };

  beforeAll(async () => {
    t = await startTestBackend(kind);
    service = t.client(t.backend.serviceRoleKey);
    anon = t.client();
    user = (await t.user(`settings-user-${kind}@example.com`)).client;
    admin = (await t.user(`settings-admin-${kind}@example.com`, { admin: true })).client;
  });
  afterAll(async () => t?.close());

  it("is seeded with the placeholder values the app falls back on", async () => {
    const { updated_at: _at, ...row } = await stored();
    expect(row).toEqual(PLACEHOLDER_SETTINGS);
  });

  it("checks a CNPJ's digits as the form does: the same verdict for every value", async () => {
    const random = Array.from({ length: 200 }, (_, n) => {
      const alphabet = n % 2 === 0 ? "0123456789" : "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
      const body = Array.from({ length: 12 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
      const good = withDigits(body);
      // Every other one with its last digit off by one: a wrong check digit.
      return n % 4 < 2 ? good : `${good.slice(0, 13)}${(Number(good[13]) + 1) % 10}`;
    });
    const values = [...CNPJS, ...random];
    const { rows } = await t.backend.db.query<{ value: string; valid: boolean }>(
      "SELECT value, public.cnpj_is_valid(value) AS valid FROM unnest($1::text[]) AS value",
      [values],
    );
    const sql = Object.fromEntries(rows.map((row) => [row.value, row.valid]));
    const disagreements = values.filter((value) => sql[value] !== isValidCnpj(value));
    expect(disagreements).toEqual([]);
    expect(values.filter((value) => isValidCnpj(value)).length).toBeGreaterThan(50);
    expect(["11222333000181", "11444777000161", "12ABC34501DE35"].every(isValidCnpj)).toBe(true);
    expect(CNPJS.slice(3).some(isValidCnpj)).toBe(false);
  });

  const refusals: [SettingsField, string][] = [
    ["cnpj", "11222333000182"],
    ["cnpj", "11.222.333/0001-81"],
    ["phone", "11 4000-0000"],
    ["phone", "+5511400"],
    ["whatsapp", "+0551190000000"],
    ["whatsapp", "+55 11 90000-0000"],
    ["linkedin_url", "http://linkedin.com/company/omnia"],
    ["facebook_url", "javascript:alert(1)"],
    ["instagram_url", "https://localhost/omnia"],
    ["youtube_url", "https://user@youtube.com/@omnia"],
    ["tiktok_url", "https://tiktok.com/@omnia exemplo"],
    ["sales_email", "vendas@empresa"],
    ["dpo_email", "privacidade empresa.com.br"],
    ["trade_name", "   "],
    ["seo_description", "x".repeat(301)],
    ["share_image", "data:image/png;base64,AAAA"],
  ];

  it("refuses each invalid value with 400 23514 in PostgREST's shape, naming the field the form shows it under", async () => {
    for (const [field, value] of refusals) {
      const result = await admin
        .from("site_settings")
        .update({ [field]: value })
        .eq("id", true);
      expect([field, result.status, result.error?.code]).toEqual([field, 400, "23514"]);
      expect(Object.keys(result.error ?? {}).toSorted()).toEqual(["code", "details", "hint", "message"]);
      expect(fieldOfViolation(result.error!.message)).toBe(field);
    }
    // The form refuses each before sending, by the same rules, except the two it stores without
    // their punctuation (as the table wants them).
    const acceptedByForm = refusals.filter(
      ([field, value]) => !validateSettings({ ...settingsInput(PLACEHOLDER_SETTINGS), [field]: value })[field],
    );
    expect(acceptedByForm).toEqual([
      ["cnpj", "11.222.333/0001-81"],
      ["whatsapp", "+55 11 90000-0000"],
    ]);
    const { updated_at: _at, ...row } = await stored();
    expect(row).toEqual(PLACEHOLDER_SETTINGS);
  });

  it("keeps the public key and signed-in users out: they neither read nor write it", async () => {
    const read = await anon.from("site_settings").select("*");
    expect([read.status, read.error?.code]).toEqual([401, "42501"]);
    const written = await anon.from("site_settings").update({ phone: "+5511999999999" }).eq("id", true);
    expect([written.status, written.error?.code]).toEqual([401, "42501"]);

    // A signed-in user without a staff role sees no row, and a write is refused with an error
    // (docs/security.md "Roles").
    const userRead = await user.from("site_settings").select("*");
    expect([userRead.error, userRead.data]).toEqual([null, []]);
    const userWrite = await user.from("site_settings").update({ phone: "+5511999999999" }).eq("id", true).select();
    expect([userWrite.status, userWrite.error?.code]).toEqual([403, "42501"]);
    // Nobody adds or removes the row through the API, an admin included.
    for (const client of [user, admin]) {
      const inserted = await client.from("site_settings").insert({ ...PLACEHOLDER_SETTINGS, id: true });
      expect(inserted.error?.code).toBe("42501");
      const deleted = await client.from("site_settings").delete().eq("id", true);
      expect(deleted.error?.code).toBe("42501");
    }
    expect((await stored()).phone).toBe(PLACEHOLDER_SETTINGS.phone);
  });

  it("lets an admin change it, records who changed which fields, and announces the change", async () => {
    const payloads: string[] = [];
    const unlisten = await t.backend.db.listen("site_settings_changed", (payload) => payloads.push(payload));
    try {
      const before = await stored();
      const changed = await admin
        .from("site_settings")
        .update({ phone: "+551133334444", linkedin_url: null, cnpj: "12ABC34501DE35" })
        .eq("id", true)
        .select("phone, linkedin_url, cnpj")
        .single();
      expect(changed.error).toBeNull();
      expect(changed.data).toEqual({ phone: "+551133334444", linkedin_url: null, cnpj: "12ABC34501DE35" });
      expect(Date.parse((await stored()).updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));

      const { rows } = await t.backend.db.query<{ actor_email: string; details: unknown }>(
        "SELECT actor_email, details FROM public.audit_log WHERE action = 'settings.updated' ORDER BY id",
      );
      expect(rows).toEqual([
        { actor_email: `settings-admin-${kind}@example.com`, details: { fields: ["cnpj", "linkedin_url", "phone"] } },
      ]);
      const deadline = Date.now() + 5_000;
      while (payloads.length === 0 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
      expect(payloads).toEqual([""]);
    } finally {
      await unlisten();
      await service.from("site_settings").update(PLACEHOLDER_SETTINGS).eq("id", true);
    }
  });
});

const quiet = () => {};

describe("site settings in a move to PostgreSQL", skipWhen(postgresUnavailableReason()), () => {
  it("carries the changed row, and the database keeps checking it there", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-settings-move-"));
    const changed = { phone: "+551133334444", cnpj: "11222333000181", instagram_url: null, trade_name: "Empresa X" };
    const embedded = await startBackend({ dataDir, siteUrl: TEST_SITE_URL, log: quiet });
    await embedded.db.query(
      "UPDATE public.site_settings SET phone = $1, cnpj = $2, instagram_url = $3, trade_name = $4",
      Object.values(changed),
    );
    await embedded.close();
    const cluster = await startPostgresCluster();
    try {
      await moveToPostgres(dataDir, cluster.url);
      const moved = await startBackend({ databaseUrl: cluster.url, siteUrl: TEST_SITE_URL, log: quiet });
      try {
        const { rows } = await moved.db.query<Record<string, unknown>>(
          "SELECT phone, cnpj, instagram_url, trade_name, linkedin_url FROM public.site_settings",
        );
        expect(rows).toEqual([{ ...changed, linkedin_url: PLACEHOLDER_SETTINGS.linkedin_url }]);
        await expect(moved.db.query("UPDATE public.site_settings SET cnpj = '11222333000182'")).rejects.toThrow(
          /site_settings_cnpj_check/,
        );
      } finally {
        await moved.close();
      }
    } finally {
      await cluster.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
