// The named prepared statements of one connection (RequestTx.queryPrepared, ADR 088): at most
// `max`, keyed by the request's role and the SQL text, the least recently used deallocated to
// make room. Named statements live in a connection's session, so each connection has its own;
// a database-wide generation, bumped when the schema cache reloads, tells each connection to
// deallocate everything before its next statement.
import { LRUCache } from "lru-cache";

export interface NamedStatement {
  name: string;
}

/** The database-wide generation; dropAll() makes every connection's statements stale. */
export class PreparedGeneration {
  value = 0;
  dropAll(): void {
    this.value++;
  }
}

export class StatementCache<S extends NamedStatement> {
  readonly #lru: LRUCache<string, S>;
  readonly #max: number;
  #generation: number;
  #seq = 0;

  constructor(max: number, generation: number) {
    this.#max = max;
    // lru-cache needs a max of at least 1; a cache of 0 is never consulted (enabled is false).
    this.#lru = new LRUCache<string, S>({ max: Math.max(1, max) });
    this.#generation = generation;
  }

  get enabled(): boolean {
    return this.#max > 0;
  }
  /** How many statements it holds at most. */
  get capacity(): number {
    return this.#max;
  }

  get size(): number {
    return this.#lru.size;
  }

  /**
   * Forgets everything if the schema changed since these statements were prepared; true when
   * the connection holds statements to deallocate.
   */
  stale(generation: number): boolean {
    if (generation === this.#generation) return false;
    this.#generation = generation;
    const held = this.#lru.size > 0;
    this.#lru.clear();
    return held;
  }

  get(key: string): S | undefined {
    return this.#lru.get(key);
  }

  /** The least recently used statement, removed to make room for one more, or undefined. */
  evict(): S | undefined {
    return this.#lru.size >= this.#max ? this.#lru.pop() : undefined;
  }

  /** A name this connection has not used (never reused, so a dropped name cannot come back). */
  nextName(): string {
    return `omnia_rest_${++this.#seq}`;
  }

  add(key: string, statement: S): void {
    this.#lru.set(key, statement);
  }
}

/** The cache key: the same text under another role is another statement (ADR 088). */
export const statementKey = (role: string, sql: string): string => `${role}\n${sql}`;

/**
 * PostgREST's per-request prelude; SET LOCAL semantics (is_local = true), so nothing outlives the
 * transaction. $4 holds the request's other settings (its role's, its schema's search_path, a
 * read-only transaction) as a JSON object, so they cost no statement of their own.
 */
export const REQUEST_PRELUDE =
  "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.headers', $3, true), (select count(set_config(key, value, true)) from json_each_text($4::json))";

/** REQUEST_PRELUDE's parameters. */
export const preludeParams = (
  role: string,
  claims: Record<string, unknown>,
  headers: Record<string, string> | undefined,
  settings: Record<string, string> | undefined,
): string[] => [role, JSON.stringify(claims), JSON.stringify(headers ?? {}), JSON.stringify(settings ?? {})];
