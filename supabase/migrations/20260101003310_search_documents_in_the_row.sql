-- Every search reads the stored search documents of the newest matching posts, one after the
-- other, to test and rank them (issue #36). A post's document (about as long as its text) was
-- stored out of line, so each test fetched it from the TOAST table through its index. With MAIN
-- storage PostgreSQL keeps it in the row (compressed if need be) and moves the body out first,
-- which only a post page and a search snippet read.
-- Rows already stored keep their layout until they are next written: rewriting every post here
-- would hold the start of a large blog for as long as computing all documents again takes, and
-- leave a dead copy of each row that PGlite, without autovacuum, would keep.
ALTER TABLE public.blog_posts ALTER COLUMN search_vector SET STORAGE MAIN;
