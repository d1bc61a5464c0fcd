-- A search excluding a word ("-whatsapp") listed posts whose text holds it: search_posts adds the
-- newest title matches to the text's, and a title without the word matches a query that only
-- excludes it. A title match now has to match the whole post too. For a query that asks for words
-- this changes nothing (the search document holds the title), and it is one more test of at most
-- 40 rows.
CREATE OR REPLACE FUNCTION public.visible_post_ranks(tsq tsquery, in_title boolean, max_rows integer)
RETURNS TABLE (id uuid, rank real, published_at timestamptz)
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    'SELECT p.id, ts_rank(p.search_vector, $1), p.published_at FROM public.blog_posts p
       WHERE p.%I @@ $1 %s AND public.post_is_visible(p.published, p.published_at)
       ORDER BY p.published_at DESC, p.id DESC LIMIT $2',
    CASE WHEN in_title THEN 'search_title' ELSE 'search_vector' END,
    CASE WHEN in_title THEN 'AND p.search_vector @@ $1' ELSE '' END)
    USING tsq, least(greatest(max_rows, 0), 200);
END
$$;
