-- The upkeep may leave today's provisional rollup alone (docs/decisions/087-today-in-the-rollups.md):
-- on PGlite the database runs on the server's only thread, so rewriting a busy day every minute
-- stalled every request behind it. There the server passes false and the day is rewritten only
-- when an admin opens "Análises" (analytics_refresh); on PostgreSQL it passes true, as before.
DROP FUNCTION public.analytics_maintain(integer);

CREATE FUNCTION public.analytics_maintain(p_retention_days integer, p_refresh_open_days boolean DEFAULT true)
RETURNS jsonb
LANGUAGE plpgsql
SET search_path = ''
AS $$
DECLARE
  today date := public.analytics_today();
  closed date := ((now() - interval '5 minutes') AT TIME ZONE 'America/Sao_Paulo')::date;
  first_day date := (SELECT min(day) FROM public.analytics_events);
  d date;
  rolled integer := 0;
  salts integer;
  removed integer;
  refreshed integer := 0;
BEGIN
  IF p_retention_days IS NULL OR p_retention_days < 1 THEN
    RAISE EXCEPTION 'retention must be at least one day' USING ERRCODE = '22023';
  END IF;
  IF first_day IS NOT NULL THEN
    FOR d IN
      SELECT g::date FROM generate_series(first_day, closed - 1, interval '1 day') AS g
       WHERE NOT EXISTS (SELECT 1 FROM public.analytics_rollups r WHERE r.day = g::date AND r.final)
         AND EXISTS (SELECT 1 FROM public.analytics_events e WHERE e.day = g::date)
    LOOP
      IF public.analytics_rollup(d) THEN
        rolled := rolled + 1;
      END IF;
    END LOOP;
  END IF;
  DELETE FROM public.analytics_salts WHERE day < today - 1;
  GET DIAGNOSTICS salts = ROW_COUNT;
  DELETE FROM public.analytics_events e
   WHERE e.day < today - p_retention_days
     AND EXISTS (SELECT 1 FROM public.analytics_rollups r WHERE r.day = e.day AND r.final);
  GET DIAGNOSTICS removed = ROW_COUNT;
  -- Under a minute since the last: an upkeep of each instance, or an admin's dashboard.
  IF p_refresh_open_days IS NOT FALSE THEN
    refreshed := public.analytics_refresh_open_days(interval '50 seconds');
  END IF;
  RETURN jsonb_build_object('rolled_up', rolled, 'salts_deleted', salts, 'events_deleted', removed,
                            'refreshed', refreshed);
END
$$;
REVOKE ALL ON FUNCTION public.analytics_maintain(integer, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.analytics_maintain(integer, boolean) TO service_role;
