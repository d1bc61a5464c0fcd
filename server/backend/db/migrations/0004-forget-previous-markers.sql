-- Before this runner applied numbered internal migrations, an earlier release recorded its
-- schema twice over: a repeatable "internal/0001-bootstrap" in omnia_internal.schema_migrations
-- (re-applied whenever its text changed) and the SHA-256 of server/backend/auth/schema.sql under
-- 'auth-schema' in auth.embedded_state (applied by the auth service itself). Migrations
-- 0001-0003 now hold all of that, so both markers only describe files that no longer exist.
-- Other embedded_state rows (the first-start seed marker) stay. Nothing to do on a new database.
DELETE FROM omnia_internal.schema_migrations WHERE name = 'internal/0001-bootstrap';
DELETE FROM auth.embedded_state WHERE key = 'auth-schema';
