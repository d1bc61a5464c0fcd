-- The embedded backend's first internal migration: Supabase's built-in roles, which every hosted
-- project already has (its "Database roles" docs: anon, authenticated, service_role and
-- PostgREST's login role authenticator). Not in supabase/migrations, which must stay portable
-- to a hosted project.
-- Idempotent on purpose: a database made by an earlier release already has all of this (from
-- the retired internal/0001-bootstrap), and roles are cluster-wide on PostgreSQL, so another
-- database of the same cluster may have created them.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'anon') THEN
    CREATE ROLE anon NOLOGIN NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'authenticated') THEN
    CREATE ROLE authenticated NOLOGIN NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'service_role') THEN
    CREATE ROLE service_role NOLOGIN NOINHERIT BYPASSRLS;
  END IF;
  -- PostgREST's login role: NOINHERIT, so it holds no privileges of the roles it may switch to.
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'authenticator') THEN
    CREATE ROLE authenticator LOGIN NOINHERIT;
  END IF;
  -- The request pool starts its connections in role authenticator (startup option): a
  -- DATABASE_URL user that is not a superuser must be a member to do so.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT authenticator TO %I', current_user);
  END IF;
END $$;

GRANT anon, authenticated, service_role TO authenticator;

-- The public schema as a hosted project has it: usable by the request roles, and nothing more
-- by default. Migrations grant table privileges explicitly, per role.
GRANT USAGE ON SCHEMA public TO anon, authenticated, service_role;
