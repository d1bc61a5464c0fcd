-- The blog's search read each full-text index's whole pending list on every fresh query (issue
-- #36). A GIN index with fastupdate keeps new entries in an unsorted list that only VACUUM (or a
-- list past gin_pending_list_limit) merges into the index; PGlite runs no autovacuum and ANALYZE
-- does not merge it, so after a bulk load or months of edits each `@@` scanned thousands of
-- unsorted entries. Posts are written one at a time, so inserting into the index directly costs
-- little; the entries already pending are merged now.
ALTER INDEX public.blog_posts_search_idx SET (fastupdate = off);
ALTER INDEX public.blog_posts_search_title_idx SET (fastupdate = off);
SELECT pg_catalog.gin_clean_pending_list('public.blog_posts_search_idx'::regclass);
SELECT pg_catalog.gin_clean_pending_list('public.blog_posts_search_title_idx'::regclass);
