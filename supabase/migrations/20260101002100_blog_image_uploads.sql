-- The blog's uploaded images as the admin's "Imagens" shows them: the file name the editor chose
-- (the stored object's name is a UUID with the picture's size), the posts that show each one,
-- and the uploads no post has used for a day, which it offers to remove. The database decides
-- what is in use, not the page. Portable: plain Postgres 15+, PGlite, hosted Supabase.

-- 1. The original file name of each upload under posts/, recorded by the admin's browser right
--    after the upload (app/lib/image-upload.ts). A row whose object is gone is ignored.
CREATE TABLE public.blog_image_uploads (
  name text PRIMARY KEY
    CONSTRAINT blog_image_uploads_name_check CHECK (char_length(name) <= 1024 AND name LIKE 'posts/%'),
  original_name text NOT NULL
    CONSTRAINT blog_image_uploads_original_name_check
    CHECK (char_length(original_name) BETWEEN 1 AND 255 AND btrim(original_name) <> ''),
  uploaded_by uuid DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

REVOKE ALL ON TABLE public.blog_image_uploads FROM anon, authenticated;
GRANT SELECT, INSERT, DELETE ON TABLE public.blog_image_uploads TO authenticated;
GRANT ALL ON TABLE public.blog_image_uploads TO service_role;
ALTER TABLE public.blog_image_uploads ENABLE ROW LEVEL SECURITY;

-- Admins, as for the images themselves (20260101001100_blog_images_bucket.sql); an admin records
-- only their own upload. Sub-selects: evaluated once per statement.
CREATE POLICY "Admins read image uploads" ON public.blog_image_uploads
  FOR SELECT TO authenticated
  USING ((SELECT public.has_role((SELECT auth.uid()), 'admin')));
CREATE POLICY "Admins record their uploads" ON public.blog_image_uploads
  FOR INSERT TO authenticated
  WITH CHECK ((SELECT public.has_role((SELECT auth.uid()), 'admin')) AND uploaded_by = (SELECT auth.uid()));
CREATE POLICY "Admins forget image uploads" ON public.blog_image_uploads
  FOR DELETE TO authenticated
  USING ((SELECT public.has_role((SELECT auth.uid()), 'admin')));
-- Like the bucket's listing: an admin with a second factor only in a session that passed it.
CREATE POLICY "Second factor for image uploads" ON public.blog_image_uploads
  AS RESTRICTIVE FOR ALL TO authenticated
  USING ((SELECT public.mfa_satisfied()))
  WITH CHECK ((SELECT public.mfa_satisfied()));

-- 2. Every image under posts/, newest first (at most 1,000, as the bucket's listing was), with its
--    original name, its size, the posts that show it (featured, in the text or as the sharing
--    image) and whether anything else shows it (an author's photo, the site's sharing image).
--    SECURITY INVOKER: the caller's row-level security decides which objects and posts it sees,
--    so anyone but an admin gets nothing.
CREATE FUNCTION public.blog_image_overview()
RETURNS TABLE (
  name text, original_name text, bytes bigint, created_at timestamptz, posts jsonb, in_use boolean
)
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  SELECT o.name,
         u.original_name,
         coalesce((o.metadata ->> 'size')::bigint, 0),
         o.created_at,
         used.posts,
         used.posts <> '[]'::jsonb
           OR EXISTS (SELECT 1 FROM public.author_profiles a
                      WHERE strpos(coalesce(a.avatar_url, ''), 'blog-images/' || o.name) > 0)
           OR EXISTS (SELECT 1 FROM public.site_settings s
                      WHERE strpos(coalesce(s.share_image, ''), 'blog-images/' || o.name) > 0)
  FROM storage.objects o
  LEFT JOIN public.blog_image_uploads u ON u.name = o.name
  CROSS JOIN LATERAL (
    SELECT coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'title', p.title) ORDER BY p.created_at DESC),
                    '[]'::jsonb) AS posts
    FROM public.blog_posts p
    WHERE strpos(coalesce(p.featured_image, ''), 'blog-images/' || o.name) > 0
       OR strpos(p.content, 'blog-images/' || o.name) > 0
       OR strpos(coalesce(p.og_image, ''), 'blog-images/' || o.name) > 0
  ) used
  WHERE o.bucket_id = 'blog-images' AND o.name LIKE 'posts/%'
  ORDER BY o.created_at DESC, o.name
  LIMIT 1000
$$;
REVOKE ALL ON FUNCTION public.blog_image_overview() FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.blog_image_overview() TO authenticated, service_role;

-- 3. The uploads nothing has shown for a day (the editor's cancelled posts, replaced images):
--    what "Remover imagens sem uso" deletes through the storage API, which removes the bytes too.
--    A day old at least, so an image in a post still being written is never offered.
CREATE FUNCTION public.unused_blog_images()
RETURNS SETOF text
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  SELECT overview.name FROM public.blog_image_overview() AS overview
  WHERE NOT overview.in_use AND overview.created_at < now() - interval '24 hours'
  ORDER BY overview.created_at, overview.name
$$;
REVOKE ALL ON FUNCTION public.unused_blog_images() FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.unused_blog_images() TO authenticated, service_role;
