-- A team, not one all-powerful admin (docs/security.md "Roles", docs/decisions/081-roles-as-
-- capability-functions.md): writers (autor), editors and salespeople (vendas) beside the admins,
-- enforced here so that what the admin screen hides the API refuses as well. Each capability is
-- ONE function of the caller; every policy asks the function, so a new table adopts a role rule
-- in one line. Portable: plain PostgreSQL 15+, PGlite, hosted Supabase.
--
--   capability                  admin  editor  autor  vendas
--   can_write_posts()             x      x       x            read every post, write drafts, upload images
--   can_publish_posts()           x      x                    publish, schedule, edit and delete any post; tags, authors, images
--   can_read_leads()              x                     x     leads: read, status, note, export; deliveries
--   can_read_analytics()          x      x                    every analytics table
--   can_read_conversions()        x      x              x     visits, their sources and their leads
--   is_admin()                    x                           team, settings, activity, backups
--
-- A refusal through the API is an error, never zero rows silently: the write policies wrap the
-- capability in public.permitted(), which raises 42501. As a sub-select it is a one-time check per
-- statement, so a role without the capability is refused even when no row matches. A writer's own
-- drafts are a per-row rule: blog_posts_guard_roles raises 42501 on anyone else's post.

-- ---------------------------------------------------------------------------------------------
-- 1. The capabilities.
CREATE FUNCTION public.has_any_role(_user_id uuid, _roles text[])
RETURNS boolean
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT EXISTS (SELECT 1 FROM public.user_roles WHERE user_id = _user_id AND role = ANY (_roles))
$$;

CREATE FUNCTION public.is_admin() RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$ SELECT public.has_any_role(auth.uid(), '{admin}') $$;
CREATE FUNCTION public.can_write_posts() RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$ SELECT public.has_any_role(auth.uid(), '{admin,editor,autor}') $$;
CREATE FUNCTION public.can_publish_posts() RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$ SELECT public.has_any_role(auth.uid(), '{admin,editor}') $$;
CREATE FUNCTION public.can_read_leads() RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$ SELECT public.has_any_role(auth.uid(), '{admin,vendas}') $$;
CREATE FUNCTION public.can_read_analytics() RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$ SELECT public.has_any_role(auth.uid(), '{admin,editor}') $$;
CREATE FUNCTION public.can_read_conversions() RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$ SELECT public.has_any_role(auth.uid(), '{admin,editor,vendas}') $$;

-- The caller's staff role, the strongest when an account holds several (Equipe keeps one); NULL
-- for an account without one. What the admin screen shows follows it.
CREATE FUNCTION public.staff_role()
RETURNS text
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT role FROM public.user_roles
   WHERE user_id = auth.uid() AND role = ANY ('{admin,editor,autor,vendas}'::text[])
   ORDER BY array_position('{admin,editor,autor,vendas}'::text[], role)
   LIMIT 1
$$;

-- Who may have an author profile and sign posts: the roles that write the blog.
CREATE OR REPLACE FUNCTION public.is_staff(_user_id uuid)
RETURNS boolean
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT public.has_any_role(_user_id, '{admin,editor,autor}')
$$;

-- Whether the caller may change this post (and its tags): any post for an editor, a writer's own
-- draft for a writer.
CREATE FUNCTION public.can_edit_post(_post_id uuid)
RETURNS boolean
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT public.can_publish_posts()
      OR (public.can_write_posts() AND EXISTS (
            SELECT 1 FROM public.blog_posts
             WHERE id = _post_id AND author_id = auth.uid() AND NOT published))
$$;

-- True, or the statement fails with 42501 naming the capability (its HINT): a policy's refusal
-- that the caller sees as an error.
CREATE FUNCTION public.permitted(granted boolean, capability text)
RETURNS boolean
LANGUAGE plpgsql
VOLATILE
SET search_path = ''
AS $$
BEGIN
  IF granted IS NOT TRUE THEN
    RAISE EXCEPTION 'permission denied: your role does not allow this'
      USING ERRCODE = '42501', HINT = capability;
  END IF;
  RETURN true;
END
$$;

DO $$
DECLARE fn text;
BEGIN
  FOREACH fn IN ARRAY ARRAY['has_any_role(uuid, text[])', 'is_admin()', 'can_write_posts()',
    'can_publish_posts()', 'can_read_leads()', 'can_read_analytics()', 'can_read_conversions()',
    'staff_role()', 'can_edit_post(uuid)', 'permitted(boolean, text)'] LOOP
    -- A hosted project's default privileges grant EXECUTE to anon as well: take it back by name.
    EXECUTE format('REVOKE ALL ON FUNCTION public.%s FROM PUBLIC, anon, authenticated', fn);
    EXECUTE format('GRANT EXECUTE ON FUNCTION public.%s TO authenticated, service_role', fn);
  END LOOP;
END
$$;

-- ---------------------------------------------------------------------------------------------
-- 2. Posts. Writers read every post (the admin's list) and write drafts; editors everything.
--    "Enviar para revisão": a writer stamps review_requested_at on a draft; publishing clears it.
ALTER TABLE public.blog_posts ADD COLUMN review_requested_at timestamptz;

DROP POLICY "Admins manage posts" ON public.blog_posts;
CREATE POLICY "Writers read every post" ON public.blog_posts
  FOR SELECT TO authenticated
  USING ((SELECT public.can_write_posts()));
CREATE POLICY "Writers add drafts, editors any post" ON public.blog_posts
  FOR INSERT TO authenticated
  WITH CHECK (
    (SELECT public.can_publish_posts())
    OR ((SELECT public.can_write_posts()) AND author_id = (SELECT auth.uid()) AND NOT published AND published_at IS NULL)
  );
CREATE POLICY "Writers change posts" ON public.blog_posts
  FOR UPDATE TO authenticated
  USING ((SELECT public.permitted((SELECT public.can_write_posts()), 'can_write_posts')))
  WITH CHECK ((SELECT public.can_publish_posts()) OR (author_id = (SELECT auth.uid()) AND NOT published));
CREATE POLICY "Writers delete posts" ON public.blog_posts
  FOR DELETE TO authenticated
  USING ((SELECT public.permitted((SELECT public.can_write_posts()), 'can_write_posts')));

-- A writer's per-row rule, as an error rather than rows silently left out: only their own
-- drafts, and never publishing, scheduling or signing as someone else. Named to fire before
-- blog_posts_set_published_at (BEFORE triggers fire in name order).
CREATE FUNCTION public.blog_posts_guard_roles()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND NEW.published THEN
    NEW.review_requested_at := NULL;
  END IF;
  -- The server and the operator (service role, table owner) and editors are not limited here.
  IF current_user NOT IN ('anon', 'authenticated') OR public.can_publish_posts() THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP <> 'INSERT' AND (OLD.author_id IS DISTINCT FROM auth.uid() OR OLD.published) THEN
    RAISE EXCEPTION 'permission denied: a writer changes only their own drafts'
      USING ERRCODE = '42501', HINT = 'own_drafts';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NEW.published OR NEW.author_id IS DISTINCT FROM auth.uid()
     OR NEW.published_at IS DISTINCT FROM (CASE WHEN TG_OP = 'UPDATE' THEN OLD.published_at END) THEN
    RAISE EXCEPTION 'permission denied: a writer cannot publish or schedule'
      USING ERRCODE = '42501', HINT = 'can_publish_posts';
  END IF;
  RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION public.blog_posts_guard_roles() FROM PUBLIC, anon, authenticated;
CREATE TRIGGER blog_posts_guard_roles
  BEFORE INSERT OR UPDATE OR DELETE ON public.blog_posts
  FOR EACH ROW EXECUTE FUNCTION public.blog_posts_guard_roles();

-- The editors' list of posts waiting for review.
CREATE INDEX blog_posts_review_idx ON public.blog_posts (review_requested_at) WHERE review_requested_at IS NOT NULL;

-- A post's tags follow the post: whoever may change it.
DROP POLICY "Admins manage post tags" ON public.post_tags;
CREATE POLICY "Writers read post tags" ON public.post_tags
  FOR SELECT TO authenticated
  USING ((SELECT public.can_write_posts()));
CREATE POLICY "Writers tag the posts they may change" ON public.post_tags
  FOR ALL TO authenticated
  USING (public.can_edit_post(post_id))
  WITH CHECK (public.can_edit_post(post_id));

-- Tags: writers read them all (the post form's picker), editors write them.
DROP POLICY "Admins manage tags" ON public.tags;
CREATE POLICY "Writers read tags" ON public.tags
  FOR SELECT TO authenticated
  USING ((SELECT public.can_write_posts()));
CREATE POLICY "Editors add tags" ON public.tags
  FOR INSERT TO authenticated
  WITH CHECK ((SELECT public.permitted((SELECT public.can_publish_posts()), 'can_publish_posts')));
CREATE POLICY "Editors change tags" ON public.tags
  FOR UPDATE TO authenticated
  USING ((SELECT public.permitted((SELECT public.can_publish_posts()), 'can_publish_posts')))
  WITH CHECK (true);
CREATE POLICY "Editors delete tags" ON public.tags
  FOR DELETE TO authenticated
  USING ((SELECT public.permitted((SELECT public.can_publish_posts()), 'can_publish_posts')));

-- Author profiles: everyone who writes keeps their own; editors manage all of them. One policy
-- per command, so that a writer's own profile is allowed before anyone else's is refused.
DROP POLICY "Authors manage their own profile" ON public.author_profiles;
DROP POLICY "Admins manage author profiles" ON public.author_profiles;
CREATE POLICY "Writers read author profiles" ON public.author_profiles
  FOR SELECT TO authenticated
  USING (user_id = (SELECT auth.uid()) OR (SELECT public.can_write_posts()));
CREATE POLICY "Authors add profiles" ON public.author_profiles
  FOR INSERT TO authenticated
  WITH CHECK (
    (user_id = (SELECT auth.uid()) OR (SELECT public.permitted((SELECT public.can_publish_posts()), 'can_publish_posts')))
    AND public.is_staff(user_id)
  );
CREATE POLICY "Authors change profiles" ON public.author_profiles
  FOR UPDATE TO authenticated
  USING (user_id = (SELECT auth.uid()) OR public.permitted((SELECT public.can_publish_posts()), 'can_publish_posts'))
  WITH CHECK (
    (user_id = (SELECT auth.uid()) OR (SELECT public.can_publish_posts())) AND public.is_staff(user_id)
  );
CREATE POLICY "Authors delete profiles" ON public.author_profiles
  FOR DELETE TO authenticated
  USING (user_id = (SELECT auth.uid()) OR public.permitted((SELECT public.can_publish_posts()), 'can_publish_posts'));

DROP POLICY "Admins read redirects" ON public.post_slug_redirects;
CREATE POLICY "Writers read redirects" ON public.post_slug_redirects
  FOR SELECT TO authenticated
  USING ((SELECT public.can_write_posts()));

-- ---------------------------------------------------------------------------------------------
-- 3. Images (the blog-images bucket): writers upload and list, editors replace and delete.
DROP POLICY "blog-images: admins upload" ON storage.objects;
DROP POLICY "blog-images: admins replace and move" ON storage.objects;
DROP POLICY "blog-images: admins delete" ON storage.objects;
DROP POLICY "blog-images: admins read" ON storage.objects;
CREATE POLICY "blog-images: writers upload" ON storage.objects
  FOR INSERT TO authenticated
  WITH CHECK (bucket_id = 'blog-images' AND (SELECT public.can_write_posts()));
CREATE POLICY "blog-images: writers read" ON storage.objects
  FOR SELECT TO authenticated
  USING (bucket_id = 'blog-images' AND (SELECT public.can_write_posts()) AND (SELECT public.mfa_satisfied()));
CREATE POLICY "blog-images: editors replace and move" ON storage.objects
  FOR UPDATE TO authenticated
  USING (bucket_id = 'blog-images' AND public.permitted((SELECT public.can_publish_posts()), 'can_publish_posts'))
  WITH CHECK (bucket_id = 'blog-images' AND (SELECT public.can_publish_posts()));
CREATE POLICY "blog-images: editors delete" ON storage.objects
  FOR DELETE TO authenticated
  USING (bucket_id = 'blog-images' AND public.permitted((SELECT public.can_publish_posts()), 'can_publish_posts'));

-- ---------------------------------------------------------------------------------------------
-- 4. Leads: sales and admins read them, change their status and note; only admins delete one.
DROP POLICY "Admins manage messages" ON public.contact_messages;
CREATE POLICY "Sales read leads" ON public.contact_messages
  FOR SELECT TO authenticated
  USING ((SELECT public.can_read_leads()));
CREATE POLICY "Sales update leads" ON public.contact_messages
  FOR UPDATE TO authenticated
  USING ((SELECT public.permitted((SELECT public.can_read_leads()), 'can_read_leads')))
  WITH CHECK (true);
CREATE POLICY "Admins delete leads" ON public.contact_messages
  FOR DELETE TO authenticated
  USING ((SELECT public.permitted((SELECT public.is_admin()), 'is_admin')));

DROP POLICY "Admins read deliveries" ON public.lead_deliveries;
DROP POLICY "Admins send a failed delivery again" ON public.lead_deliveries;
CREATE POLICY "Sales read deliveries" ON public.lead_deliveries
  FOR SELECT TO authenticated
  USING ((SELECT public.can_read_leads()));
CREATE POLICY "Sales send a failed delivery again" ON public.lead_deliveries
  FOR UPDATE TO authenticated
  USING ((SELECT public.permitted((SELECT public.can_read_leads()), 'can_read_leads')))
  WITH CHECK (true);

-- ---------------------------------------------------------------------------------------------
-- 5. Analytics: editors read everything, sales the visits and where their leads came from.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['analytics_events', 'analytics_rollups', 'analytics_daily_visits',
                           'analytics_daily_pages', 'analytics_daily_vitals'] LOOP
    EXECUTE format('DROP POLICY "Admins read analytics" ON public.%I', t);
    EXECUTE format(
      'CREATE POLICY "Staff read analytics" ON public.%I FOR SELECT TO authenticated USING ((SELECT public.%s()))',
      t, CASE WHEN t IN ('analytics_daily_pages', 'analytics_daily_vitals') THEN 'can_read_analytics'
              ELSE 'can_read_conversions' END);
  END LOOP;
END
$$;

-- ---------------------------------------------------------------------------------------------
-- 6. Settings: every staff role reads the company's public details; only admins change them.
DROP POLICY "Admins read the site settings" ON public.site_settings;
DROP POLICY "Admins change the site settings" ON public.site_settings;
CREATE POLICY "Staff read the site settings" ON public.site_settings
  FOR SELECT TO authenticated
  USING ((SELECT public.staff_role()) IS NOT NULL);
CREATE POLICY "Admins change the site settings" ON public.site_settings
  FOR UPDATE TO authenticated
  USING ((SELECT public.permitted((SELECT public.is_admin()), 'is_admin')))
  WITH CHECK (true);

-- ---------------------------------------------------------------------------------------------
-- 7. The team. Roles are granted by admins only (unchanged, "Admins manage roles"); Equipe gives
--    each account one role with set_member_role, in one transaction: the last admin stays
--    (public.keep_one_admin) whoever asks.
CREATE FUNCTION public.set_member_role(member uuid, new_role text)
RETURNS void
LANGUAGE plpgsql
SECURITY INVOKER
SET search_path = ''
AS $$
BEGIN
  IF NOT public.is_admin() THEN
    RAISE EXCEPTION 'permission denied: only admins assign roles' USING ERRCODE = '42501', HINT = 'is_admin';
  END IF;
  -- The new role first: an admin demoting themselves is still an admin while the old row goes.
  IF new_role IS NOT NULL THEN
    INSERT INTO public.user_roles (user_id, role) VALUES (member, new_role)
    ON CONFLICT (user_id, role) DO NOTHING;
  END IF;
  DELETE FROM public.user_roles WHERE user_id = member AND (new_role IS NULL OR role <> new_role);
END
$$;
REVOKE ALL ON FUNCTION public.set_member_role(uuid, text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.set_member_role(uuid, text) TO authenticated, service_role;

-- Equipe's list gains each account's role (the strongest, as staff_role gives it).
DROP FUNCTION public.team_members();
CREATE FUNCTION public.team_members()
RETURNS TABLE (
  user_id uuid,
  email text,
  is_admin boolean,
  role text,
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
         (SELECT r.role FROM public.user_roles r
           WHERE r.user_id = u.id AND r.role = ANY ('{admin,editor,autor,vendas}'::text[])
           ORDER BY array_position('{admin,editor,autor,vendas}'::text[], r.role) LIMIT 1),
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
REVOKE ALL ON FUNCTION public.team_members() FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.team_members() TO authenticated, service_role;
