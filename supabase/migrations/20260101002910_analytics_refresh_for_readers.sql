-- Every role that opens Análises asks for today's figures to be rewritten once the panels show
-- (on PGlite nothing else rewrites them). Until now only admins could, so an editor's or a
-- salesperson's request was refused and their "today" stayed as old as the last admin's visit.
-- The rewrite is spaced by 10 seconds in SQL, so letting every reader ask cannot make it run
-- more often; what each reader then sees is still decided by the tables' own policies.
CREATE OR REPLACE FUNCTION public.analytics_refresh()
RETURNS integer
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF NOT (public.can_read_conversions() AND public.mfa_satisfied()) THEN
    RAISE EXCEPTION 'permission denied' USING ERRCODE = '42501';
  END IF;
  RETURN public.analytics_refresh_open_days(interval '10 seconds');
END
$$;
