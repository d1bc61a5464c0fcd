-- Blog posts: anyone reads published posts; admins read and write all of them.

CREATE TABLE public.blog_posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  slug text NOT NULL UNIQUE
    CHECK (char_length(slug) BETWEEN 1 AND 200 AND slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  excerpt text CHECK (excerpt IS NULL OR char_length(excerpt) <= 1000),
  content text NOT NULL DEFAULT '' CHECK (char_length(content) <= 200000),
  -- An absolute http(s) URL or a site path; never javascript: or data: URLs.
  featured_image text
    CHECK (featured_image IS NULL OR featured_image = ''
           OR (char_length(featured_image) <= 2048 AND featured_image ~* '^(https?://|/)[^[:space:]]*$')),
  published boolean NOT NULL DEFAULT false,
  author_id uuid REFERENCES auth.users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX blog_posts_published_created_at_idx ON public.blog_posts (published, created_at DESC);

CREATE FUNCTION public.set_updated_at()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;

CREATE TRIGGER blog_posts_set_updated_at
  BEFORE UPDATE ON public.blog_posts
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

REVOKE ALL ON TABLE public.blog_posts FROM anon, authenticated;
GRANT SELECT ON TABLE public.blog_posts TO anon;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.blog_posts TO authenticated;
GRANT ALL ON TABLE public.blog_posts TO service_role;

ALTER TABLE public.blog_posts ENABLE ROW LEVEL SECURITY;

CREATE POLICY "Anyone reads published posts" ON public.blog_posts
  FOR SELECT TO anon, authenticated
  USING (published = true);

CREATE POLICY "Admins manage posts" ON public.blog_posts
  FOR ALL TO authenticated
  USING (public.has_role(auth.uid(), 'admin'))
  WITH CHECK (public.has_role(auth.uid(), 'admin'));
