-- The editorial blog (issue #36): scheduled posts, SEO fields, search, tags, author profiles and
-- the old slugs of renamed posts. Portable: plain PostgreSQL 15+, PGlite (which loads unaccent,
-- server/backend/db/pglite.ts) and hosted Supabase.
--
-- One rule decides what a visitor sees: public.post_is_visible(published, published_at). Every
-- policy and every view below that shows posts to visitors goes through it, so a scheduled post
-- cannot leak through a tag, an author, a search or a redirect.

CREATE EXTENSION IF NOT EXISTS unaccent;

-- Portuguese stemming on accent-free words: "gestao" finds "Gestão", "atendimentos" finds
-- "atendimento".
CREATE TEXT SEARCH CONFIGURATION public.pt_unaccent (COPY = pg_catalog.portuguese);
ALTER TEXT SEARCH CONFIGURATION public.pt_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, portuguese_stem;

-- ---------------------------------------------------------------------------------------------
-- 1. Visibility. A published post whose moment has not come is scheduled: hidden until then.
--    Plain SQL without SET or SECURITY DEFINER, so PostgreSQL inlines it into the queries that
--    call it and the partial index below serves them.
CREATE FUNCTION public.post_is_visible(published boolean, published_at timestamptz)
RETURNS boolean
LANGUAGE sql
STABLE
AS $$
  SELECT published AND published_at IS NOT NULL AND published_at <= pg_catalog.now()
$$;

-- Who may write the blog: today the admins. The roles issue extends this one function.
CREATE FUNCTION public.is_staff(_user_id uuid)
RETURNS boolean
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT public.has_role(_user_id, 'admin')
$$;
REVOKE ALL ON FUNCTION public.is_staff(uuid) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.is_staff(uuid) TO authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- 2. Posts: the moment they go live, their SEO fields and their search document.
ALTER TABLE public.blog_posts
  ADD COLUMN published_at timestamptz,
  ADD COLUMN meta_title text
    CONSTRAINT blog_posts_meta_title_check CHECK (meta_title IS NULL OR char_length(meta_title) <= 300),
  ADD COLUMN meta_description text
    CONSTRAINT blog_posts_meta_description_check
    CHECK (meta_description IS NULL OR char_length(meta_description) <= 500),
  -- The featured image's rule: an absolute http(s) URL or a site path.
  ADD COLUMN og_image text
    CONSTRAINT blog_posts_og_image_check
    CHECK (og_image IS NULL OR og_image = ''
           OR (char_length(og_image) <= 2048 AND og_image ~* '^(https?://|/)[^[:space:]]*$')),
  ADD COLUMN canonical_url text
    CONSTRAINT blog_posts_canonical_url_check
    CHECK (canonical_url IS NULL
           OR (char_length(canonical_url) <= 2048 AND canonical_url ~* '^https?://[^[:space:]/?#]+[^[:space:]]*$')),
  ADD COLUMN noindex boolean NOT NULL DEFAULT false,
  -- Title weighs more than the excerpt, the excerpt more than the body.
  ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('public.pt_unaccent', title), 'A')
    || setweight(to_tsvector('public.pt_unaccent', coalesce(excerpt, '')), 'B')
    || setweight(to_tsvector('public.pt_unaccent', content), 'C')
  ) STORED;

-- /blog/busca is the search page: no post may take that address.
ALTER TABLE public.blog_posts
  ADD CONSTRAINT blog_posts_slug_not_reserved CHECK (slug <> 'busca') NOT VALID;

-- Posts already published went live when they were created. Without the user triggers: this is
-- no edit (updated_at, the audit log and the page cache stay as they are).
ALTER TABLE public.blog_posts DISABLE TRIGGER USER;
UPDATE public.blog_posts SET published_at = created_at WHERE published AND published_at IS NULL;
ALTER TABLE public.blog_posts ENABLE TRIGGER USER;

-- Publishing without a date publishes now; unpublishing keeps the date.
CREATE FUNCTION public.set_published_at()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  IF NEW.published AND NEW.published_at IS NULL THEN
    NEW.published_at := now();
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER blog_posts_set_published_at
  BEFORE INSERT OR UPDATE ON public.blog_posts
  FOR EACH ROW EXECUTE FUNCTION public.set_published_at();

-- Every public list: newest first among the visible posts; an author's posts; the search.
CREATE INDEX blog_posts_visible_idx ON public.blog_posts (published_at DESC, id DESC) WHERE published;
CREATE INDEX blog_posts_author_idx ON public.blog_posts (author_id, published_at DESC) WHERE published;
CREATE INDEX blog_posts_search_idx ON public.blog_posts USING gin (search_vector);

-- The visitors' rule, and the second factor's: a scheduled post is admin data like a draft.
DROP POLICY "Anyone reads published posts" ON public.blog_posts;
CREATE POLICY "Anyone reads visible posts" ON public.blog_posts
  FOR SELECT TO anon, authenticated
  USING (public.post_is_visible(published, published_at));
DROP POLICY "Second factor for drafts" ON public.blog_posts;
CREATE POLICY "Second factor for drafts" ON public.blog_posts
  AS RESTRICTIVE FOR SELECT TO authenticated
  USING (public.post_is_visible(published, published_at) OR (SELECT public.mfa_satisfied()));

-- The audit log's "post.updated" covers the SEO fields too (publishing sets published_at and is
-- logged as "post.published" already).
CREATE OR REPLACE TRIGGER blog_posts_audit AFTER INSERT OR UPDATE OR DELETE ON public.blog_posts
  FOR EACH ROW EXECUTE FUNCTION public.audit_change(
    'title', 'slug', 'excerpt', 'content', 'featured_image',
    'meta_title', 'meta_description', 'og_image', 'canonical_url', 'noindex');

-- ---------------------------------------------------------------------------------------------
-- 3. Tags. Visitors read a tag while it has a visible post; admins manage them.
CREATE TABLE public.tags (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL
    CONSTRAINT tags_slug_check CHECK (char_length(slug) BETWEEN 1 AND 200 AND slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text NOT NULL
    CONSTRAINT tags_name_check CHECK (char_length(name) BETWEEN 1 AND 80 AND btrim(name) <> ''),
  description text CONSTRAINT tags_description_check CHECK (description IS NULL OR char_length(description) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tags_slug_key UNIQUE (slug)
);
-- "IA" and "ia" are one tag: typing an existing name in the post form picks that tag.
CREATE UNIQUE INDEX tags_name_key ON public.tags (lower(name));
CREATE TRIGGER tags_set_updated_at BEFORE UPDATE ON public.tags
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

-- A post's tags in order; position 0 is its primary tag.
CREATE TABLE public.post_tags (
  post_id uuid NOT NULL REFERENCES public.blog_posts (id) ON DELETE CASCADE,
  tag_id uuid NOT NULL REFERENCES public.tags (id) ON DELETE CASCADE,
  position smallint NOT NULL CONSTRAINT post_tags_position_check CHECK (position >= 0),
  PRIMARY KEY (post_id, tag_id),
  CONSTRAINT post_tags_position_key UNIQUE (post_id, position)
);
CREATE INDEX post_tags_tag_idx ON public.post_tags (tag_id, post_id);

-- At most 10 tags per post, whoever writes them. The post's row lock makes two concurrent
-- writers count one after the other.
CREATE FUNCTION public.limit_post_tags()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  PERFORM 1 FROM public.blog_posts WHERE id = NEW.post_id FOR NO KEY UPDATE;
  IF (SELECT count(*) FROM public.post_tags WHERE post_id = NEW.post_id AND tag_id <> NEW.tag_id) >= 10 THEN
    RAISE EXCEPTION 'a post has at most 10 tags'
      USING ERRCODE = '23514', HINT = 'post_tags_limit', CONSTRAINT = 'post_tags_limit';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER post_tags_limit
  BEFORE INSERT OR UPDATE ON public.post_tags
  FOR EACH ROW EXECUTE FUNCTION public.limit_post_tags();

-- Replaces a post's tags in one transaction (the first is the primary one): the post form's save.
-- tag_ids is a JSON array of ids. SECURITY INVOKER: row-level security decides, as for any write.
CREATE FUNCTION public.set_post_tags(for_post uuid, tag_ids jsonb)
RETURNS void
LANGUAGE sql
SECURITY INVOKER
SET search_path = ''
AS $$
  DELETE FROM public.post_tags WHERE post_id = for_post;
  INSERT INTO public.post_tags (post_id, tag_id, position)
  SELECT for_post, t.tag_id::uuid, (t.ord - 1)::smallint
  FROM jsonb_array_elements_text(tag_ids) WITH ORDINALITY AS t (tag_id, ord);
$$;
REVOKE ALL ON FUNCTION public.set_post_tags(uuid, jsonb) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.set_post_tags(uuid, jsonb) TO authenticated, service_role;

REVOKE ALL ON TABLE public.tags, public.post_tags FROM anon, authenticated;
GRANT SELECT ON TABLE public.tags, public.post_tags TO anon;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.tags, public.post_tags TO authenticated;
GRANT ALL ON TABLE public.tags, public.post_tags TO service_role;
ALTER TABLE public.tags ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.post_tags ENABLE ROW LEVEL SECURITY;

CREATE POLICY "Anyone reads tags of visible posts" ON public.post_tags
  FOR SELECT TO anon, authenticated
  USING (EXISTS (
    SELECT 1 FROM public.blog_posts p
    WHERE p.id = post_tags.post_id AND public.post_is_visible(p.published, p.published_at)
  ));
CREATE POLICY "Admins manage post tags" ON public.post_tags
  FOR ALL TO authenticated
  USING ((SELECT public.has_role((SELECT auth.uid()), 'admin')))
  WITH CHECK ((SELECT public.has_role((SELECT auth.uid()), 'admin')));

CREATE POLICY "Anyone reads tags with visible posts" ON public.tags
  FOR SELECT TO anon, authenticated
  USING (EXISTS (
    SELECT 1 FROM public.post_tags pt JOIN public.blog_posts p ON p.id = pt.post_id
    WHERE pt.tag_id = tags.id AND public.post_is_visible(p.published, p.published_at)
  ));
CREATE POLICY "Admins manage tags" ON public.tags
  FOR ALL TO authenticated
  USING ((SELECT public.has_role((SELECT auth.uid()), 'admin')))
  WITH CHECK ((SELECT public.has_role((SELECT auth.uid()), 'admin')));

-- ---------------------------------------------------------------------------------------------
-- 4. Author profiles: one per staff account, written by its owner and by admins; visitors read
--    a profile while it has a visible post.
CREATE TABLE public.author_profiles (
  user_id uuid PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
  slug text NOT NULL
    CONSTRAINT author_profiles_slug_check
    CHECK (char_length(slug) BETWEEN 1 AND 200 AND slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text NOT NULL
    CONSTRAINT author_profiles_name_check CHECK (char_length(name) BETWEEN 1 AND 80 AND btrim(name) <> ''),
  bio text CONSTRAINT author_profiles_bio_check CHECK (bio IS NULL OR char_length(bio) <= 2000),
  avatar_url text
    CONSTRAINT author_profiles_avatar_url_check
    CHECK (avatar_url IS NULL OR avatar_url = ''
           OR (char_length(avatar_url) <= 2048 AND avatar_url ~* '^(https?://|/)[^[:space:]]*$')),
  website_url text
    CONSTRAINT author_profiles_website_url_check
    CHECK (website_url IS NULL
           OR (char_length(website_url) <= 2048 AND website_url ~* '^https?://[^[:space:]/?#]+[^[:space:]]*$')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT author_profiles_slug_key UNIQUE (slug)
);
CREATE TRIGGER author_profiles_set_updated_at BEFORE UPDATE ON public.author_profiles
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

REVOKE ALL ON TABLE public.author_profiles FROM anon, authenticated;
GRANT SELECT ON TABLE public.author_profiles TO anon;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.author_profiles TO authenticated;
GRANT ALL ON TABLE public.author_profiles TO service_role;
ALTER TABLE public.author_profiles ENABLE ROW LEVEL SECURITY;

CREATE POLICY "Anyone reads authors with visible posts" ON public.author_profiles
  FOR SELECT TO anon, authenticated
  USING (EXISTS (
    SELECT 1 FROM public.blog_posts p
    WHERE p.author_id = author_profiles.user_id AND public.post_is_visible(p.published, p.published_at)
  ));
CREATE POLICY "Authors manage their own profile" ON public.author_profiles
  FOR ALL TO authenticated
  USING (user_id = (SELECT auth.uid()))
  WITH CHECK (user_id = (SELECT auth.uid()) AND public.is_staff(user_id));
CREATE POLICY "Admins manage author profiles" ON public.author_profiles
  FOR ALL TO authenticated
  USING ((SELECT public.has_role((SELECT auth.uid()), 'admin')))
  WITH CHECK ((SELECT public.has_role((SELECT auth.uid()), 'admin')) AND public.is_staff(user_id));

-- ---------------------------------------------------------------------------------------------
-- 5. Old slugs. Renaming a post that has been live keeps its old slug, pointing at the post (not
--    at a slug), so A -> B -> C sends A straight to C. A slug in use is nobody's redirect: a new
--    post may take a retired slug. Rows come only from the trigger (and the service role).
CREATE TABLE public.post_slug_redirects (
  old_slug text PRIMARY KEY,
  post_id uuid NOT NULL REFERENCES public.blog_posts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX post_slug_redirects_post_idx ON public.post_slug_redirects (post_id);

CREATE FUNCTION public.keep_old_post_slug()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  DELETE FROM public.post_slug_redirects WHERE old_slug = NEW.slug;
  IF TG_OP = 'UPDATE' AND OLD.slug <> NEW.slug
     AND OLD.published_at IS NOT NULL AND OLD.published_at <= now() THEN
    INSERT INTO public.post_slug_redirects (old_slug, post_id) VALUES (OLD.slug, NEW.id)
    ON CONFLICT (old_slug) DO UPDATE SET post_id = EXCLUDED.post_id, created_at = now();
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER blog_posts_keep_old_slug
  AFTER INSERT OR UPDATE OF slug ON public.blog_posts
  FOR EACH ROW EXECUTE FUNCTION public.keep_old_post_slug();

REVOKE ALL ON TABLE public.post_slug_redirects FROM anon, authenticated;
GRANT SELECT ON TABLE public.post_slug_redirects TO anon, authenticated;
GRANT ALL ON TABLE public.post_slug_redirects TO service_role;
ALTER TABLE public.post_slug_redirects ENABLE ROW LEVEL SECURITY;
CREATE POLICY "Anyone reads redirects to visible posts" ON public.post_slug_redirects
  FOR SELECT TO anon, authenticated
  USING (EXISTS (
    SELECT 1 FROM public.blog_posts p
    WHERE p.id = post_slug_redirects.post_id AND public.post_is_visible(p.published, p.published_at)
  ));
CREATE POLICY "Admins read redirects" ON public.post_slug_redirects
  FOR SELECT TO authenticated
  USING ((SELECT public.has_role((SELECT auth.uid()), 'admin')));

-- ---------------------------------------------------------------------------------------------
-- 6. The second factor (20260101001200_admin_security.sql): writes need it, and what visitors
--    cannot see is admin data that an aal1 session of a 2FA admin does not see either.
CREATE POLICY "Second factor for tag writes" ON public.tags
  AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK ((SELECT public.mfa_satisfied()));
CREATE POLICY "Second factor for tag updates" ON public.tags
  AS RESTRICTIVE FOR UPDATE TO authenticated
  USING ((SELECT public.mfa_satisfied())) WITH CHECK ((SELECT public.mfa_satisfied()));
CREATE POLICY "Second factor for tag deletes" ON public.tags
  AS RESTRICTIVE FOR DELETE TO authenticated USING ((SELECT public.mfa_satisfied()));
CREATE POLICY "Second factor for unused tags" ON public.tags
  AS RESTRICTIVE FOR SELECT TO authenticated
  USING ((SELECT public.mfa_satisfied()) OR EXISTS (
    SELECT 1 FROM public.post_tags pt JOIN public.blog_posts p ON p.id = pt.post_id
    WHERE pt.tag_id = tags.id AND public.post_is_visible(p.published, p.published_at)
  ));

CREATE POLICY "Second factor for post tag writes" ON public.post_tags
  AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK ((SELECT public.mfa_satisfied()));
CREATE POLICY "Second factor for post tag updates" ON public.post_tags
  AS RESTRICTIVE FOR UPDATE TO authenticated
  USING ((SELECT public.mfa_satisfied())) WITH CHECK ((SELECT public.mfa_satisfied()));
CREATE POLICY "Second factor for post tag deletes" ON public.post_tags
  AS RESTRICTIVE FOR DELETE TO authenticated USING ((SELECT public.mfa_satisfied()));
CREATE POLICY "Second factor for tags of drafts" ON public.post_tags
  AS RESTRICTIVE FOR SELECT TO authenticated
  USING ((SELECT public.mfa_satisfied()) OR EXISTS (
    SELECT 1 FROM public.blog_posts p
    WHERE p.id = post_tags.post_id AND public.post_is_visible(p.published, p.published_at)
  ));

CREATE POLICY "Second factor for profile writes" ON public.author_profiles
  AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK ((SELECT public.mfa_satisfied()));
CREATE POLICY "Second factor for profile updates" ON public.author_profiles
  AS RESTRICTIVE FOR UPDATE TO authenticated
  USING ((SELECT public.mfa_satisfied())) WITH CHECK ((SELECT public.mfa_satisfied()));
CREATE POLICY "Second factor for profile deletes" ON public.author_profiles
  AS RESTRICTIVE FOR DELETE TO authenticated USING ((SELECT public.mfa_satisfied()));
CREATE POLICY "Second factor for other profiles" ON public.author_profiles
  AS RESTRICTIVE FOR SELECT TO authenticated
  USING ((SELECT public.mfa_satisfied()) OR user_id = (SELECT auth.uid()) OR EXISTS (
    SELECT 1 FROM public.blog_posts p
    WHERE p.author_id = author_profiles.user_id AND public.post_is_visible(p.published, p.published_at)
  ));

CREATE POLICY "Second factor for redirects of drafts" ON public.post_slug_redirects
  AS RESTRICTIVE FOR SELECT TO authenticated
  USING ((SELECT public.mfa_satisfied()) OR EXISTS (
    SELECT 1 FROM public.blog_posts p
    WHERE p.id = post_slug_redirects.post_id AND public.post_is_visible(p.published, p.published_at)
  ));

-- ---------------------------------------------------------------------------------------------
-- 7. What the public pages read. security_invoker: the reader's row-level security applies
--    inside the views too, and they filter with the one visibility rule besides.

-- The visible posts, with their primary tag (position 0) for the cards. The tag's columns are
-- sub-selects, computed only when a query asks for them.
CREATE VIEW public.visible_posts WITH (security_invoker = true) AS
SELECT p.id, p.title, p.slug, p.excerpt, p.content, p.featured_image, p.published_at, p.created_at,
       p.updated_at, p.author_id, p.meta_title, p.meta_description, p.og_image, p.canonical_url, p.noindex,
       (SELECT t.slug FROM public.post_tags pt JOIN public.tags t ON t.id = pt.tag_id
         WHERE pt.post_id = p.id ORDER BY pt.position LIMIT 1) AS primary_tag_slug,
       (SELECT t.name FROM public.post_tags pt JOIN public.tags t ON t.id = pt.tag_id
         WHERE pt.post_id = p.id ORDER BY pt.position LIMIT 1) AS primary_tag_name
FROM public.blog_posts p
WHERE public.post_is_visible(p.published, p.published_at);

-- A tag page's posts: filter by tag_id, order by published_at.
CREATE VIEW public.tag_posts WITH (security_invoker = true) AS
SELECT pt.tag_id, v.*
FROM public.post_tags pt
JOIN public.visible_posts v ON v.id = pt.post_id;

-- Tags with visible posts, how many, and the newest one's date (the sitemap's lastmod).
CREATE VIEW public.visible_tags WITH (security_invoker = true) AS
SELECT t.id, t.slug, t.name, t.description, count(*)::integer AS post_count,
       max(p.published_at) AS last_published_at
FROM public.tags t
JOIN public.post_tags pt ON pt.tag_id = t.id
JOIN public.blog_posts p ON p.id = pt.post_id
WHERE public.post_is_visible(p.published, p.published_at)
GROUP BY t.id;

-- A post's tags in order, with their names (the post page, the admin's form).
CREATE VIEW public.post_tag_list WITH (security_invoker = true) AS
SELECT pt.post_id, pt.position, t.id AS tag_id, t.slug, t.name
FROM public.post_tags pt
JOIN public.tags t ON t.id = pt.tag_id;

-- Where an old slug leads now: the current slug of a visible post.
CREATE VIEW public.post_redirect_targets WITH (security_invoker = true) AS
SELECT r.old_slug, p.slug
FROM public.post_slug_redirects r
JOIN public.blog_posts p ON p.id = r.post_id
WHERE public.post_is_visible(p.published, p.published_at);

REVOKE ALL ON TABLE public.visible_posts, public.tag_posts, public.visible_tags, public.post_tag_list,
  public.post_redirect_targets FROM anon, authenticated;
GRANT SELECT ON TABLE public.visible_posts, public.tag_posts, public.visible_tags, public.post_tag_list,
  public.post_redirect_targets TO anon, authenticated, service_role;

-- Up to max_count visible posts sharing the most tags with a post, then the newest; never the
-- post itself. A post without tags has none.
CREATE FUNCTION public.related_posts(for_post uuid, max_count integer DEFAULT 3)
RETURNS TABLE (
  id uuid, title text, slug text, excerpt text, featured_image text, published_at timestamptz,
  primary_tag_slug text, primary_tag_name text, shared_tags integer
)
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  WITH shared AS (
    SELECT other.post_id, count(*)::integer AS n
    FROM public.post_tags mine
    JOIN public.post_tags other ON other.tag_id = mine.tag_id AND other.post_id <> mine.post_id
    WHERE mine.post_id = for_post
    GROUP BY other.post_id
  )
  SELECT v.id, v.title, v.slug, v.excerpt, v.featured_image, v.published_at, v.primary_tag_slug,
         v.primary_tag_name, s.n
  FROM shared s
  JOIN public.visible_posts v ON v.id = s.post_id
  ORDER BY s.n DESC, v.published_at DESC, v.id DESC
  LIMIT least(greatest(coalesce(max_count, 3), 0), 12)
$$;
GRANT EXECUTE ON FUNCTION public.related_posts(uuid, integer) TO anon, authenticated, service_role;

-- The blog's search: Portuguese full text without accents, title over excerpt over body, newest
-- first among equals; one page of results with a highlighted snippet (between U+E000 and
-- U+E001, which the page turns into <mark>) and the total. At most 200 characters.
CREATE FUNCTION public.search_posts(q text, page_limit integer DEFAULT 12, page_offset integer DEFAULT 0)
RETURNS TABLE (
  id uuid, title text, slug text, excerpt text, featured_image text, published_at timestamptz,
  primary_tag_slug text, primary_tag_name text, snippet text, rank real, total bigint
)
LANGUAGE plpgsql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
#variable_conflict use_column
DECLARE
  tsq tsquery;
BEGIN
  IF q IS NULL OR char_length(q) > 200 THEN
    RAISE EXCEPTION 'a search is at most 200 characters'
      USING ERRCODE = '22023', HINT = 'search_query_length';
  END IF;
  tsq := websearch_to_tsquery('public.pt_unaccent', q);
  -- Nothing but stop words ("de", "o que"): nothing to look for.
  IF numnode(tsq) = 0 THEN
    RETURN;
  END IF;
  RETURN QUERY
  WITH hits AS (
    SELECT p.id, ts_rank(p.search_vector, tsq) AS rank, count(*) OVER () AS total
    FROM public.blog_posts p
    WHERE p.search_vector @@ tsq AND public.post_is_visible(p.published, p.published_at)
    ORDER BY 2 DESC, p.published_at DESC, p.id DESC
    LIMIT least(greatest(coalesce(page_limit, 12), 1), 50)
    OFFSET greatest(coalesce(page_offset, 0), 0)
  )
  SELECT v.id, v.title, v.slug, v.excerpt, v.featured_image, v.published_at, v.primary_tag_slug,
         v.primary_tag_name,
         ts_headline(
           'public.pt_unaccent',
           -- The Markdown's marks and link targets are not words a reader looks for.
           regexp_replace(
             coalesce(v.excerpt, '') || E'\n' || left(v.content, 20000),
             '!?\[([^\]]*)\]\([^)]*\)|[#*_`>|~]+', '\1', 'g'),
           tsq,
           'StartSel=' || chr(57344) || ', StopSel=' || chr(57345)
             || ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "'),
         h.rank, h.total
  FROM hits h
  JOIN public.visible_posts v ON v.id = h.id
  ORDER BY h.rank DESC, v.published_at DESC, v.id DESC;
END
$$;
GRANT EXECUTE ON FUNCTION public.search_posts(text, integer, integer) TO anon, authenticated, service_role;
