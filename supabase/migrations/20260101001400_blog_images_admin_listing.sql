-- Listing the blog's images is for admins: anyone could list the bucket (`POST
-- /storage/v1/object/list/blog-images` with the anon key), the images of drafts included.
-- Downloads stay public: the public URL of a public bucket (`/object/public/…` and its
-- renditions) is served without reading through these policies, by hosted Storage as by the
-- embedded one, so a visitor still loads any image whose name a page gives.
DROP POLICY IF EXISTS "blog-images: anyone reads" ON storage.objects;

-- Like drafts (20260101001200_admin_security.sql): an admin with an authenticator lists them
-- only in a session that passed the code. Sub-selects: evaluated once per statement.
CREATE POLICY "blog-images: admins read" ON storage.objects
  FOR SELECT TO authenticated
  USING (
    bucket_id = 'blog-images'
    AND (SELECT public.has_role((SELECT auth.uid()), 'admin'))
    AND (SELECT public.mfa_satisfied())
  );
