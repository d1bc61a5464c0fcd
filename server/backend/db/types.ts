// The one database interface the embedded backend codes against. Two adapters implement it:
// PGlite (embedded, default) and node-postgres (DATABASE_URL). Nothing above this layer
// knows which one it talks to.

/** The Supabase request roles a REST request may run as. */
export type RequestRole = "anon" | "authenticated" | "service_role";

export interface QueryResult<R> {
  rows: R[];
  /** Rows affected by INSERT/UPDATE/DELETE, or returned by SELECT. */
  rowCount: number;
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
  /** Runs a script of several statements (no parameters), e.g. a migration file. */
  exec(sql: string): Promise<void>;
}

/**
 * A request's transaction (asRole). queryPrepared runs a statement as a named prepared statement
 * of the connection, so the next request of the same role and SQL text skips parsing and
 * planning; the connection keeps a bounded number of them (least recently used deallocated).
 */
export interface RequestTx extends Queryable {
  queryPrepared<R = Record<string, unknown>>(sql: string, params: readonly unknown[]): Promise<QueryResult<R>>;
}

/** How many prepared statements each connection keeps for queryPrepared (0: none, plain queries). */
export const DEFAULT_PREPARED_STATEMENTS = 100;

/**
 * query/exec/transaction run with the backend's own privileges: the PGlite superuser, or on
 * PostgreSQL the DATABASE_URL user (owner of the schema). Use them for the auth service's
 * tables and the operator's work, never for a client's request. asRole is the only path for
 * client requests; on PostgreSQL its connections sit in role `authenticator` (NOINHERIT, no
 * table privileges) so a forgotten role switch fails closed.
 */
export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /**
   * One short transaction on one connection with the backend's own privileges
   * (the auth service's tables, the migration runner). Rolled back if fn throws.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * One short transaction that first runs, as PostgREST does,
   *   set_config('role', role, true), set_config('request.jwt.claims', claims, true)
   * so row-level security applies, and `request.headers` when given (PostgREST exposes the
   * request's headers to SQL the same way; the audit log reads the client address there), and
   * each of `settings` the same way (the role's statement_timeout, a schema's search_path).
   * Every REST request goes through here.
   */
  asRole<T>(
    role: RequestRole,
    claims: Record<string, unknown>,
    fn: (tx: RequestTx) => Promise<T>,
    headers?: Record<string, string>,
    settings?: Record<string, string>,
  ): Promise<T>;
  /**
   * asRole for one prepared statement in a read-only transaction (a REST read): the same as
   * `asRole(role, claims, (tx) => tx.queryPrepared(sql, params), headers, settings)` with
   * `transaction_read_only` on. On PGlite's worker thread (pglite-thread.ts) it is one message,
   * so the one connection is never held while the main thread is busy elsewhere.
   */
  readAsRole<R = Record<string, unknown>>(
    role: RequestRole,
    claims: Record<string, unknown>,
    sql: string,
    params: readonly unknown[],
    headers?: Record<string, string>,
    settings?: Record<string, string>,
  ): Promise<QueryResult<R>>;
  /**
   * Forgets every prepared statement of queryPrepared: each connection deallocates its own before
   * its next request. Called when the schema cache reloads (a migration may have changed what a
   * statement's text means).
   */
  dropPreparedStatements(): void;
  /**
   * LISTEN on a channel: onMessage gets each NOTIFY payload. When the connection had to be
   * re-established, notifications may have been missed: onReconnect says so, once it listens
   * again. Resolves with a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
