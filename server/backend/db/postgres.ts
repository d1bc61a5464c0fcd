// node-postgres adapter (DATABASE_URL). Two pools on the same server:
// - `own`: the DATABASE_URL user, for migrations and the auth service (query/exec/transaction);
// - `requests`: connections that start in role `authenticator` (startup option
//   `-c role=authenticator`, so even RESET ROLE lands there), for asRole only. authenticator is
//   NOINHERIT and holds no table privileges, so SQL that forgets the role switch fails with
//   42501 instead of running with the owner's rights; that is PostgREST's own model, where the
//   server logs in as authenticator and switches with SET LOCAL ROLE per request.
// See docs/decisions/011-node-postgres-authenticator.md.
import pg from "pg";
import type { PoolClient, PoolConfig } from "pg";
import { PreparedGeneration, REQUEST_PRELUDE, StatementCache, preludeParams, statementKey } from "./prepared.ts";
import type { NamedStatement } from "./prepared.ts";
import { DEFAULT_PREPARED_STATEMENTS } from "./types.ts";
import type { Database, QueryResult, Queryable, RequestRole, RequestTx } from "./types.ts";

export interface PostgresOptions {
  connectionString: string;
  /** Size of the request pool (default 10); the own pool is small (default 4). */
  maxRequestConnections?: number;
  maxOwnConnections?: number;
  /** Prepared statements each request connection keeps (default DEFAULT_PREPARED_STATEMENTS; 0: none). */
  preparedStatements?: number;
  log?: (line: string) => void;
}

export interface PostgresDatabase extends Database {
  readonly kind: "postgres";
}

// int8 as a JS number (like PGlite does) when it is exactly representable, so the auth code
// sees the same values on both adapters. Larger values stay strings.
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === 20 && format !== "binary") {
      return (value: string) => {
        const n = Number(value);
        return Number.isSafeInteger(n) ? n : value;
      };
    }
    return pg.types.getTypeParser(oid, format);
  },
} as PoolConfig["types"];

function wrap(client: PoolClient): Queryable {
  return {
    async query<R>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
      const res = await client.query(sql, params ? [...params] : undefined);
      return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
    },
    async exec(sql: string) {
      // No parameters: node-postgres uses the simple protocol, which accepts several statements.
      await client.query(sql);
    },
  };
}

/**
 * node-postgres prepares a query config with a `name` once per connection and remembers which
 * names it parsed; a statement this module deallocates must leave that record too, or the next
 * use of the name would Bind to nothing. The record is the client's internal one, so its absence
 * (another driver version) turns prepared statements off instead of failing requests.
 */
function parsedStatementsOf(client: pg.PoolClient): Record<string, string> | null {
  const connection = (client as unknown as { connection?: { parsedStatements?: unknown } }).connection;
  const parsed = connection?.parsedStatements;
  return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, string>) : null;
}

/**
 * The name of the statement `key` on this connection, and whether the connection already holds
 * it; for a new one, a name is taken and room made (the least recently used is deallocated).
 * Deallocates everything first when the schema changed (ADR 088).
 */
async function statementSlot(
  client: pg.PoolClient,
  parsed: Record<string, string>,
  cache: StatementCache<NamedStatement>,
  generation: PreparedGeneration,
  key: string,
): Promise<{ name: string; known: boolean }> {
  if (cache.stale(generation.value)) {
    await client.query("DEALLOCATE ALL");
    for (const name of Object.keys(parsed)) delete parsed[name];
  }
  const known = cache.get(key);
  if (known) return { name: known.name, known: true };
  const evicted = cache.evict();
  if (evicted) {
    await client.query(`DEALLOCATE ${evicted.name}`);
    delete parsed[evicted.name];
  }
  return { name: cache.nextName(), known: false };
}

/** Runs a named prepared statement on this connection, preparing it on first use (ADR 088). */
async function runPrepared<R>(
  client: pg.PoolClient,
  cache: StatementCache<NamedStatement>,
  generation: PreparedGeneration,
  key: string,
  sql: string,
  params: readonly unknown[],
): Promise<QueryResult<R>> {
  const parsed = parsedStatementsOf(client);
  if (!parsed) return wrap(client).query<R>(sql, params);
  const { name, known } = await statementSlot(client, parsed, cache, generation, key);
  try {
    const res = await client.query({ name, text: sql, values: [...params] });
    return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
  } finally {
    // Parsed even when the run failed (a constraint, a refused row): the connection holds it now.
    if (!known && parsed[name] !== undefined) cache.add(key, { name });
  }
}

/**
 * Prepares `sql` as a named statement on this connection unless it holds it; returns the name.
 * Parsed outside the request's transaction, so only for SQL that names nothing a role could be
 * refused (the request's prelude).
 */
async function prepareNamed(
  client: pg.PoolClient,
  parsed: Record<string, string>,
  cache: StatementCache<NamedStatement>,
  generation: PreparedGeneration,
  key: string,
  sql: string,
): Promise<string> {
  const { name, known } = await statementSlot(client, parsed, cache, generation, key);
  if (!known) {
    await client.query(new Batch([{ name, parse: sql }])).result;
    parsed[name] = sql;
    cache.add(key, { name });
  }
  return name;
}

// node-postgres maps parameters to the wire the same way for every query (dates, arrays, JSON).
const { prepareValue } = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils;

interface RowField {
  name: string;
  dataTypeID: number;
}

/** One statement of a Batch: parsed first when `parse` holds its text, run when it has `values`. */
interface BatchStep {
  name: string;
  parse?: string;
  values?: readonly unknown[];
}

/**
 * Protocol messages written as they are: node-postgres gives a query object with `submit` (a
 * Submittable, as pg-cursor is) the connection and the server's replies. Every step is sent
 * before one Sync, so the statements run in one implicit transaction; `result` has the last one's
 * rows, and `parsed` the names the server prepared, even when a later step failed.
 */
class Batch<R> implements pg.Submittable {
  readonly result: Promise<QueryResult<R>>;
  readonly parsed: string[] = [];
  readonly #steps: readonly BatchStep[];
  readonly #runs: number;
  #resolve!: (result: QueryResult<R>) => void;
  #reject!: (error: unknown) => void;
  #stopListening = () => {};
  #fields: [string, (value: string) => unknown][] = [];
  #rows: R[] = [];
  #rowCount = 0;
  #completed = 0;
  #failed: unknown = null;

  constructor(steps: readonly BatchStep[]) {
    this.#steps = steps;
    this.#runs = steps.filter((step) => step.values).length;
    this.result = new Promise((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
  }

  /** Only the last statement's rows are kept (the others are the request's prelude). */
  get #inLast(): boolean {
    return this.#completed === this.#runs - 1;
  }

  submit(connection: pg.Connection): void {
    // ParseComplete is not passed to a query object; the replies come in the order of the Parses.
    const parses = this.#steps.filter((step) => step.parse !== undefined).map((step) => step.name);
    const onParsed = () => this.parsed.push(parses[this.parsed.length]!);
    connection.on("parseComplete", onParsed);
    this.#stopListening = () => connection.off("parseComplete", onParsed);
    let runs = 0;
    for (const { name, parse, values } of this.#steps) {
      if (parse !== undefined) connection.parse({ name, text: parse, types: [] }, true);
      if (!values) continue;
      connection.bind({ statement: name, values: values as string[], valueMapper: prepareValue }, true);
      if (++runs === this.#runs) connection.describe({ type: "P", name: "" }, true);
      connection.execute({ portal: "" }, true);
    }
    connection.sync();
  }

  handleRowDescription(message: { fields: RowField[] }): void {
    if (!this.#inLast) return;
    this.#fields = message.fields.map((field) => [field.name, types!.getTypeParser(field.dataTypeID, "text")]);
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (!this.#inLast || this.#failed) return;
    try {
      const row: Record<string, unknown> = {};
      for (const [i, value] of message.fields.entries()) {
        const [name, parse] = this.#fields[i]!;
        row[name] = value === null ? null : parse(value);
      }
      this.#rows.push(row as R);
    } catch (error) {
      // As node-postgres does: the query fails once the server is done with it.
      this.#failed = error;
    }
  }

  handleCommandComplete(message: { text: string }): void {
    if (this.#inLast) this.#rowCount = Number(message.text.split(" ").at(-1)) || this.#rows.length;
    this.#completed++;
  }

  handleEmptyQuery(): void {
    this.#completed++;
  }

  handlePortalSuspended(): void {}

  handleError(error: unknown): void {
    this.#stopListening();
    this.#reject(error);
  }

  handleReadyForQuery(): void {
    this.#stopListening();
    if (this.#failed) this.#reject(this.#failed);
    else this.#resolve({ rows: this.#rows, rowCount: this.#rowCount });
  }

  handleCopyInResponse(connection: { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail("COPY is not part of a REST read");
  }

  handleCopyData(): void {}
}

async function inTransaction<T, Q extends Queryable = Queryable>(
  pool: pg.Pool,
  prelude: ((tx: Q) => Promise<void>) | null,
  fn: (tx: Q) => Promise<T>,
  txOf: (client: PoolClient) => Q = (client) => wrap(client) as Q,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    try {
      await client.query("BEGIN");
    } catch (err) {
      broken = true;
      throw err;
    }
    const tx = txOf(client);
    try {
      if (prelude) await prelude(tx);
      const result = await fn(tx);
      await client.query("COMMIT");
      return result;
    } catch (err) {
      try {
        await client.query("ROLLBACK");
      } catch {
        broken = true; // the connection is unusable: drop it instead of returning it to the pool
      }
      throw err;
    }
  } finally {
    client.release(broken);
  }
}

const RECONNECT_DELAY_MS = 1_000;

/**
 * LISTEN needs a session of its own: pooled connections are shared and returned. If that
 * connection drops (a database restart, a proxy's idle timeout), it reconnects every second
 * until it listens again, then calls onReconnect, since NOTIFYs sent meanwhile are lost.
 */
async function listenOn(
  connectionString: string,
  channel: string,
  handlers: { onMessage: (payload: string) => void; onReconnect?: () => void; log: (line: string) => void },
  isClosed: () => boolean,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: "omnia-listen" });
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? "");
    });
    next.on("error", (err) => {
      if (stopped || isClosed()) return;
      handlers.log(`postgres listen (${channel}): connection lost: ${err.message}; reconnecting`);
      void next.end().catch(() => {});
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  const scheduleReconnect = () => {
    client = null;
    retry = setTimeout(() => {
      connect().then(
        () => handlers.onReconnect?.(),
        (err: Error) => {
          if (stopped || isClosed()) return;
          handlers.log(`postgres listen (${channel}): ${err.message}; retrying`);
          scheduleReconnect();
        },
      );
    }, RECONNECT_DELAY_MS);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

export async function openPostgres(options: PostgresOptions): Promise<PostgresDatabase> {
  const log = options.log ?? ((line: string) => console.error(line));
  const own = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxOwnConnections ?? 4,
    types,
    application_name: "omnia-backend",
  });
  const requests = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxRequestConnections ?? 10,
    types,
    options: "-c role=authenticator",
    application_name: "omnia-requests",
  });
  let closed = false;
  const maxPrepared = options.preparedStatements ?? DEFAULT_PREPARED_STATEMENTS;
  const generation = new PreparedGeneration();
  // Named statements belong to a connection's session: each pooled connection has its own.
  const statements = new WeakMap<PoolClient, StatementCache<NamedStatement>>();
  const statementsOf = (client: PoolClient) => {
    let cache = statements.get(client);
    if (!cache) statements.set(client, (cache = new StatementCache(maxPrepared, generation.value)));
    return cache;
  };
  const requestTx =
    (role: RequestRole) =>
    (client: PoolClient): RequestTx => {
      const q = wrap(client);
      return {
        ...q,
        queryPrepared<R>(sql: string, params: readonly unknown[]) {
          if (maxPrepared === 0) return q.query<R>(sql, params);
          return runPrepared<R>(client, statementsOf(client), generation, statementKey(role, sql), sql, params);
        },
      };
    };
  const listeners = new Set<() => Promise<void>>();
  const listenOnOwnConnection = async (...args: Parameters<typeof listenOn>) => {
    const stop = await listenOn(...args);
    const remove = async () => {
      listeners.delete(remove);
      await stop();
    };
    listeners.add(remove);
    return remove;
  };
  for (const pool of [own, requests]) {
    // An idle connection dropped by the server must not crash the process; the pool replaces it.
    // pool.end() does not wait for sockets to close, so errors after close() are expected noise.
    pool.on("error", (err) => {
      if (!closed) log(`postgres pool: idle connection error: ${err.message}`);
    });
  }
  // Fail at startup with the driver's message (bad URL, refused, bad password).
  const probe = await own.connect();
  probe.release();

  const database: PostgresDatabase = {
    kind: "postgres",
    async query<R>(sql: string, params?: readonly unknown[]) {
      const res = await own.query(sql, params ? [...params] : undefined);
      return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
    },
    async exec(sql: string) {
      await own.query(sql);
    },
    transaction(fn) {
      return inTransaction(own, null, fn);
    },
    asRole(role: RequestRole, claims, fn, headers, settings) {
      return inTransaction(
        requests,
        async (tx) => {
          await tx.queryPrepared(REQUEST_PRELUDE, preludeParams(role, claims, headers, settings));
        },
        fn,
        requestTx(role),
      );
    },
    async readAsRole<R>(
      role: RequestRole,
      claims: Record<string, unknown>,
      sql: string,
      params: readonly unknown[],
      headers?: Record<string, string>,
      settings?: Record<string, string>,
    ) {
      const readOnly = { ...settings, transaction_read_only: "on" };
      const viaTransaction = () =>
        database.asRole(role, claims, (tx) => tx.queryPrepared<R>(sql, params), headers, readOnly);
      if (maxPrepared < 2) return viaTransaction();
      const client = await requests.connect();
      const parsed = parsedStatementsOf(client);
      if (!parsed) {
        client.release();
        return viaTransaction();
      }
      // One round trip instead of four (BEGIN, the prelude, the statement, COMMIT), as on PGlite
      // (pglite.ts): every Execute before a Sync runs in one implicit transaction, so the
      // prelude's local settings hold for the statement and end with it.
      let broken = false;
      const cache = statementsOf(client);
      const key = statementKey(role, sql);
      let batch: Batch<R> | null = null;
      let slot: { name: string; known: boolean } | null = null;
      try {
        // The prelude first: taking a slot for the statement then evicts something else.
        const prelude = await prepareNamed(
          client,
          parsed,
          cache,
          generation,
          statementKey(role, REQUEST_PRELUDE),
          REQUEST_PRELUDE,
        );
        slot = await statementSlot(client, parsed, cache, generation, key);
        // The statement is parsed after the prelude ran, under the request's role and search_path,
        // as a table of another exposed schema needs.
        batch = new Batch<R>([
          { name: prelude, values: preludeParams(role, claims, headers, readOnly) },
          { name: slot.name, ...(slot.known ? {} : { parse: sql }), values: params },
        ]);
        return await client.query(batch).result;
      } catch (error) {
        // The server's own error leaves the connection idle after the Sync; anything else may not.
        broken = !(error instanceof pg.DatabaseError);
        throw error;
      } finally {
        // Prepared even when the run failed (a refused row): the connection holds it now.
        if (slot && !slot.known && batch?.parsed.includes(slot.name)) {
          parsed[slot.name] = sql;
          cache.add(key, { name: slot.name });
        }
        client.release(broken);
      }
    },
    dropPreparedStatements() {
      generation.dropAll();
    },
    listen(channel, onMessage, onReconnect) {
      return listenOnOwnConnection(options.connectionString, channel, { onMessage, onReconnect, log }, () => closed);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await Promise.all([own.end(), requests.end()]);
    },
  };
  return database;
}
