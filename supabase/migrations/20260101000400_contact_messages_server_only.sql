-- Leads enter only through the site's forms (docs/decisions/037-leads-written-by-the-server-only.md).
-- The forms' rate limit, honeypot and validation run in the site's server, which writes with the
-- service-role key; a public INSERT privilege let anyone skip them through /rest/v1. The
-- timestamps are the database's: a client can neither back-date a lead nor forge when it was
-- handled. Portable: plain Postgres 15+, unchanged on PGlite and on a hosted Supabase project.

DROP POLICY IF EXISTS "Anyone submits a message" ON public.contact_messages;

-- Admins keep reading, marking handled and deleting; nobody but the service role inserts, and an
-- admin's UPDATE may touch handled_at only (a column grant: other columns answer 42501).
REVOKE INSERT, UPDATE ON TABLE public.contact_messages FROM anon, authenticated;
GRANT UPDATE (handled_at) ON TABLE public.contact_messages TO authenticated;

-- The same admin check, as a sub-select: Postgres then evaluates it once per statement (an
-- InitPlan) instead of once per row, which at 100,000 leads made every page take seconds
-- (scripts/bench/leads.ts). Supabase's advice for RLS performance, "call functions with
-- select": https://supabase.com/docs/guides/database/postgres/row-level-security
DROP POLICY "Admins manage messages" ON public.contact_messages;
CREATE POLICY "Admins manage messages" ON public.contact_messages
  FOR ALL TO authenticated
  USING ((SELECT public.has_role((SELECT auth.uid()), 'admin')))
  WITH CHECK ((SELECT public.has_role((SELECT auth.uid()), 'admin')));

CREATE FUNCTION public.contact_messages_server_timestamps()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.created_at := now();
    NEW.handled_at := NULL;
    RETURN NEW;
  END IF;
  NEW.created_at := OLD.created_at;
  IF NEW.handled_at IS NOT NULL THEN
    -- Marking handled records the moment it happened; an already handled lead keeps its time.
    NEW.handled_at := coalesce(OLD.handled_at, now());
  END IF;
  RETURN NEW;
END
$$;

-- Triggers fire whatever the caller's EXECUTE rights; nobody needs to call it through rpc.
REVOKE ALL ON FUNCTION public.contact_messages_server_timestamps() FROM PUBLIC, anon, authenticated;

CREATE TRIGGER contact_messages_server_timestamps
  BEFORE INSERT OR UPDATE ON public.contact_messages
  FOR EACH ROW EXECUTE FUNCTION public.contact_messages_server_timestamps();

-- The admin pages through leads newest first with id as the tiebreaker (rows inserted in one
-- statement share created_at), so this index serves ORDER BY created_at DESC, id DESC LIMIT/OFFSET
-- and replaces the single-column one.
CREATE INDEX contact_messages_created_at_id_idx ON public.contact_messages (created_at DESC, id DESC);
DROP INDEX IF EXISTS public.contact_messages_created_at_idx;
