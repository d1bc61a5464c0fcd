-- The inbox's search by name, e-mail or company (issue #17): a case-insensitive substring match
-- on one generated column, served by a trigram index, so it stays fast with 100,000 leads.
-- pg_trgm ships with PostgreSQL (contrib), PGlite (loaded by server/backend/db/pglite.ts) and
-- hosted Supabase.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE public.contact_messages
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    lower(name || ' ' || email || ' ' || coalesce(company, ''))
  ) STORED;

CREATE INDEX contact_messages_search_text_idx
  ON public.contact_messages USING gin (search_text gin_trgm_ops);
