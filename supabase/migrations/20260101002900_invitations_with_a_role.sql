-- An invitation carries the role the colleague gets (docs/admin.md "Equipe"): the admin picks it
-- in the invitation form, and it becomes theirs when they accept, i.e. when the auth service
-- first confirms their address (the invitation link, or company sign-in with the same address).
-- Until then it waits here, where only an admin writes: the invitee cannot choose or change it
-- (their own user_metadata is never read). Portable: PostgreSQL 15+, PGlite, hosted Supabase
-- (a trigger on auth.users, as 20260101001200_admin_security.sql already has).

CREATE TABLE public.invited_roles (
  user_id uuid PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('admin', 'editor', 'autor', 'vendas')),
  invited_by uuid REFERENCES auth.users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE public.invited_roles ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.invited_roles FROM PUBLIC, anon, authenticated;
-- Written only by set_invited_role (below); an admin reads it (Equipe) and set_member_role
-- withdraws it when the admin picks a role by hand.
GRANT SELECT, DELETE ON public.invited_roles TO authenticated;
GRANT ALL ON public.invited_roles TO service_role;
CREATE POLICY "Admins read invited roles" ON public.invited_roles
  FOR SELECT TO authenticated
  USING ((SELECT public.is_admin()) AND (SELECT public.mfa_satisfied()));
CREATE POLICY "Admins withdraw invited roles" ON public.invited_roles
  FOR DELETE TO authenticated
  USING ((SELECT public.permitted((SELECT public.is_admin()), 'is_admin')));

-- The role an open invitation gives (NULL: none, the colleague starts without access). Only an
-- admin who passed their second factor, only for an invitation not yet accepted: an account that
-- already confirmed its address gets its role in Equipe (set_member_role).
CREATE FUNCTION public.set_invited_role(member uuid, new_role text)
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF NOT (public.is_admin() AND public.mfa_satisfied()) THEN
    RAISE EXCEPTION 'permission denied: only admins invite' USING ERRCODE = '42501', HINT = 'is_admin';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM auth.users
                  WHERE id = member AND invited_at IS NOT NULL AND email_confirmed_at IS NULL) THEN
    RAISE EXCEPTION 'no open invitation for this account' USING ERRCODE = 'P0002';
  END IF;
  IF new_role IS NULL THEN
    DELETE FROM public.invited_roles WHERE user_id = member;
  ELSE
    INSERT INTO public.invited_roles (user_id, role, invited_by) VALUES (member, new_role, auth.uid())
    ON CONFLICT (user_id) DO UPDATE SET role = excluded.role, invited_by = excluded.invited_by, created_at = now();
  END IF;
END
$$;
REVOKE ALL ON FUNCTION public.set_invited_role(uuid, text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.set_invited_role(uuid, text) TO authenticated, service_role;

-- Accepting: the address is confirmed for the first time, by whichever path. The role row is
-- written like any other (user_roles' audit trigger records "role.granted").
CREATE FUNCTION public.apply_invited_role()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  INSERT INTO public.user_roles (user_id, role)
  SELECT user_id, role FROM public.invited_roles WHERE user_id = NEW.id
  ON CONFLICT (user_id, role) DO NOTHING;
  DELETE FROM public.invited_roles WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION public.apply_invited_role() FROM PUBLIC, anon, authenticated;
CREATE TRIGGER users_apply_invited_role
  AFTER UPDATE OF email_confirmed_at ON auth.users
  FOR EACH ROW
  WHEN (OLD.email_confirmed_at IS NULL AND NEW.email_confirmed_at IS NOT NULL)
  EXECUTE FUNCTION public.apply_invited_role();

-- A role picked by hand in Equipe wins over the one the invitation would give.
CREATE OR REPLACE FUNCTION public.set_member_role(member uuid, new_role text)
RETURNS void
LANGUAGE plpgsql
SECURITY INVOKER
SET search_path = ''
AS $$
BEGIN
  IF NOT public.is_admin() THEN
    RAISE EXCEPTION 'permission denied: only admins assign roles' USING ERRCODE = '42501', HINT = 'is_admin';
  END IF;
  -- The new role first: an admin demoting themselves is still an admin while the old row goes.
  IF new_role IS NOT NULL THEN
    INSERT INTO public.user_roles (user_id, role) VALUES (member, new_role)
    ON CONFLICT (user_id, role) DO NOTHING;
  END IF;
  DELETE FROM public.user_roles WHERE user_id = member AND (new_role IS NULL OR role <> new_role);
  DELETE FROM public.invited_roles WHERE user_id = member;
END
$$;

-- Equipe's list gains the role an open invitation gives.
DROP FUNCTION public.team_members();
CREATE FUNCTION public.team_members()
RETURNS TABLE (
  user_id uuid,
  email text,
  is_admin boolean,
  role text,
  invited_role text,
  last_sign_in_at timestamptz,
  mfa_enabled boolean,
  invited_at timestamptz,
  accepted boolean,
  created_at timestamptz
)
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT u.id, u.email::text,
         EXISTS (SELECT 1 FROM public.user_roles r WHERE r.user_id = u.id AND r.role = 'admin'),
         (SELECT r.role FROM public.user_roles r
           WHERE r.user_id = u.id AND r.role = ANY ('{admin,editor,autor,vendas}'::text[])
           ORDER BY array_position('{admin,editor,autor,vendas}'::text[], r.role) LIMIT 1),
         (SELECT i.role FROM public.invited_roles i WHERE i.user_id = u.id),
         u.last_sign_in_at,
         EXISTS (SELECT 1 FROM auth.mfa_factors f WHERE f.user_id = u.id AND f.status::text = 'verified'),
         u.invited_at,
         u.email_confirmed_at IS NOT NULL,
         u.created_at
  FROM auth.users u
  WHERE public.has_role(auth.uid(), 'admin') AND public.mfa_satisfied()
  ORDER BY u.created_at
  LIMIT 1000
$$;
REVOKE ALL ON FUNCTION public.team_members() FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.team_members() TO authenticated, service_role;
