-- Admin accounts a company can trust (docs/admin.md "Segurança da conta", docs/security.md
-- "Two-factor sign-in"): a second factor enforced by row-level security, a team managed from the
-- admin, and an append-only audit log. Portable: plain Postgres 15+, unchanged on PGlite and on a
-- hosted Supabase project (whose auth.mfa_factors and auth.users have the same columns).

-- ---------------------------------------------------------------------------------------------
-- 1. Settings the server owns. One row; the embedded server writes ADMIN_REQUIRE_MFA into it at
--    start (server/backend/index.ts); on a hosted project an operator sets it with SQL.
CREATE TABLE public.security_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  admin_require_mfa boolean NOT NULL DEFAULT false
);
INSERT INTO public.security_settings DEFAULT VALUES;
REVOKE ALL ON TABLE public.security_settings FROM anon, authenticated;
GRANT ALL ON TABLE public.security_settings TO service_role;
ALTER TABLE public.security_settings ENABLE ROW LEVEL SECURITY;

-- Whether admins must enrol a second factor: the admin screen asks before showing anything.
CREATE FUNCTION public.admin_requires_mfa()
RETURNS boolean
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT coalesce((SELECT admin_require_mfa FROM public.security_settings), false)
$$;
REVOKE ALL ON FUNCTION public.admin_requires_mfa() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.admin_requires_mfa() TO authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- 2. The second factor, in the database. True when the request's JWT is aal2, or when the caller
--    has no verified factor and the site does not require one. A JWT's aal cannot be forged: the
--    REST and storage APIs verify its signature before any of this runs. SECURITY DEFINER because
--    request roles cannot read auth.mfa_factors.
--    Supabase's recommended shape: https://supabase.com/docs/guides/auth/auth-mfa#enforce-rules-for-mfa-logins
CREATE FUNCTION public.mfa_satisfied()
RETURNS boolean
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
    OR (
      NOT EXISTS (
        SELECT 1 FROM auth.mfa_factors
        WHERE user_id = auth.uid() AND status::text = 'verified'
      )
      AND NOT public.admin_requires_mfa()
    )
$$;
REVOKE ALL ON FUNCTION public.mfa_satisfied() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.mfa_satisfied() TO anon, authenticated, service_role;

-- Restrictive policies are ANDed with the permissive ones: an admin still needs "Admins manage
-- …", and now also the second factor. Sub-selects make Postgres evaluate the check once per
-- statement instead of once per row. Reading published posts is not restricted.
CREATE POLICY "Second factor for post writes" ON public.blog_posts
  AS RESTRICTIVE FOR INSERT TO authenticated
  WITH CHECK ((SELECT public.mfa_satisfied()));
CREATE POLICY "Second factor for post updates" ON public.blog_posts
  AS RESTRICTIVE FOR UPDATE TO authenticated
  USING ((SELECT public.mfa_satisfied()))
  WITH CHECK ((SELECT public.mfa_satisfied()));
CREATE POLICY "Second factor for post deletes" ON public.blog_posts
  AS RESTRICTIVE FOR DELETE TO authenticated
  USING ((SELECT public.mfa_satisfied()));
-- Drafts are admin data too: an aal1 session of a 2FA admin sees only what visitors see.
CREATE POLICY "Second factor for drafts" ON public.blog_posts
  AS RESTRICTIVE FOR SELECT TO authenticated
  USING (published OR (SELECT public.mfa_satisfied()));

CREATE POLICY "Second factor for leads" ON public.contact_messages
  AS RESTRICTIVE FOR ALL TO authenticated
  USING ((SELECT public.mfa_satisfied()))
  WITH CHECK ((SELECT public.mfa_satisfied()));
CREATE POLICY "Second factor for lead deliveries" ON public.lead_deliveries
  AS RESTRICTIVE FOR ALL TO authenticated
  USING ((SELECT public.mfa_satisfied()))
  WITH CHECK ((SELECT public.mfa_satisfied()));

CREATE POLICY "Second factor for role grants" ON public.user_roles
  AS RESTRICTIVE FOR INSERT TO authenticated
  WITH CHECK ((SELECT public.mfa_satisfied()));
CREATE POLICY "Second factor for role changes" ON public.user_roles
  AS RESTRICTIVE FOR UPDATE TO authenticated
  USING ((SELECT public.mfa_satisfied()))
  WITH CHECK ((SELECT public.mfa_satisfied()));
CREATE POLICY "Second factor for role revocations" ON public.user_roles
  AS RESTRICTIVE FOR DELETE TO authenticated
  USING ((SELECT public.mfa_satisfied()));

CREATE POLICY "blog-images: second factor for uploads" ON storage.objects
  AS RESTRICTIVE FOR INSERT TO authenticated
  WITH CHECK (bucket_id <> 'blog-images' OR (SELECT public.mfa_satisfied()));
CREATE POLICY "blog-images: second factor for replacements" ON storage.objects
  AS RESTRICTIVE FOR UPDATE TO authenticated
  USING (bucket_id <> 'blog-images' OR (SELECT public.mfa_satisfied()))
  WITH CHECK (bucket_id <> 'blog-images' OR (SELECT public.mfa_satisfied()));
CREATE POLICY "blog-images: second factor for deletes" ON storage.objects
  AS RESTRICTIVE FOR DELETE TO authenticated
  USING (bucket_id <> 'blog-images' OR (SELECT public.mfa_satisfied()));

-- ---------------------------------------------------------------------------------------------
-- 3. The last admin stays. Whoever asks (an admin through the API, the operator's command, SQL by
--    hand), removing or demoting the only admin is refused; deleting that user's account too.
CREATE FUNCTION public.keep_one_admin()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF OLD.role = 'admin' AND (TG_OP = 'DELETE' OR NEW.role <> 'admin' OR NEW.user_id <> OLD.user_id) THEN
    -- Serialises concurrent revocations: two admins removing each other cannot both succeed.
    PERFORM 1 FROM public.user_roles WHERE role = 'admin' FOR UPDATE;
    IF NOT EXISTS (SELECT 1 FROM public.user_roles WHERE role = 'admin' AND id <> OLD.id) THEN
      RAISE EXCEPTION 'the last admin cannot be removed or demoted'
        USING ERRCODE = 'P0001', HINT = 'last_admin';
    END IF;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$$;
CREATE TRIGGER user_roles_keep_one_admin
  BEFORE UPDATE OR DELETE ON public.user_roles
  FOR EACH ROW EXECUTE FUNCTION public.keep_one_admin();

-- ---------------------------------------------------------------------------------------------
-- 4. The team, for the "Equipe" screen: every user with role, last sign-in, whether 2FA is on and
--    whether an invitation is still open. Only admins (with their second factor) get rows.
CREATE FUNCTION public.team_members()
RETURNS TABLE (
  user_id uuid,
  email text,
  is_admin boolean,
  last_sign_in_at timestamptz,
  mfa_enabled boolean,
  invited_at timestamptz,
  accepted boolean,
  created_at timestamptz
)
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT u.id, u.email::text,
         EXISTS (SELECT 1 FROM public.user_roles r WHERE r.user_id = u.id AND r.role = 'admin'),
         u.last_sign_in_at,
         EXISTS (SELECT 1 FROM auth.mfa_factors f WHERE f.user_id = u.id AND f.status::text = 'verified'),
         u.invited_at,
         u.email_confirmed_at IS NOT NULL,
         u.created_at
  FROM auth.users u
  WHERE public.has_role(auth.uid(), 'admin') AND public.mfa_satisfied()
  ORDER BY u.created_at
  LIMIT 1000
$$;
REVOKE ALL ON FUNCTION public.team_members() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.team_members() TO authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- 5. The audit log: who did what, when, from which address. Rows come only from the triggers
--    below and from public.record_audit (SECURITY DEFINER); no API role may insert, update or
--    delete one, and admins read them.
CREATE TABLE public.audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid,
  actor_email text,
  action text NOT NULL,
  target text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip text
);
CREATE INDEX audit_log_at_idx ON public.audit_log (at DESC, id DESC);
CREATE INDEX audit_log_action_at_idx ON public.audit_log (action, at DESC);
REVOKE ALL ON TABLE public.audit_log FROM anon, authenticated;
GRANT SELECT ON TABLE public.audit_log TO authenticated;
GRANT ALL ON TABLE public.audit_log TO service_role;
ALTER TABLE public.audit_log ENABLE ROW LEVEL SECURITY;
CREATE POLICY "Admins read the audit log" ON public.audit_log
  FOR SELECT TO authenticated
  USING ((SELECT public.has_role((SELECT auth.uid()), 'admin')) AND (SELECT public.mfa_satisfied()));

-- Append-only even for the table's owner through SQL: an edit or a delete is refused.
CREATE FUNCTION public.audit_log_is_append_only()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = '42501';
END
$$;
CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON public.audit_log
  FOR EACH ROW EXECUTE FUNCTION public.audit_log_is_append_only();

-- One row, with the actor from the request's JWT (or `fallback_actor` when there is none: the
-- auth service's own transactions) and the client address from the request headers PostgREST
-- sets (`request.headers`, first X-Forwarded-For hop; the embedded backend sets the same).
CREATE FUNCTION public.write_audit(action text, target text, details jsonb, fallback_actor uuid DEFAULT NULL)
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  actor uuid := coalesce(auth.uid(), fallback_actor);
  headers jsonb := nullif(current_setting('request.headers', true), '')::jsonb;
BEGIN
  INSERT INTO public.audit_log (actor_id, actor_email, action, target, details, ip)
  VALUES (
    actor,
    (SELECT email::text FROM auth.users WHERE id = actor),
    action,
    target,
    -- "via": set by the auth service's admin API (an operator acted on someone's account).
    coalesce(details, '{}'::jsonb)
      || jsonb_strip_nulls(jsonb_build_object('via', nullif(current_setting('omnia.audit_via', true), ''))),
    nullif(trim(split_part(coalesce(headers ->> 'x-forwarded-for', ''), ',', 1)), '')
  );
END
$$;
REVOKE ALL ON FUNCTION public.write_audit(text, text, jsonb, uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.write_audit(text, text, jsonb, uuid) TO service_role;

-- What an admin does outside a table write (a CSV export, an invitation sent by the site's
-- server): only admins, only these actions.
CREATE FUNCTION public.record_audit(action text, details jsonb DEFAULT '{}'::jsonb)
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF NOT (public.has_role(auth.uid(), 'admin') AND public.mfa_satisfied()) THEN
    RAISE EXCEPTION 'permission denied' USING ERRCODE = '42501';
  END IF;
  IF action NOT IN ('lead.exported', 'member.invited') THEN
    RAISE EXCEPTION 'unknown audit action %', action USING ERRCODE = '22023';
  END IF;
  PERFORM public.write_audit(action, NULL, details);
END
$$;
REVOKE ALL ON FUNCTION public.record_audit(text, jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.record_audit(text, jsonb) TO authenticated, service_role;

CREATE FUNCTION public.audit_blog_posts()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  post public.blog_posts := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  actions text[] := '{}';
  action text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    actions := ARRAY['post.created'];
  ELSIF TG_OP = 'DELETE' THEN
    actions := ARRAY['post.deleted'];
  ELSE
    IF NEW.published <> OLD.published THEN
      actions := actions || CASE WHEN NEW.published THEN 'post.published' ELSE 'post.unpublished' END;
    END IF;
    IF (NEW.title, NEW.slug, NEW.excerpt, NEW.content, NEW.featured_image)
       IS DISTINCT FROM (OLD.title, OLD.slug, OLD.excerpt, OLD.content, OLD.featured_image) THEN
      actions := actions || 'post.updated'::text;
    END IF;
  END IF;
  FOREACH action IN ARRAY actions LOOP
    PERFORM public.write_audit(action, post.title, jsonb_build_object('id', post.id, 'slug', post.slug));
  END LOOP;
  RETURN NULL;
END
$$;
CREATE TRIGGER blog_posts_audit
  AFTER INSERT OR UPDATE OR DELETE ON public.blog_posts
  FOR EACH ROW EXECUTE FUNCTION public.audit_blog_posts();

-- A lead's name and e-mail stay out of the log (it outlives the lead: data minimisation).
CREATE FUNCTION public.audit_contact_messages()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM public.write_audit('lead.deleted', OLD.id::text, '{}'::jsonb);
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM public.write_audit('lead.status_changed', NEW.id::text,
      jsonb_build_object('from', OLD.status, 'to', NEW.status));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER contact_messages_audit
  AFTER UPDATE OR DELETE ON public.contact_messages
  FOR EACH ROW EXECUTE FUNCTION public.audit_contact_messages();

CREATE FUNCTION public.audit_user_roles()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  subject uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  PERFORM public.write_audit(
    CASE WHEN TG_OP = 'DELETE' THEN 'role.revoked' ELSE 'role.granted' END,
    (SELECT email::text FROM auth.users WHERE id = subject),
    jsonb_build_object('user_id', subject, 'role', CASE WHEN TG_OP = 'DELETE' THEN OLD.role ELSE NEW.role END));
  RETURN NULL;
END
$$;
CREATE TRIGGER user_roles_audit
  AFTER INSERT OR DELETE ON public.user_roles
  FOR EACH ROW EXECUTE FUNCTION public.audit_user_roles();

-- The auth service's writes carry no JWT: the factor's or user's own id is the actor.
CREATE FUNCTION public.audit_mfa_factors()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status::text = 'verified' THEN
      PERFORM public.write_audit('factor.removed', OLD.friendly_name,
        jsonb_build_object('factor_id', OLD.id, 'type', OLD.factor_type::text), OLD.user_id);
    END IF;
  ELSIF NEW.status::text = 'verified' AND OLD.status::text <> 'verified' THEN
    PERFORM public.write_audit('factor.enrolled', NEW.friendly_name,
      jsonb_build_object('factor_id', NEW.id, 'type', NEW.factor_type::text), NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER mfa_factors_audit
  AFTER UPDATE OR DELETE ON auth.mfa_factors
  FOR EACH ROW EXECUTE FUNCTION public.audit_mfa_factors();

-- A new password: "password.reset" when it came through a recovery link (the embedded auth
-- service says so with the transaction-local setting omnia.password_event), else "password.changed".
CREATE FUNCTION public.audit_password_change()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF NEW.encrypted_password IS DISTINCT FROM OLD.encrypted_password AND OLD.encrypted_password IS NOT NULL
     AND OLD.encrypted_password <> '' THEN
    PERFORM public.write_audit(
      coalesce(nullif(current_setting('omnia.password_event', true), ''), 'password.changed'),
      NEW.email::text, '{}'::jsonb, NEW.id);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_audit_password
  AFTER UPDATE OF encrypted_password ON auth.users
  FOR EACH ROW EXECUTE FUNCTION public.audit_password_change();
