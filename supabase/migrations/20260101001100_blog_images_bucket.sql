-- The blog's images: a public bucket (anyone reads, as a post's images are public) that only
-- admins write. Images only, 5 MB at most; the storage API also checks the real type from the
-- bytes. Hosted Supabase has the storage schema built in; the embedded backend creates it
-- (server/backend/db/migrations/0011-storage-schema.sql).
INSERT INTO storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
VALUES ('blog-images', 'blog-images', true, 5242880,
        ARRAY['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'])
ON CONFLICT (id) DO NOTHING;

CREATE POLICY "blog-images: anyone reads"
  ON storage.objects FOR SELECT TO anon, authenticated
  USING (bucket_id = 'blog-images');

CREATE POLICY "blog-images: admins upload"
  ON storage.objects FOR INSERT TO authenticated
  WITH CHECK (bucket_id = 'blog-images' AND public.has_role(auth.uid(), 'admin'));

CREATE POLICY "blog-images: admins replace and move"
  ON storage.objects FOR UPDATE TO authenticated
  USING (bucket_id = 'blog-images' AND public.has_role(auth.uid(), 'admin'))
  WITH CHECK (bucket_id = 'blog-images' AND public.has_role(auth.uid(), 'admin'));

CREATE POLICY "blog-images: admins delete"
  ON storage.objects FOR DELETE TO authenticated
  USING (bucket_id = 'blog-images' AND public.has_role(auth.uid(), 'admin'));
