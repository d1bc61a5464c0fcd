-- The blog's search touches a bounded number of posts, whatever the query (issue #36). Ranking
-- every match reads every post's search document when a word is in most of them, which grows
-- with the blog; here the ranking runs over the newest 120 matches plus the newest 40 whose
-- title matches, so an older post named by its title is still found. `more` says there were
-- more matches than that; the page then says "mais de".

-- The title's own document: small, so finding title matches in date order stays cheap.
ALTER TABLE public.blog_posts
  ADD COLUMN search_title tsvector GENERATED ALWAYS AS (to_tsvector('public.pt_unaccent', title)) STORED;
CREATE INDEX blog_posts_search_title_idx ON public.blog_posts USING gin (search_title);

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
-- Planned for each query's own words: a plan cached for "any word" would guess it is rare.
SET plan_cache_mode = force_custom_plan
AS $$
#variable_conflict use_column
DECLARE
  tsq tsquery;
  recent uuid[];
  titled uuid[];
  candidates uuid[];
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
  recent := ARRAY(
    SELECT p.id FROM public.blog_posts p
    WHERE p.search_vector @@ tsq AND public.post_is_visible(p.published, p.published_at)
    ORDER BY p.published_at DESC, p.id DESC
    LIMIT 121);
  titled := ARRAY(
    SELECT p.id FROM public.blog_posts p
    WHERE p.search_title @@ tsq AND public.post_is_visible(p.published, p.published_at)
    ORDER BY p.published_at DESC, p.id DESC
    LIMIT 40);
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
         ts_headline(
           'public.pt_unaccent',
           -- The Markdown's marks and link targets are not words a reader looks for.
           regexp_replace(
             coalesce(v.excerpt, '') || E'\n' || left(v.content, 20000),
             '!?\[([^\]]*)\]\([^)]*\)|[#*_`>|~]+', '\1', 'g'),
           tsq,
           'StartSel=' || chr(57344) || ', StopSel=' || chr(57345)
             || ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "'),
         h.rank, h.total, cardinality(recent) > 120
  FROM hits h
  JOIN public.visible_posts v ON v.id = h.id
  ORDER BY h.rank DESC, h.published_at DESC, v.id DESC;
END
$$;
GRANT EXECUTE ON FUNCTION public.search_posts(text, integer, integer) TO anon, authenticated, service_role;
