-- "Análises" in one call (docs/decisions/091-analytics-dashboard-in-one-call.md): the tab asked
-- twelve functions at once, each reading the period's rollups again; on PGlite they queue on one
-- thread, so the last panel waited for all the others. analytics_dashboard answers every panel in
-- one statement that reads the visit rows once (grouping sets) and the page rows once. It runs as
-- its caller, so row-level security still decides each table, as for the functions it replaces
-- on the screen (they stay, for the API and the tests).
--
-- Also: a device-less histogram table of the three Web Vitals the panel shows (the device filter
-- is rare; without it the panel reads a third of the rows), sorting the histograms by bytes, and a
-- minimum interval between two rewrites of a day asked by the dashboard (analytics_refresh), so a
-- client calling it in a loop cannot hold the database.

-- ---------------------------------------------------------------------------------------------
-- 1. LCP, INP and CLS histograms per page, all devices together.
CREATE TABLE public.analytics_daily_page_vitals (
  day date NOT NULL,
  page text NOT NULL,
  metric text NOT NULL CHECK (metric IN ('lcp', 'inp', 'cls')),
  bucket smallint NOT NULL,
  samples integer NOT NULL
);
CREATE INDEX analytics_daily_page_vitals_day_idx ON public.analytics_daily_page_vitals (day);
REVOKE ALL ON TABLE public.analytics_daily_page_vitals FROM anon, authenticated;
GRANT SELECT ON TABLE public.analytics_daily_page_vitals TO authenticated;
GRANT ALL ON TABLE public.analytics_daily_page_vitals TO service_role;
ALTER TABLE public.analytics_daily_page_vitals ENABLE ROW LEVEL SECURITY;
CREATE POLICY "Staff read analytics" ON public.analytics_daily_page_vitals
  FOR SELECT TO authenticated USING ((SELECT public.can_read_analytics()));
CREATE POLICY "Second factor for analytics" ON public.analytics_daily_page_vitals AS RESTRICTIVE
  FOR SELECT TO authenticated USING ((SELECT public.mfa_satisfied()));

INSERT INTO public.analytics_daily_page_vitals (day, page, metric, bucket, samples)
SELECT day, page, metric, bucket, sum(samples)::integer
  FROM public.analytics_daily_vitals
 WHERE metric IN ('lcp', 'inp', 'cls')
 GROUP BY day, page, metric, bucket;

-- As in 20260101002300_analytics_today_rollup.sql, with the device-less histograms.
CREATE OR REPLACE FUNCTION public.analytics_write_day(p_day date)
RETURNS void
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  DELETE FROM public.analytics_daily_visits WHERE day = p_day;
  DELETE FROM public.analytics_daily_pages WHERE day = p_day;
  DELETE FROM public.analytics_daily_vitals WHERE day = p_day;
  DELETE FROM public.analytics_daily_page_vitals WHERE day = p_day;
  INSERT INTO public.analytics_daily_visits SELECT * FROM public.analytics_live_visits(p_day);
  INSERT INTO public.analytics_daily_pages SELECT * FROM public.analytics_live_pages(p_day);
  INSERT INTO public.analytics_daily_vitals SELECT * FROM public.analytics_live_vitals(p_day);
  INSERT INTO public.analytics_daily_page_vitals (day, page, metric, bucket, samples)
  SELECT day, page, metric, bucket, sum(samples)::integer
    FROM public.analytics_daily_vitals
   WHERE day = p_day AND metric IN ('lcp', 'inp', 'cls')
   GROUP BY day, page, metric, bucket;
END
$$;

-- As in 20260101002310_analytics_coarser_vitals.sql: the same answers, from the device-less
-- histograms unless a device is filtered. Grouped and sorted in the "C" collation (bytes): with
-- a linguistic collation, sorting the period's rows cost more than reading them.
CREATE OR REPLACE FUNCTION public.analytics_vitals(p_from date, p_to date, p_filters jsonb DEFAULT '{}'::jsonb)
RETURNS TABLE (page text, metric text, p75 double precision, samples bigint)
LANGUAGE plpgsql
STABLE
SET search_path = ''
AS $$
DECLARE
  f jsonb := public.analytics_check_filters(p_filters);
  by_device boolean := f ? 'device';
BEGIN
  PERFORM public.analytics_period_check(p_from, p_to);
  RETURN QUERY
    WITH cube AS (
      SELECT pv.page, pv.metric, pv.bucket, pv.samples
        FROM public.analytics_daily_page_vitals pv
       WHERE NOT by_device AND pv.day BETWEEN p_from AND p_to
      UNION ALL
      SELECT dv.page, dv.metric, dv.bucket, dv.samples
        FROM public.analytics_daily_vitals dv
       WHERE by_device AND dv.day BETWEEN p_from AND p_to AND dv.device = f ->> 'device'
         AND dv.metric IN ('lcp', 'inp', 'cls')
      UNION ALL
      SELECT l.page, l.metric, l.bucket, l.samples
        FROM public.analytics_unrolled_days(p_from, p_to) AS d, LATERAL public.analytics_live_vitals(d) AS l
       WHERE l.metric IN ('lcp', 'inp', 'cls') AND (NOT by_device OR l.device = f ->> 'device')
    ), histogram AS (
      SELECT c.page COLLATE "C" AS page, c.metric COLLATE "C" AS metric, c.bucket, sum(c.samples)::bigint AS n
        FROM cube c
       WHERE NOT f ? 'page' OR c.page = f ->> 'page'
       GROUP BY 1, 2, 3
    ), running AS (
      SELECT h.page, h.metric, h.bucket,
             sum(h.n) OVER (PARTITION BY h.page, h.metric ORDER BY h.bucket) AS below,
             sum(h.n) OVER (PARTITION BY h.page, h.metric) AS total
        FROM histogram h
    ), chosen AS (
      SELECT DISTINCT ON (r.page, r.metric) r.page, r.metric, r.bucket, r.total
        FROM running r
       WHERE r.below >= 0.75 * r.total
       ORDER BY r.page, r.metric, r.bucket
    )
    SELECT c.page::text, c.metric::text, public.analytics_vital_value(c.metric, c.bucket), c.total::bigint
      FROM chosen c;
END
$$;

-- ---------------------------------------------------------------------------------------------
-- 2. Every panel at once: { summary: {current, previous}, series: [...], breakdowns: {dimension:
--    [...]}, vitals: [...], now }, each part as the function of the same name answers it.
CREATE FUNCTION public.analytics_dashboard(
  p_from date, p_to date, p_filters jsonb DEFAULT '{}'::jsonb, p_limit integer DEFAULT 100
)
RETURNS jsonb
LANGUAGE plpgsql
STABLE
SET search_path = ''
AS $$
DECLARE
  f jsonb := public.analytics_check_filters(p_filters);
  by_page boolean := f ? 'page';
  monthly boolean;
  tz constant text := 'America/Sao_Paulo';
  groups jsonb;
  current jsonb;
  series jsonb;
BEGIN
  PERFORM public.analytics_period_check(p_from, p_to);
  IF p_limit IS NULL OR p_limit NOT BETWEEN 1 AND 1000 THEN
    RAISE EXCEPTION 'limit must be 1 to 1000' USING ERRCODE = '22023';
  END IF;
  monthly := p_to - p_from > 92;

  -- One pass over the period's rows: the visit rows answer the totals, the chart and every table
  -- but pages (grouping sets); the page rows answer pages, or everything when a page is filtered
  -- (as in analytics_totals and analytics_breakdown).
  WITH pages AS MATERIALIZED (
    SELECT * FROM public.analytics_pages_in(p_from, p_to, f)
  ), rows AS (
    SELECT c.day, c.entry_page, c.channel, c.source, c.campaign, c.device, c.browser, c.os,
           c.visits AS visitors, c.views, c.visits AS entries, c.bounces, c.engaged_ms, c.conversions,
           c.leads_contact, c.leads_demo
      FROM public.analytics_visits_in(p_from, p_to, f) c
     WHERE NOT by_page
    UNION ALL
    SELECT c.day, c.entry_page, c.channel, c.source, c.campaign, c.device, c.browser, c.os,
           c.visitors, c.views, c.entries, c.bounces, c.engaged_ms, c.conversions, c.leads_contact, c.leads_demo
      FROM pages c
     WHERE by_page
  ), wanted AS (
    SELECT CASE WHEN grouping(r.day) = 0 THEN 'day' WHEN grouping(r.entry_page) = 0 THEN 'entry_page'
                WHEN grouping(r.channel) = 0 THEN 'channel' WHEN grouping(r.source) = 0 THEN 'source'
                WHEN grouping(r.campaign) = 0 THEN 'campaign' WHEN grouping(r.device) = 0 THEN 'device'
                WHEN grouping(r.browser) = 0 THEN 'browser' ELSE 'os' END AS dimension,
           r.day,
           coalesce(r.entry_page, r.channel, r.source, r.campaign, r.device, r.browser, r.os) AS value,
           sum(r.visitors)::bigint AS visitors, sum(r.views)::bigint AS views, sum(r.entries)::bigint AS entries,
           sum(r.bounces)::bigint AS bounces, sum(r.engaged_ms)::bigint AS engaged_ms,
           sum(r.conversions)::bigint AS conversions, sum(r.leads_contact)::bigint AS leads_contact,
           sum(r.leads_demo)::bigint AS leads_demo
      FROM rows r
     GROUP BY GROUPING SETS ((r.day), (r.entry_page), (r.channel), (r.source), (r.campaign), (r.device),
                             (r.browser), (r.os))
    UNION ALL
    SELECT 'page', NULL, p.page,
           sum(p.visitors)::bigint, sum(p.views)::bigint, sum(p.entries)::bigint, sum(p.bounces)::bigint,
           sum(p.engaged_ms)::bigint, sum(p.conversions)::bigint, sum(p.leads_contact)::bigint,
           sum(p.leads_demo)::bigint
      FROM pages p
     GROUP BY p.page
  ), ranked AS (
    SELECT w.*, row_number() OVER (PARTITION BY w.dimension ORDER BY w.visitors DESC, w.value) AS place
      FROM wanted w
     WHERE w.dimension <> 'day'
  )
  SELECT jsonb_build_object(
           'days', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                              'day', w.day, 'visitors', w.visitors, 'views', w.views,
                              'leads', w.leads_contact + w.leads_demo)), '[]'::jsonb)
                      FROM wanted w WHERE w.dimension = 'day'),
           'totals', (SELECT jsonb_build_object(
                                'visitors', coalesce(sum(w.visitors), 0), 'views', coalesce(sum(w.views), 0),
                                'bounces', coalesce(sum(w.bounces), 0), 'engaged_ms', coalesce(sum(w.engaged_ms), 0),
                                'conversions', coalesce(sum(w.conversions), 0),
                                'leads_contact', coalesce(sum(w.leads_contact), 0),
                                'leads_demo', coalesce(sum(w.leads_demo), 0))
                        FROM wanted w WHERE w.dimension = 'day'),
           'breakdowns', (SELECT jsonb_object_agg(d.dimension, coalesce((
                              SELECT jsonb_agg(jsonb_build_object(
                                       'value', k.value, 'visitors', k.visitors, 'views', k.views,
                                       'entries', k.entries, 'bounces', k.bounces, 'engaged_ms', k.engaged_ms,
                                       'conversions', k.conversions, 'leads', k.leads_contact + k.leads_demo)
                                     ORDER BY k.place)
                                FROM ranked k WHERE k.dimension = d.dimension AND k.place <= p_limit), '[]'::jsonb))
                            FROM unnest(ARRAY['page', 'entry_page', 'channel', 'source', 'campaign', 'device',
                                              'browser', 'os']) AS d(dimension)))
    INTO groups;
  current := groups -> 'totals';

  -- The chart: by hour for one day (its own function reads the raw events), else by day or month.
  IF p_from = p_to THEN
    SELECT coalesce(jsonb_agg(to_jsonb(t) ORDER BY t.bucket), '[]'::jsonb) INTO series
      FROM public.analytics_timeseries(p_from, p_to, f) t;
  ELSE
    WITH days AS (
      SELECT CASE WHEN monthly THEN date_trunc('month', (x ->> 'day')::date)::date ELSE (x ->> 'day')::date END AS day,
             (x ->> 'visitors')::bigint AS visitors, (x ->> 'views')::bigint AS views, (x ->> 'leads')::bigint AS leads
        FROM jsonb_array_elements(groups -> 'days') AS x
    ), buckets AS (
      SELECT DISTINCT CASE WHEN monthly THEN date_trunc('month', g)::date ELSE g::date END AS day
        FROM generate_series(p_from, p_to, interval '1 day') AS g
    )
    SELECT jsonb_agg(jsonb_build_object(
             'bucket', b.day::timestamp AT TIME ZONE tz,
             'visitors', coalesce((SELECT sum(d.visitors) FROM days d WHERE d.day = b.day), 0),
             'views', coalesce((SELECT sum(d.views) FROM days d WHERE d.day = b.day), 0),
             'leads', coalesce((SELECT sum(d.leads) FROM days d WHERE d.day = b.day), 0)) ORDER BY b.day)
      INTO series
      FROM buckets b;
  END IF;

  RETURN jsonb_build_object(
    'summary', jsonb_build_object(
      'current', current,
      'previous', public.analytics_totals(p_from - (p_to - p_from + 1), p_from - 1, f)),
    'series', series,
    'breakdowns', groups -> 'breakdowns',
    'vitals', (SELECT coalesce(jsonb_agg(to_jsonb(v)), '[]'::jsonb) FROM public.analytics_vitals(p_from, p_to, f) v),
    'now', public.analytics_now());
END
$$;
REVOKE ALL ON FUNCTION public.analytics_dashboard(date, date, jsonb, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.analytics_dashboard(date, date, jsonb, integer) TO authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- 3. A day the dashboard had rewritten less than ten seconds ago is left as it is (the upkeep
--    already waits 50 seconds), and that is known before reading the day's events.
CREATE OR REPLACE FUNCTION public.analytics_refresh_open_days(p_min_age interval)
RETURNS integer
LANGUAGE plpgsql
SET search_path = ''
AS $$
DECLARE
  today date := public.analytics_today();
  d date;
  newest bigint;
  written integer := 0;
BEGIN
  FOR d IN
    SELECT g::date FROM generate_series(today - 1, today + 1, interval '1 day') AS g
     WHERE NOT EXISTS (SELECT 1 FROM public.analytics_rollups r
                        WHERE r.day = g::date AND (r.final OR r.rolled_at > now() - p_min_age))
  LOOP
    SELECT max(e.id) INTO newest FROM public.analytics_events e WHERE e.day = d;
    CONTINUE WHEN newest IS NULL;
    INSERT INTO public.analytics_rollups AS r (day, final, through_id) VALUES (d, false, newest)
    ON CONFLICT (day) DO UPDATE SET rolled_at = now(), through_id = newest
     WHERE NOT r.final AND r.through_id < newest AND r.rolled_at <= now() - p_min_age;
    IF FOUND THEN
      PERFORM public.analytics_write_day(d);
      written := written + 1;
    END IF;
  END LOOP;
  RETURN written;
END
$$;

CREATE OR REPLACE FUNCTION public.analytics_refresh()
RETURNS integer
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF NOT (public.has_role(auth.uid(), 'admin') AND public.mfa_satisfied()) THEN
    RAISE EXCEPTION 'permission denied' USING ERRCODE = '42501';
  END IF;
  RETURN public.analytics_refresh_open_days(interval '10 seconds');
END
$$;
