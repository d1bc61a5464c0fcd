-- The site's settings (issue #39, docs/admin.md "Configurações"): the company's identity,
-- contacts, social links and the site's default SEO, edited by admins in the admin's
-- "Configurações" view and shown by every public page. One row, seeded with the placeholder values
-- a fresh install shows (app/lib/site-settings.ts holds the same values, and a test compares them).
-- The CHECKs are the rules the form applies too (app/lib/site-settings.ts); the CNPJ's check
-- digits are computed here and there, and a test feeds both the same numbers.
-- Visitors never read this table: the site's server reads it with the service role and renders
-- the values into the pages. Every change announces itself on `site_settings_changed`; each
-- server instance LISTENs and re-renders (docs/decisions/076-site-settings-at-runtime.md).
-- Portable: plain Postgres 15+, PGlite, hosted Supabase.

-- A CNPJ as 14 characters without punctuation: 12 digits or (from July 2026, Receita Federal's
-- Instrução Normativa RFB nº 2.229/2024) upper-case letters, then two check digits, each one the
-- modulo-11 sum of the characters before it (a character counts as its ASCII code minus 48) with
-- weights 2 to 9 from the right. Fourteen equal characters pass that sum and are still no CNPJ.
CREATE FUNCTION public.cnpj_is_valid(cnpj text)
RETURNS boolean
LANGUAGE plpgsql
IMMUTABLE
STRICT
SET search_path = ''
AS $$
DECLARE
  total integer;
  expected integer;
BEGIN
  IF cnpj !~ '^[0-9A-Z]{12}[0-9]{2}$' OR cnpj ~ '^(.)\1*$' THEN
    RETURN false;
  END IF;
  FOR n IN 12..13 LOOP
    total := 0;
    FOR i IN 1..n LOOP
      total := total + (ascii(substr(cnpj, i, 1)) - 48) * ((n - i) % 8 + 2);
    END LOOP;
    expected := CASE WHEN total % 11 < 2 THEN 0 ELSE 11 - total % 11 END;
    IF ascii(substr(cnpj, n + 1, 1)) - 48 <> expected THEN
      RETURN false;
    END IF;
  END LOOP;
  RETURN true;
END
$$;
GRANT EXECUTE ON FUNCTION public.cnpj_is_valid(text) TO anon, authenticated, service_role;

CREATE TABLE public.site_settings (
  id boolean PRIMARY KEY DEFAULT true CONSTRAINT site_settings_one_row CHECK (id),
  -- Empresa
  trade_name text NOT NULL CONSTRAINT site_settings_trade_name_check
    CHECK (char_length(btrim(trade_name)) BETWEEN 1 AND 100),
  legal_name text NOT NULL CONSTRAINT site_settings_legal_name_check
    CHECK (char_length(btrim(legal_name)) BETWEEN 1 AND 200),
  cnpj text CONSTRAINT site_settings_cnpj_check CHECK (cnpj IS NULL OR public.cnpj_is_valid(cnpj)),
  address text NOT NULL CONSTRAINT site_settings_address_check
    CHECK (char_length(btrim(address)) BETWEEN 1 AND 300),
  dpo_email text NOT NULL CONSTRAINT site_settings_dpo_email_check
    CHECK (char_length(dpo_email) <= 254 AND dpo_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  -- Contato
  email text NOT NULL CONSTRAINT site_settings_email_check
    CHECK (char_length(email) <= 254 AND email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  sales_email text NOT NULL CONSTRAINT site_settings_sales_email_check
    CHECK (char_length(sales_email) <= 254 AND sales_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  support_email text NOT NULL CONSTRAINT site_settings_support_email_check
    CHECK (char_length(support_email) <= 254 AND support_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  -- E.164: a plus sign, the country code and the number, 8 to 15 digits in all.
  phone text CONSTRAINT site_settings_phone_check CHECK (phone IS NULL OR phone ~ '^\+[1-9][0-9]{7,14}$'),
  whatsapp text CONSTRAINT site_settings_whatsapp_check CHECK (whatsapp IS NULL OR whatsapp ~ '^\+[1-9][0-9]{7,14}$'),
  whatsapp_message text NOT NULL DEFAULT '' CONSTRAINT site_settings_whatsapp_message_check
    CHECK (char_length(whatsapp_message) <= 500),
  -- Redes sociais: https URLs, each optional.
  linkedin_url text CONSTRAINT site_settings_linkedin_url_check
    CHECK (linkedin_url IS NULL OR (char_length(linkedin_url) <= 500 AND linkedin_url ~ '^https://[^[:space:]/?#@]+\.[^[:space:]/?#@]+([/?#][^[:space:]]*)?$')),
  facebook_url text CONSTRAINT site_settings_facebook_url_check
    CHECK (facebook_url IS NULL OR (char_length(facebook_url) <= 500 AND facebook_url ~ '^https://[^[:space:]/?#@]+\.[^[:space:]/?#@]+([/?#][^[:space:]]*)?$')),
  instagram_url text CONSTRAINT site_settings_instagram_url_check
    CHECK (instagram_url IS NULL OR (char_length(instagram_url) <= 500 AND instagram_url ~ '^https://[^[:space:]/?#@]+\.[^[:space:]/?#@]+([/?#][^[:space:]]*)?$')),
  youtube_url text CONSTRAINT site_settings_youtube_url_check
    CHECK (youtube_url IS NULL OR (char_length(youtube_url) <= 500 AND youtube_url ~ '^https://[^[:space:]/?#@]+\.[^[:space:]/?#@]+([/?#][^[:space:]]*)?$')),
  tiktok_url text CONSTRAINT site_settings_tiktok_url_check
    CHECK (tiktok_url IS NULL OR (char_length(tiktok_url) <= 500 AND tiktok_url ~ '^https://[^[:space:]/?#@]+\.[^[:space:]/?#@]+([/?#][^[:space:]]*)?$')),
  -- SEO do site
  seo_description text NOT NULL CONSTRAINT site_settings_seo_description_check
    CHECK (char_length(btrim(seo_description)) BETWEEN 1 AND 300),
  -- An absolute http(s) URL or a site path (an upload to Storage); never javascript: or data:.
  share_image text CONSTRAINT site_settings_share_image_check
    CHECK (share_image IS NULL OR (char_length(share_image) <= 2048 AND share_image ~* '^(https?://|/)[^[:space:]]*$')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO public.site_settings (
  trade_name, legal_name, cnpj, address, dpo_email,
  email, sales_email, support_email, phone, whatsapp, whatsapp_message,
  linkedin_url, facebook_url, instagram_url, youtube_url, tiktok_url,
  seo_description, share_image
) VALUES (
  'Omnia',
  'Omnia Tecnologia Ltda.',
  NULL,
  'Av. Paulista, 1000, Bela Vista, São Paulo, SP, 01310-100',
  'privacidade@omnia.example',
  'contato@omnia.example',
  'vendas@omnia.example',
  'suporte@omnia.example',
  '+551140000000',
  '+5511900000000',
  'Olá! Vim pelo site da Omnia e gostaria de saber mais.',
  'https://linkedin.example/company/omnia',
  'https://facebook.example/omnia',
  'https://instagram.example/omnia',
  'https://youtube.example/@omnia',
  'https://tiktok.example/@omnia',
  'A Omnia une voz, chat, e-mail, WhatsApp, redes sociais, SMS, marketplaces e CRMs em uma só plataforma, com IA que roteia, sugere respostas e mede o sentimento dos seus clientes.',
  NULL
);

CREATE TRIGGER site_settings_set_updated_at
  BEFORE UPDATE ON public.site_settings
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

-- Admins read and change the one row; nobody inserts or deletes it through the API. A hosted
-- project's default privileges grant everything to anon and authenticated: take it back first.
REVOKE ALL ON TABLE public.site_settings FROM PUBLIC, anon, authenticated;
GRANT SELECT, UPDATE ON TABLE public.site_settings TO authenticated;
GRANT ALL ON TABLE public.site_settings TO service_role;
ALTER TABLE public.site_settings ENABLE ROW LEVEL SECURITY;

-- One policy per command, so that the roles issue can widen each in one place. Sub-selects make
-- Postgres evaluate the checks once per statement.
CREATE POLICY "Admins read the site settings" ON public.site_settings
  FOR SELECT TO authenticated
  USING ((SELECT public.has_role((SELECT auth.uid()), 'admin')));
CREATE POLICY "Admins change the site settings" ON public.site_settings
  FOR UPDATE TO authenticated
  USING ((SELECT public.has_role((SELECT auth.uid()), 'admin')))
  WITH CHECK ((SELECT public.has_role((SELECT auth.uid()), 'admin')));
-- As for the other admin tables (20260101001200_admin_security.sql): an admin with an
-- authenticator works here only in a session that passed the code.
CREATE POLICY "Second factor for site settings" ON public.site_settings
  AS RESTRICTIVE FOR ALL TO authenticated
  USING ((SELECT public.mfa_satisfied()))
  WITH CHECK ((SELECT public.mfa_satisfied()));

-- The activity log: who changed which fields (the values are the company's public contacts, but
-- the log only needs the names). Its own function rather than a branch of public.audit_change,
-- so that this migration does not restate that function's other branches.
CREATE FUNCTION public.audit_site_settings()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  old_row jsonb := to_jsonb(OLD) - 'updated_at';
  new_row jsonb := to_jsonb(NEW) - 'updated_at';
  changed text[];
BEGIN
  SELECT coalesce(array_agg(key ORDER BY key), '{}') INTO changed
    FROM jsonb_each(new_row) AS n(key, value)
   WHERE old_row -> key IS DISTINCT FROM value;
  IF cardinality(changed) > 0 THEN
    PERFORM public.write_audit('settings.updated', NULL, jsonb_build_object('fields', to_jsonb(changed)));
  END IF;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION public.audit_site_settings() FROM PUBLIC, anon, authenticated;
CREATE TRIGGER site_settings_audit
  AFTER UPDATE ON public.site_settings
  FOR EACH ROW EXECUTE FUNCTION public.audit_site_settings();

-- Every change, by any path (the admin, the REST API, SQL by hand), reaches every server
-- instance at commit; the payload is empty: the server reads the row again.
CREATE FUNCTION public.notify_site_settings_changed()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  PERFORM pg_notify('site_settings_changed', '');
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION public.notify_site_settings_changed() FROM PUBLIC, anon, authenticated;
CREATE TRIGGER site_settings_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.site_settings
  FOR EACH STATEMENT EXECUTE FUNCTION public.notify_site_settings_changed();
