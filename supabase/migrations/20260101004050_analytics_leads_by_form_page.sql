-- Which page brings leads: "Páginas mais vistas" credited each lead to every page its visitor saw
-- that day, so its Leads column added up to more than the leads and could not tell the page whose
-- form was sent from the pages read on the way. A page's leads are now the leads sent from a form
-- on it (the lead event's page, app/lib/leads.server.ts); its conversions stay the visitors who
-- saw it and sent a lead anywhere, so "Conversão" still credits the pages that led there. The
-- visit rows (totals, entry pages, channels, sources) are unchanged. docs/admin.md, "Análises".
CREATE OR REPLACE FUNCTION public.analytics_live_pages(p_day date)
RETURNS SETOF public.analytics_daily_pages
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  WITH per_page AS (
    SELECT e.visitor, e.page,
           count(*) FILTER (WHERE e.kind = 'view')::integer AS views,
           coalesce(sum(e.engaged_ms) FILTER (WHERE e.kind = 'engagement'), 0)::bigint AS engaged_ms,
           count(*) FILTER (WHERE e.kind = 'lead' AND e.form = 'contact')::integer AS leads_contact,
           count(*) FILTER (WHERE e.kind = 'lead' AND e.form = 'demo')::integer AS leads_demo
      FROM public.analytics_events e
     WHERE e.day = p_day AND e.kind IN ('view', 'engagement', 'lead')
     GROUP BY e.visitor, e.page
  )
  SELECT p_day, p.page, v.entry_page, v.channel, v.source, v.campaign, v.device, v.browser, v.os,
         sum(p.views)::integer,
         count(*) FILTER (WHERE p.views > 0)::integer,
         count(*) FILTER (WHERE p.views > 0 AND p.page = v.entry_page)::integer,
         count(*) FILTER (WHERE p.views > 0 AND v.views <= 1 AND v.leads_contact + v.leads_demo = 0)::integer,
         sum(p.engaged_ms)::bigint,
         count(*) FILTER (WHERE p.views > 0 AND v.leads_contact + v.leads_demo > 0)::integer,
         sum(p.leads_contact)::integer,
         sum(p.leads_demo)::integer
    FROM per_page p JOIN public.analytics_live_visitors(p_day) v USING (visitor)
   GROUP BY p.page, v.entry_page, v.channel, v.source, v.campaign, v.device, v.browser, v.os
$$;

-- The days rolled up whose raw events are still kept (90 days) are rolled up again; older days
-- keep the count they had, as their events are gone.
DELETE FROM public.analytics_daily_pages p
 USING public.analytics_rollups r
 WHERE p.day = r.day AND EXISTS (SELECT 1 FROM public.analytics_events e WHERE e.day = r.day);
INSERT INTO public.analytics_daily_pages
  SELECT l.* FROM public.analytics_rollups r CROSS JOIN LATERAL public.analytics_live_pages(r.day) AS l
   WHERE EXISTS (SELECT 1 FROM public.analytics_events e WHERE e.day = r.day);
