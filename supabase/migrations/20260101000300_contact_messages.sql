-- Leads from the contact form and the demo form: anyone may submit one; only admins read,
-- update (mark handled) or delete them.

CREATE TABLE public.contact_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 2 AND 120),
  email text NOT NULL
    CHECK (char_length(email) <= 254 AND email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  company text CHECK (company IS NULL OR char_length(company) <= 120),
  phone text CHECK (phone IS NULL OR (char_length(phone) <= 40 AND phone ~ '^[0-9+() .-]*$')),
  subject text NOT NULL CHECK (subject IN ('demo', 'comercial', 'suporte', 'parceria', 'outro')),
  -- The demo form sends no message; every other subject needs a real one.
  message text CHECK (char_length(message) <= 5000),
  plan text CHECK (plan IS NULL OR plan IN ('basic', 'business', 'scale', 'infinity')),
  -- Path of the page the form was sent from, e.g. '/contato'.
  page text CHECK (page IS NULL OR (char_length(page) <= 300 AND page ~ '^/')),
  created_at timestamptz NOT NULL DEFAULT now(),
  handled_at timestamptz,
  CONSTRAINT contact_messages_message_required
    CHECK (subject = 'demo' OR char_length(btrim(coalesce(message, ''))) >= 10)
);

CREATE INDEX contact_messages_created_at_idx ON public.contact_messages (created_at DESC);

REVOKE ALL ON TABLE public.contact_messages FROM anon, authenticated;
GRANT INSERT ON TABLE public.contact_messages TO anon;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.contact_messages TO authenticated;
GRANT ALL ON TABLE public.contact_messages TO service_role;

ALTER TABLE public.contact_messages ENABLE ROW LEVEL SECURITY;

-- A new message is never already handled.
CREATE POLICY "Anyone submits a message" ON public.contact_messages
  FOR INSERT TO anon, authenticated
  WITH CHECK (handled_at IS NULL);

CREATE POLICY "Admins manage messages" ON public.contact_messages
  FOR ALL TO authenticated
  USING (public.has_role(auth.uid(), 'admin'))
  WITH CHECK (public.has_role(auth.uid(), 'admin'));
