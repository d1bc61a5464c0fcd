-- Two holes a QA pass found in the team's rules (docs/security.md "Roles"). Portable: PostgreSQL
-- 15+, PGlite, hosted Supabase.

-- ---------------------------------------------------------------------------------------------
-- 1. The admin who stays is one who can sign in. keep_one_admin counted every admin row, and an
--    admin could give Administrador to a pending invitation (an account that has never confirmed
--    its address, so cannot sign in) and then demote themselves: the only admin left was someone
--    who might never accept. Now another admin counts only once their address is confirmed (a
--    password sign-in needs it; the invitation link and company sign-in set it).
CREATE OR REPLACE FUNCTION public.keep_one_admin()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF OLD.role = 'admin' AND (TG_OP = 'DELETE' OR NEW.role <> 'admin' OR NEW.user_id <> OLD.user_id) THEN
    -- Serialises concurrent revocations: two admins removing each other cannot both succeed.
    PERFORM 1 FROM public.user_roles WHERE role = 'admin' FOR UPDATE;
    IF NOT EXISTS (SELECT 1 FROM public.user_roles r JOIN auth.users u ON u.id = r.user_id
                    WHERE r.role = 'admin' AND r.id <> OLD.id AND u.email_confirmed_at IS NOT NULL) THEN
      RAISE EXCEPTION 'the last admin cannot be removed or demoted'
        USING ERRCODE = 'P0001', HINT = 'last_admin';
    END IF;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$$;

-- ---------------------------------------------------------------------------------------------
-- 2. Refusals before any row is read (20260101004020_refusals_are_errors.sql), for the leads and
--    the posts too: a salesperson's or a writer's DELETE of a lead that did not exist answered
--    204 where an existing one answered 403, and a salesperson's INSERT into blog_posts was
--    refused by the writers' guard with the hint can_publish_posts instead of can_write_posts.
CREATE TRIGGER contact_messages_sales_update
  BEFORE UPDATE ON public.contact_messages
  FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_without_capability('can_read_leads');
CREATE TRIGGER contact_messages_admins_delete
  BEFORE DELETE ON public.contact_messages
  FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_without_capability('is_admin');
CREATE TRIGGER lead_deliveries_sales_update
  BEFORE UPDATE ON public.lead_deliveries
  FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_without_capability('can_read_leads');
CREATE TRIGGER blog_posts_writers_only
  BEFORE INSERT OR UPDATE OR DELETE ON public.blog_posts
  FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_without_capability('can_write_posts');
