-- Company sign-in through OpenID Connect (server/backend/auth/oidc.ts). Short-lived, so kept out
-- of backups (omnia_internal); no API role reads either table.

-- A sign-in between /authorize and the provider's redirect to /callback: what checks the
-- provider's answer (state, nonce, the PKCE verifier we sent it) and what the browser sent us
-- (its PKCE challenge and where to go back). Keyed by the SHA-256 of the state; used once.
CREATE TABLE IF NOT EXISTS omnia_internal.oidc_flows (
  state_hash text PRIMARY KEY,
  provider text NOT NULL,
  nonce text NOT NULL,
  provider_verifier text NOT NULL,
  code_challenge text NOT NULL,
  code_challenge_method text NOT NULL CHECK (code_challenge_method IN ('s256', 'plain')),
  redirect_to text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS oidc_flows_expires_at_idx ON omnia_internal.oidc_flows (expires_at);

-- The code /callback hands the browser, exchanged once at /token?grant_type=pkce with the
-- verifier of the challenge it started with. Only its SHA-256 is stored.
CREATE TABLE IF NOT EXISTS omnia_internal.oidc_auth_codes (
  code_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  code_challenge text NOT NULL,
  code_challenge_method text NOT NULL CHECK (code_challenge_method IN ('s256', 'plain')),
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS oidc_auth_codes_expires_at_idx ON omnia_internal.oidc_auth_codes (expires_at);
