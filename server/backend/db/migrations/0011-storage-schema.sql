-- Supabase Storage's metadata schema, as hosted projects have it built in (the subset the
-- embedded storage API uses, with hosted Storage's table and column names): buckets, and
-- objects whose row-level security decides who may read, upload, replace and delete. The
-- bytes live outside the database, in the blob store (server/backend/storage/blob-store.ts).
CREATE SCHEMA IF NOT EXISTS storage;
GRANT USAGE ON SCHEMA storage TO anon, authenticated, service_role;

CREATE TABLE IF NOT EXISTS storage.buckets (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  owner uuid,
  owner_id text,
  public boolean NOT NULL DEFAULT false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS storage.objects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bucket_id text NOT NULL REFERENCES storage.buckets (id),
  name text NOT NULL,
  owner uuid,
  owner_id text,
  -- size, mimetype, eTag, cacheControl, lastModified, contentLength, httpStatusCode: hosted's keys.
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Which blob holds the bytes: a new one for every write, so a replaced object's old bytes are
  -- never overwritten in place (readers in flight finish with them).
  version text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_accessed_at timestamptz NOT NULL DEFAULT now(),
  path_tokens text[] GENERATED ALWAYS AS (string_to_array(name, '/')) STORED,
  UNIQUE (bucket_id, name)
);
CREATE INDEX IF NOT EXISTS objects_bucket_name_pattern_idx ON storage.objects (bucket_id, name text_pattern_ops);

ALTER TABLE storage.buckets ENABLE ROW LEVEL SECURITY;
ALTER TABLE storage.objects ENABLE ROW LEVEL SECURITY;
-- As on hosted Supabase: the API roles hold the table privileges, and policies decide.
GRANT SELECT ON storage.buckets TO anon, authenticated;
GRANT ALL ON storage.buckets, storage.objects TO service_role;
GRANT SELECT, INSERT, UPDATE, DELETE ON storage.objects TO anon, authenticated;

-- Hosted Storage's helpers, used in policies: folders of a name, its file name, its extension.
CREATE OR REPLACE FUNCTION storage.foldername(name text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
$$;
CREATE OR REPLACE FUNCTION storage.filename(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]
$$;
CREATE OR REPLACE FUNCTION storage.extension(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(substring(storage.filename(name) from '\.([^.]+)$'))
$$;
GRANT EXECUTE ON FUNCTION storage.foldername(text), storage.filename(text), storage.extension(text)
  TO anon, authenticated, service_role;
