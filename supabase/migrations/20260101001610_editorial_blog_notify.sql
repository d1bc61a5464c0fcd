-- The page cache's change notices (20260101000600_blog_posts_notify.sql) for the editorial blog:
-- a change to a tag, a post's tags, an author profile or an old slug is announced on the same
-- channel `blog_posts_changed`, so every instance drops the pages that show it (the lists, the
-- tag and author pages, the feeds, the post pages that link the tag or credit the author).
-- Payload: {"op", "table", "slug", "old_slug", "tags": [tag ids], "author": user id}, each key
-- only where it applies. A post has at most 10 tags (36-character ids) and a slug at most 200
-- characters: well under NOTIFY's 8000-byte limit. Delivered on commit only, as before.
-- SECURITY DEFINER: the notice names the post's tags whoever writes, and reads nothing back.

CREATE OR REPLACE FUNCTION public.notify_blog_posts_changed()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  old_row jsonb := CASE WHEN tg_op IN ('UPDATE', 'DELETE') THEN to_jsonb(old) END;
  new_row jsonb := CASE WHEN tg_op IN ('INSERT', 'UPDATE') THEN to_jsonb(new) END;
  r jsonb := coalesce(new_row, old_row);
  payload jsonb := jsonb_build_object('op', tg_op, 'table', tg_table_name);
BEGIN
  IF tg_level = 'STATEMENT' THEN
    PERFORM pg_notify('blog_posts_changed', payload::text);
    RETURN NULL;
  END IF;
  CASE tg_table_name
  WHEN 'blog_posts' THEN
    payload := payload || jsonb_build_object(
      'slug', r ->> 'slug',
      'old_slug', CASE WHEN old_row ->> 'slug' IS DISTINCT FROM r ->> 'slug' THEN old_row ->> 'slug' END,
      'tags', (SELECT coalesce(jsonb_agg(pt.tag_id), '[]'::jsonb) FROM public.post_tags pt
               WHERE pt.post_id = (r ->> 'id')::uuid));
  WHEN 'post_tags' THEN
    -- The post is gone when its deletion removes its tags: its own notice names its page.
    payload := payload || jsonb_build_object(
      'slug', (SELECT p.slug FROM public.blog_posts p WHERE p.id = (r ->> 'post_id')::uuid),
      'tags', (SELECT jsonb_agg(DISTINCT id) FROM (VALUES (old_row -> 'tag_id'), (new_row -> 'tag_id')) AS v (id)
               WHERE id IS NOT NULL));
  WHEN 'tags' THEN
    payload := payload || jsonb_build_object('tags', jsonb_build_array(r -> 'id'));
  WHEN 'author_profiles' THEN
    payload := payload || jsonb_build_object('author', r ->> 'user_id');
  WHEN 'post_slug_redirects' THEN
    payload := payload || jsonb_build_object('slug', r ->> 'old_slug');
  END CASE;
  PERFORM pg_notify('blog_posts_changed', jsonb_strip_nulls(payload)::text);
  RETURN NULL;
END;
$$;

REVOKE ALL ON FUNCTION public.notify_blog_posts_changed() FROM PUBLIC, anon, authenticated;

CREATE TRIGGER tags_notify_row AFTER INSERT OR UPDATE OR DELETE ON public.tags
  FOR EACH ROW EXECUTE FUNCTION public.notify_blog_posts_changed();
CREATE TRIGGER tags_notify_truncate AFTER TRUNCATE ON public.tags
  FOR EACH STATEMENT EXECUTE FUNCTION public.notify_blog_posts_changed();
CREATE TRIGGER post_tags_notify_row AFTER INSERT OR UPDATE OR DELETE ON public.post_tags
  FOR EACH ROW EXECUTE FUNCTION public.notify_blog_posts_changed();
CREATE TRIGGER post_tags_notify_truncate AFTER TRUNCATE ON public.post_tags
  FOR EACH STATEMENT EXECUTE FUNCTION public.notify_blog_posts_changed();
CREATE TRIGGER author_profiles_notify_row AFTER INSERT OR UPDATE OR DELETE ON public.author_profiles
  FOR EACH ROW EXECUTE FUNCTION public.notify_blog_posts_changed();
CREATE TRIGGER author_profiles_notify_truncate AFTER TRUNCATE ON public.author_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION public.notify_blog_posts_changed();
CREATE TRIGGER post_slug_redirects_notify_row AFTER INSERT OR UPDATE OR DELETE ON public.post_slug_redirects
  FOR EACH ROW EXECUTE FUNCTION public.notify_blog_posts_changed();
CREATE TRIGGER post_slug_redirects_notify_truncate AFTER TRUNCATE ON public.post_slug_redirects
  FOR EACH STATEMENT EXECUTE FUNCTION public.notify_blog_posts_changed();
