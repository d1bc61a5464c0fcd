-- Cookieless analytics (docs/decisions/073-cookieless-analytics.md): page views, engaged time,
-- real visitors' Web Vitals and conversions, written by the site's server only (like leads, ADR
-- 037) and read by admins only. Portable: plain PostgreSQL 15+, PGlite and hosted Supabase.
--
-- - A visitor is a hash of a daily salt, the client address, the user agent and the site,
--   computed by the server; the address itself never reaches the database. Salts live here so
--   that several instances agree, and are deleted once their day is over (analytics_maintain).
-- - Raw events are kept ANALYTICS_RETENTION_DAYS (90); each closed day is first rolled up into
--   three daily tables kept for good: visits (one row per combination of what a visit is:
--   entry page, channel, source, campaign, device, browser, OS), pages (the same plus the page)
--   and Web Vitals histograms. A visit is one visitor's day.
-- - The dashboard's functions read the rollups for closed days and compute the days not rolled
--   up yet (today) from the raw events, as the signed-in admin: row-level security applies.
-- Days are São Paulo days, as every date the admin shows.

CREATE FUNCTION public.analytics_today()
RETURNS date
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  SELECT (now() AT TIME ZONE 'America/Sao_Paulo')::date
$$;
GRANT EXECUTE ON FUNCTION public.analytics_today() TO authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- 1. Daily salts: the server's only; nobody reads them through the API.
CREATE TABLE public.analytics_salts (
  day date PRIMARY KEY,
  -- 244 random bits from PostgreSQL's strong random source, without pgcrypto.
  salt text NOT NULL DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
);
REVOKE ALL ON TABLE public.analytics_salts FROM anon, authenticated;
GRANT ALL ON TABLE public.analytics_salts TO service_role;
ALTER TABLE public.analytics_salts ENABLE ROW LEVEL SECURITY;

-- The salt of a day, created by the first instance that asks. Only yesterday, today and
-- tomorrow (clocks of instances may straddle midnight): a deleted day's salt never comes back.
CREATE FUNCTION public.analytics_salt(p_day date)
RETURNS text
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  IF p_day IS NULL OR p_day NOT BETWEEN public.analytics_today() - 1 AND public.analytics_today() + 1 THEN
    RAISE EXCEPTION 'no salt for day %', p_day USING ERRCODE = '22023';
  END IF;
  INSERT INTO public.analytics_salts (day) VALUES (p_day) ON CONFLICT (day) DO NOTHING;
  RETURN (SELECT salt FROM public.analytics_salts WHERE day = p_day);
END
$$;
REVOKE ALL ON FUNCTION public.analytics_salt(date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.analytics_salt(date) TO service_role;

-- ---------------------------------------------------------------------------------------------
-- 2. Raw events. `view` is a page shown; `engagement` is sent when it is hidden (engaged time
--    since the last one, and the Web Vitals measured so far); `lead` is a stored lead.
CREATE TABLE public.analytics_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  day date NOT NULL,
  visitor text NOT NULL CHECK (visitor ~ '^[0-9a-f]{32}$'),
  kind text NOT NULL CHECK (kind IN ('view', 'engagement', 'lead')),
  -- Random per page view, made by the script, so a view's engagement and vitals meet it.
  view_id text CHECK (view_id IS NULL OR view_id ~ '^[0-9A-Za-z_-]{1,40}$'),
  -- The path without its query; `path` keeps the query's campaign parameters and click ids.
  page text NOT NULL CHECK (char_length(page) <= 300 AND page ~ '^/'),
  path text NOT NULL CHECK (char_length(path) <= 1500 AND path ~ '^/'),
  referrer_host text CHECK (char_length(referrer_host) <= 255),
  referrer_path text CHECK (char_length(referrer_path) <= 300),
  utm_source text CHECK (char_length(utm_source) <= 200),
  utm_medium text CHECK (char_length(utm_medium) <= 200),
  utm_campaign text CHECK (char_length(utm_campaign) <= 200),
  utm_term text CHECK (char_length(utm_term) <= 200),
  utm_content text CHECK (char_length(utm_content) <= 200),
  click_id text CHECK (char_length(click_id) <= 320),
  -- Where the view came from (app/lib/analytics-source.ts): 'internal' is a link of this site.
  channel text NOT NULL CHECK (channel IN ('direct', 'search', 'social', 'email', 'paid', 'referral', 'internal')),
  source text CHECK (char_length(source) <= 200),
  device text CHECK (device IN ('mobile', 'tablet', 'desktop')),
  browser text CHECK (char_length(browser) <= 60),
  os text CHECK (char_length(os) <= 60),
  -- Lower bound of the screen width's bucket, in CSS pixels.
  screen smallint CHECK (screen BETWEEN 0 AND 10000),
  engaged_ms integer CHECK (engaged_ms BETWEEN 0 AND 86400000),
  -- Web Vitals: milliseconds, CLS unitless.
  lcp real CHECK (lcp BETWEEN 0 AND 600000),
  inp real CHECK (inp BETWEEN 0 AND 600000),
  cls real CHECK (cls BETWEEN 0 AND 100),
  fcp real CHECK (fcp BETWEEN 0 AND 600000),
  ttfb real CHECK (ttfb BETWEEN 0 AND 600000),
  form text CHECK (form IN ('contact', 'demo')),
  CHECK ((kind = 'lead') = (form IS NOT NULL))
);
-- A visitor's day in order (a lead's attribution, the rollup of a day); BRIN for "the last five
-- minutes", which costs next to nothing on an append-only table.
CREATE INDEX analytics_events_day_visitor_at_idx ON public.analytics_events (day, visitor, at);
CREATE INDEX analytics_events_at_idx ON public.analytics_events USING brin (at);

-- ---------------------------------------------------------------------------------------------
-- 3. Daily rollups, kept for good. Empty text stands for "none" (no source, no campaign) so
--    rows group and filter without NULL cases.
CREATE TABLE public.analytics_rollups (
  day date PRIMARY KEY,
  rolled_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.analytics_daily_visits (
  day date NOT NULL,
  entry_page text NOT NULL,
  channel text NOT NULL,
  source text NOT NULL,
  campaign text NOT NULL,
  device text NOT NULL,
  browser text NOT NULL,
  os text NOT NULL,
  visits integer NOT NULL,
  views integer NOT NULL,
  -- Visits of one page view and no lead.
  bounces integer NOT NULL,
  engaged_ms bigint NOT NULL,
  -- Visits with at least one lead, and the leads by form.
  conversions integer NOT NULL,
  leads_contact integer NOT NULL,
  leads_demo integer NOT NULL
);
CREATE INDEX analytics_daily_visits_day_idx ON public.analytics_daily_visits (day);

-- Per page, with the dimensions of the visits that saw it, so that any filter applies.
CREATE TABLE public.analytics_daily_pages (
  day date NOT NULL,
  page text NOT NULL,
  entry_page text NOT NULL,
  channel text NOT NULL,
  source text NOT NULL,
  campaign text NOT NULL,
  device text NOT NULL,
  browser text NOT NULL,
  os text NOT NULL,
  views integer NOT NULL,
  visitors integer NOT NULL,
  entries integer NOT NULL,
  bounces integer NOT NULL,
  engaged_ms bigint NOT NULL,
  conversions integer NOT NULL,
  leads_contact integer NOT NULL,
  leads_demo integer NOT NULL
);
CREATE INDEX analytics_daily_pages_day_idx ON public.analytics_daily_pages (day);

-- Web Vitals as histograms (analytics_vital_bucket): percentiles of any period add up from them.
CREATE TABLE public.analytics_daily_vitals (
  day date NOT NULL,
  page text NOT NULL,
  device text NOT NULL,
  metric text NOT NULL CHECK (metric IN ('lcp', 'inp', 'cls', 'fcp', 'ttfb')),
  bucket smallint NOT NULL,
  samples integer NOT NULL
);
CREATE INDEX analytics_daily_vitals_day_idx ON public.analytics_daily_vitals (day);

-- ---------------------------------------------------------------------------------------------
-- 4. Who may do what: the server (service role) writes; admins with their second factor read.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['analytics_events', 'analytics_rollups', 'analytics_daily_visits',
                           'analytics_daily_pages', 'analytics_daily_vitals'] LOOP
    EXECUTE format('REVOKE ALL ON TABLE public.%I FROM anon, authenticated', t);
    EXECUTE format('GRANT SELECT ON TABLE public.%I TO authenticated', t);
    EXECUTE format('GRANT ALL ON TABLE public.%I TO service_role', t);
    EXECUTE format('ALTER TABLE public.%I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY "Admins read analytics" ON public.%I FOR SELECT TO authenticated
         USING ((SELECT public.has_role((SELECT auth.uid()), ''admin'')))', t);
    EXECUTE format(
      'CREATE POLICY "Second factor for analytics" ON public.%I AS RESTRICTIVE FOR SELECT TO authenticated
         USING ((SELECT public.mfa_satisfied()))', t);
  END LOOP;
END
$$;

-- ---------------------------------------------------------------------------------------------
-- 5. Writing: a batch of events from the server's queue (server/analytics/queue.ts).
CREATE FUNCTION public.analytics_ingest(p_events jsonb)
RETURNS integer
LANGUAGE sql
SET search_path = ''
AS $$
  WITH stored AS (
    INSERT INTO public.analytics_events (
      at, day, visitor, kind, view_id, page, path, referrer_host, referrer_path,
      utm_source, utm_medium, utm_campaign, utm_term, utm_content, click_id, channel, source,
      device, browser, os, screen, engaged_ms, lcp, inp, cls, fcp, ttfb, form)
    SELECT e.at, e.day, e.visitor, e.kind, e.view_id, e.page, e.path, e.referrer_host, e.referrer_path,
           e.utm_source, e.utm_medium, e.utm_campaign, e.utm_term, e.utm_content, e.click_id, e.channel,
           e.source, e.device, e.browser, e.os, e.screen, e.engaged_ms, e.lcp, e.inp, e.cls, e.fcp, e.ttfb,
           e.form
      FROM jsonb_to_recordset(p_events) AS e(
        at timestamptz, day date, visitor text, kind text, view_id text, page text, path text,
        referrer_host text, referrer_path text, utm_source text, utm_medium text, utm_campaign text,
        utm_term text, utm_content text, click_id text, channel text, source text, device text,
        browser text, os text, screen smallint, engaged_ms integer, lcp real, inp real, cls real,
        fcp real, ttfb real, form text)
    RETURNING 1
  )
  SELECT count(*)::integer FROM stored
$$;
REVOKE ALL ON FUNCTION public.analytics_ingest(jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.analytics_ingest(jsonb) TO service_role;

-- ---------------------------------------------------------------------------------------------
-- 6. One day's visits, computed from its raw events: each visitor's first view (or lead) says
--    where the visit entered and came from, the rest add up.
CREATE FUNCTION public.analytics_live_visitors(p_day date)
RETURNS TABLE (
  visitor text, entry_page text, channel text, source text, campaign text, device text,
  browser text, os text, views integer, engaged_ms bigint, leads_contact integer, leads_demo integer
)
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  WITH firsts AS (
    SELECT DISTINCT ON (e.visitor) e.visitor, e.page, e.channel, e.source, e.utm_campaign, e.device, e.browser, e.os
      FROM public.analytics_events e
     WHERE e.day = p_day AND e.kind IN ('view', 'lead')
     ORDER BY e.visitor, e.at, e.id
  ), totals AS (
    SELECT e.visitor,
           count(*) FILTER (WHERE e.kind = 'view')::integer AS views,
           coalesce(sum(e.engaged_ms) FILTER (WHERE e.kind = 'engagement'), 0)::bigint AS engaged_ms,
           count(*) FILTER (WHERE e.kind = 'lead' AND e.form = 'contact')::integer AS leads_contact,
           count(*) FILTER (WHERE e.kind = 'lead' AND e.form = 'demo')::integer AS leads_demo
      FROM public.analytics_events e
     WHERE e.day = p_day
     GROUP BY e.visitor
  )
  -- A visit that entered through one of the site's own links (it began before midnight) is direct.
  SELECT f.visitor, f.page,
         CASE WHEN f.channel = 'internal' THEN 'direct' ELSE f.channel END,
         CASE WHEN f.channel = 'internal' THEN '' ELSE coalesce(f.source, '') END,
         coalesce(f.utm_campaign, ''), coalesce(f.device, ''), coalesce(f.browser, ''), coalesce(f.os, ''),
         t.views, t.engaged_ms, t.leads_contact, t.leads_demo
    FROM firsts f JOIN totals t USING (visitor)
$$;

CREATE FUNCTION public.analytics_live_visits(p_day date)
RETURNS SETOF public.analytics_daily_visits
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  SELECT p_day, v.entry_page, v.channel, v.source, v.campaign, v.device, v.browser, v.os,
         count(*)::integer,
         sum(v.views)::integer,
         count(*) FILTER (WHERE v.views <= 1 AND v.leads_contact + v.leads_demo = 0)::integer,
         sum(v.engaged_ms)::bigint,
         count(*) FILTER (WHERE v.leads_contact + v.leads_demo > 0)::integer,
         sum(v.leads_contact)::integer,
         sum(v.leads_demo)::integer
    FROM public.analytics_live_visitors(p_day) v
   GROUP BY v.entry_page, v.channel, v.source, v.campaign, v.device, v.browser, v.os
$$;

CREATE FUNCTION public.analytics_live_pages(p_day date)
RETURNS SETOF public.analytics_daily_pages
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  WITH per_page AS (
    SELECT e.visitor, e.page,
           count(*) FILTER (WHERE e.kind = 'view')::integer AS views,
           coalesce(sum(e.engaged_ms) FILTER (WHERE e.kind = 'engagement'), 0)::bigint AS engaged_ms
      FROM public.analytics_events e
     WHERE e.day = p_day AND e.kind IN ('view', 'engagement')
     GROUP BY e.visitor, e.page
  )
  SELECT p_day, p.page, v.entry_page, v.channel, v.source, v.campaign, v.device, v.browser, v.os,
         sum(p.views)::integer,
         count(*) FILTER (WHERE p.views > 0)::integer,
         count(*) FILTER (WHERE p.views > 0 AND p.page = v.entry_page)::integer,
         count(*) FILTER (WHERE p.views > 0 AND v.views <= 1 AND v.leads_contact + v.leads_demo = 0)::integer,
         sum(p.engaged_ms)::bigint,
         count(*) FILTER (WHERE p.views > 0 AND v.leads_contact + v.leads_demo > 0)::integer,
         -- Zero, not null, for a page with only an engagement that day (viewed before midnight).
         coalesce(sum(v.leads_contact) FILTER (WHERE p.views > 0), 0)::integer,
         coalesce(sum(v.leads_demo) FILTER (WHERE p.views > 0), 0)::integer
    FROM per_page p JOIN public.analytics_live_visitors(p_day) v USING (visitor)
   GROUP BY p.page, v.entry_page, v.channel, v.source, v.campaign, v.device, v.browser, v.os
$$;

-- Web Vitals histograms: about 5% wide buckets on a log scale (CLS in thousandths), so a p75
-- read from them is within about 2.5% of the exact one.
CREATE FUNCTION public.analytics_vital_bucket(value double precision)
RETURNS smallint
LANGUAGE sql
IMMUTABLE
SET search_path = ''
AS $$
  SELECT round(ln(1 + greatest(value, 0)) * 20)::smallint
$$;

CREATE FUNCTION public.analytics_vital_value(metric text, bucket smallint)
RETURNS double precision
LANGUAGE sql
IMMUTABLE
SET search_path = ''
AS $$
  SELECT (exp(bucket / 20.0) - 1) / CASE WHEN metric = 'cls' THEN 1000 ELSE 1 END
$$;

CREATE FUNCTION public.analytics_live_vitals(p_day date)
RETURNS SETOF public.analytics_daily_vitals
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  -- A view reports again when a metric grows after it was hidden once: its largest value counts.
  WITH per_view AS (
    SELECT e.page, coalesce(e.device, '') AS device, e.view_id,
           max(e.lcp) AS lcp, max(e.inp) AS inp, max(e.cls) AS cls, max(e.fcp) AS fcp, max(e.ttfb) AS ttfb
      FROM public.analytics_events e
     WHERE e.day = p_day AND e.kind = 'engagement' AND e.view_id IS NOT NULL
     GROUP BY e.page, coalesce(e.device, ''), e.view_id
  )
  SELECT p_day, v.page, v.device, m.metric, public.analytics_vital_bucket(m.value), count(*)::integer
    FROM per_view v
   CROSS JOIN LATERAL (VALUES ('lcp', v.lcp), ('inp', v.inp), ('cls', v.cls * 1000), ('fcp', v.fcp), ('ttfb', v.ttfb))
         AS m(metric, value)
   WHERE m.value IS NOT NULL
   GROUP BY v.page, v.device, m.metric, public.analytics_vital_bucket(m.value)
$$;

-- ---------------------------------------------------------------------------------------------
-- 7. Upkeep (server/analytics/maintenance.ts, every few minutes on each instance): roll up each
--    closed day once (five minutes after midnight, when every queue has been written), delete
--    salts older than yesterday's and raw events older than the retention, rolled up first.
CREATE FUNCTION public.analytics_rollup(p_day date)
RETURNS boolean
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  -- Another instance rolling up the same day holds this row until it commits; then this one skips.
  INSERT INTO public.analytics_rollups (day) VALUES (p_day) ON CONFLICT (day) DO NOTHING;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  INSERT INTO public.analytics_daily_visits SELECT * FROM public.analytics_live_visits(p_day);
  INSERT INTO public.analytics_daily_pages SELECT * FROM public.analytics_live_pages(p_day);
  INSERT INTO public.analytics_daily_vitals SELECT * FROM public.analytics_live_vitals(p_day);
  RETURN true;
END
$$;
REVOKE ALL ON FUNCTION public.analytics_rollup(date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.analytics_rollup(date) TO service_role;

CREATE FUNCTION public.analytics_maintain(p_retention_days integer)
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
BEGIN
  IF p_retention_days IS NULL OR p_retention_days < 1 THEN
    RAISE EXCEPTION 'retention must be at least one day' USING ERRCODE = '22023';
  END IF;
  IF first_day IS NOT NULL THEN
    FOR d IN
      SELECT g::date FROM generate_series(first_day, closed - 1, interval '1 day') AS g
       WHERE NOT EXISTS (SELECT 1 FROM public.analytics_rollups r WHERE r.day = g::date)
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
     AND EXISTS (SELECT 1 FROM public.analytics_rollups r WHERE r.day = e.day);
  GET DIAGNOSTICS removed = ROW_COUNT;
  RETURN jsonb_build_object('rolled_up', rolled, 'salts_deleted', salts, 'events_deleted', removed);
END
$$;
REVOKE ALL ON FUNCTION public.analytics_maintain(integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.analytics_maintain(integer) TO service_role;

-- ---------------------------------------------------------------------------------------------
-- 8. The dashboard ("Análises", app/lib/admin/analytics.ts). Each function runs as its caller,
--    so row-level security decides: anyone but an admin gets zeros. Filters are a JSON object of
--    dimension → value (page, entry_page, channel, source, campaign, device, browser, os); "" is
--    "none". With a page filter, visit figures are those of the visits that saw the page.

-- The days of a period that have raw events but no rollup yet (today, and yesterday until just
-- after midnight).
CREATE FUNCTION public.analytics_unrolled_days(p_from date, p_to date)
RETURNS SETOF date
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  SELECT g::date
    FROM generate_series(greatest(p_from, (SELECT min(day) FROM public.analytics_events)), p_to, interval '1 day') AS g
   WHERE NOT EXISTS (SELECT 1 FROM public.analytics_rollups r WHERE r.day = g::date)
     AND EXISTS (SELECT 1 FROM public.analytics_events e WHERE e.day = g::date)
$$;

CREATE FUNCTION public.analytics_check_filters(p_filters jsonb)
RETURNS jsonb
LANGUAGE plpgsql
IMMUTABLE
SET search_path = ''
AS $$
DECLARE k text;
BEGIN
  IF p_filters IS NULL THEN
    RETURN '{}'::jsonb;
  END IF;
  IF jsonb_typeof(p_filters) <> 'object' THEN
    RAISE EXCEPTION 'filters must be an object' USING ERRCODE = '22023';
  END IF;
  FOR k IN SELECT jsonb_object_keys(p_filters) LOOP
    IF k NOT IN ('page', 'entry_page', 'channel', 'source', 'campaign', 'device', 'browser', 'os')
       OR jsonb_typeof(p_filters -> k) <> 'string' THEN
      RAISE EXCEPTION 'unknown filter %', k USING ERRCODE = '22023';
    END IF;
  END LOOP;
  RETURN p_filters;
END
$$;

CREATE FUNCTION public.analytics_period_check(p_from date, p_to date)
RETURNS void
LANGUAGE plpgsql
IMMUTABLE
SET search_path = ''
AS $$
BEGIN
  IF p_from IS NULL OR p_to IS NULL OR p_to < p_from OR p_to - p_from > 3660 THEN
    RAISE EXCEPTION 'a period is from <= to, at most ten years' USING ERRCODE = '22023';
  END IF;
END
$$;

-- Visits of a period that match the filters other than the page.
CREATE FUNCTION public.analytics_visits_in(p_from date, p_to date, f jsonb)
RETURNS SETOF public.analytics_daily_visits
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  SELECT c.* FROM (
    SELECT * FROM public.analytics_daily_visits WHERE day BETWEEN p_from AND p_to
    UNION ALL
    SELECT l.* FROM public.analytics_unrolled_days(p_from, p_to) AS d, LATERAL public.analytics_live_visits(d) AS l
  ) c
  WHERE (NOT f ? 'entry_page' OR c.entry_page = f ->> 'entry_page')
    AND (NOT f ? 'channel' OR c.channel = f ->> 'channel')
    AND (NOT f ? 'source' OR c.source = f ->> 'source')
    AND (NOT f ? 'campaign' OR c.campaign = f ->> 'campaign')
    AND (NOT f ? 'device' OR c.device = f ->> 'device')
    AND (NOT f ? 'browser' OR c.browser = f ->> 'browser')
    AND (NOT f ? 'os' OR c.os = f ->> 'os')
$$;

-- Page rows of a period that match every filter, the page included.
CREATE FUNCTION public.analytics_pages_in(p_from date, p_to date, f jsonb)
RETURNS SETOF public.analytics_daily_pages
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  SELECT c.* FROM (
    SELECT * FROM public.analytics_daily_pages WHERE day BETWEEN p_from AND p_to
    UNION ALL
    SELECT l.* FROM public.analytics_unrolled_days(p_from, p_to) AS d, LATERAL public.analytics_live_pages(d) AS l
  ) c
  WHERE (NOT f ? 'page' OR c.page = f ->> 'page')
    AND (NOT f ? 'entry_page' OR c.entry_page = f ->> 'entry_page')
    AND (NOT f ? 'channel' OR c.channel = f ->> 'channel')
    AND (NOT f ? 'source' OR c.source = f ->> 'source')
    AND (NOT f ? 'campaign' OR c.campaign = f ->> 'campaign')
    AND (NOT f ? 'device' OR c.device = f ->> 'device')
    AND (NOT f ? 'browser' OR c.browser = f ->> 'browser')
    AND (NOT f ? 'os' OR c.os = f ->> 'os')
$$;

CREATE FUNCTION public.analytics_totals(p_from date, p_to date, f jsonb)
RETURNS jsonb
LANGUAGE plpgsql
STABLE
SET search_path = ''
AS $$
DECLARE result jsonb;
BEGIN
  IF f ? 'page' THEN
    SELECT jsonb_build_object(
             'visitors', coalesce(sum(visitors), 0), 'views', coalesce(sum(views), 0),
             'bounces', coalesce(sum(bounces), 0), 'engaged_ms', coalesce(sum(engaged_ms), 0),
             'conversions', coalesce(sum(conversions), 0), 'leads_contact', coalesce(sum(leads_contact), 0),
             'leads_demo', coalesce(sum(leads_demo), 0))
      INTO result FROM public.analytics_pages_in(p_from, p_to, f);
  ELSE
    SELECT jsonb_build_object(
             'visitors', coalesce(sum(visits), 0), 'views', coalesce(sum(views), 0),
             'bounces', coalesce(sum(bounces), 0), 'engaged_ms', coalesce(sum(engaged_ms), 0),
             'conversions', coalesce(sum(conversions), 0), 'leads_contact', coalesce(sum(leads_contact), 0),
             'leads_demo', coalesce(sum(leads_demo), 0))
      INTO result FROM public.analytics_visits_in(p_from, p_to, f);
  END IF;
  RETURN result;
END
$$;

-- The period's totals and those of the period of the same length just before it.
CREATE FUNCTION public.analytics_summary(p_from date, p_to date, p_filters jsonb DEFAULT '{}'::jsonb)
RETURNS jsonb
LANGUAGE plpgsql
STABLE
SET search_path = ''
AS $$
DECLARE
  f jsonb := public.analytics_check_filters(p_filters);
  span integer := p_to - p_from + 1;
BEGIN
  PERFORM public.analytics_period_check(p_from, p_to);
  RETURN jsonb_build_object(
    'current', public.analytics_totals(p_from, p_to, f),
    'previous', public.analytics_totals(p_from - span, p_from - 1, f));
END
$$;

-- One dimension's rows, most visitors first.
CREATE FUNCTION public.analytics_breakdown(
  p_dimension text, p_from date, p_to date, p_filters jsonb DEFAULT '{}'::jsonb, p_limit integer DEFAULT 100
)
RETURNS TABLE (
  value text, visitors bigint, views bigint, entries bigint, bounces bigint, engaged_ms bigint,
  conversions bigint, leads bigint
)
LANGUAGE plpgsql
STABLE
SET search_path = ''
AS $$
DECLARE
  f jsonb := public.analytics_check_filters(p_filters);
BEGIN
  PERFORM public.analytics_period_check(p_from, p_to);
  IF p_dimension NOT IN ('page', 'entry_page', 'channel', 'source', 'campaign', 'device', 'browser', 'os') THEN
    RAISE EXCEPTION 'unknown dimension %', p_dimension USING ERRCODE = '22023';
  END IF;
  IF p_limit IS NULL OR p_limit NOT BETWEEN 1 AND 1000 THEN
    RAISE EXCEPTION 'limit must be 1 to 1000' USING ERRCODE = '22023';
  END IF;
  IF p_dimension = 'page' OR f ? 'page' THEN
    RETURN QUERY
      SELECT CASE p_dimension WHEN 'page' THEN c.page WHEN 'entry_page' THEN c.entry_page
               WHEN 'channel' THEN c.channel WHEN 'source' THEN c.source WHEN 'campaign' THEN c.campaign
               WHEN 'device' THEN c.device WHEN 'browser' THEN c.browser ELSE c.os END AS value,
             sum(c.visitors)::bigint, sum(c.views)::bigint, sum(c.entries)::bigint, sum(c.bounces)::bigint,
             sum(c.engaged_ms)::bigint, sum(c.conversions)::bigint, sum(c.leads_contact + c.leads_demo)::bigint
        FROM public.analytics_pages_in(p_from, p_to, f) c
       GROUP BY 1
       ORDER BY 2 DESC, 1
       LIMIT p_limit;
  ELSE
    RETURN QUERY
      SELECT CASE p_dimension WHEN 'entry_page' THEN c.entry_page
               WHEN 'channel' THEN c.channel WHEN 'source' THEN c.source WHEN 'campaign' THEN c.campaign
               WHEN 'device' THEN c.device WHEN 'browser' THEN c.browser ELSE c.os END AS value,
             sum(c.visits)::bigint, sum(c.views)::bigint, sum(c.visits)::bigint, sum(c.bounces)::bigint,
             sum(c.engaged_ms)::bigint, sum(c.conversions)::bigint, sum(c.leads_contact + c.leads_demo)::bigint
        FROM public.analytics_visits_in(p_from, p_to, f) c
       GROUP BY 1
       ORDER BY 2 DESC, 1
       LIMIT p_limit;
  END IF;
END
$$;

-- Visitors, page views and leads over the period: by hour for one day still in the raw events,
-- by day up to 92 days, by month beyond. Buckets without visits are there with zeros.
CREATE FUNCTION public.analytics_timeseries(p_from date, p_to date, p_filters jsonb DEFAULT '{}'::jsonb)
RETURNS TABLE (bucket timestamptz, visitors bigint, views bigint, leads bigint)
LANGUAGE plpgsql
STABLE
SET search_path = ''
AS $$
DECLARE
  f jsonb := public.analytics_check_filters(p_filters);
  tz constant text := 'America/Sao_Paulo';
BEGIN
  PERFORM public.analytics_period_check(p_from, p_to);
  IF p_from = p_to AND EXISTS (SELECT 1 FROM public.analytics_events e WHERE e.day = p_from) THEN
    RETURN QUERY
      WITH v AS (
        SELECT * FROM public.analytics_live_visitors(p_from) lv
         WHERE (NOT f ? 'entry_page' OR lv.entry_page = f ->> 'entry_page')
           AND (NOT f ? 'channel' OR lv.channel = f ->> 'channel')
           AND (NOT f ? 'source' OR lv.source = f ->> 'source')
           AND (NOT f ? 'campaign' OR lv.campaign = f ->> 'campaign')
           AND (NOT f ? 'device' OR lv.device = f ->> 'device')
           AND (NOT f ? 'browser' OR lv.browser = f ->> 'browser')
           AND (NOT f ? 'os' OR lv.os = f ->> 'os')
           AND (NOT f ? 'page' OR EXISTS (
                 SELECT 1 FROM public.analytics_events pe
                  WHERE pe.day = p_from AND pe.visitor = lv.visitor AND pe.kind = 'view' AND pe.page = f ->> 'page'))
      ), hits AS (
        SELECT date_trunc('hour', e.at AT TIME ZONE tz) AS hour, e.visitor, e.kind
          FROM public.analytics_events e JOIN v USING (visitor)
         WHERE e.day = p_from AND e.kind IN ('view', 'lead')
           AND (NOT f ? 'page' OR e.kind = 'lead' OR e.page = f ->> 'page')
      ), hours AS (
        SELECT h AS hour FROM generate_series(p_from::timestamp, p_from::timestamp + interval '23 hours', interval '1 hour') AS h
      )
      SELECT (hours.hour AT TIME ZONE tz),
             count(DISTINCT hits.visitor) FILTER (WHERE hits.kind = 'view'),
             count(hits.kind) FILTER (WHERE hits.kind = 'view'),
             count(hits.kind) FILTER (WHERE hits.kind = 'lead')
        FROM hours LEFT JOIN hits ON hits.hour = hours.hour
       GROUP BY hours.hour
       ORDER BY hours.hour;
  ELSE
    RETURN QUERY
      WITH rows AS (
        SELECT CASE WHEN p_to - p_from > 92 THEN date_trunc('month', c.day)::date ELSE c.day END AS day,
               c.visits AS visitors, c.views, c.leads_contact + c.leads_demo AS leads
          FROM public.analytics_visits_in(p_from, p_to, f) c WHERE NOT f ? 'page'
        UNION ALL
        SELECT CASE WHEN p_to - p_from > 92 THEN date_trunc('month', c.day)::date ELSE c.day END,
               c.visitors, c.views, c.leads_contact + c.leads_demo
          FROM public.analytics_pages_in(p_from, p_to, f) c WHERE f ? 'page'
      ), buckets AS (
        SELECT DISTINCT CASE WHEN p_to - p_from > 92 THEN date_trunc('month', g)::date ELSE g::date END AS day
          FROM generate_series(p_from, p_to, interval '1 day') AS g
      )
      SELECT (b.day::timestamp AT TIME ZONE tz), coalesce(sum(r.visitors), 0)::bigint,
             coalesce(sum(r.views), 0)::bigint, coalesce(sum(r.leads), 0)::bigint
        FROM buckets b LEFT JOIN rows r ON r.day = b.day
       GROUP BY b.day
       ORDER BY b.day;
  END IF;
END
$$;

-- The 75th percentile of LCP, INP and CLS (and FCP, TTFB) per page over the period, with how
-- many views measured it. Only the page and device filters apply: a page is as fast whatever
-- brought the visitor.
CREATE FUNCTION public.analytics_vitals(p_from date, p_to date, p_filters jsonb DEFAULT '{}'::jsonb)
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
       WHERE (NOT f ? 'page' OR c.page = f ->> 'page') AND (NOT f ? 'device' OR c.device = f ->> 'device')
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

-- Visitors seen in the last five minutes.
CREATE FUNCTION public.analytics_now()
RETURNS integer
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  SELECT count(DISTINCT e.visitor)::integer
    FROM public.analytics_events e
   WHERE e.day >= public.analytics_today() - 1 AND e.at > now() - interval '5 minutes'
$$;

DO $$
DECLARE fn text;
BEGIN
  FOREACH fn IN ARRAY ARRAY[
    'analytics_live_visitors(date)', 'analytics_live_visits(date)', 'analytics_live_pages(date)',
    'analytics_live_vitals(date)', 'analytics_unrolled_days(date, date)', 'analytics_check_filters(jsonb)',
    'analytics_period_check(date, date)', 'analytics_visits_in(date, date, jsonb)',
    'analytics_pages_in(date, date, jsonb)', 'analytics_totals(date, date, jsonb)',
    'analytics_summary(date, date, jsonb)', 'analytics_breakdown(text, date, date, jsonb, integer)',
    'analytics_timeseries(date, date, jsonb)', 'analytics_vitals(date, date, jsonb)', 'analytics_now()',
    'analytics_vital_bucket(double precision)', 'analytics_vital_value(text, smallint)'] LOOP
    EXECUTE format('REVOKE ALL ON FUNCTION public.%s FROM PUBLIC', fn);
    EXECUTE format('GRANT EXECUTE ON FUNCTION public.%s TO authenticated, service_role', fn);
  END LOOP;
END
$$;
