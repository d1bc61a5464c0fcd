-- The days of a period not rolled up yet, read with the owner's rights: as the caller, row-level
-- security kept min(day) and the per-day probes of the raw events from using their index, and they
-- read every raw event on each of the five reads of the rollups a dashboard makes. It answers only
-- dates, and nothing to a caller who may not read the visits.
CREATE OR REPLACE FUNCTION public.analytics_unrolled_days(p_from date, p_to date)
RETURNS SETOF date
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT g::date
    FROM generate_series(greatest(p_from, (SELECT min(day) FROM public.analytics_events)), p_to, interval '1 day') AS g
   WHERE public.can_read_conversions()
     AND NOT EXISTS (SELECT 1 FROM public.analytics_rollups r WHERE r.day = g::date)
     AND EXISTS (SELECT 1 FROM public.analytics_events e WHERE e.day = g::date)
$$;
