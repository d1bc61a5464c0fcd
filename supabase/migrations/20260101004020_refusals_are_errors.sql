-- A refusal through the API is an error, never zero rows silently (docs/security.md "Roles",
-- 20260101001910_staff_roles.sql). Some writes still answered 204 to a caller without the right:
-- a non-admin's UPDATE or DELETE on user_roles (the admins' FOR ALL policy only hid the rows), a
-- write on tags, post_tags or author_profiles whose filter matched no row, and set_post_tags with
-- no tags on a post the caller may not change (its DELETE matched no visible row, and there was
-- nothing to insert). All now refuse before looking at rows. Portable: PostgreSQL 15+, PGlite,
-- hosted Supabase.

-- ---------------------------------------------------------------------------------------------
-- 1. A statement-level trigger refuses a write by a caller without the table's capability with
--    public.permitted()'s 42501 before any row is read. A policy cannot do this: PostgreSQL
--    evaluates a policy's sub-select only on rows the write reaches, so a write matching no row
--    answered 204, and 403 against 204 told a caller whether a row it may not read exists (a
--    tag's or an author profile's slug). The policies still decide row by row (a writer's own
--    profile, a post's tags); the service role and the owner's functions are not limited here.
CREATE FUNCTION public.refuse_without_capability()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
DECLARE
  granted boolean;
BEGIN
  IF current_user IN ('anon', 'authenticated') THEN
    -- TG_ARGV[0] is a capability function's name, fixed by the triggers below.
    EXECUTE format('SELECT public.%I()', TG_ARGV[0]) INTO granted;
    PERFORM public.permitted(granted, TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION public.refuse_without_capability() FROM PUBLIC, anon, authenticated;

-- Admins manage roles (set_member_role and keep_one_admin as before); inserts already refuse.
CREATE TRIGGER user_roles_admins_only
  BEFORE UPDATE OR DELETE ON public.user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_without_capability('is_admin');
-- Editors change and delete tags.
CREATE TRIGGER tags_editors_only
  BEFORE UPDATE OR DELETE ON public.tags
  FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_without_capability('can_publish_posts');
-- Writers tag the posts they may change (can_edit_post, row by row).
CREATE TRIGGER post_tags_writers_only
  BEFORE INSERT OR UPDATE OR DELETE ON public.post_tags
  FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_without_capability('can_write_posts');
-- Writers change their own profile, editors anyone's (row by row).
CREATE TRIGGER author_profiles_writers_only
  BEFORE UPDATE OR DELETE ON public.author_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_without_capability('can_write_posts');

-- ---------------------------------------------------------------------------------------------
-- 2. set_post_tags asks can_edit_post first (editors any post, a writer their own draft), as
--    restore_post_revision and create_post_preview_link do. The server and the operator (service
--    role, table owner) are not limited here, as in blog_posts_guard_roles.
CREATE OR REPLACE FUNCTION public.set_post_tags(for_post uuid, tag_ids jsonb)
RETURNS void
LANGUAGE sql
SECURITY INVOKER
SET search_path = ''
AS $$
  SELECT public.permitted(
    current_user NOT IN ('anon', 'authenticated') OR public.can_edit_post(for_post), 'can_edit_post');
  DELETE FROM public.post_tags WHERE post_id = for_post;
  INSERT INTO public.post_tags (post_id, tag_id, position)
  SELECT for_post, t.tag_id::uuid, (t.ord - 1)::smallint
  FROM jsonb_array_elements_text(tag_ids) WITH ORDINALITY AS t (tag_id, ord);
$$;

-- ---------------------------------------------------------------------------------------------
-- 3. The writers' guard as before, but a post signed by someone else (or by no one: author_id
--    left out) is named as such instead of "cannot publish or schedule".
CREATE OR REPLACE FUNCTION public.blog_posts_guard_roles()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND NEW.published THEN
    NEW.review_requested_at := NULL;
  END IF;
  -- The server and the operator (service role, table owner) and editors are not limited here.
  IF current_user NOT IN ('anon', 'authenticated') OR public.can_publish_posts() THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP <> 'INSERT' AND (OLD.author_id IS DISTINCT FROM auth.uid() OR OLD.published) THEN
    RAISE EXCEPTION 'permission denied: a writer changes only their own drafts'
      USING ERRCODE = '42501', HINT = 'own_drafts';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NEW.published OR NEW.author_id IS DISTINCT FROM auth.uid()
     OR NEW.published_at IS DISTINCT FROM (CASE WHEN TG_OP = 'UPDATE' THEN OLD.published_at END) THEN
    RAISE EXCEPTION 'permission denied: %', CASE WHEN NEW.author_id IS DISTINCT FROM auth.uid()
        THEN 'a writer''s post must be their own (author_id is the writer''s id)'
        ELSE 'a writer cannot publish or schedule' END
      USING ERRCODE = '42501', HINT = 'can_publish_posts';
  END IF;
  RETURN NEW;
END
$$;
