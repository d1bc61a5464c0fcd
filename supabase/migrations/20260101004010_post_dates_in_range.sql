-- A post's dates are shown, ordered and put in feeds and JSON-LD by every public blog page, and a
-- JavaScript Date cannot hold PostgreSQL's 'infinity', '-infinity' or years past 275,760: a writer
-- sending such a published_at through the API made /blog, the post, the search and the feeds fail
-- for every visitor. Dates now stay within the years 1900 to 9999; a row outside is refused
-- (23514, a 400 through the API). Rows already outside get a sensible date first, so the check
-- holds for every row. Portable: plain PostgreSQL 15+, PGlite, hosted Supabase.
UPDATE public.blog_posts SET created_at = now()
  WHERE NOT (created_at >= '1900-01-01 00:00:00+00' AND created_at < '10000-01-01 00:00:00+00');
UPDATE public.blog_posts SET updated_at = created_at
  WHERE NOT (updated_at >= '1900-01-01 00:00:00+00' AND updated_at < '10000-01-01 00:00:00+00');
UPDATE public.blog_posts SET published_at = created_at
  WHERE NOT (published_at >= '1900-01-01 00:00:00+00' AND published_at < '10000-01-01 00:00:00+00');

ALTER TABLE public.blog_posts
  ADD CONSTRAINT blog_posts_created_at_shown
    CHECK (created_at >= '1900-01-01 00:00:00+00' AND created_at < '10000-01-01 00:00:00+00'),
  ADD CONSTRAINT blog_posts_updated_at_shown
    CHECK (updated_at >= '1900-01-01 00:00:00+00' AND updated_at < '10000-01-01 00:00:00+00'),
  ADD CONSTRAINT blog_posts_published_at_shown
    CHECK (published_at >= '1900-01-01 00:00:00+00' AND published_at < '10000-01-01 00:00:00+00');
