// PGlite on a worker thread of the server's process (docs/decisions/103-pglite-on-a-worker-thread.md).
// PGlite runs Postgres as WebAssembly on the thread that calls it: in-process it shared the event
// loop with rendering, so a page that no cache holds waited for every other request's queries
// and each query for every render. Here the database has a thread of its own and this adapter
// is the same `Database` as pglite.ts, each call a message: a transaction is opened on the
// worker, its statements go there one by one, and it commits or rolls back when the callback
// here settles. The data directory's lock stays on this thread, for the operator's CLI.
import { Worker } from "node:worker_threads";
import { acquireLock, type DataDirLock } from "./lock.ts";
import type { OpenPgliteOptions } from "./pglite.ts";
import type { Database, QueryResult, Queryable, RequestRole, RequestTx } from "./types.ts";

/** What the worker is started with. */
export interface ThreadStart {
  dataDir: string;
  initInChildProcess?: boolean;
  preparedStatements?: number;
}

/** One call to the worker; `tx` names a transaction this side opened. */
export type ThreadRequest =
  | { op: "query"; sql: string; params?: readonly unknown[]; tx?: number }
  | { op: "queryPrepared"; sql: string; params?: readonly unknown[]; tx: number }
  | { op: "exec"; sql: string; tx?: number }
  | {
      op: "begin";
      tx: number;
      role?: RequestRole;
      claims?: Record<string, unknown>;
      headers?: Record<string, string>;
      settings?: Record<string, string>;
    }
  | { op: "end"; tx: number; commit: boolean }
  | {
      op: "readAsRole";
      role: RequestRole;
      claims: Record<string, unknown>;
      sql: string;
      params: readonly unknown[];
      headers?: Record<string, string>;
      settings?: Record<string, string>;
    }
  | { op: "rawQuery"; sql: string; params?: unknown[] }
  | { op: "rawExec"; sql: string }
  | { op: "dropPreparedStatements" }
  | { op: "listen"; channel: string; listener: number }
  | { op: "unlisten"; listener: number }
  | { op: "close" };

/** The worker's answer to a call, or a notification for a listener. */
export type ThreadReply =
  | { id: number; value: unknown }
  | { id: number; error: { message: string; fields: Record<string, unknown> } }
  | { notify: number; payload: string };

/** What pg-boss's fromPglite needs of a PGlite (server/leads/delivery.ts). */
export interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<Array<{ rows: unknown[] }>>;
}

export interface PgliteThreadDatabase extends Database {
  readonly kind: "pglite";
  readonly dataDir: string;
  readonly lock: DataDirLock;
  /** The database as PGlite's own query and exec, for a library with a PGlite adapter. */
  readonly pglite: PgliteLike;
}

const WORKER = new URL("./pglite-thread-worker.ts", import.meta.url);

/** The worker's error as this thread throws it: same message, same Postgres fields (code…). */
function rebuilt(error: { message: string; fields: Record<string, unknown> }): Error {
  return Object.assign(new Error(error.message), error.fields);
}

export interface OpenPgliteThreadOptions extends OpenPgliteOptions {
  /**
   * Called if the thread ends while the database is open (a crash, out of memory): every call
   * fails from then on, so a server stops and lets its supervisor start it again. Without it,
   * the thread's end is logged.
   */
  onThreadExit?: (code: number) => void;
}

/** Each open database's worker, for terminateThreadForTest. */
const workers = new WeakMap<PgliteThreadDatabase, Worker>();

/** Ends a database's thread as a crash would (tests of what follows). */
export async function terminateThreadForTest(db: PgliteThreadDatabase): Promise<void> {
  await workers.get(db)?.terminate();
}

export async function openPgliteThread(
  dataDir: string,
  options: OpenPgliteThreadOptions = {},
): Promise<PgliteThreadDatabase> {
  const lock = acquireLock(dataDir);
  const start: ThreadStart = {
    dataDir,
    initInChildProcess: options.initInChildProcess,
    preparedStatements: options.preparedStatements,
  };
  const worker = new Worker(WORKER, { workerData: start });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const listeners = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let nextTx = 1;
  let failed: Error | null = null;

  const settleAll = (error: Error) => {
    failed = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on("message", (reply: ThreadReply) => {
    if ("notify" in reply) {
      listeners.get(reply.notify)?.(reply.payload);
      return;
    }
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if ("error" in reply) call.reject(rebuilt(reply.error));
    else call.resolve(reply.value);
  });
  let closed = false;
  worker.on("error", (error) => settleAll(error));
  worker.on("exit", (code) => {
    settleAll(new Error(`the database thread stopped (exit ${code})`));
    if (closed) return;
    if (options.onThreadExit) options.onThreadExit(code);
    else console.error(`The database thread stopped (exit ${code}); restart the server.`);
  });

  // The worker answers call 0 once the database is open; if opening fails, the thread ends.
  const ready = new Promise<unknown>((resolve, reject) => pending.set(0, { resolve, reject }));
  const call = <T>(request: ThreadRequest): Promise<T> => {
    if (failed) return Promise.reject(failed);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a thread, not a window
        worker.postMessage({ id, request });
      } catch (error) {
        // A parameter that cannot be copied to another thread (a function, say).
        pending.delete(id);
        reject(error);
      }
    });
  };
  try {
    await ready;
  } catch (error) {
    lock.release();
    throw error;
  }

  const queryable = (tx?: number): Queryable => ({
    query: <R>(sql: string, params?: readonly unknown[]) =>
      call<QueryResult<R>>({ op: "query", sql, ...(params ? { params: [...params] } : {}), tx }),
    exec: (sql: string) => call<null>({ op: "exec", sql, tx }).then(() => undefined),
  });

  /** Opens a transaction on the worker, runs fn against it here, then commits or rolls back. */
  async function within<T, Q>(
    begin: Omit<Extract<ThreadRequest, { op: "begin" }>, "op" | "tx">,
    tx: Q,
    id: number,
    fn: (tx: Q) => Promise<T>,
  ): Promise<T> {
    await call<null>({ op: "begin", tx: id, ...begin });
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      await call<null>({ op: "end", tx: id, commit: false }).catch(() => {});
      throw error;
    }
    await call<null>({ op: "end", tx: id, commit: true });
    return result;
  }

  const top = queryable();
  const database: PgliteThreadDatabase = {
    kind: "pglite",
    dataDir,
    lock,
    pglite: {
      query: <T>(sql: string, params?: unknown[]) => call<{ rows: T[] }>({ op: "rawQuery", sql, params }),
      exec: (sql: string) => call<Array<{ rows: unknown[] }>>({ op: "rawExec", sql }),
    },
    query: top.query,
    exec: top.exec,
    transaction(fn) {
      const id = nextTx++;
      return within({}, queryable(id), id, fn);
    },
    asRole(role, claims, fn, headers, settings) {
      const id = nextTx++;
      const tx: RequestTx = {
        ...queryable(id),
        queryPrepared: <R>(sql: string, params: readonly unknown[]) =>
          call<QueryResult<R>>({ op: "queryPrepared", sql, params: [...params], tx: id }),
      };
      return within({ role, claims, headers, settings }, tx, id, fn);
    },
    readAsRole<R>(
      role: RequestRole,
      claims: Record<string, unknown>,
      sql: string,
      params: readonly unknown[],
      headers?: Record<string, string>,
      settings?: Record<string, string>,
    ) {
      return call<QueryResult<R>>({ op: "readAsRole", role, claims, sql, params: [...params], headers, settings });
    },
    dropPreparedStatements() {
      void call({ op: "dropPreparedStatements" }).catch(() => {});
    },
    async listen(channel, onMessage) {
      const listener = nextId++;
      listeners.set(listener, onMessage);
      await call({ op: "listen", channel, listener });
      return async () => {
        listeners.delete(listener);
        if (!closed) await call({ op: "unlisten", listener });
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await call({ op: "close" });
      } finally {
        await worker.terminate();
        lock.release();
      }
    },
  };
  workers.set(database, worker);
  return database;
}
