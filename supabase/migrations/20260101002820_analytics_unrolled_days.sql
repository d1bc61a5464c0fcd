-- The days of a period not rolled up yet, without the events' first day: as the caller (row-level
-- security applies) min(day) could not use the index and read every raw event, on each of the
-- five reads of the rollups a dashboard makes. Each day of the period costs one index probe of the
-- rollups instead, and one of the events when it has no rollup.
CREATE OR REPLACE FUNCTION public.analytics_unrolled_days(p_from date, p_to date)
RETURNS SETOF date
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  SELECT g::date
    FROM generate_series(p_from, p_to, interval '1 day') AS g
   WHERE NOT EXISTS (SELECT 1 FROM public.analytics_rollups r WHERE r.day = g::date)
     AND EXISTS (SELECT 1 FROM public.analytics_events e WHERE e.day = g::date)
$$;
