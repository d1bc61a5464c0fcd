-- Snippets were still most of a fresh search's database time (issue #36, ADR 100): each hit
-- ran post_snippet's PL/pgSQL statements over a part of about 1,000 characters, four times what a
-- card shows (four lines). Parts are now about 250 characters, cut by snippet_part, SQL that the
-- planner writes into the calling query. search_posts makes the snippet of the excerpt or of the
-- text's first part in its own query; only a hit whose first part holds none of the words goes on
-- to post_snippet's loop, which reads the following parts.

-- Where a window of a text (its first 250 characters, whatever a caller passes) ends: at its
-- last paragraph break if that is in the window's second half, else at its last space (never
-- inside a word), else at its end.
CREATE FUNCTION public.snippet_cut(part text)
RETURNS text
LANGUAGE sql
IMMUTABLE
PARALLEL SAFE
RETURN coalesce(
  CASE WHEN char_length(substring(left(part, 250) FROM '^(.*)\n')) >= char_length(left(part, 250)) / 2
    THEN substring(left(part, 250) FROM '^(.*)\n') END,
  substring(left(part, 250) FROM '^(.+) '),
  left(part, 250));

-- The first part of a text: the whole text up to 375 characters, else its first 250 or fewer,
-- cut by snippet_cut and never inside a Markdown link (an unclosed "[text", "[text]" or
-- "[text](url" at its end goes to the next part). SQL functions of one expression without SET
-- clauses, so the planner writes them into the query that calls them.
CREATE FUNCTION public.snippet_part(doc text)
RETURNS text
LANGUAGE sql
IMMUTABLE
PARALLEL SAFE
RETURN CASE
  WHEN char_length(doc) <= 375 THEN doc
  ELSE regexp_replace(public.snippet_cut(left(doc, 250)), '(.)!?\[[^\]]*(\](\([^)]*)?)?$', '\1')
END;
REVOKE ALL ON FUNCTION public.snippet_cut(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION public.snippet_part(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.snippet_cut(text) TO anon, authenticated, service_role;
GRANT EXECUTE ON FUNCTION public.snippet_part(text) TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.post_snippet(doc text, tsq tsquery, marks text, in_text boolean)
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
  shown text;
  opening text;
BEGIN
  LOOP
    part := public.snippet_part(rest);
    rest := substr(rest, char_length(part) + 1);
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
         CASE WHEN s.in_excerpt OR strpos(s.shown, chr(57344)) > 0 THEN s.shown
              -- A title match whose text holds none of the words shows the text's opening.
              WHEN NOT ts_filter(p.search_vector, '{b,c}') @@ any_word THEN s.shown
              ELSE public.post_snippet(coalesce(p.excerpt, '') || E'\n' || left(p.content, 20000), tsq, marks, true)
         END,
         h.rank, h.total, (SELECT count(*) FROM recent) > 120
  FROM hits h
  JOIN public.blog_posts p ON p.id = h.id AND public.post_is_visible(p.published, p.published_at)
  LEFT JOIN primary_tags t ON t.post_id = h.id
  -- The excerpt when it holds every word, else the text's first part (OFFSET 0 keeps each
  -- expression computed once rather than copied into every place that reads it).
  CROSS JOIN LATERAL (
    SELECT e.in_excerpt,
           -- The Markdown's marks and link targets are not words a reader looks for.
           ts_headline('public.pt_unaccent',
             regexp_replace(
               CASE WHEN e.in_excerpt THEN p.excerpt
                    ELSE public.snippet_part(left(coalesce(p.excerpt, '') || E'\n' || left(p.content, 400), 400))
               END,
               '!?\[([^\]]*)\]\([^)]*\)|[#*_`>|~]+', '\1', 'g'),
             tsq, marks) AS shown
    FROM (SELECT ts_filter(p.search_vector, '{b}') @@ tsq AS in_excerpt OFFSET 0) e
    OFFSET 0
  ) s
  ORDER BY h.rank DESC, h.published_at DESC, h.id DESC;
END
$$;
