-- Coarser Web Vitals histograms (docs/decisions/087-today-in-the-rollups.md): the Web Vitals
-- panel adds up every histogram row of the period, and about 5% wide buckets made this the
-- largest rollup by far. About 13% wide buckets (eight per e-fold, CLS still in thousandths) keep
-- a p75 within about 6.5% of the exact one with less than half the rows, and the panel reads only
-- the three metrics it shows.

CREATE OR REPLACE FUNCTION public.analytics_vital_bucket(value double precision)
RETURNS smallint
LANGUAGE sql
IMMUTABLE
SET search_path = ''
AS $$
  SELECT round(ln(1 + greatest(value, 0)) * 8)::smallint
$$;

CREATE OR REPLACE FUNCTION public.analytics_vital_value(metric text, bucket smallint)
RETURNS double precision
LANGUAGE sql
IMMUTABLE
SET search_path = ''
AS $$
  SELECT (exp(bucket / 8.0) - 1) / CASE WHEN metric = 'cls' THEN 1000 ELSE 1 END
$$;

-- The rows already rolled up, from the old scale (twenty buckets per e-fold) to the new one.
WITH old AS (
  DELETE FROM public.analytics_daily_vitals RETURNING *
)
INSERT INTO public.analytics_daily_vitals (day, page, device, metric, bucket, samples)
SELECT day, page, device, metric, round(bucket * 8 / 20.0)::smallint, sum(samples)::integer
  FROM old
 GROUP BY day, page, device, metric, round(bucket * 8 / 20.0)::smallint;

-- As in 20260101001700_analytics.sql, for LCP, INP and CLS only: the dashboard shows no other.
CREATE OR REPLACE FUNCTION public.analytics_vitals(p_from date, p_to date, p_filters jsonb DEFAULT '{}'::jsonb)
RETURNS TABLE (page text, metric text, p75 double precision, samples bigint)
LANGUAGE plpgsql
STABLE
SET search_path = ''
AS $$
DECLARE
  f jsonb := public.analytics_check_filters(p_filters);
BEGIN
  PERFORM public.analytics_period_check(p_from, p_to);
  RETURN QUERY
    WITH cube AS (
      SELECT * FROM public.analytics_daily_vitals dv WHERE dv.day BETWEEN p_from AND p_to
      UNION ALL
      SELECT l.* FROM public.analytics_unrolled_days(p_from, p_to) AS d, LATERAL public.analytics_live_vitals(d) AS l
    ), histogram AS (
      SELECT c.page, c.metric, c.bucket, sum(c.samples)::bigint AS n
        FROM cube c
       WHERE c.metric IN ('lcp', 'inp', 'cls')
         AND (NOT f ? 'page' OR c.page = f ->> 'page') AND (NOT f ? 'device' OR c.device = f ->> 'device')
       GROUP BY c.page, c.metric, c.bucket
    ), running AS (
      SELECT h.page, h.metric, h.bucket,
             sum(h.n) OVER (PARTITION BY h.page, h.metric ORDER BY h.bucket) AS below,
             sum(h.n) OVER (PARTITION BY h.page, h.metric) AS total
        FROM histogram h
    )
    SELECT DISTINCT ON (r.page, r.metric) r.page, r.metric, public.analytics_vital_value(r.metric, r.bucket),
           r.total::bigint
      FROM running r
     WHERE r.below >= 0.75 * r.total
     ORDER BY r.page, r.metric, r.bucket;
END
$$;
