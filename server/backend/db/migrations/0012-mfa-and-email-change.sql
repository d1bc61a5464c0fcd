-- GoTrue's secure e-mail change (server/backend/auth/email-change.ts) and the guard of each
-- second factor (server/backend/auth/mfa.ts).

-- GoTrue's columns (supabase/auth's migrations): the SHA-256 of each link's token, one sent to
-- the current address and one to the new, and how many of the two have been opened.
ALTER TABLE auth.users ADD COLUMN IF NOT EXISTS email_change_token_current text DEFAULT '';
ALTER TABLE auth.users ADD COLUMN IF NOT EXISTS email_change_token_new text DEFAULT '';
ALTER TABLE auth.users ADD COLUMN IF NOT EXISTS email_change_confirm_status smallint DEFAULT 0
  CHECK (email_change_confirm_status >= 0 AND email_change_confirm_status <= 2);

-- Challenges are counted per factor over their lifetime (at most a few per factor are kept).
CREATE INDEX IF NOT EXISTS mfa_challenges_factor_id_created_at_idx ON auth.mfa_challenges (factor_id, created_at);

-- Per factor, whatever address or session the codes come from: wrong codes in the current
-- window (milliseconds since the epoch), the lock they caused, and the TOTP time steps already
-- accepted while they could still be accepted again (RFC 6238 §5.2: a code works once). In the
-- database, so instances sharing one PostgreSQL count together. Internal bookkeeping: no API
-- role reads it.
CREATE TABLE IF NOT EXISTS omnia_internal.mfa_factor_guard (
  factor_id uuid PRIMARY KEY REFERENCES auth.mfa_factors (id) ON DELETE CASCADE,
  since bigint NOT NULL,
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  locked_until bigint,
  used_steps integer[] NOT NULL DEFAULT '{}'
);
