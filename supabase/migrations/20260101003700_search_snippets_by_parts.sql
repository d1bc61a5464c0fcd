-- A fresh search spent most of its database time in ts_headline, which parses the whole text of
-- every hit (up to 20,000 characters) to pick its snippet: about 0.35 ms per 1,000 characters on
-- PGlite, so a page of twelve long posts cost tens of milliseconds (issue #36, ADR 100).
-- post_snippet reads a post's text a part at a time, about 1,000 characters ending at a paragraph
-- (else a word, never inside a link), and shows the first part that holds one of the query's
-- words; a post whose text holds none of them (a title match) shows its opening, as before. Only
-- the Markdown of the parts it reads is removed. The snippet now comes from the first passage with the words rather than
-- the best two fragments of the whole text.

CREATE FUNCTION public.post_snippet(doc text, tsq tsquery, marks text, in_text boolean)
RETURNS text
LANGUAGE plpgsql
IMMUTABLE
PARALLEL SAFE
SET search_path = ''
AS $$
DECLARE
  markdown constant text := '!?\[([^\]]*)\]\([^)]*\)|[#*_`>|~]+';
  -- What search_posts passes; no caller (an RPC's included) makes it read more.
  rest text := left(doc, 20000);
  part text;
  cut integer;
  opened integer;
  closed integer;
  shown text;
  opening text;
BEGIN
  LOOP
    IF char_length(rest) <= 1500 THEN
      part := rest;
      rest := '';
    ELSE
      part := left(rest, 1000);
      -- End the part at a paragraph (else a word), so that no word or link is cut in two.
      cut := strpos(reverse(part), E'\n');
      IF cut = 0 OR cut > 500 THEN
        cut := strpos(reverse(part), ' ');
      END IF;
      IF cut > 0 THEN
        part := left(part, char_length(part) - cut);
      END IF;
      -- Nor inside a link: end before a "[" that no ")" follows.
      opened := strpos(reverse(part), '[');
      closed := strpos(reverse(part), ')');
      IF opened > 0 AND (closed = 0 OR opened < closed) AND char_length(part) - opened >= 200 THEN
        part := left(part, char_length(part) - opened);
      END IF;
      rest := substr(rest, char_length(part) + 1);
    END IF;
    shown := ts_headline('public.pt_unaccent', regexp_replace(part, markdown, '\1', 'g'), tsq, marks);
    opening := coalesce(opening, shown);
    IF strpos(shown, chr(57344)) > 0 THEN
      RETURN shown;
    END IF;
    IF NOT in_text OR rest = '' THEN
      RETURN opening;
    END IF;
  END LOOP;
END
$$;
REVOKE ALL ON FUNCTION public.post_snippet(text, tsquery, text, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.post_snippet(text, tsquery, text, boolean) TO anon, authenticated, service_role;

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
  -- Any of the query's words, whatever its operators: whether a post's text holds one to show.
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
  )
  SELECT p.id, p.title, p.slug, p.excerpt, p.featured_image, p.published_at, t.slug, t.name,
         -- The Markdown's marks and link targets are not words a reader looks for.
         CASE WHEN ts_filter(p.search_vector, '{b}') @@ tsq
           THEN ts_headline('public.pt_unaccent',
                  regexp_replace(p.excerpt, '!?\[([^\]]*)\]\([^)]*\)|[#*_`>|~]+', '\1', 'g'), tsq, marks)
           ELSE public.post_snippet(coalesce(p.excerpt, '') || E'\n' || left(p.content, 20000), tsq, marks,
                  ts_filter(p.search_vector, '{b,c}') @@ any_word)
         END,
         h.rank, h.total, (SELECT count(*) FROM recent) > 120
  FROM hits h
  JOIN public.blog_posts p ON p.id = h.id AND public.post_is_visible(p.published, p.published_at)
  LEFT JOIN primary_tags t ON t.post_id = h.id
  ORDER BY h.rank DESC, h.published_at DESC, h.id DESC;
END
$$;
