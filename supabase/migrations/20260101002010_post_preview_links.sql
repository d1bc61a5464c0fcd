-- Preview links (issue #37, docs/security.md "Preview links"): an admin makes a link that shows
-- one post, draft or scheduled, as the public page renders it, to whoever holds it, until it
-- expires or is revoked. Only a SHA-256 of the token is stored; the token is shown once. The
-- site's server checks a token with the service role (public.preview_post_id), then reads the
-- post itself: visitors' row-level security is never loosened.
-- docs/decisions/083-preview-links-as-stored-tokens.md.

CREATE TABLE public.post_preview_links (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  post_id uuid NOT NULL REFERENCES public.blog_posts (id) ON DELETE CASCADE,
  -- "share": "Copiar link de prévia", 7 days, one per post (a new one revokes the old);
  -- "view": the admin's own "Visualizar", 1 hour.
  purpose text NOT NULL CONSTRAINT post_preview_links_purpose_check CHECK (purpose IN ('share', 'view')),
  token_hash text NOT NULL CONSTRAINT post_preview_links_token_hash_key UNIQUE,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX post_preview_links_post_idx ON public.post_preview_links (post_id);

-- No API role reads or writes it: only the functions below.
REVOKE ALL ON TABLE public.post_preview_links FROM anon, authenticated;
GRANT ALL ON TABLE public.post_preview_links TO service_role;
ALTER TABLE public.post_preview_links ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION public.preview_token_hash(token text)
RETURNS text
LANGUAGE sql
IMMUTABLE
SET search_path = ''
AS $$
  SELECT encode(pg_catalog.sha256(convert_to(token, 'UTF8')), 'hex')
$$;
REVOKE ALL ON FUNCTION public.preview_token_hash(text) FROM PUBLIC, anon, authenticated;

-- A new link for a post: admins with their second factor only. The token is two random UUIDs'
-- hex digits (244 random bits), returned once.
CREATE FUNCTION public.create_post_preview_link(for_post uuid, purpose text DEFAULT 'share')
RETURNS TABLE (token text, expires_at timestamptz)
LANGUAGE plpgsql
VOLATILE
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  new_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  lifetime interval;
BEGIN
  IF NOT (public.has_role(auth.uid(), 'admin') AND public.mfa_satisfied()) THEN
    RAISE EXCEPTION 'permission denied' USING ERRCODE = '42501';
  END IF;
  lifetime := CASE purpose WHEN 'share' THEN interval '7 days' WHEN 'view' THEN interval '1 hour' END;
  IF lifetime IS NULL THEN
    RAISE EXCEPTION 'unknown preview link purpose %', purpose USING ERRCODE = '22023';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM public.blog_posts WHERE id = for_post) THEN
    RAISE EXCEPTION 'post not found' USING ERRCODE = 'P0002';
  END IF;
  DELETE FROM public.post_preview_links l
  WHERE l.post_id = for_post
    AND ((create_post_preview_link.purpose = 'share' AND l.purpose = 'share') OR l.expires_at <= now());
  INSERT INTO public.post_preview_links (post_id, purpose, token_hash, created_by, expires_at)
  VALUES (for_post, purpose, public.preview_token_hash(new_token), auth.uid(), now() + lifetime);
  RETURN QUERY SELECT new_token, now() + lifetime;
END
$$;
REVOKE ALL ON FUNCTION public.create_post_preview_link(uuid, text) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.create_post_preview_link(uuid, text) TO authenticated, service_role;

-- The post a token shows, while it is valid; null otherwise. The site's server only.
CREATE FUNCTION public.preview_post_id(token text)
RETURNS uuid
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT post_id FROM public.post_preview_links
  WHERE token_hash = public.preview_token_hash(token) AND expires_at > now()
$$;
REVOKE ALL ON FUNCTION public.preview_post_id(text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.preview_post_id(text) TO service_role;

-- Publishing or unpublishing revokes every link of the post: a link shared for a draft does
-- not outlive the draft, and an unpublished post is hidden again from whoever held one.
CREATE FUNCTION public.revoke_post_preview_links()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  DELETE FROM public.post_preview_links WHERE post_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER blog_posts_revoke_preview_links
  AFTER UPDATE OF published ON public.blog_posts
  FOR EACH ROW WHEN (OLD.published IS DISTINCT FROM NEW.published)
  EXECUTE FUNCTION public.revoke_post_preview_links();
