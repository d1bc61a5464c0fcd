-- The team's roles (docs/security.md "Roles"): writers (autor), editors and salespeople
-- (vendas) beside the admins. user_roles.role becomes text with a CHECK rather than gaining enum
-- values: a restore runs every migration and copies the rows in one transaction, and PostgreSQL
-- refuses a value added to an enum in the transaction that uses it (55P04). public.app_role stays
-- as has_role's parameter type. Portable: plain PostgreSQL 15+, PGlite, hosted Supabase.
ALTER TABLE public.user_roles ALTER COLUMN role TYPE text USING role::text;
ALTER TABLE public.user_roles
  ADD CONSTRAINT user_roles_role_check CHECK (role IN ('admin', 'user', 'editor', 'autor', 'vendas'));

CREATE OR REPLACE FUNCTION public.has_role(_user_id uuid, _role public.app_role)
RETURNS boolean
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT EXISTS (
    SELECT 1 FROM public.user_roles WHERE user_id = _user_id AND role = _role::text
  )
$$;
