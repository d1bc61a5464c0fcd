-- Today's figures in the rollup tables (docs/decisions/087-today-in-the-rollups.md): every panel
-- of "Análises" used to compute the days not rolled up yet (today) from the raw events, on each
-- call. Now the upkeep (every minute) and the dashboard when it opens (at most once a minute per
-- admin's tab) write a provisional rollup of each open day into the same daily tables, so the
-- panels read rollups only. A provisional day is rewritten whole when newer events exist, and
-- replaced by the final rollup once the day is closed. A day with events but no rollup row yet is
-- still computed from the raw events by the panels (analytics_unrolled_days), as before.

-- `final`: the closed day's rollup, kept for good; otherwise a provisional one of an open day.
-- `through_id`: the largest event id it counted, to tell whether newer events exist.
ALTER TABLE public.analytics_rollups
  ADD COLUMN final boolean NOT NULL DEFAULT true,
  ADD COLUMN through_id bigint;

-- Writes one day's rollup rows from its raw events, replacing those it had.
CREATE FUNCTION public.analytics_write_day(p_day date)
RETURNS void
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  DELETE FROM public.analytics_daily_visits WHERE day = p_day;
  DELETE FROM public.analytics_daily_pages WHERE day = p_day;
  DELETE FROM public.analytics_daily_vitals WHERE day = p_day;
  INSERT INTO public.analytics_daily_visits SELECT * FROM public.analytics_live_visits(p_day);
  INSERT INTO public.analytics_daily_pages SELECT * FROM public.analytics_live_pages(p_day);
  INSERT INTO public.analytics_daily_vitals SELECT * FROM public.analytics_live_vitals(p_day);
END
$$;
REVOKE ALL ON FUNCTION public.analytics_write_day(date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.analytics_write_day(date) TO service_role;

-- The final rollup of a closed day, once: a provisional one is replaced. Another instance doing
-- the same day waits on the row, then finds it final and skips.
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
  RETURN true;
END
$$;

-- Provisional rollups of the open days (yesterday until its rollup, today, tomorrow for clocks
-- ahead) that have events newer than their last one; p_min_age spaces rewrites of a day. Returns
-- how many days it wrote. Two instances at once: the second waits on the day's row, then skips.
CREATE FUNCTION public.analytics_refresh_open_days(p_min_age interval)
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
     WHERE NOT EXISTS (SELECT 1 FROM public.analytics_rollups r WHERE r.day = g::date AND r.final)
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
REVOKE ALL ON FUNCTION public.analytics_refresh_open_days(interval) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.analytics_refresh_open_days(interval) TO service_role;

-- What the dashboard asks when it opens: admins only (the writes are the server's, so this runs
-- as its owner). Its client asks at most once a minute; newer events are needed to write.
CREATE FUNCTION public.analytics_refresh()
RETURNS integer
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF NOT (public.has_role(auth.uid(), 'admin') AND public.mfa_satisfied()) THEN
    RAISE EXCEPTION 'permission denied' USING ERRCODE = '42501';
  END IF;
  RETURN public.analytics_refresh_open_days(interval '0');
END
$$;
REVOKE ALL ON FUNCTION public.analytics_refresh() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.analytics_refresh() TO authenticated, service_role;

-- The upkeep: final rollups of closed days, salts, retention, and now the open days' rollups.
CREATE OR REPLACE FUNCTION public.analytics_maintain(p_retention_days integer)
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
  refreshed integer;
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
  refreshed := public.analytics_refresh_open_days(interval '50 seconds');
  RETURN jsonb_build_object('rolled_up', rolled, 'salts_deleted', salts, 'events_deleted', removed,
                            'refreshed', refreshed);
END
$$;
