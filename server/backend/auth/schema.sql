-- The columns and tables the auth service needs, applied idempotently by createAuth() on every
-- start, on top of the DB layer's bootstrap (which creates the auth schema and its core tables).
-- Names follow GoTrue's own schema (auth.users, auth.sessions, auth.refresh_tokens,
-- auth.mfa_factors, auth.mfa_challenges, auth.mfa_amr_claims) so data can move to Supabase.
CREATE SCHEMA IF NOT EXISTS auth;

CREATE TABLE IF NOT EXISTS auth.users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text UNIQUE,
  encrypted_password text,
  email_confirmed_at timestamptz,
  raw_app_meta_data jsonb NOT NULL DEFAULT '{}',
  raw_user_meta_data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE auth.users ADD COLUMN IF NOT EXISTS aud text;
ALTER TABLE auth.users ADD COLUMN IF NOT EXISTS role text;
ALTER TABLE auth.users ADD COLUMN IF NOT EXISTS phone text;
ALTER TABLE auth.users ADD COLUMN IF NOT EXISTS last_sign_in_at timestamptz;
ALTER TABLE auth.users ADD COLUMN IF NOT EXISTS banned_until timestamptz;
ALTER TABLE auth.users ADD COLUMN IF NOT EXISTS is_anonymous boolean NOT NULL DEFAULT false;

CREATE TABLE IF NOT EXISTS auth.sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE auth.sessions ADD COLUMN IF NOT EXISTS factor_id uuid;
ALTER TABLE auth.sessions ADD COLUMN IF NOT EXISTS aal text;
ALTER TABLE auth.sessions ADD COLUMN IF NOT EXISTS refreshed_at timestamptz;
ALTER TABLE auth.sessions ADD COLUMN IF NOT EXISTS user_agent text;
ALTER TABLE auth.sessions ADD COLUMN IF NOT EXISTS ip text;
ALTER TABLE auth.sessions ADD COLUMN IF NOT EXISTS not_after timestamptz;
CREATE INDEX IF NOT EXISTS sessions_user_id_idx ON auth.sessions (user_id);

-- Refresh tokens are stored as SHA-256 hashes (GoTrue stores them in clear): a copy of the
-- database does not hand out live sessions. `parent` holds the parent's hash.
CREATE TABLE IF NOT EXISTS auth.refresh_tokens (
  id bigserial PRIMARY KEY,
  token text UNIQUE,
  user_id text,
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent text,
  session_id uuid REFERENCES auth.sessions (id) ON DELETE CASCADE
);
ALTER TABLE auth.refresh_tokens ADD COLUMN IF NOT EXISTS parent text;
ALTER TABLE auth.refresh_tokens ADD COLUMN IF NOT EXISTS session_id uuid REFERENCES auth.sessions (id) ON DELETE CASCADE;
CREATE INDEX IF NOT EXISTS refresh_tokens_session_id_idx ON auth.refresh_tokens (session_id);

CREATE TABLE IF NOT EXISTS auth.mfa_factors (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  friendly_name text,
  factor_type text NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE auth.mfa_factors ADD COLUMN IF NOT EXISTS secret text;
ALTER TABLE auth.mfa_factors ADD COLUMN IF NOT EXISTS phone text;
ALTER TABLE auth.mfa_factors ADD COLUMN IF NOT EXISTS last_challenged_at timestamptz;
CREATE INDEX IF NOT EXISTS mfa_factors_user_id_idx ON auth.mfa_factors (user_id);

CREATE TABLE IF NOT EXISTS auth.mfa_challenges (
  id uuid PRIMARY KEY,
  factor_id uuid NOT NULL REFERENCES auth.mfa_factors (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE auth.mfa_challenges ADD COLUMN IF NOT EXISTS verified_at timestamptz;
ALTER TABLE auth.mfa_challenges ADD COLUMN IF NOT EXISTS ip_address text;

-- Which methods a session authenticated with, and when: the `amr` claim.
CREATE TABLE IF NOT EXISTS auth.mfa_amr_claims (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  session_id uuid NOT NULL REFERENCES auth.sessions (id) ON DELETE CASCADE,
  authentication_method text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (session_id, authentication_method)
);

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
