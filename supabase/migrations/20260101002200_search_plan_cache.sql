-- The blog's search spent most of each call planning and scanning (issue #36).
-- - With force_custom_plan every statement of search_posts was planned again, with the posts
--   view, its tag lookups and row-level security. Only the two lookups whose best plan depends on
--   the words (a common word walks the newest posts, a rare one the full-text index) need a plan
--   per query: EXECUTE plans them with the query's own value. The ranking and the snippets read
--   at most 160 posts by id, the same plan whatever the words, which PostgreSQL keeps.
-- - Under row-level security a visitor's `@@` may not use an index (the operator is not
--   leakproof, so it cannot run before the policy's check), and the title lookup read every post.
--   visible_post_matches runs the two lookups as the tables' owner with the visitors' rule
--   (post_is_visible) written in, so it returns only what any visitor may see; the page itself is
--   still read through visible_posts under the caller's policies.
-- - A post whose excerpt holds the words takes its snippet from the excerpt alone; the body is
--   read (and cleaned of Markdown) only for the others.

CREATE FUNCTION public.visible_post_matches(tsq tsquery, in_title boolean, max_rows integer)
RETURNS uuid[]
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  found uuid[];
BEGIN
  EXECUTE format(
    'SELECT ARRAY(SELECT p.id FROM public.blog_posts p
       WHERE p.%I @@ $1 AND public.post_is_visible(p.published, p.published_at)
       ORDER BY p.published_at DESC, p.id DESC LIMIT $2)',
    CASE WHEN in_title THEN 'search_title' ELSE 'search_vector' END)
    INTO found USING tsq, least(greatest(max_rows, 0), 200);
  RETURN found;
END
$$;
REVOKE ALL ON FUNCTION public.visible_post_matches(tsquery, boolean, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.visible_post_matches(tsquery, boolean, integer) TO anon, authenticated, service_role;

DROP FUNCTION public.search_posts(text, integer, integer);
CREATE FUNCTION public.search_posts(q text, page_limit integer DEFAULT 12, page_offset integer DEFAULT 0)
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
  recent uuid[];
  titled uuid[];
  candidates uuid[];
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
  -- One more than kept, to know whether there were more.
  recent := public.visible_post_matches(tsq, false, 121);
  titled := public.visible_post_matches(tsq, true, 40);
  candidates := ARRAY(SELECT DISTINCT c FROM unnest(recent[1:120] || titled) AS c);
  RETURN QUERY
  WITH hits AS (
    SELECT p.id, ts_rank(p.search_vector, tsq) AS rank, p.published_at, count(*) OVER () AS total
    FROM public.blog_posts p
    WHERE p.id = ANY (candidates)
    ORDER BY 2 DESC, p.published_at DESC, p.id DESC
    LIMIT least(greatest(coalesce(page_limit, 12), 1), 50)
    OFFSET greatest(coalesce(page_offset, 0), 0)
  )
  SELECT v.id, v.title, v.slug, v.excerpt, v.featured_image, v.published_at, v.primary_tag_slug,
         v.primary_tag_name,
         -- The Markdown's marks and link targets are not words a reader looks for.
         CASE WHEN to_tsvector('public.pt_unaccent', coalesce(v.excerpt, '')) @@ tsq
           THEN ts_headline('public.pt_unaccent',
                  regexp_replace(v.excerpt, '!?\[([^\]]*)\]\([^)]*\)|[#*_`>|~]+', '\1', 'g'), tsq, marks)
           ELSE ts_headline('public.pt_unaccent',
                  regexp_replace(
                    coalesce(v.excerpt, '') || E'\n' || left(v.content, 20000),
                    '!?\[([^\]]*)\]\([^)]*\)|[#*_`>|~]+', '\1', 'g'),
                  tsq, marks)
         END,
         h.rank, h.total, cardinality(recent) > 120
  FROM hits h
  JOIN public.visible_posts v ON v.id = h.id
  ORDER BY h.rank DESC, h.published_at DESC, v.id DESC;
END
$$;
GRANT EXECUTE ON FUNCTION public.search_posts(text, integer, integer) TO anon, authenticated, service_role;
