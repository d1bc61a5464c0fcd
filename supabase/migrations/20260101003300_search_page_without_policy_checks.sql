-- A fresh query of the blog's search cost tens of milliseconds of database work on PGlite, which
-- answers one query at a time (issue #36). Same results with less work:
-- - The lookups return each match's rank and date as they find it (visible_post_ranks replaces
--   visible_post_matches): the ranking no longer reads the candidates and their search documents
--   a second time.
-- - The page's primary tags were read through visible_posts, whose tag sub-selects run the
--   row-level security of post_tags and tags (EXISTS checks with nested policies), twice per hit.
--   post_primary_tags reads them as the tables' owner, for posts any visitor may see: such a
--   post's tags are exactly what every reader's policies let through.
-- - Whether the excerpt holds the words is asked of the excerpt's part (weight B) of the stored
--   search document instead of parsing the excerpt again.
-- Both helpers write the visitors' rule (post_is_visible) into their queries, as the lookups did.

-- The primary tag (lowest position) of each given post that any visitor may see; nothing for a
-- draft or a scheduled post. At most 50 posts per call, as a page of search results.
CREATE FUNCTION public.post_primary_tags(post_ids uuid[])
RETURNS TABLE (post_id uuid, slug text, name text)
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT DISTINCT ON (pt.post_id) pt.post_id, t.slug, t.name
  FROM public.post_tags pt
  JOIN public.tags t ON t.id = pt.tag_id
  JOIN public.blog_posts p ON p.id = pt.post_id
  WHERE pt.post_id = ANY (post_ids[1:50]) AND public.post_is_visible(p.published, p.published_at)
  ORDER BY pt.post_id, pt.position
$$;
REVOKE ALL ON FUNCTION public.post_primary_tags(uuid[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.post_primary_tags(uuid[]) TO anon, authenticated, service_role;

-- The newest posts any visitor may see whose title (in_title) or search document matches, at most
-- max_rows (200), with their rank and date. As the table's owner, since under row-level security
-- `@@` could use no index (ADR 086); planned for each query's words by EXECUTE.
CREATE FUNCTION public.visible_post_ranks(tsq tsquery, in_title boolean, max_rows integer)
RETURNS TABLE (id uuid, rank real, published_at timestamptz)
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    'SELECT p.id, ts_rank(p.search_vector, $1), p.published_at FROM public.blog_posts p
       WHERE p.%I @@ $1 AND public.post_is_visible(p.published, p.published_at)
       ORDER BY p.published_at DESC, p.id DESC LIMIT $2',
    CASE WHEN in_title THEN 'search_title' ELSE 'search_vector' END)
    USING tsq, least(greatest(max_rows, 0), 200);
END
$$;
REVOKE ALL ON FUNCTION public.visible_post_ranks(tsquery, boolean, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.visible_post_ranks(tsquery, boolean, integer) TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.search_posts(q text, page_limit integer DEFAULT 12, page_offset integer DEFAULT 0)
RETURNS TABLE (
  id uuid, title text, slug text, excerpt text, featured_image text, published_at timestamptz,
  primary_tag_slug text, primary_tag_name text, snippet text, rank real, total bigint, more boolean
)
LANGUAGE plpgsql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
#variable_conflict use_column
DECLARE
  tsq tsquery;
  marks text := 'StartSel=' || chr(57344) || ', StopSel=' || chr(57345)
    || ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "';
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
  -- The newest 120 matches (one more, to know whether there were more) and the newest 40 title
  -- matches are ranked.
  WITH recent AS MATERIALIZED (
    SELECT r.id, r.rank, r.published_at, r.n
    FROM public.visible_post_ranks(tsq, false, 121) WITH ORDINALITY AS r (id, rank, published_at, n)
  ),
  candidates AS (
    SELECT DISTINCT ON (c.id) c.id, c.rank, c.published_at
    FROM (
      SELECT r.id, r.rank, r.published_at FROM recent r WHERE r.n <= 120
      UNION ALL
      SELECT t.id, t.rank, t.published_at FROM public.visible_post_ranks(tsq, true, 40) AS t
    ) c
  ),
  hits AS (
    SELECT c.id, c.rank, c.published_at, count(*) OVER () AS total
    FROM candidates c
    ORDER BY c.rank DESC, c.published_at DESC, c.id DESC
    LIMIT least(greatest(coalesce(page_limit, 12), 1), 50)
    OFFSET greatest(coalesce(page_offset, 0), 0)
  ),
  primary_tags AS (
    SELECT pt.post_id, pt.slug, pt.name FROM public.post_primary_tags(ARRAY(SELECT h.id FROM hits h)) pt
  )
  SELECT p.id, p.title, p.slug, p.excerpt, p.featured_image, p.published_at, t.slug, t.name,
         -- The Markdown's marks and link targets are not words a reader looks for.
         CASE WHEN ts_filter(p.search_vector, '{b}') @@ tsq
           THEN ts_headline('public.pt_unaccent',
                  regexp_replace(p.excerpt, '!?\[([^\]]*)\]\([^)]*\)|[#*_`>|~]+', '\1', 'g'), tsq, marks)
           ELSE ts_headline('public.pt_unaccent',
                  regexp_replace(
                    coalesce(p.excerpt, '') || E'\n' || left(p.content, 20000),
                    '!?\[([^\]]*)\]\([^)]*\)|[#*_`>|~]+', '\1', 'g'),
                  tsq, marks)
         END,
         h.rank, h.total, (SELECT count(*) FROM recent) > 120
  FROM hits h
  JOIN public.blog_posts p ON p.id = h.id AND public.post_is_visible(p.published, p.published_at)
  LEFT JOIN primary_tags t ON t.post_id = h.id
  ORDER BY h.rank DESC, h.published_at DESC, h.id DESC;
END
$$;

DROP FUNCTION public.visible_post_matches(tsquery, boolean, integer);
