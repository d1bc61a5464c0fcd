-- Statement timeouts for the request roles, the values a hosted Supabase project starts with
-- (its "Timeouts" guide: anon 3 s, authenticated 8 s, service_role none). The REST layer applies
-- a role's settings to each of its requests, as PostgREST's "impersonated role settings" do
-- (server/backend/rest/catalog.ts, loadRoleSettings), so a runaway request is cancelled with
-- 57014 (HTTP 504) instead of holding a connection. PGlite cannot cancel a statement: there they
-- are stored and applied, and have no effect.
-- Set for this database only, and only where the operator has set none: roles are cluster-wide
-- on PostgreSQL, and `ALTER ROLE anon SET statement_timeout = …` stays the way to change them.
DO $$
DECLARE
  wanted CONSTANT text[][] := ARRAY[['anon', '3s'], ['authenticated', '8s']];
  i int;
BEGIN
  FOR i IN 1 .. array_length(wanted, 1) LOOP
    IF NOT EXISTS (
      SELECT 1
        FROM pg_db_role_setting d
        JOIN pg_roles r ON r.oid = d.setrole
        CROSS JOIN unnest(d.setconfig) AS s(setting)
       WHERE r.rolname = wanted[i][1]
         AND d.setdatabase IN (0, (SELECT oid FROM pg_database WHERE datname = current_database()))
         AND s.setting LIKE 'statement\_timeout=%'
    ) THEN
      BEGIN
        EXECUTE format('ALTER ROLE %I IN DATABASE %I SET statement_timeout = %L', wanted[i][1], current_database(), wanted[i][2]);
      EXCEPTION WHEN insufficient_privilege THEN
        RAISE NOTICE 'no statement_timeout for role %: the migrating user may not alter it', wanted[i][1];
      END;
    END IF;
  END LOOP;
END $$;
