-- "Remover imagens sem uso" deleted whatever public.unused_blog_images() listed when the button
-- was pressed, not what the page had shown and the editor confirmed, and an image that came into
-- use meanwhile went too. Now the page passes the names it showed, the database keeps those that
-- are still unused as the caller's cleanup request, and the storage API's DELETE (the statement
-- that removes the object, app/lib/admin/images.ts) spares any of them in use at that moment.
-- Deleting one image with its bin is unchanged: the editor was told where it appears.
-- Portable: PostgreSQL 15+, PGlite, hosted Supabase.

-- 1. Whether anything shows an object of blog-images: the rule of blog_image_overview()'s in_use,
--    but over every post, so that a post the caller cannot read still keeps its image.
CREATE FUNCTION public.blog_image_in_use(object_name text)
RETURNS boolean
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT EXISTS (SELECT 1 FROM public.blog_posts p
                 WHERE strpos(coalesce(p.featured_image, ''), 'blog-images/' || object_name) > 0
                    OR strpos(p.content, 'blog-images/' || object_name) > 0
                    OR strpos(coalesce(p.og_image, ''), 'blog-images/' || object_name) > 0)
      OR EXISTS (SELECT 1 FROM public.author_profiles a
                 WHERE strpos(coalesce(a.avatar_url, ''), 'blog-images/' || object_name) > 0)
      OR EXISTS (SELECT 1 FROM public.site_settings s
                 WHERE strpos(coalesce(s.share_image, ''), 'blog-images/' || object_name) > 0)
$$;
REVOKE ALL ON FUNCTION public.blog_image_in_use(text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.blog_image_in_use(text) TO authenticated, service_role;

-- 2. The images an editor's cleanup is removing: its own rows, replaced by each new cleanup and
--    forgotten after it; a row older than ten minutes (a closed tab) no longer counts.
CREATE TABLE public.blog_image_cleanup_requests (
  requested_by uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  name text NOT NULL CONSTRAINT blog_image_cleanup_requests_name_check CHECK (char_length(name) <= 1024),
  requested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (requested_by, name)
);

REVOKE ALL ON TABLE public.blog_image_cleanup_requests FROM anon, authenticated;
GRANT SELECT, INSERT, DELETE ON TABLE public.blog_image_cleanup_requests TO authenticated;
GRANT ALL ON TABLE public.blog_image_cleanup_requests TO service_role;
ALTER TABLE public.blog_image_cleanup_requests ENABLE ROW LEVEL SECURITY;
CREATE POLICY "Own cleanup requests" ON public.blog_image_cleanup_requests
  FOR ALL TO authenticated
  USING (requested_by = (SELECT auth.uid()))
  WITH CHECK (requested_by = (SELECT auth.uid()));

-- 3. The cleanup's first step: of the names the page showed, those still unused for a day (and
--    only for whoever may delete images, as unused_blog_images() decides), recorded and returned.
CREATE FUNCTION public.request_unused_blog_images_removal(names text[])
RETURNS SETOF text
LANGUAGE sql
VOLATILE
SECURITY INVOKER
SET search_path = ''
AS $$
  DELETE FROM public.blog_image_cleanup_requests WHERE requested_by = (SELECT auth.uid());
  INSERT INTO public.blog_image_cleanup_requests (name)
  SELECT unused.name FROM public.unused_blog_images() AS unused(name)
  WHERE unused.name = ANY (names)
  RETURNING name;
$$;
REVOKE ALL ON FUNCTION public.request_unused_blog_images_removal(text[]) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.request_unused_blog_images_removal(text[]) TO authenticated, service_role;

-- 4. At delete time: an object the caller's cleanup is removing goes only if nothing shows it now.
--    Restrictive, so the other delete policies still decide who may delete at all.
CREATE POLICY "blog-images: the cleanup spares images in use" ON storage.objects
  AS RESTRICTIVE FOR DELETE TO authenticated
  USING (
    NOT EXISTS (SELECT 1 FROM public.blog_image_cleanup_requests c
                WHERE c.requested_by = (SELECT auth.uid()) AND c.name = storage.objects.name
                  AND storage.objects.bucket_id = 'blog-images'
                  AND c.requested_at > now() - interval '10 minutes')
    OR NOT public.blog_image_in_use(storage.objects.name)
  );
