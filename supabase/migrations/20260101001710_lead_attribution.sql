-- Where each lead came from (docs/decisions/073-cookieless-analytics.md): the site's server
-- stores, with the lead, the first and the last touch of the visitor's day ({"first": {...},
-- "last": {...}}, each with landing_page, referrer, utm_*, click_id, pages_before, and the
-- source and channel they make: app/lib/analytics-attribution.ts). Only the service role inserts
-- leads (ADR 037), so only it writes this. The inbox filters by the first touch's source and
-- campaign: two generated columns, indexed like the inbox's other filters.

ALTER TABLE public.contact_messages
  ADD COLUMN attribution jsonb
    CHECK (attribution IS NULL OR (jsonb_typeof(attribution) = 'object' AND octet_length(attribution::text) <= 8192)),
  ADD COLUMN attribution_source text GENERATED ALWAYS AS (attribution #>> '{first,source}') STORED,
  ADD COLUMN attribution_campaign text GENERATED ALWAYS AS (attribution #>> '{first,utm_campaign}') STORED;

CREATE INDEX contact_messages_attribution_source_idx
  ON public.contact_messages (attribution_source, created_at DESC, id DESC) WHERE attribution_source IS NOT NULL;
CREATE INDEX contact_messages_attribution_campaign_idx
  ON public.contact_messages (attribution_campaign, created_at DESC, id DESC) WHERE attribution_campaign IS NOT NULL;

-- The sources and campaigns the inbox's filters offer, with how many leads each brought. As the
-- caller: row-level security leaves anyone but an admin with none.
CREATE FUNCTION public.lead_attribution_options()
RETURNS TABLE (kind text, value text, leads bigint)
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  (SELECT 'source', m.attribution_source, count(*) FROM public.contact_messages m
    WHERE m.attribution_source IS NOT NULL GROUP BY m.attribution_source ORDER BY count(*) DESC LIMIT 200)
  UNION ALL
  (SELECT 'campaign', m.attribution_campaign, count(*) FROM public.contact_messages m
    WHERE m.attribution_campaign IS NOT NULL GROUP BY m.attribution_campaign ORDER BY count(*) DESC LIMIT 200)
$$;
REVOKE ALL ON FUNCTION public.lead_attribution_options() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.lead_attribution_options() TO authenticated, service_role;
