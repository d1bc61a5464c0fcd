-- The per-account sign-in throttle (server/backend/auth/account-throttle.ts) when several
-- instances share one PostgreSQL: one row per account being counted or locked. The key is a
-- SHA-256 of the normalised e-mail, so addresses that were only guessed are not stored in the
-- clear. Rows whose window and lockout have passed are deleted by the instances themselves.
CREATE TABLE IF NOT EXISTS omnia_internal.account_throttle (
  key text PRIMARY KEY,
  -- When the current counting window began (milliseconds since the epoch).
  since bigint NOT NULL,
  count integer NOT NULL CHECK (count >= 0),
  locked_until bigint
);
