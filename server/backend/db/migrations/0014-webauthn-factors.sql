-- WebAuthn (passkey) second factors (server/backend/auth/webauthn.ts), in GoTrue's columns
-- (supabase/auth's migration 20241009103726_add_web_authn): a verified factor's credential as
-- go-webauthn's Credential JSON and its authenticator model, and each challenge's ceremony state.
ALTER TABLE auth.mfa_factors ADD COLUMN IF NOT EXISTS web_authn_credential jsonb;
ALTER TABLE auth.mfa_factors ADD COLUMN IF NOT EXISTS web_authn_aaguid uuid;
ALTER TABLE auth.mfa_challenges ADD COLUMN IF NOT EXISTS web_authn_session_data jsonb;
