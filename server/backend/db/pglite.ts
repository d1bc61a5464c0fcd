// PGlite adapter: Postgres (WASM) in one process, data in a directory, one connection.
// PGlite serialises query/exec/transaction on an internal mutex (docs/supabase-wire.md §5), so a
// request's transaction never interleaves with another's.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, parse as pgliteParse, protocol } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { Results, Transaction } from "@electric-sql/pglite";
import { acquireLock } from "./lock.ts";
import type { DataDirLock } from "./lock.ts";
import { PreparedGeneration, REQUEST_PRELUDE, StatementCache, preludeParams, statementKey } from "./prepared.ts";
import type { NamedStatement } from "./prepared.ts";
import { DEFAULT_PREPARED_STATEMENTS } from "./types.ts";
import type { Database, QueryResult, Queryable, RequestRole, RequestTx } from "./types.ts";

export interface PgliteDatabase extends Database {
  readonly kind: "pglite";
  readonly dataDir: string;
  readonly lock: DataDirLock;
  /** The PGlite instance itself, for a library with its own PGlite adapter (pg-boss's fromPglite). */
  readonly pglite: PGlite;
}

function toResult<R>(res: Results<R>): QueryResult<R> {
  return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
}

/**
 * PGlite serialises parameters in JS using the types Postgres inferred, and its boolean
 * serialiser throws a plain Error ("Invalid input for boolean type") where Postgres would answer
 * 22P02. Give it the SQLSTATE node-postgres would get, so callers see one error shape.
 */
function asPgError(err: unknown): unknown {
  if (err instanceof Error && !("code" in err) && /^Invalid input for \w+ type/.test(err.message)) {
    return Object.assign(new Error(`invalid input syntax: ${err.message}`), { code: "22P02", severity: "ERROR" });
  }
  return err;
}

function wrap(q: PGlite | Transaction): Queryable {
  return {
    async query<R>(sql: string, params?: readonly unknown[]) {
      try {
        return toResult(await q.query<R>(sql, params ? [...params] : undefined));
      } catch (err) {
        throw asPgError(err);
      }
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  };
}

interface PgliteStatement extends NamedStatement {
  /** The parameter types Postgres inferred, for serialising values as PGlite's query does. */
  types: number[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * PGlite's query() parses, describes and plans every statement anew (an unnamed statement) and
 * has no API for named ones, so the extended protocol is spoken here: Parse and Describe once
 * per statement (this function), then Bind, Describe and Execute per run (bindMessages). `exec`
 * runs the DEALLOCATE that makes room, in whatever holds the connection. `before` runs first in
 * the same implicit transaction: the request's prelude, so that names resolve under its role.
 */
async function preparedStatement(
  pg: PGlite,
  exec: (sql: string) => Promise<unknown>,
  cache: StatementCache<PgliteStatement>,
  generation: PreparedGeneration,
  key: string,
  sql: string,
  before: Uint8Array[] = [],
): Promise<PgliteStatement> {
  if (cache.stale(generation.value)) await exec("DEALLOCATE ALL");
  let statement = cache.get(key);
  if (!statement) {
    const evicted = cache.evict();
    if (evicted) await exec(`DEALLOCATE ${evicted.name}`);
    const name = cache.nextName();
    const described = await pg.runExclusive(() =>
      pg.execProtocolStream(
        concat([
          ...before,
          protocol.serialize.parse({ name, text: sql }),
          protocol.serialize.describe({ type: "S", name }),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      ),
    );
    statement = { name, types: pgliteParse.parseDescribeStatementResults(described) };
    cache.add(key, statement);
  }
  return statement;
}

/** Bind, Describe and Execute of a prepared statement, its values serialised as PGlite's query does. */
function bindMessages(pg: PGlite, { name, types }: PgliteStatement, params: readonly unknown[]): Uint8Array[] {
  let values: (string | null)[];
  try {
    values = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const serialize = pg.serializers[types[i] ?? 0];
      return serialize ? serialize(v) : String(v);
    });
  } catch (err) {
    throw asPgError(err);
  }
  return [
    protocol.serialize.bind({ statement: name, values }),
    protocol.serialize.describe({ type: "P" }),
    protocol.serialize.execute({}),
  ];
}

/** Runs the messages and a Sync in one call into Postgres; the result of each Execute, in order. */
async function runBatch<R>(pg: PGlite, messages: Uint8Array[]): Promise<QueryResult<R>[]> {
  const replies = await pg.runExclusive(() =>
    pg.execProtocolStream(concat([...messages, protocol.serialize.sync()]), { syncToFs: false }),
  );
  return pgliteParse.parseResults(replies, pg.parsers).map((r) => toResult(r as Results<R>));
}

/**
 * Opens (creating if needed) the PGlite database of a data directory, holding `<dataDir>/.lock`.
 * Postgres' files go to `<dataDir>/pgdata`, so the directory can hold other state too (the
 * auth signing key) without mixing it into PGDATA.
 */
export interface OpenPgliteOptions {
  /**
   * Create a new data directory in a short-lived child process (servers): initdb's memory then
   * leaves with it. Tests skip the extra process start.
   */
  initInChildProcess?: boolean;
  /** Prepared statements kept for queryPrepared (default DEFAULT_PREPARED_STATEMENTS; 0: none). */
  preparedStatements?: number;
  /**
   * The data directory's lock, already held (pglite-thread.ts holds it on the main thread and
   * opens the database on a worker thread of the same process); else it is taken here.
   */
  lock?: DataDirLock;
}

const INITDB_SCRIPT = fileURLToPath(new URL("./pglite-initdb.ts", import.meta.url));

// Postgres' default is 128 MB of shared buffers, sized for a server with many connections;
// PGlite has one, and the operating system caches the files below it. 32 MB holds the working
// set of a site with thousands of posts and keeps the server's resident memory low.
// A random page read costs 4 sequential ones by default, a guess for disks; here every page is in
// memory, so, as PostgreSQL's documentation advises for cached data, 1.1. With 4, once tables are
// vacuumed (ADR 105) the planner reads all of the blog's visible posts to find one tag's page.
const POSTGRESQL_CONF = ["shared_buffers = 32MB", "random_page_cost = 1.1"];

export async function openPglite(dataDir: string, options: OpenPgliteOptions = {}): Promise<PgliteDatabase> {
  const lock = options.lock ?? acquireLock(dataDir);
  const pgdata = path.join(dataDir, "pgdata");
  let pg: PGlite;
  try {
    if (options.initInChildProcess && !fs.existsSync(path.join(pgdata, "PG_VERSION"))) {
      const init = spawnSync(process.execPath, [INITDB_SCRIPT, pgdata], { encoding: "utf8" });
      if (init.status !== 0) {
        throw new Error(`Creating the database in ${pgdata} failed (exit ${init.status}): ${init.stderr.trim()}`);
      }
    }
    // pg_trgm: the inbox's search by name, e-mail or company is a trigram index (migration
    // 20260101001000_lead_search.sql); unaccent: the blog's search folds accents (migration
    // 20260101001600_editorial_blog.sql). PostgreSQL and hosted Supabase ship both as well.
    pg = await PGlite.create({
      dataDir: pgdata,
      postgresqlconf: POSTGRESQL_CONF,
      extensions: { pg_trgm, unaccent },
    });
  } catch (err) {
    lock.release();
    throw err;
  }
  const top = wrap(pg);
  let closed = false;
  // One connection, so one cache.
  const generation = new PreparedGeneration();
  const statements = new StatementCache<PgliteStatement>(
    options.preparedStatements ?? DEFAULT_PREPARED_STATEMENTS,
    generation.value,
  );
  const database: PgliteDatabase = {
    kind: "pglite",
    dataDir,
    lock,
    pglite: pg,
    query: top.query,
    exec: top.exec,
    transaction(fn) {
      return pg.transaction((tx) => fn(wrap(tx)));
    },
    asRole(role: RequestRole, claims, fn, headers, settings) {
      return pg.transaction(async (tx) => {
        const q = wrap(tx);
        const requestTx: RequestTx = {
          ...q,
          queryPrepared: async <R>(sql: string, params: readonly unknown[]) => {
            if (!statements.enabled) return q.query<R>(sql, params);
            const statement = await preparedStatement(pg, q.exec, statements, generation, statementKey(role, sql), sql);
            const [result] = await runBatch<R>(pg, bindMessages(pg, statement, params));
            return result!;
          },
        };
        await requestTx.queryPrepared(REQUEST_PRELUDE, preludeParams(role, claims, headers, settings));
        return fn(requestTx);
      });
    },
    readAsRole<R>(
      role: RequestRole,
      claims: Record<string, unknown>,
      sql: string,
      params: readonly unknown[],
      headers?: Record<string, string>,
      settings?: Record<string, string>,
    ) {
      const readOnly = { ...settings, transaction_read_only: "on" };
      if (statements.capacity < 2) {
        return database.asRole(role, claims, (tx) => tx.queryPrepared<R>(sql, params), headers, readOnly);
      }
      // One call into Postgres instead of four (BEGIN, the prelude, the statement, COMMIT): every
      // Execute before a Sync runs in one implicit transaction, so the prelude's local settings
      // hold for the statement and end with it. The transaction lock keeps other requests'
      // transactions out, as pg.transaction does.
      // oxlint-disable-next-line no-underscore-dangle -- PGlite's declared transaction lock, which its own transaction() and exec() take
      return pg._runExclusiveTransaction(async () => {
        const exec = (text: string) =>
          pg.runExclusive(() => pg.execProtocolStream(protocol.serialize.query(text), { syncToFs: false }));
        const prepare = (text: string, before?: Uint8Array[]) =>
          preparedStatement(pg, exec, statements, generation, statementKey(role, text), text, before);
        // The prelude first: preparing the statement then evicts something else.
        const prelude = await prepare(REQUEST_PRELUDE);
        const runPrelude = bindMessages(pg, prelude, preludeParams(role, claims, headers, readOnly));
        // Parsed after the prelude, as asRole and PostgreSQL parse it: looking a name up checks
        // the role's USAGE on its schema, which the connection's own superuser would skip.
        const statement = await prepare(sql, runPrelude);
        const [, result] = await runBatch<R>(pg, [...runPrelude, ...bindMessages(pg, statement, params)]);
        return result!;
      });
    },
    dropPreparedStatements() {
      generation.dropAll();
    },
    async listen(channel, onMessage) {
      // In-process: no connection to lose, so onReconnect never fires.
      const stop = await pg.listen(channel, onMessage);
      return async () => {
        if (!closed) await stop();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pg.close();
      } finally {
        lock.release();
      }
    },
  };
  return database;
}
