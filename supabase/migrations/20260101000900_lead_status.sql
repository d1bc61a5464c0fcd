-- A lead's progress instead of a single "handled" flag (issue #17): novo, em contato, ganho,
-- perdido, and a note for the team. Leads already marked handled become "contacted"; handled_at
-- stays, stamped by the database the first time a lead leaves "new".

ALTER TABLE public.contact_messages
  ADD COLUMN status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'won', 'lost')),
  ADD COLUMN note text CHECK (note IS NULL OR char_length(note) <= 5000);

UPDATE public.contact_messages SET status = 'contacted' WHERE handled_at IS NOT NULL;

-- Admins change the status and the note (and, as before, handled_at); nothing else of a lead.
GRANT UPDATE (status, note) ON TABLE public.contact_messages TO authenticated;

-- The inbox filtered by status, newest first (the count of new leads on the tab uses it too).
CREATE INDEX contact_messages_status_created_at_id_idx
  ON public.contact_messages (status, created_at DESC, id DESC);

CREATE OR REPLACE FUNCTION public.contact_messages_server_timestamps()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.created_at := now();
    NEW.handled_at := NULL;
    NEW.status := 'new';
    NEW.note := NULL;
    RETURN NEW;
  END IF;
  NEW.created_at := OLD.created_at;
  -- Leaving "new" is when a lead was first handled; the database's clock says when.
  IF NEW.status <> 'new' AND OLD.status = 'new' THEN
    NEW.handled_at := coalesce(OLD.handled_at, now());
  END IF;
  IF NEW.handled_at IS NOT NULL THEN
    NEW.handled_at := coalesce(OLD.handled_at, now());
    -- "Marcar como atendida" from an older client moves a new lead on as well.
    IF NEW.status = 'new' AND OLD.status = 'new' AND OLD.handled_at IS NULL THEN
      NEW.status := 'contacted';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
