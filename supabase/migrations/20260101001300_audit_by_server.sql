-- Audit rows come only from the database's triggers and from the site's server (issue #34): an
-- admin could call record_audit through the API with any of its actions and a 900 KB `details`.
-- Portable: plain Postgres 15+, PGlite, hosted Supabase.

-- Bounded for every writer, triggers included: their details are a few ids, far below this.
-- NOT VALID: rows already written stay as they are (the log is append-only); new ones are checked.
ALTER TABLE public.audit_log
  ADD CONSTRAINT audit_log_details_size CHECK (octet_length(details::text) <= 8192) NOT VALID;

-- What the site's server records for an action taken through its own routes (the CSV export, an
-- invitation): the server has checked the caller (an admin, with the second factor where
-- required) and passes that user's id and the client address it saw, since the request reaching
-- the database is the server's, not the admin's. The service role only.
DROP FUNCTION public.record_audit(text, jsonb);
CREATE FUNCTION public.record_audit(action text, actor uuid, ip text, details jsonb DEFAULT '{}'::jsonb)
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF action IS NULL OR action NOT IN ('lead.exported', 'member.invited') THEN
    RAISE EXCEPTION 'unknown audit action %', action USING ERRCODE = '22023';
  END IF;
  INSERT INTO public.audit_log (actor_id, actor_email, action, target, details, ip)
  VALUES (
    actor,
    (SELECT email::text FROM auth.users WHERE id = actor),
    action,
    NULL,
    coalesce(details, '{}'::jsonb),
    -- Cast, so that only an address is stored (anything else is refused with 22P02).
    host(ip::inet)
  );
END
$$;
-- A hosted project's default privileges grant EXECUTE on every new function to anon and
-- authenticated: take it back from them by name, not only from PUBLIC.
REVOKE ALL ON FUNCTION public.record_audit(text, uuid, text, jsonb) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.record_audit(text, uuid, text, jsonb) TO service_role;

-- The same for the triggers' writer, which takes any action and actor: 20260101001200 revoked it
-- from PUBLIC only, which left it callable by anon and authenticated on a hosted project.
REVOKE ALL ON FUNCTION public.write_audit(text, text, jsonb, uuid) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.write_audit(text, text, jsonb, uuid) TO service_role;
