-- Leads reach the sales team (docs/decisions/053-lead-delivery.md): every new lead is e-mailed to
-- sales, confirmed to the visitor and posted to a webhook, as configured on the server.
--
-- The lead's own transaction records that it must be delivered (lead_outbox, by trigger), so no
-- lead is ever stored without it, whoever inserts it. The server's relay then turns each outbox
-- row into one delivery per configured channel and one pg-boss job per delivery, in one
-- transaction. lead_deliveries is what the admin's inbox shows.

CREATE TABLE public.lead_outbox (
  lead_id uuid PRIMARY KEY REFERENCES public.contact_messages (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The server's own bookkeeping: no API role reads or writes it (RLS on, no policy).
REVOKE ALL ON TABLE public.lead_outbox FROM anon, authenticated;
GRANT ALL ON TABLE public.lead_outbox TO service_role;
ALTER TABLE public.lead_outbox ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.lead_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL REFERENCES public.contact_messages (id) ON DELETE CASCADE,
  -- email: the notification to sales; confirmation: the visitor's receipt; webhook: the CRM.
  channel text NOT NULL CHECK (channel IN ('email', 'confirmation', 'webhook')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error text CHECK (last_error IS NULL OR char_length(last_error) <= 1000),
  -- The pg-boss job carrying this delivery; NULL while the relay has yet to queue it.
  job_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (lead_id, channel)
);

CREATE INDEX lead_deliveries_unqueued_idx ON public.lead_deliveries (created_at) WHERE job_id IS NULL;

REVOKE ALL ON TABLE public.lead_deliveries FROM anon, authenticated;
-- Admins read deliveries and send a failed one again ("Reenviar"): status only.
GRANT SELECT ON TABLE public.lead_deliveries TO authenticated;
GRANT UPDATE (status) ON TABLE public.lead_deliveries TO authenticated;
GRANT ALL ON TABLE public.lead_deliveries TO service_role;
ALTER TABLE public.lead_deliveries ENABLE ROW LEVEL SECURITY;

CREATE POLICY "Admins read deliveries" ON public.lead_deliveries
  FOR SELECT TO authenticated
  USING ((SELECT public.has_role((SELECT auth.uid()), 'admin')));

CREATE POLICY "Admins send a failed delivery again" ON public.lead_deliveries
  FOR UPDATE TO authenticated
  USING ((SELECT public.has_role((SELECT auth.uid()), 'admin')))
  WITH CHECK ((SELECT public.has_role((SELECT auth.uid()), 'admin')));

-- A new lead is queued for delivery in its own transaction, and the relay woken at once.
CREATE FUNCTION public.contact_messages_enqueue_delivery()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  INSERT INTO public.lead_outbox (lead_id) VALUES (NEW.id);
  PERFORM pg_notify('lead_deliveries', NEW.id::text);
  RETURN NULL;
END
$$;

REVOKE ALL ON FUNCTION public.contact_messages_enqueue_delivery() FROM PUBLIC, anon, authenticated;

CREATE TRIGGER contact_messages_enqueue_delivery
  AFTER INSERT ON public.contact_messages
  FOR EACH ROW EXECUTE FUNCTION public.contact_messages_enqueue_delivery();

-- Through the API a delivery may only go from failed back to pending ("Reenviar"): that clears
-- its job so the relay queues it again. The server's worker (the table owner) records progress.
CREATE FUNCTION public.lead_deliveries_guard()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  IF current_user IN ('anon', 'authenticated') THEN
    IF NOT (OLD.status = 'failed' AND NEW.status = 'pending') THEN
      RAISE EXCEPTION 'only a failed delivery can be sent again'
        USING ERRCODE = '42501', HINT = 'Set status from failed to pending.';
    END IF;
    NEW.job_id := NULL;
    PERFORM pg_notify('lead_deliveries', NEW.lead_id::text);
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END
$$;

REVOKE ALL ON FUNCTION public.lead_deliveries_guard() FROM PUBLIC, anon, authenticated;

CREATE TRIGGER lead_deliveries_guard
  BEFORE UPDATE ON public.lead_deliveries
  FOR EACH ROW EXECUTE FUNCTION public.lead_deliveries_guard();
