-- Post revisions (issue #37, docs/admin.md "Histórico"): every change to a post keeps a copy of
-- what an editor writes (title, excerpt, body, images, SEO fields, tags), who made it, when and
-- why (saved, published, unpublished, restored). The last 50 per post are kept. Written only by
-- the triggers below, so a save through plain supabase-js, the operator's SQL or the admin all
-- leave one; read by admins with their second factor. Portable: PostgreSQL 15+, PGlite, hosted
-- Supabase. Why triggers and how the tags join the right revision:
-- docs/decisions/082-post-revisions-by-trigger.md.

CREATE TABLE public.post_revisions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  post_id uuid NOT NULL REFERENCES public.blog_posts (id) ON DELETE CASCADE,
  reason text NOT NULL
    CONSTRAINT post_revisions_reason_check CHECK (reason IN ('saved', 'published', 'unpublished', 'restored')),
  title text NOT NULL,
  excerpt text,
  content text NOT NULL,
  featured_image text,
  meta_title text,
  meta_description text,
  og_image text,
  canonical_url text,
  noindex boolean NOT NULL DEFAULT false,
  -- Whether the post was published once this revision was written (shown, never restored).
  published boolean NOT NULL,
  -- The post's tags in order, as [{"id": …, "name": …}]: names survive a deleted tag.
  tags jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_by uuid,
  created_by_email text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX post_revisions_post_idx ON public.post_revisions (post_id, id DESC);

REVOKE ALL ON TABLE public.post_revisions FROM anon, authenticated;
GRANT SELECT ON TABLE public.post_revisions TO authenticated;
GRANT ALL ON TABLE public.post_revisions TO service_role;
ALTER TABLE public.post_revisions ENABLE ROW LEVEL SECURITY;
CREATE POLICY "Admins read post revisions" ON public.post_revisions
  FOR SELECT TO authenticated
  USING ((SELECT public.has_role((SELECT auth.uid()), 'admin')));
CREATE POLICY "Second factor for post revisions" ON public.post_revisions
  AS RESTRICTIVE FOR SELECT TO authenticated
  USING ((SELECT public.mfa_satisfied()));

-- A post's tags as a revision keeps them.
CREATE FUNCTION public.post_tag_snapshot(for_post uuid)
RETURNS jsonb
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name) ORDER BY pt.position), '[]'::jsonb)
  FROM public.post_tags pt
  JOIN public.tags t ON t.id = pt.tag_id
  WHERE pt.post_id = for_post
$$;
REVOKE ALL ON FUNCTION public.post_tag_snapshot(uuid) FROM PUBLIC, anon, authenticated;

-- One revision of the post as it is now, then the oldest beyond 50 go. The actor comes from the
-- request's JWT, as in the audit log.
CREATE FUNCTION public.write_post_revision(post public.blog_posts, why text)
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  INSERT INTO public.post_revisions (
    post_id, reason, title, excerpt, content, featured_image, meta_title, meta_description, og_image,
    canonical_url, noindex, published, tags, created_by, created_by_email
  ) VALUES (
    post.id, why, post.title, post.excerpt, post.content, post.featured_image, post.meta_title,
    post.meta_description, post.og_image, post.canonical_url, post.noindex, post.published,
    public.post_tag_snapshot(post.id), auth.uid(),
    (SELECT email::text FROM auth.users WHERE id = auth.uid())
  );
  DELETE FROM public.post_revisions
  WHERE post_id = post.id
    AND id < (SELECT min(id) FROM (
      SELECT id FROM public.post_revisions WHERE post_id = post.id ORDER BY id DESC LIMIT 50
    ) AS kept);
END
$$;
REVOKE ALL ON FUNCTION public.write_post_revision(public.blog_posts, text) FROM PUBLIC, anon, authenticated;

-- Why this write happened: public.restore_post_revision says "restored" for its transaction;
-- otherwise a change of `published` says which way, and anything else is a save.
CREATE FUNCTION public.revision_reason(old_published boolean, new_published boolean)
RETURNS text
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  SELECT CASE
    WHEN coalesce(current_setting('omnia.revision_reason', true), '') = 'restored' THEN 'restored'
    WHEN new_published AND NOT coalesce(old_published, false) THEN 'published'
    WHEN old_published AND NOT new_published THEN 'unpublished'
    ELSE 'saved'
  END
$$;
REVOKE ALL ON FUNCTION public.revision_reason(boolean, boolean) FROM PUBLIC, anon, authenticated;

-- Every insert, and every update that changes the post (its row, updated_at and the search
-- document aside); a restore always, even of the current text.
CREATE FUNCTION public.record_post_revision()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND coalesce(current_setting('omnia.revision_reason', true), '') <> 'restored'
     AND (to_jsonb(NEW) - 'updated_at' - 'search_vector') = (to_jsonb(OLD) - 'updated_at' - 'search_vector') THEN
    RETURN NULL;
  END IF;
  PERFORM public.write_post_revision(NEW, public.revision_reason(
    CASE WHEN TG_OP = 'UPDATE' THEN OLD.published END, NEW.published));
  RETURN NULL;
END
$$;
CREATE TRIGGER blog_posts_revision
  AFTER INSERT OR UPDATE ON public.blog_posts
  FOR EACH ROW EXECUTE FUNCTION public.record_post_revision();

-- The tags. A post and its tags are two writes (the admin updates the row, then calls
-- set_post_tags), often two transactions. At the end of the transaction that wrote tags: when the
-- post's newest revision was written for its current row (same moment as updated_at) by the same
-- person within the last minute, the tags belong to that save and complete it; otherwise the
-- tags alone changed, and that is a new revision.
CREATE FUNCTION public.sync_revision_tags()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  for_post uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END;
  post public.blog_posts;
  newest public.post_revisions;
  now_tags jsonb;
BEGIN
  SELECT * INTO post FROM public.blog_posts WHERE id = for_post;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  now_tags := public.post_tag_snapshot(for_post);
  SELECT * INTO newest FROM public.post_revisions WHERE post_id = for_post ORDER BY id DESC LIMIT 1;
  IF FOUND AND newest.tags = now_tags THEN
    RETURN NULL;
  END IF;
  IF FOUND AND newest.created_at = post.updated_at
     AND newest.created_by IS NOT DISTINCT FROM auth.uid()
     AND newest.created_at > now() - interval '1 minute' THEN
    UPDATE public.post_revisions SET tags = now_tags WHERE id = newest.id;
  ELSE
    PERFORM public.write_post_revision(post, public.revision_reason(post.published, post.published));
  END IF;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER post_tags_revision
  AFTER INSERT OR UPDATE OR DELETE ON public.post_tags
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION public.sync_revision_tags();

-- "Restaurar": puts a revision's text, images, SEO fields and tags back (not its slug, date or
-- publication state), which the trigger records as a new revision "restored". SECURITY INVOKER:
-- row-level security decides who may read the revision and write the post; tags deleted since
-- are skipped.
CREATE FUNCTION public.restore_post_revision(revision_id bigint)
RETURNS uuid
LANGUAGE plpgsql
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  r public.post_revisions;
  restored uuid;
BEGIN
  SELECT * INTO r FROM public.post_revisions WHERE id = revision_id;
  IF NOT FOUND THEN
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
REVOKE ALL ON FUNCTION public.restore_post_revision(bigint) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.restore_post_revision(bigint) TO authenticated, service_role;
