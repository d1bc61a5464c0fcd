// The worker thread of pglite-thread.ts: opens the data directory's PGlite here, off the server's
// event loop, and runs what the main thread asks, one message per call (docs/decisions/103-pglite-on-a-worker-thread.md).
// Messages are handled as they come, not one after another: a transaction's statements arrive
// while its callback is still open, and PGlite's own locks order everything else behind it.
import { parentPort, workerData } from "node:worker_threads";
import { openPglite } from "./pglite.ts";
import type { QueryResult, Queryable, RequestTx } from "./types.ts";
import type { ThreadReply, ThreadRequest, ThreadStart } from "./pglite-thread.ts";

const port = parentPort!;
const start = workerData as ThreadStart;

/** What a failed call sends back: the message and the fields a Postgres error carries (code, detail…). */
function errorFields(error: unknown): { message: string; fields: Record<string, unknown> } {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = { name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function" || (typeof value === "object" && value !== null)) continue;
    fields[key] = value;
  }
  return { message: error.message, fields };
}

const reply = (message: ThreadReply) => port.postMessage(message);
const answer = (id: number, work: Promise<unknown>) =>
  work.then(
    (value) => reply({ id, value }),
    (error: unknown) => reply({ id, error: errorFields(error) }),
  );

/** Thrown into a transaction's callback to roll it back without an error of its own. */
const ROLLBACK = Symbol("rollback");

interface OpenTransaction {
  tx: Queryable | RequestTx;
  finish: (commit: boolean) => void;
  /** Settles once PGlite has committed or rolled back. */
  done: Promise<void>;
}

const db = await openPglite(start.dataDir, {
  initInChildProcess: start.initInChildProcess,
  preparedStatements: start.preparedStatements,
  lock: { path: "", setUrl: () => {}, release: () => {} },
});
const transactions = new Map<number, OpenTransaction>();
const listeners = new Map<number, () => Promise<void>>();

function begin(id: number, request: Extract<ThreadRequest, { op: "begin" }>): void {
  let begun = false;
  const callback = (tx: Queryable | RequestTx) =>
    new Promise<void>((resolve, reject) => {
      begun = true;
      transactions.set(request.tx, { tx, finish: (commit) => (commit ? resolve() : reject(ROLLBACK)), done });
      reply({ id, value: null });
    });
  const done: Promise<void> = (
    request.role
      ? db.asRole(request.role, request.claims ?? {}, callback, request.headers, request.settings)
      : db.transaction(callback)
  ).then(
    () => undefined,
    (error: unknown) => {
      if (error === ROLLBACK) return;
      // Failed before the callback ran (the request's settings): the begin itself fails.
      if (!begun) reply({ id, error: errorFields(error) });
      throw error;
    },
  );
  done.catch(() => {});
}

function run(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case "query":
    case "exec":
    case "queryPrepared": {
      const target = request.tx === undefined ? db : transactions.get(request.tx)?.tx;
      if (!target) return Promise.reject(new Error("pglite-thread: the transaction is over"));
      if (request.op === "exec") return target.exec(request.sql).then(() => null);
      if (request.op === "query") return target.query(request.sql, request.params) as Promise<QueryResult<unknown>>;
      if (request.tx === undefined || !("queryPrepared" in target)) {
        return Promise.reject(new Error("pglite-thread: not a request's transaction"));
      }
      return (target as RequestTx).queryPrepared(request.sql, request.params ?? []);
    }
    case "end": {
      const open = transactions.get(request.tx);
      if (!open) return Promise.reject(new Error("pglite-thread: the transaction is over"));
      transactions.delete(request.tx);
      open.finish(request.commit);
      return open.done.then(() => null);
    }
    case "readAsRole":
      return db.readAsRole(
        request.role,
        request.claims,
        request.sql,
        request.params,
        request.headers,
        request.settings,
      );
    case "rawQuery":
      return db.pglite.query(request.sql, request.params).then((r) => ({ rows: r.rows }));
    case "rawExec":
      return db.pglite.exec(request.sql).then((results) => results.map((r) => ({ rows: r.rows })));
    case "dropPreparedStatements":
      db.dropPreparedStatements();
      return Promise.resolve(null);
    case "listen": {
      const listener = request.listener;
      return db
        .listen(request.channel, (payload) => reply({ notify: listener, payload }))
        .then((stop) => void listeners.set(listener, stop));
    }
    case "unlisten": {
      const stop = listeners.get(request.listener);
      listeners.delete(request.listener);
      return stop ? stop().then(() => null) : Promise.resolve(null);
    }
    case "close":
      return db.close().then(() => null);
    default:
      return Promise.reject(new Error("pglite-thread: unknown request"));
  }
}

port.on("message", ({ id, request }: { id: number; request: ThreadRequest }) => {
  if (request.op === "begin") begin(id, request);
  else void answer(id, run(request));
});
reply({ id: 0, value: null });
