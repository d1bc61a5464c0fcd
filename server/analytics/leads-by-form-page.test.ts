// A page's leads are the leads sent from its form
// (supabase/migrations/20260101004050_analytics_leads_by_form_page.sql): before, every page the
// converting visitor saw that day was credited. Closed days whose raw events are still kept are
// rolled up again; older days keep what they had. On PGlite and on PostgreSQL.
import { expect, it } from "vitest";
import { describeEachDatabase } from "../backend/testing/describe-each-database.ts";
import { useDatabaseBefore } from "../backend/testing/database-before.ts";

const MIGRATION = "20260101004050_analytics_leads_by_form_page.sql";
const ANA = "a".repeat(32);
const BRUNO = "b".repeat(32);

describeEachDatabase("a page's leads are those sent from its form", (kind) => {
  const database = useDatabaseBefore(kind, MIGRATION);

  it("credits the form's page only, rolls up again the days with events, and keeps older ones", async () => {
    const db = database.db;
    await database.migrateBefore();

    // Three days ago Ana read the home page and sent the demo form on /precos; Bruno read /precos
    // and sent nothing.
    const event = (visitor: string, eventKind: string, page: string, at: string, form: string | null = null) =>
      db.query(
        `insert into public.analytics_events (day, at, visitor, kind, page, path, channel, form)
         values (current_date - 3, (current_date - 3) + $4::time, $1, $2, $3, $3, 'direct', $5)`,
        [visitor, eventKind, page, at, form],
      );
    await event(ANA, "view", "/", "10:00");
    await event(ANA, "view", "/precos", "10:01");
    await event(ANA, "lead", "/precos", "10:03", "demo");
    await event(BRUNO, "view", "/precos", "11:00");
    await db.query("select public.analytics_rollup(current_date - 3)");
    // A day past the retention: its events are gone, its rollup stays as written then.
    await db.query("insert into public.analytics_rollups (day, final) values (date '2025-01-10', true)");
    await db.query(
      `insert into public.analytics_daily_pages
       values (date '2025-01-10', '/', '/', 'direct', '', '', '', '', '', 1, 1, 1, 0, 0, 1, 0, 1)`,
    );

    const pages = async (day: string) => {
      const { rows } = await db.query<{ page: string; visitors: number; conversions: number; leads: number }>(
        `select page, sum(visitors)::int as visitors, sum(conversions)::int as conversions,
                sum(leads_contact + leads_demo)::int as leads
           from public.analytics_daily_pages where day = ${day} group by page order by page`,
      );
      return rows;
    };
    // Before: the home page, which Ana only read, had her lead too.
    expect(await pages("current_date - 3")).toEqual([
      { page: "/", visitors: 1, conversions: 1, leads: 1 },
      { page: "/precos", visitors: 2, conversions: 1, leads: 1 },
    ]);

    await database.migrateRest();
    // Conversions still credit each page the converting visitor saw; leads, the form's page.
    expect(await pages("current_date - 3")).toEqual([
      { page: "/", visitors: 1, conversions: 1, leads: 0 },
      { page: "/precos", visitors: 2, conversions: 1, leads: 1 },
    ]);
    expect(await pages("date '2025-01-10'")).toEqual([{ page: "/", visitors: 1, conversions: 1, leads: 1 }]);
    // The visit rows (the Leads card, entry pages, channels) are as they were.
    const { rows: visits } = await db.query<{ leads: number }>(
      "select sum(leads_demo)::int as leads from public.analytics_daily_visits where day = current_date - 3",
    );
    expect(visits).toEqual([{ leads: 1 }]);
  });
});
