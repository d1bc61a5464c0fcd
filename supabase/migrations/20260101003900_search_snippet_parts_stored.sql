-- A fresh search still spent about half its database time on snippets (issue #36, ADR 100): every
-- hit cut its text's first part with snippet_part's regular expressions, and a hit whose first
-- part lacked the words ran post_snippet's loop, cutting and highlighting part after part. The
-- parts depend only on the post, so they are now cut when the post is written and kept with the
-- words each holds: a search reads the first part that holds one of its words and highlights that
-- part alone. And search_posts keeps one plan for its query instead of planning it again for
-- every search.

-- ---------------------------------------------------------------------------------------------
-- 1. The parts of a post's text (its excerpt, a line break, its first 20,000 characters: what
--    post_snippet reads), as post_snippet cuts them, each with its Markdown removed as
--    ts_headline receives it.
CREATE FUNCTION public.snippet_parts(doc text)
RETURNS TABLE (n integer, shown text)
LANGUAGE plpgsql
IMMUTABLE
PARALLEL SAFE
SET search_path = ''
AS $$
DECLARE
  markdown constant text := '!?\[([^\]]*)\]\([^)]*\)|[#*_`>|~]+';
  rest text := left(doc, 20000);
  part text;
BEGIN
  n := 0;
  WHILE rest <> '' LOOP
    part := public.snippet_part(rest);
    rest := substr(rest, char_length(part) + 1);
    n := n + 1;
    shown := regexp_replace(part, markdown, '\1', 'g');
    RETURN NEXT;
  END LOOP;
END
$$;
REVOKE ALL ON FUNCTION public.snippet_parts(text) FROM PUBLIC, anon, authenticated;

-- Derived data, like post_list_counts (ADR 097): only the functions below read and write it, so
-- it shows nothing of a draft to anyone.
CREATE TABLE public.post_snippet_parts (
  post_id uuid NOT NULL REFERENCES public.blog_posts (id) ON DELETE CASCADE,
  n integer NOT NULL,
  shown text NOT NULL,
  words tsvector NOT NULL,
  PRIMARY KEY (post_id, n)
);
REVOKE ALL ON TABLE public.post_snippet_parts FROM PUBLIC, anon, authenticated;
GRANT SELECT ON TABLE public.post_snippet_parts TO service_role;
ALTER TABLE public.post_snippet_parts ENABLE ROW LEVEL SECURITY;

-- Cuts the parts of the given posts again.
CREATE FUNCTION public.store_snippet_parts(post_ids uuid[])
RETURNS void
LANGUAGE sql
SECURITY DEFINER
SET search_path = ''
AS $$
  DELETE FROM public.post_snippet_parts WHERE post_id = ANY (post_ids);
  INSERT INTO public.post_snippet_parts (post_id, n, shown, words)
  SELECT p.id, s.n, s.shown, to_tsvector('public.pt_unaccent', s.shown)
  FROM public.blog_posts p
  CROSS JOIN LATERAL public.snippet_parts(coalesce(p.excerpt, '') || E'\n' || left(p.content, 20000)) s
  WHERE p.id = ANY (post_ids);
$$;
REVOKE ALL ON FUNCTION public.store_snippet_parts(uuid[]) FROM PUBLIC, anon, authenticated;

CREATE FUNCTION public.snippet_parts_written()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.store_snippet_parts(array_agg(n.id)) FROM new_posts n HAVING count(*) > 0;
  ELSE
    -- Publishing, scheduling or retitling a post leaves its parts as they are.
    PERFORM public.store_snippet_parts(array_agg(n.id))
    FROM new_posts n JOIN old_posts o ON o.id = n.id
    WHERE n.excerpt IS DISTINCT FROM o.excerpt OR n.content IS DISTINCT FROM o.content
    HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION public.snippet_parts_written() FROM PUBLIC, anon, authenticated;

CREATE TRIGGER blog_posts_snippet_parts_inserted AFTER INSERT ON public.blog_posts
  REFERENCING NEW TABLE AS new_posts
  FOR EACH STATEMENT EXECUTE FUNCTION public.snippet_parts_written();
CREATE TRIGGER blog_posts_snippet_parts_updated AFTER UPDATE ON public.blog_posts
  REFERENCING OLD TABLE AS old_posts NEW TABLE AS new_posts
  FOR EACH STATEMENT EXECUTE FUNCTION public.snippet_parts_written();
-- Also in a session that writes in replica mode (a bulk load with the other triggers off).
ALTER TABLE public.blog_posts ENABLE ALWAYS TRIGGER blog_posts_snippet_parts_inserted;
ALTER TABLE public.blog_posts ENABLE ALWAYS TRIGGER blog_posts_snippet_parts_updated;

SELECT public.store_snippet_parts(array_agg(id)) FROM public.blog_posts HAVING count(*) > 0;

-- ---------------------------------------------------------------------------------------------
-- 2. The snippets of a page's posts that visitors may see (at most 50): post_snippet's answer,
--    from the stored parts. A part holding none of the query's words can hold no mark, so only
--    parts holding one are highlighted, in order, until one shows a mark (a part holding one of
--    several words that must all match may show none: ts_headline marks words near a passage
--    with all of them); else the text's opening.
CREATE FUNCTION public.post_snippets(post_ids uuid[], tsq tsquery, any_word tsquery, marks text)
RETURNS TABLE (post_id uuid, snippet text)
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT p.id, coalesce(m.snippet, ts_headline('public.pt_unaccent', f.shown, tsq, marks))
  FROM public.blog_posts p
  JOIN public.post_snippet_parts f ON f.post_id = p.id AND f.n = 1
  LEFT JOIN LATERAL (
    SELECT x.snippet
    -- OFFSET 0: each part is highlighted once, in order, and no further than the first mark.
    FROM (
      SELECT ts_headline('public.pt_unaccent', s.shown, tsq, marks) AS snippet
      FROM public.post_snippet_parts s
      WHERE s.post_id = p.id AND s.words @@ any_word
      ORDER BY s.n
      OFFSET 0
    ) x
    WHERE strpos(x.snippet, chr(57344)) > 0
    LIMIT 1
  ) m ON true
  WHERE p.id = ANY (post_ids[1:50]) AND public.post_is_visible(p.published, p.published_at);
$$;
REVOKE ALL ON FUNCTION public.post_snippets(uuid[], tsquery, tsquery, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.post_snippets(uuid[], tsquery, tsquery, text) TO anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- 3. search_posts highlights the excerpt when it holds every word, else takes post_snippets';
--    post_snippet's loop runs only for a post without stored parts (a write that bypassed the
--    triggers).
CREATE OR REPLACE FUNCTION public.search_posts(q text, page_limit integer DEFAULT 12, page_offset integer DEFAULT 0)
RETURNS TABLE (
  id uuid, title text, slug text, excerpt text, featured_image text, published_at timestamptz,
  primary_tag_slug text, primary_tag_name text, snippet text, rank real, total bigint, more boolean
)
LANGUAGE plpgsql
STABLE
SECURITY INVOKER
SET search_path = ''
-- PL/pgSQL planned the query below again for every search's words (a custom plan), about a
-- quarter of its time on PGlite. Its shape depends on no word: visible_post_ranks plans the word
-- lookups itself (EXECUTE), and everything after them reads at most 161 posts.
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  tsq tsquery;
  any_word tsquery;
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
  -- Any of the query's words, whatever its operators: which parts of a post's text hold one.
  any_word := (SELECT string_agg('''' || m[1] || '''', ' | ')
                 FROM regexp_matches(tsq::text, '''((?:[^'']|'''')+)''', 'g') AS m)::tsquery;
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
  ),
  snippets AS (
    SELECT s.post_id, s.snippet
    FROM public.post_snippets(ARRAY(SELECT h.id FROM hits h), tsq, any_word, marks) s
  )
  SELECT p.id, p.title, p.slug, p.excerpt, p.featured_image, p.published_at, t.slug, t.name,
         CASE WHEN ts_filter(p.search_vector, '{b}') @@ tsq
           -- The Markdown's marks and link targets are not words a reader looks for.
           THEN ts_headline('public.pt_unaccent',
                  regexp_replace(p.excerpt, '!?\[([^\]]*)\]\([^)]*\)|[#*_`>|~]+', '\1', 'g'), tsq, marks)
           ELSE coalesce(sn.snippet,
                  public.post_snippet(coalesce(p.excerpt, '') || E'\n' || left(p.content, 20000), tsq, marks, true))
         END,
         h.rank, h.total, (SELECT count(*) FROM recent) > 120
  FROM hits h
  JOIN public.blog_posts p ON p.id = h.id AND public.post_is_visible(p.published, p.published_at)
  LEFT JOIN primary_tags t ON t.post_id = h.id
  LEFT JOIN snippets sn ON sn.post_id = h.id
  ORDER BY h.rank DESC, h.published_at DESC, h.id DESC;
END
$$;
