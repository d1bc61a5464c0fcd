-- The staff roles (20260101001910_staff_roles.sql, docs/security.md "Roles") for the editor's
-- tables that were written for admins only: post revisions, preview links and the uploads'
-- names. Each rule asks the capability functions, as the posts and the blog-images bucket do;
-- the second-factor restrictive policies stay. Portable: PostgreSQL 15+, PGlite, hosted Supabase.

-- ---------------------------------------------------------------------------------------------
-- 1. Revisions: whoever may change the post reads its history (editors every post, a writer
--    their own drafts), so "Histórico" shows what "Restaurar" may put back.
DROP POLICY "Admins read post revisions" ON public.post_revisions;
CREATE POLICY "Editors read post revisions, writers their drafts'" ON public.post_revisions
  FOR SELECT TO authenticated
  USING ((SELECT public.can_publish_posts()) OR public.can_edit_post(post_id));

-- "Restaurar" still runs as the caller (blog_posts' policies and trigger decide the write); a
-- caller who cannot restore this revision is told so with 42501 rather than "not found": no
-- role that writes posts, or (for a writer) a revision of a post that is not their draft.
CREATE OR REPLACE FUNCTION public.restore_post_revision(revision_id bigint)
RETURNS uuid
LANGUAGE plpgsql
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  r public.post_revisions;
  restored uuid;
BEGIN
  PERFORM public.permitted(public.can_write_posts(), 'can_write_posts');
  SELECT * INTO r FROM public.post_revisions WHERE id = revision_id;
  IF NOT FOUND THEN
    -- An editor sees every revision; a writer only those of their own drafts.
    IF NOT public.can_publish_posts() THEN
      RAISE EXCEPTION 'permission denied: a writer restores only revisions of their own drafts'
        USING ERRCODE = '42501', HINT = 'can_edit_post';
    END IF;
    RAISE EXCEPTION 'revision not found' USING ERRCODE = 'P0002';
  END IF;
  PERFORM pg_catalog.set_config('omnia.revision_reason', 'restored', true);
  UPDATE public.blog_posts
  SET title = r.title, excerpt = r.excerpt, content = r.content, featured_image = r.featured_image,
      meta_title = r.meta_title, meta_description = r.meta_description, og_image = r.og_image,
      canonical_url = r.canonical_url, noindex = r.noindex
  WHERE id = r.post_id
  RETURNING id INTO restored;
  IF restored IS NULL THEN
    RAISE EXCEPTION 'permission denied for the post' USING ERRCODE = '42501';
  END IF;
  PERFORM public.set_post_tags(r.post_id, (
    SELECT coalesce(jsonb_agg(t.id ORDER BY e.ord), '[]'::jsonb)
    FROM jsonb_array_elements(r.tags) WITH ORDINALITY AS e (tag, ord)
    JOIN public.tags t ON t.id::text = e.tag ->> 'id'
  ));
  PERFORM pg_catalog.set_config('omnia.revision_reason', '', true);
  RETURN restored;
END
$$;

-- ---------------------------------------------------------------------------------------------
-- 2. Preview links: whoever may change the post, with their second factor. A writer previews
--    and shares their own draft (to ask for a review); publishing revokes the links as before.
CREATE OR REPLACE FUNCTION public.create_post_preview_link(for_post uuid, purpose text DEFAULT 'share')
RETURNS TABLE (token text, expires_at timestamptz)
LANGUAGE plpgsql
VOLATILE
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  new_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  lifetime interval;
BEGIN
  IF NOT (public.can_edit_post(for_post) AND public.mfa_satisfied()) THEN
    RAISE EXCEPTION 'permission denied' USING ERRCODE = '42501', HINT = 'can_edit_post';
  END IF;
  lifetime := CASE purpose WHEN 'share' THEN interval '7 days' WHEN 'view' THEN interval '1 hour' END;
  IF lifetime IS NULL THEN
    RAISE EXCEPTION 'unknown preview link purpose %', purpose USING ERRCODE = '22023';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM public.blog_posts WHERE id = for_post) THEN
    RAISE EXCEPTION 'post not found' USING ERRCODE = 'P0002';
  END IF;
  DELETE FROM public.post_preview_links l
  WHERE l.post_id = for_post
    AND ((create_post_preview_link.purpose = 'share' AND l.purpose = 'share') OR l.expires_at <= now());
  INSERT INTO public.post_preview_links (post_id, purpose, token_hash, created_by, expires_at)
  VALUES (for_post, purpose, public.preview_token_hash(new_token), auth.uid(), now() + lifetime);
  RETURN QUERY SELECT new_token, now() + lifetime;
END
$$;

-- ---------------------------------------------------------------------------------------------
-- 3. Uploaded images' names, as the bucket's policies go: writers upload (and record the name of
--    their own upload) and list, editors delete (and forget the name). blog_image_overview()
--    runs as the caller, so it follows these and the bucket's policies unchanged.
DROP POLICY "Admins read image uploads" ON public.blog_image_uploads;
DROP POLICY "Admins record their uploads" ON public.blog_image_uploads;
DROP POLICY "Admins forget image uploads" ON public.blog_image_uploads;
CREATE POLICY "Writers read image uploads" ON public.blog_image_uploads
  FOR SELECT TO authenticated
  USING ((SELECT public.can_write_posts()));
CREATE POLICY "Writers record their uploads" ON public.blog_image_uploads
  FOR INSERT TO authenticated
  WITH CHECK ((SELECT public.can_write_posts()) AND uploaded_by = (SELECT auth.uid()));
CREATE POLICY "Editors forget image uploads" ON public.blog_image_uploads
  FOR DELETE TO authenticated
  USING ((SELECT public.permitted((SELECT public.can_publish_posts()), 'can_publish_posts')));

-- The cleanup's list: only for whoever may delete the images (a writer lists the images but is
-- offered nothing to remove), a read, so empty rather than an error.
CREATE OR REPLACE FUNCTION public.unused_blog_images()
RETURNS SETOF text
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  SELECT overview.name FROM public.blog_image_overview() AS overview
  WHERE (SELECT public.can_publish_posts())
    AND NOT overview.in_use AND overview.created_at < now() - interval '24 hours'
  ORDER BY overview.created_at, overview.name
$$;
