-- The blog's list pages without work that grows with the blog (issue #36). A page of /blog, of a
-- tag or of an author that the page cache did not hold read, as the visitor:
-- - the two primary-tag columns of visible_posts for every post the OFFSET skipped (a scan in
--   index order projects them before the limit), each through the nested EXISTS policies of
--   post_tags and tags;
-- - every visible post again to count them for the page count, and on /blog every post's tags
--   to count each tag's posts for the filter row.
-- Now the counts are kept as they change (post_list_counts, below), a page reads only its own
-- posts' ids, from the nearer end of the list, and decorates those few; visible_posts (search,
-- related posts) takes a card's primary tag in one lookup. The lists, the tag counts and that
-- lookup are SECURITY DEFINER functions that write the visitors' rule (post_is_visible) in, so
-- they answer anyone exactly what a visitor may see.

-- ---------------------------------------------------------------------------------------------
-- 1. How many published posts (published, with a date) each list holds: every post ('all', the
--    nil key), each author's, each tag's. Scheduled posts are counted here and taken out when a
--    list is read (few posts wait at any moment), so nothing has to change when their moment
--    comes. Only the functions below read and write it.
CREATE TABLE public.post_list_counts (
  list text NOT NULL CONSTRAINT post_list_counts_list_check CHECK (list IN ('all', 'author', 'tag')),
  key uuid NOT NULL,
  published integer NOT NULL,
  PRIMARY KEY (list, key)
);
REVOKE ALL ON TABLE public.post_list_counts FROM PUBLIC, anon, authenticated;
GRANT SELECT ON TABLE public.post_list_counts TO service_role;
ALTER TABLE public.post_list_counts ENABLE ROW LEVEL SECURITY;

-- Adds each post's delta (+1 published, -1 no longer) to every list it is in, the tags as
-- post_tags has them now. Keys in order, so two writers lock counts in the same order.
CREATE FUNCTION public.shift_post_counts(post_ids uuid[], author_ids uuid[], deltas integer[])
RETURNS void
LANGUAGE sql
SECURITY DEFINER
SET search_path = ''
AS $$
  INSERT INTO public.post_list_counts AS c (list, key, published)
  SELECT s.list, s.key, sum(s.d)::integer
  FROM (
    SELECT 'all' AS list, '00000000-0000-0000-0000-000000000000'::uuid AS key, x.d
      FROM unnest(post_ids, author_ids, deltas) AS x (id, author_id, d)
    UNION ALL
    SELECT 'author', x.author_id, x.d
      FROM unnest(post_ids, author_ids, deltas) AS x (id, author_id, d) WHERE x.author_id IS NOT NULL
    UNION ALL
    SELECT 'tag', pt.tag_id, x.d
      FROM unnest(post_ids, author_ids, deltas) AS x (id, author_id, d)
      JOIN public.post_tags pt ON pt.post_id = x.id
  ) s
  GROUP BY s.list, s.key
  HAVING sum(s.d) <> 0
  ORDER BY s.list, s.key
  ON CONFLICT (list, key) DO UPDATE SET published = c.published + EXCLUDED.published
$$;

-- Adds each tagging's delta (+1 added, -1 removed) to its tag when its post is published. The
-- posts are locked first, as limit_post_tags does: a post published while its tags change is
-- then counted by one of the two writers, after the other has committed.
CREATE FUNCTION public.shift_tag_counts(post_ids uuid[], tag_ids uuid[], deltas integer[])
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  PERFORM 1 FROM public.blog_posts p WHERE p.id = ANY (post_ids) ORDER BY p.id FOR NO KEY UPDATE;
  INSERT INTO public.post_list_counts AS c (list, key, published)
  SELECT 'tag', x.tag_id, sum(x.d)::integer
  FROM unnest(post_ids, tag_ids, deltas) AS x (post_id, tag_id, d)
  JOIN public.blog_posts p ON p.id = x.post_id
  WHERE p.published AND p.published_at IS NOT NULL
  GROUP BY x.tag_id
  HAVING sum(x.d) <> 0
  ORDER BY x.tag_id
  ON CONFLICT (list, key) DO UPDATE SET published = c.published + EXCLUDED.published;
END
$$;

-- Every count from the tables: at first, and after a TRUNCATE (which fires no row trigger).
CREATE FUNCTION public.refresh_post_list_counts()
RETURNS void
LANGUAGE sql
SECURITY DEFINER
SET search_path = ''
AS $$
  DELETE FROM public.post_list_counts;
  INSERT INTO public.post_list_counts (list, key, published)
  SELECT 'all', '00000000-0000-0000-0000-000000000000'::uuid, count(*)::integer
    FROM public.blog_posts p WHERE p.published AND p.published_at IS NOT NULL
  UNION ALL
  SELECT 'author', p.author_id, count(*)::integer
    FROM public.blog_posts p WHERE p.published AND p.published_at IS NOT NULL AND p.author_id IS NOT NULL
    GROUP BY p.author_id
  UNION ALL
  SELECT 'tag', pt.tag_id, count(*)::integer
    FROM public.post_tags pt JOIN public.blog_posts p ON p.id = pt.post_id
    WHERE p.published AND p.published_at IS NOT NULL
    GROUP BY pt.tag_id;
$$;

CREATE FUNCTION public.count_posts_inserted()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  PERFORM public.shift_post_counts(array_agg(n.id), array_agg(n.author_id), array_agg(1))
  FROM new_posts n WHERE n.published AND n.published_at IS NOT NULL
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;

CREATE FUNCTION public.count_posts_updated()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  PERFORM public.shift_post_counts(array_agg(c.id), array_agg(c.author_id), array_agg(c.d))
  FROM (
    SELECT n.id, n.author_id, 1 AS d FROM new_posts n WHERE n.published AND n.published_at IS NOT NULL
    UNION ALL
    SELECT o.id, o.author_id, -1 FROM old_posts o WHERE o.published AND o.published_at IS NOT NULL
  ) c
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;

-- Before the row goes: its post_tags rows are still there to say which tags it leaves (the
-- foreign key's cascade deletes them, and shift_tag_counts then finds no post to count).
CREATE FUNCTION public.count_post_deleted()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF OLD.published AND OLD.published_at IS NOT NULL THEN
    PERFORM public.shift_post_counts(ARRAY[OLD.id], ARRAY[OLD.author_id], ARRAY[-1]);
  END IF;
  RETURN OLD;
END
$$;

CREATE FUNCTION public.count_post_tags_changed()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.shift_tag_counts(array_agg(n.post_id), array_agg(n.tag_id), array_agg(1))
    FROM new_tags n HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.shift_tag_counts(array_agg(o.post_id), array_agg(o.tag_id), array_agg(-1))
    FROM old_tags o HAVING count(*) > 0;
  ELSE
    PERFORM public.shift_tag_counts(array_agg(c.post_id), array_agg(c.tag_id), array_agg(c.d))
    FROM (
      SELECT n.post_id, n.tag_id, 1 AS d FROM new_tags n
      UNION ALL
      SELECT o.post_id, o.tag_id, -1 FROM old_tags o
    ) c
    HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION public.count_posts_truncated()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  PERFORM public.refresh_post_list_counts();
  RETURN NULL;
END
$$;

DO $$
DECLARE fn text;
BEGIN
  FOREACH fn IN ARRAY ARRAY['shift_post_counts(uuid[], uuid[], integer[])',
    'shift_tag_counts(uuid[], uuid[], integer[])', 'refresh_post_list_counts()', 'count_posts_inserted()',
    'count_posts_updated()', 'count_post_deleted()', 'count_post_tags_changed()', 'count_posts_truncated()'] LOOP
    EXECUTE format('REVOKE ALL ON FUNCTION public.%s FROM PUBLIC, anon, authenticated', fn);
  END LOOP;
END
$$;

CREATE TRIGGER blog_posts_count_inserted AFTER INSERT ON public.blog_posts
  REFERENCING NEW TABLE AS new_posts
  FOR EACH STATEMENT EXECUTE FUNCTION public.count_posts_inserted();
CREATE TRIGGER blog_posts_count_updated AFTER UPDATE ON public.blog_posts
  REFERENCING OLD TABLE AS old_posts NEW TABLE AS new_posts
  FOR EACH STATEMENT EXECUTE FUNCTION public.count_posts_updated();
CREATE TRIGGER blog_posts_count_deleted BEFORE DELETE ON public.blog_posts
  FOR EACH ROW EXECUTE FUNCTION public.count_post_deleted();
CREATE TRIGGER blog_posts_count_truncated AFTER TRUNCATE ON public.blog_posts
  FOR EACH STATEMENT EXECUTE FUNCTION public.count_posts_truncated();
CREATE TRIGGER post_tags_count_inserted AFTER INSERT ON public.post_tags
  REFERENCING NEW TABLE AS new_tags
  FOR EACH STATEMENT EXECUTE FUNCTION public.count_post_tags_changed();
CREATE TRIGGER post_tags_count_updated AFTER UPDATE ON public.post_tags
  REFERENCING OLD TABLE AS old_tags NEW TABLE AS new_tags
  FOR EACH STATEMENT EXECUTE FUNCTION public.count_post_tags_changed();
CREATE TRIGGER post_tags_count_deleted AFTER DELETE ON public.post_tags
  REFERENCING OLD TABLE AS old_tags
  FOR EACH STATEMENT EXECUTE FUNCTION public.count_post_tags_changed();
CREATE TRIGGER post_tags_count_truncated AFTER TRUNCATE ON public.post_tags
  FOR EACH STATEMENT EXECUTE FUNCTION public.count_posts_truncated();

-- Also in a session that writes in replica mode (a bulk load with the other triggers off), so
-- no write can leave the counts behind.
ALTER TABLE public.blog_posts ENABLE ALWAYS TRIGGER blog_posts_count_inserted;
ALTER TABLE public.blog_posts ENABLE ALWAYS TRIGGER blog_posts_count_updated;
ALTER TABLE public.blog_posts ENABLE ALWAYS TRIGGER blog_posts_count_deleted;
ALTER TABLE public.blog_posts ENABLE ALWAYS TRIGGER blog_posts_count_truncated;
ALTER TABLE public.post_tags ENABLE ALWAYS TRIGGER post_tags_count_inserted;
ALTER TABLE public.post_tags ENABLE ALWAYS TRIGGER post_tags_count_updated;
ALTER TABLE public.post_tags ENABLE ALWAYS TRIGGER post_tags_count_deleted;
ALTER TABLE public.post_tags ENABLE ALWAYS TRIGGER post_tags_count_truncated;

SELECT public.refresh_post_list_counts();

-- ---------------------------------------------------------------------------------------------
-- 2. What visitors read.

-- How many posts of a list (every post, a tag's or an author's: one of the two at most) a
-- visitor sees now: the published ones counted, less those whose moment has not come.
CREATE FUNCTION public.visible_post_count(of_tag uuid DEFAULT NULL, of_author uuid DEFAULT NULL)
RETURNS integer
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT (
    coalesce((
      SELECT c.published FROM public.post_list_counts c
      WHERE c.list = CASE WHEN of_tag IS NOT NULL THEN 'tag' WHEN of_author IS NOT NULL THEN 'author' ELSE 'all' END
        AND c.key = coalesce(of_tag, of_author, '00000000-0000-0000-0000-000000000000'::uuid)
    ), 0)
    - (
      SELECT count(*) FROM public.blog_posts p
      WHERE p.published AND p.published_at > pg_catalog.now()
        AND (of_author IS NULL OR p.author_id = of_author)
        AND (of_tag IS NULL OR EXISTS (
          SELECT 1 FROM public.post_tags pt WHERE pt.post_id = p.id AND pt.tag_id = of_tag))
    )
  )::integer
$$;
REVOKE ALL ON FUNCTION public.visible_post_count(uuid, uuid) FROM PUBLIC, anon, authenticated;

-- One page of a list's visible posts, newest first (published_at, then id), as cards with their
-- primary tag, and how many the list holds: /blog (no argument), a tag's page (of_tag) or an
-- author's (of_author). Past the last page, no rows. A deep page reads its ids from whichever end
-- of the list is nearer, then only those posts.
CREATE FUNCTION public.visible_post_page(
  page_size integer, page_offset integer, of_tag uuid DEFAULT NULL, of_author uuid DEFAULT NULL
)
RETURNS TABLE (
  id uuid, title text, slug text, excerpt text, featured_image text, published_at timestamptz,
  primary_tag_slug text, primary_tag_name text, total integer
)
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
#variable_conflict use_column
DECLARE
  total_count integer;
  take integer := least(greatest(coalesce(page_size, 12), 1), 100);
  skip integer := greatest(coalesce(page_offset, 0), 0);
  ids uuid[];
BEGIN
  IF of_tag IS NOT NULL AND of_author IS NOT NULL THEN
    RAISE EXCEPTION 'a list is every post, a tag''s or an author''s' USING ERRCODE = '22023';
  END IF;
  total_count := public.visible_post_count(of_tag, of_author);
  IF skip >= total_count THEN
    RETURN;
  END IF;
  take := least(take, total_count - skip);
  IF skip <= total_count - skip - take THEN
    IF of_tag IS NOT NULL THEN
      ids := ARRAY(SELECT p.id FROM public.post_tags pt JOIN public.blog_posts p ON p.id = pt.post_id
        WHERE pt.tag_id = of_tag AND public.post_is_visible(p.published, p.published_at)
        ORDER BY p.published_at DESC, p.id DESC LIMIT take OFFSET skip);
    ELSIF of_author IS NOT NULL THEN
      ids := ARRAY(SELECT p.id FROM public.blog_posts p
        WHERE p.author_id = of_author AND public.post_is_visible(p.published, p.published_at)
        ORDER BY p.published_at DESC, p.id DESC LIMIT take OFFSET skip);
    ELSE
      ids := ARRAY(SELECT p.id FROM public.blog_posts p
        WHERE public.post_is_visible(p.published, p.published_at)
        ORDER BY p.published_at DESC, p.id DESC LIMIT take OFFSET skip);
    END IF;
  ELSE
    -- Nearer the oldest post: counted from that end.
    skip := total_count - skip - take;
    IF of_tag IS NOT NULL THEN
      ids := ARRAY(SELECT p.id FROM public.post_tags pt JOIN public.blog_posts p ON p.id = pt.post_id
        WHERE pt.tag_id = of_tag AND public.post_is_visible(p.published, p.published_at)
        ORDER BY p.published_at, p.id LIMIT take OFFSET skip);
    ELSIF of_author IS NOT NULL THEN
      ids := ARRAY(SELECT p.id FROM public.blog_posts p
        WHERE p.author_id = of_author AND public.post_is_visible(p.published, p.published_at)
        ORDER BY p.published_at, p.id LIMIT take OFFSET skip);
    ELSE
      ids := ARRAY(SELECT p.id FROM public.blog_posts p
        WHERE public.post_is_visible(p.published, p.published_at)
        ORDER BY p.published_at, p.id LIMIT take OFFSET skip);
    END IF;
  END IF;
  RETURN QUERY
  SELECT p.id, p.title, p.slug, p.excerpt, p.featured_image, p.published_at, t.slug, t.name, total_count
  FROM public.blog_posts p
  LEFT JOIN LATERAL (
    SELECT pt.tag_id FROM public.post_tags pt WHERE pt.post_id = p.id ORDER BY pt.position LIMIT 1
  ) primary_tag ON true
  LEFT JOIN public.tags t ON t.id = primary_tag.tag_id
  WHERE p.id = ANY (ids)
  ORDER BY p.published_at DESC, p.id DESC;
END
$$;
REVOKE ALL ON FUNCTION public.visible_post_page(integer, integer, uuid, uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.visible_post_page(integer, integer, uuid, uuid)
  TO anon, authenticated, service_role;

-- The tags with visible posts and how many each has, from the counts; the date of a tag's
-- newest visible post (the sitemap's lastmod) only for the queries that ask for it.
CREATE FUNCTION public.visible_tag_counts()
RETURNS TABLE (id uuid, slug text, name text, description text, post_count integer)
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT t.id, t.slug, t.name, t.description, (c.published - coalesce(s.n, 0))::integer
  FROM public.post_list_counts c
  JOIN public.tags t ON t.id = c.key
  LEFT JOIN (
    SELECT pt.tag_id, count(*) AS n
    FROM public.blog_posts p JOIN public.post_tags pt ON pt.post_id = p.id
    WHERE p.published AND p.published_at > pg_catalog.now()
    GROUP BY pt.tag_id
  ) s ON s.tag_id = t.id
  WHERE c.list = 'tag' AND c.published - coalesce(s.n, 0) > 0
$$;

CREATE FUNCTION public.tag_last_published_at(for_tag uuid)
RETURNS timestamptz
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT max(p.published_at)
  FROM public.post_tags pt JOIN public.blog_posts p ON p.id = pt.post_id
  WHERE pt.tag_id = for_tag AND public.post_is_visible(p.published, p.published_at)
$$;

REVOKE ALL ON FUNCTION public.visible_tag_counts(), public.tag_last_published_at(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.visible_tag_counts(), public.tag_last_published_at(uuid)
  TO anon, authenticated, service_role;

CREATE OR REPLACE VIEW public.visible_tags WITH (security_invoker = true) AS
SELECT v.id, v.slug, v.name, v.description, v.post_count, public.tag_last_published_at(v.id) AS last_published_at
FROM public.visible_tag_counts() v;

-- A visible post's primary tag (its first), read as the owner: the cards of visible_posts (search,
-- related posts) took theirs through the nested policies of post_tags and tags, twice a card.
CREATE FUNCTION public.post_primary_tag(for_post uuid)
RETURNS TABLE (slug text, name text)
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT t.slug, t.name
  FROM public.blog_posts p
  JOIN public.post_tags pt ON pt.post_id = p.id
  JOIN public.tags t ON t.id = pt.tag_id
  WHERE p.id = for_post AND public.post_is_visible(p.published, p.published_at)
  ORDER BY pt.position
  LIMIT 1
$$;
REVOKE ALL ON FUNCTION public.post_primary_tag(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.post_primary_tag(uuid) TO anon, authenticated, service_role;

CREATE OR REPLACE VIEW public.visible_posts WITH (security_invoker = true) AS
SELECT p.id, p.title, p.slug, p.excerpt, p.content, p.featured_image, p.published_at, p.created_at,
       p.updated_at, p.author_id, p.meta_title, p.meta_description, p.og_image, p.canonical_url, p.noindex,
       (SELECT t.slug FROM public.post_primary_tag(p.id) t) AS primary_tag_slug,
       (SELECT t.name FROM public.post_primary_tag(p.id) t) AS primary_tag_name
FROM public.blog_posts p
WHERE public.post_is_visible(p.published, p.published_at);
