-- One name per source (app/lib/analytics-source.ts, sourceName): "Origens" showed google and
-- Google, the inbox's source filter offered both. A campaign's utm_source (or ref, source) that
-- spells a name referrers get ("google", "GOOGLE") now takes that name ("Google"); any other is
-- trimmed and lower-cased ("Newsletter" → "newsletter"). New events and leads arrive so named;
-- this renames what was stored before, where nothing would rewrite it: the raw events, the daily
-- rollups (a closed day's are kept for good and never rolled up again) and each lead's first and
-- last touch (its attribution_source, which the inbox filters by, follows). Sources named from a
-- referrer (a known name, or a host in lower case) are already so and stay. Campaign names keep
-- their case. Data only: the helpers are dropped at the end.
-- Portable: plain PostgreSQL 15+, PGlite and hosted Supabase.

-- sourceName in SQL: the names of KNOWN_SOURCES (server/analytics/source-names.test.ts checks
-- that every one of them is renamed as the TypeScript renames it).
CREATE FUNCTION public.analytics_source_name_once(p_value text)
RETURNS text
LANGUAGE sql
IMMUTABLE
SET search_path = ''
AS $$
  -- lower() changes only ASCII letters under the C locale: Latin-1's capitals are spelled out.
  WITH v AS (
    SELECT translate(lower(btrim(p_value)), 'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞ',
                     'àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþ') AS lowered,
           regexp_replace(lower(btrim(p_value)), '[^a-z0-9]', '', 'g') AS key
  )
  SELECT coalesce(
    (SELECT k.name
       FROM (VALUES ('Google'), ('Bing'), ('DuckDuckGo'), ('Yahoo!'), ('Ecosia'), ('Yandex'), ('Baidu'),
                    ('Brave'), ('Facebook'), ('Instagram'), ('LinkedIn'), ('X'), ('YouTube'), ('TikTok'),
                    ('Pinterest'), ('Reddit'), ('WhatsApp'), ('Threads'), ('Gmail'), ('Outlook'),
                    ('Yahoo! Mail')) AS k(name), v
      WHERE v.key <> '' AND regexp_replace(lower(k.name), '[^a-z0-9]', '', 'g') = v.key),
    (SELECT v.lowered FROM v))
$$;

-- A touch ({landing_page, utm_source, source, …}) with its campaign's source renamed; a touch
-- without a campaign source is left as it is.
CREATE FUNCTION public.analytics_touch_source_names_once(p_touch jsonb)
RETURNS jsonb
LANGUAGE sql
IMMUTABLE
SET search_path = ''
AS $$
  SELECT CASE
    WHEN jsonb_typeof(p_touch -> 'utm_source') <> 'string' THEN p_touch
    ELSE p_touch
      || jsonb_build_object('utm_source', public.analytics_source_name_once(p_touch ->> 'utm_source'))
      || CASE WHEN jsonb_typeof(p_touch -> 'source') = 'string'
              THEN jsonb_build_object('source', public.analytics_source_name_once(p_touch ->> 'source'))
              ELSE '{}'::jsonb END
  END
$$;

-- Raw events: a source with a campaign source is that campaign source.
UPDATE public.analytics_events
   SET utm_source = public.analytics_source_name_once(utm_source),
       source = public.analytics_source_name_once(source)
 WHERE utm_source IS NOT NULL
   AND (utm_source <> public.analytics_source_name_once(utm_source)
        OR source IS DISTINCT FROM public.analytics_source_name_once(source));

-- Rollups: "" (none) stays "", a referrer's name or host stays.
UPDATE public.analytics_daily_visits
   SET source = public.analytics_source_name_once(source)
 WHERE source <> public.analytics_source_name_once(source);
UPDATE public.analytics_daily_pages
   SET source = public.analytics_source_name_once(source)
 WHERE source <> public.analytics_source_name_once(source);

-- Leads: only the attribution changes (no status change: the audit log sees nothing).
WITH renamed AS (
  SELECT m.id,
         m.attribution || jsonb_build_object(
           'first', public.analytics_touch_source_names_once(m.attribution -> 'first'),
           'last', public.analytics_touch_source_names_once(m.attribution -> 'last')) AS attribution
    FROM public.contact_messages m
   WHERE jsonb_typeof(m.attribution -> 'first') = 'object' AND jsonb_typeof(m.attribution -> 'last') = 'object'
)
UPDATE public.contact_messages m
   SET attribution = r.attribution
  FROM renamed r
 WHERE m.id = r.id AND m.attribution <> r.attribution;

DROP FUNCTION public.analytics_touch_source_names_once(jsonb);
DROP FUNCTION public.analytics_source_name_once(text);
