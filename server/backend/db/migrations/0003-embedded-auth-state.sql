-- What the embedded backend keeps beside GoTrue's tables (hosted Supabase has no such tables).
-- Idempotent on purpose: a database made by an earlier release already has both tables (from
-- the retired server/backend/auth/schema.sql), and keeps its rows.

-- The ES256 signing key when there is no data directory (DATABASE_URL mode): shared by instances.
CREATE TABLE IF NOT EXISTS auth.signing_keys (
  id text PRIMARY KEY,
  key jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One-time facts about this database, e.g. that the first-start seed ran.
CREATE TABLE IF NOT EXISTS auth.embedded_state (
  key text PRIMARY KEY,
  value jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Nothing here is for API roles: only the backend (owner) reads these tables.
REVOKE ALL ON auth.signing_keys, auth.embedded_state FROM PUBLIC;
