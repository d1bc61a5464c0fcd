// One name per source for what was stored before names were normalised
// (supabase/migrations/20260101004040_analytics_source_names.sql): the raw events, the daily
// rollups (a closed day's are kept for good and never rolled up again) and the leads' touches
// get the names app/lib/analytics-source.ts gives new ones, on PGlite and on PostgreSQL.
import { expect, it } from "vitest";
import { KNOWN_SOURCES, sourceName } from "../../app/lib/analytics-source.ts";
import { describeEachDatabase } from "../backend/testing/describe-each-database.ts";
import { useDatabaseBefore } from "../backend/testing/database-before.ts";

const MIGRATION = "20260101004040_analytics_source_names.sql";
const VISITOR = "a".repeat(32);

/** Campaign sources as visitors' links spelled them, each known name in capitals included. */
const TAGGED = [
  "google",
  "Google",
  "GOOGLE",
  "LinkedIn",
  "linkedin",
  "Newsletter",
  "newsletter",
  "Parceiro ABC",
  "yahoo mail",
  "NOTÍCIAS",
];
const SPELLINGS = [...TAGGED, ...KNOWN_SOURCES.map((name) => name.toUpperCase())];
/** Sources named from a referrer: already a known name or a host, left as they are. */
const REFERRED = ["Google", "Yahoo! Mail", "parceiro.com.br"];

/** A lead's touch as app/lib/analytics-attribution.ts stores it. */
const touch = (utmSource: string | null, source: string | null, channel: string) => ({
  landing_page: "/precos",
  referrer: utmSource ? null : "www.google.com/",
  utm_source: utmSource,
  utm_medium: null,
  utm_campaign: "Black-Friday",
  utm_term: null,
  utm_content: null,
  click_id: null,
  pages_before: 2,
  source,
  channel,
});

/** Leads' rows without their attribution. */
const unchanged = (rows: { row: string }[]) =>
  rows.map(({ row }) => {
    const { attribution: _a, attribution_source: _s, ...rest } = JSON.parse(row) as Record<string, unknown>;
    return rest;
  });

describeEachDatabase("one name per source in what is stored", (kind) => {
  const database = useDatabaseBefore(kind, MIGRATION);

  it("renames stored events, rollups and leads' touches as new ones are named, and nothing else", async () => {
    const db = database.db;
    await database.migrateBefore();

    for (const [n, spelling] of SPELLINGS.entries()) {
      await db.query(
        `insert into public.analytics_events (day, visitor, kind, page, path, utm_source, utm_campaign, channel, source)
         values (current_date, $1, 'view', '/', $2, $3, 'Black-Friday', 'referral', $3)`,
        [VISITOR, `/?n=${n}`, spelling],
      );
    }
    for (const source of REFERRED) {
      await db.query(
        `insert into public.analytics_events (day, visitor, kind, page, path, referrer_host, channel, source)
         values (current_date, $1, 'view', '/', '/', 'example.com', 'referral', $2)`,
        [VISITOR, source],
      );
    }
    // `views` numbers the rows (an update moves a row).
    for (const [n, source] of [...SPELLINGS, ...REFERRED, ""].entries()) {
      await db.query(
        `insert into public.analytics_daily_visits
         values ('2026-01-05', '/', 'referral', $1, 'Black-Friday', 'desktop', 'Chrome', 'Windows', 1, $2, 1, 0, 0, 0, 0)`,
        [source, n],
      );
      await db.query(
        `insert into public.analytics_daily_pages
         values ('2026-01-05', '/', '/', 'referral', $1, 'Black-Friday', 'desktop', 'Chrome', 'Windows', $2, 1, 1, 1, 0, 0, 0, 0)`,
        [source, n],
      );
    }
    const leads = [
      { first: touch("GOOGLE", "GOOGLE", "search"), last: touch(null, "Google", "search") },
      { first: touch("Newsletter", "Newsletter", "email"), last: touch("LinkedIn", "LinkedIn", "social") },
      { first: touch(null, null, "direct"), last: touch(null, null, "direct") },
      null,
    ];
    for (const [n, attribution] of leads.entries()) {
      await db.query(
        `insert into public.contact_messages (name, email, subject, attribution) values ('Ana Souza', $1, 'demo', $2)`,
        [`lead-${n}@empresa.example`, attribution === null ? null : JSON.stringify(attribution)],
      );
    }
    const audited = await db.query("select * from public.audit_log");
    const before = await db.query<{ row: string }>(
      "select row_to_json(m)::text as row from public.contact_messages m order by email",
    );

    await database.migrateRest();

    const events = await db.query<{
      path: string;
      utm_source: string | null;
      source: string;
      utm_campaign: string | null;
    }>("select path, utm_source, source, utm_campaign from public.analytics_events order by id");
    expect(events.rows).toEqual([
      ...SPELLINGS.map((spelling, n) => ({
        path: `/?n=${n}`,
        utm_source: sourceName(spelling),
        source: sourceName(spelling),
        utm_campaign: "Black-Friday",
      })),
      ...REFERRED.map((source) => ({ path: "/", utm_source: null, source, utm_campaign: null })),
    ]);
    expect(events.rows.slice(0, 9).map((row) => row.source)).toEqual([
      "Google",
      "Google",
      "Google",
      "LinkedIn",
      "LinkedIn",
      "newsletter",
      "newsletter",
      "parceiro abc",
      "Yahoo! Mail",
    ]);
    const rolledUp = [...SPELLINGS, ...REFERRED, ""].map((source) => ({
      source: sourceName(source),
      campaign: "Black-Friday",
    }));
    const visits = await db.query("select source, campaign from public.analytics_daily_visits order by views");
    expect(visits.rows).toEqual(rolledUp);
    const pages = await db.query("select source, campaign from public.analytics_daily_pages order by views");
    expect(pages.rows).toEqual(rolledUp);

    const after = await db.query<{
      email: string;
      attribution: unknown;
      attribution_source: string | null;
      status: string;
    }>("select email, attribution, attribution_source, status from public.contact_messages order by email");
    expect(after.rows.map((row) => [row.email, row.attribution_source])).toEqual([
      ["lead-0@empresa.example", "Google"],
      ["lead-1@empresa.example", "newsletter"],
      ["lead-2@empresa.example", null],
      ["lead-3@empresa.example", null],
    ]);
    expect(after.rows[0]!.attribution).toEqual({
      first: touch("Google", "Google", "search"),
      last: touch(null, "Google", "search"),
    });
    expect(after.rows[1]!.attribution).toEqual({
      first: touch("newsletter", "newsletter", "email"),
      last: touch("LinkedIn", "LinkedIn", "social"),
    });
    expect(after.rows[2]!.attribution).toEqual(leads[2]);
    expect(after.rows[3]!.attribution).toBeNull();
    // Nothing else of a lead changed, and the audit log saw nothing.
    const now = await db.query<{ row: string }>(
      "select row_to_json(m)::text as row from public.contact_messages m order by email",
    );
    expect(unchanged(now.rows)).toEqual(unchanged(before.rows));
    expect((await db.query("select * from public.audit_log")).rows).toEqual(audited.rows);
    // Its helpers are gone: the schema (and app/lib/database.types.ts) is as before.
    const { rows: helpers } = await db.query(
      "select proname from pg_proc where proname like 'analytics%source%name%' or proname like 'analytics%touch%'",
    );
    expect(helpers).toEqual([]);
  });
});
