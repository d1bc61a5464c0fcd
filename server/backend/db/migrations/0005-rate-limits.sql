-- Request counts of the per-address rate limits when several instances share one PostgreSQL
-- (server/http/shared-rate-limits.ts): one row per bucket, client address and window (its start
-- in milliseconds since the epoch, aligned to the window's length). Old windows are deleted by
-- the instances themselves. Internal: the embedded backend's own bookkeeping, never exposed
-- through the REST API (omnia_internal is not an API schema and PUBLIC has no access to it).
CREATE TABLE IF NOT EXISTS omnia_internal.rate_limit_windows (
  bucket text NOT NULL,
  key text NOT NULL,
  window_start bigint NOT NULL,
  count integer NOT NULL CHECK (count > 0),
  PRIMARY KEY (bucket, key, window_start)
);
