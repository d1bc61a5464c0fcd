-- One audit trigger function for every audited table, in place of the five of
-- 20260101001200_admin_security.sql (one per table), writing the same rows through
-- public.write_audit. It reads the row as jsonb, so one body serves tables of different row
-- types (and a hosted project's enum columns in auth.mfa_factors as our text ones); the columns
-- whose edit makes "post.updated" are the blog_posts trigger's arguments. A table it does not
-- know raises CASE_NOT_FOUND rather than writing nothing.
-- Portable: plain Postgres 15+ (CREATE OR REPLACE TRIGGER is 14+), PGlite, hosted Supabase.

CREATE FUNCTION public.audit_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  r jsonb := coalesce(new_row, old_row);
  actions text[] := '{}';
  target text;
  details jsonb := '{}'::jsonb;
  -- The auth service's writes carry no JWT: the factor's or user's own id is the actor.
  fallback_actor uuid;
  action text;
BEGIN
  CASE TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME
  WHEN 'public.blog_posts' THEN
    IF TG_OP = 'INSERT' THEN
      actions := ARRAY['post.created'];
    ELSIF TG_OP = 'DELETE' THEN
      actions := ARRAY['post.deleted'];
    ELSE
      IF new_row -> 'published' <> old_row -> 'published' THEN
        actions := actions || CASE WHEN (new_row ->> 'published')::boolean THEN 'post.published' ELSE 'post.unpublished' END;
      END IF;
      IF EXISTS (SELECT 1 FROM unnest(TG_ARGV) AS col WHERE new_row -> col IS DISTINCT FROM old_row -> col) THEN
        actions := actions || 'post.updated'::text;
      END IF;
    END IF;
    target := r ->> 'title';
    details := jsonb_build_object('id', r -> 'id', 'slug', r -> 'slug');

  -- A lead's name and e-mail stay out of the log (it outlives the lead: data minimisation).
  WHEN 'public.contact_messages' THEN
    target := r ->> 'id';
    IF TG_OP = 'DELETE' THEN
      actions := ARRAY['lead.deleted'];
    ELSIF new_row -> 'status' IS DISTINCT FROM old_row -> 'status' THEN
      actions := ARRAY['lead.status_changed'];
      details := jsonb_build_object('from', old_row -> 'status', 'to', new_row -> 'status');
    END IF;

  WHEN 'public.user_roles' THEN
    actions := ARRAY[CASE WHEN TG_OP = 'DELETE' THEN 'role.revoked' ELSE 'role.granted' END];
    target := (SELECT email::text FROM auth.users WHERE id = (r ->> 'user_id')::uuid);
    details := jsonb_build_object('user_id', r -> 'user_id', 'role', r -> 'role');

  WHEN 'auth.mfa_factors' THEN
    IF TG_OP = 'DELETE' AND old_row ->> 'status' = 'verified' THEN
      actions := ARRAY['factor.removed'];
    ELSIF TG_OP = 'UPDATE' AND new_row ->> 'status' = 'verified' AND old_row ->> 'status' <> 'verified' THEN
      actions := ARRAY['factor.enrolled'];
    END IF;
    target := r ->> 'friendly_name';
    details := jsonb_build_object('factor_id', r -> 'id', 'type', r ->> 'factor_type');
    fallback_actor := (r ->> 'user_id')::uuid;

  -- A new password: "password.reset" when it came through a recovery link (the embedded auth
  -- service says so with the transaction-local setting omnia.password_event), else "password.changed".
  WHEN 'auth.users' THEN
    IF new_row -> 'encrypted_password' IS DISTINCT FROM old_row -> 'encrypted_password'
       AND coalesce(old_row ->> 'encrypted_password', '') <> '' THEN
      actions := ARRAY[coalesce(nullif(current_setting('omnia.password_event', true), ''), 'password.changed')];
    END IF;
    target := r ->> 'email';
    fallback_actor := (r ->> 'id')::uuid;
  END CASE;

  FOREACH action IN ARRAY actions LOOP
    PERFORM public.write_audit(action, target, details, fallback_actor);
  END LOOP;
  RETURN NULL;
END
$$;

-- The same names as before; blog_posts passes the columns whose edit is "post.updated".
CREATE OR REPLACE TRIGGER blog_posts_audit AFTER INSERT OR UPDATE OR DELETE ON public.blog_posts
  FOR EACH ROW EXECUTE FUNCTION public.audit_change('title', 'slug', 'excerpt', 'content', 'featured_image');
CREATE OR REPLACE TRIGGER contact_messages_audit AFTER UPDATE OR DELETE ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION public.audit_change();
CREATE OR REPLACE TRIGGER user_roles_audit AFTER INSERT OR DELETE ON public.user_roles FOR EACH ROW EXECUTE FUNCTION public.audit_change();
CREATE OR REPLACE TRIGGER mfa_factors_audit AFTER UPDATE OR DELETE ON auth.mfa_factors FOR EACH ROW EXECUTE FUNCTION public.audit_change();
CREATE OR REPLACE TRIGGER users_audit_password AFTER UPDATE OF encrypted_password ON auth.users FOR EACH ROW EXECUTE FUNCTION public.audit_change();

DROP FUNCTION public.audit_blog_posts();
DROP FUNCTION public.audit_contact_messages();
DROP FUNCTION public.audit_user_roles();
DROP FUNCTION public.audit_mfa_factors();
DROP FUNCTION public.audit_password_change();
