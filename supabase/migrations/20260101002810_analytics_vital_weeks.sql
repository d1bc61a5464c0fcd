-- Web Vitals by the week (docs/decisions/091-analytics-dashboard-in-one-call.md): a day's
-- histograms are sparse (a page's few views each day land in different buckets), so a period
-- read about as many rows as it had samples, and the Web Vitals panel cost most of "Análises".
-- Once every day of a week (Monday to Sunday) has its final rollup, its LCP, INP and CLS
-- histograms are added up once; the panel reads the whole weeks of a period from there and only
-- the days at its ends day by day. The answers are the same: the histograms add up.

CREATE TABLE public.analytics_vital_weeks (
  -- The week's Monday.
  week date PRIMARY KEY,
  summed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.analytics_weekly_page_vitals (
  week date NOT NULL,
  page text NOT NULL,
  metric text NOT NULL CHECK (metric IN ('lcp', 'inp', 'cls')),
  bucket smallint NOT NULL,
  samples integer NOT NULL
);
CREATE INDEX analytics_weekly_page_vitals_week_idx ON public.analytics_weekly_page_vitals (week);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['analytics_vital_weeks', 'analytics_weekly_page_vitals'] LOOP
    EXECUTE format('REVOKE ALL ON TABLE public.%I FROM anon, authenticated', t);
    EXECUTE format('GRANT SELECT ON TABLE public.%I TO authenticated', t);
    EXECUTE format('GRANT ALL ON TABLE public.%I TO service_role', t);
    EXECUTE format('ALTER TABLE public.%I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY "Staff read analytics" ON public.%I FOR SELECT TO authenticated
         USING ((SELECT public.can_read_analytics()))', t);
    EXECUTE format(
      'CREATE POLICY "Second factor for analytics" ON public.%I AS RESTRICTIVE FOR SELECT TO authenticated
         USING ((SELECT public.mfa_satisfied()))', t);
  END LOOP;
END
$$;

-- Adds up each week not summed yet whose every day with events has its final rollup and that
-- ended before the last closed day. Returns how many weeks it summed.
CREATE FUNCTION public.analytics_sum_vital_weeks()
RETURNS integer
LANGUAGE plpgsql
SET search_path = ''
AS $$
DECLARE
  closed date := ((now() - interval '5 minutes') AT TIME ZONE 'America/Sao_Paulo')::date;
  first_day date := (SELECT min(day) FROM public.analytics_daily_page_vitals);
  w date;
  summed integer := 0;
BEGIN
  IF first_day IS NULL THEN
    RETURN 0;
  END IF;
  FOR w IN
    SELECT g::date FROM generate_series(date_trunc('week', first_day::timestamp), (closed - 7)::timestamp,
                                        interval '7 days') AS g
     WHERE NOT EXISTS (SELECT 1 FROM public.analytics_vital_weeks v WHERE v.week = g::date)
       AND NOT EXISTS (
             SELECT 1 FROM generate_series(g, g + interval '6 days', interval '1 day') AS d
              WHERE NOT EXISTS (SELECT 1 FROM public.analytics_rollups r WHERE r.day = d::date AND r.final)
                AND EXISTS (SELECT 1 FROM public.analytics_events e WHERE e.day = d::date))
  LOOP
    INSERT INTO public.analytics_vital_weeks (week) VALUES (w) ON CONFLICT (week) DO NOTHING;
    CONTINUE WHEN NOT FOUND;
    INSERT INTO public.analytics_weekly_page_vitals (week, page, metric, bucket, samples)
    SELECT w, pv.page, pv.metric, pv.bucket, sum(pv.samples)::integer
      FROM public.analytics_daily_page_vitals pv
     WHERE pv.day BETWEEN w AND w + 6
     GROUP BY pv.page, pv.metric, pv.bucket;
    summed := summed + 1;
  END LOOP;
  RETURN summed;
END
$$;
REVOKE ALL ON FUNCTION public.analytics_sum_vital_weeks() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.analytics_sum_vital_weeks() TO service_role;

-- As in 20260101002300_analytics_today_rollup.sql; a day's final rollup may complete its week.
CREATE OR REPLACE FUNCTION public.analytics_rollup(p_day date)
RETURNS boolean
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  INSERT INTO public.analytics_rollups AS r (day, final) VALUES (p_day, true)
  ON CONFLICT (day) DO UPDATE SET final = true, rolled_at = now(), through_id = NULL WHERE NOT r.final;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  PERFORM public.analytics_write_day(p_day);
  PERFORM public.analytics_sum_vital_weeks();
  RETURN true;
END
$$;

SELECT public.analytics_sum_vital_weeks();

-- As in 20260101002800_analytics_dashboard.sql, reading the period's whole summed weeks from
-- their sums. Only a run of summed weeks without a gap is used, else every day is read.
CREATE OR REPLACE FUNCTION public.analytics_vitals(p_from date, p_to date, p_filters jsonb DEFAULT '{}'::jsonb)
RETURNS TABLE (page text, metric text, p75 double precision, samples bigint)
LANGUAGE plpgsql
STABLE
SET search_path = ''
AS $$
DECLARE
  f jsonb := public.analytics_check_filters(p_filters);
  by_device boolean := f ? 'device';
  first_week date;
  last_day date;
  weeks integer;
BEGIN
  PERFORM public.analytics_period_check(p_from, p_to);
  IF NOT by_device THEN
    SELECT min(w.week), max(w.week) + 6, count(*) INTO first_week, last_day, weeks
      FROM public.analytics_vital_weeks w
     WHERE w.week >= p_from AND w.week + 6 <= p_to;
    IF weeks = 0 OR last_day - first_week + 1 <> weeks * 7 THEN
      first_week := NULL;
      last_day := NULL;
    END IF;
  END IF;
  RETURN QUERY
    WITH cube AS (
      SELECT wv.page, wv.metric, wv.bucket, wv.samples
        FROM public.analytics_weekly_page_vitals wv
       WHERE wv.week BETWEEN first_week AND last_day
      UNION ALL
      SELECT pv.page, pv.metric, pv.bucket, pv.samples
        FROM public.analytics_daily_page_vitals pv
       WHERE NOT by_device AND pv.day BETWEEN p_from AND p_to
         AND NOT coalesce(pv.day BETWEEN first_week AND last_day, false)
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
