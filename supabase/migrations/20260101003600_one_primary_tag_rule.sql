-- Two helpers that read a visible post's primary tag as the owner landed together (issue #36):
-- post_primary_tag for the visible_posts view, post_primary_tags for search_posts. The view's now
-- asks the other, so which tag is primary and who may see it is written once.
CREATE OR REPLACE FUNCTION public.post_primary_tag(for_post uuid)
RETURNS TABLE (slug text, name text)
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT t.slug, t.name FROM public.post_primary_tags(ARRAY[for_post]) t
$$;
