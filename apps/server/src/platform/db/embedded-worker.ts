/**
 * The embedded database's thread (see embedded-thread.ts for the other side and the protocol):
 * PGlite runs here, so a slow query blocks this thread, never the one answering requests.
 * Queries outside a transaction wait inside PGlite while a transaction holds it, exactly as
 * they did on one thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { PGlite, QueryOptions, Transaction } from "@electric-sql/pglite";
import type { ToWorker, WorkerError, WorkerStart } from "./embedded-protocol.ts";
import { startPglite } from "./embedded-pglite.ts";

const port = parentPort;
if (!port) throw new Error("embedded-worker.ts runs as a worker thread only");
const start = workerData as WorkerStart;

/** An error as plain data: the fields PostgreSQL's errors carry (code, constraint…) survive. */
function toWorkerError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // The query's options hold functions (parsers), which cannot cross threads.
    if (key === "queryOptions" || typeof value === "function") continue;
    fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/** Parsers that keep the text of the given types, as drizzle asks for dates and numeric arrays. */
function keepText(oids: number[] | undefined): QueryOptions["parsers"] {
  if (!oids?.length) return undefined;
  return Object.fromEntries(oids.map((oid) => [oid, (value: string) => value]));
}

/** Open transactions by id: the handle, how to end it (commit when true), and its outcome. */
const transactions = new Map<
  number,
  { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }
>();
const listening = new Map<string, () => Promise<void>>();

/** Answers request `id` with what `run` gives or throws (a synchronous throw included). */
function reply(id: number, run: () => Promise<unknown>) {
  Promise.resolve()
    .then(run)
    .then(
      (value) => port?.postMessage({ id, ok: true, value }),
      (error: unknown) => port?.postMessage({ id, ok: false, error: toWorkerError(error) }),
    );
}

function on(pg: PGlite, tx: number | undefined) {
  if (tx === undefined) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error("This transaction has already ended.");
  return open.tx;
}

/** Rolled back on purpose: the caller already has its own error. */
class RollBack extends Error {}

/** Starts a transaction; answers when it holds the database (other queries wait inside PGlite). */
function begin(pg: PGlite, id: number) {
  let began = false;
  const done = pg.transaction(
    (tx) =>
      new Promise<void>((resolve, reject) => {
        began = true;
        transactions.set(id, { tx, end: (commit) => (commit ? resolve() : reject(new RollBack())), done });
        port?.postMessage({ id, ok: true, value: null });
      }),
  );
  done.catch((error: unknown) => {
    if (!began) port?.postMessage({ id, ok: false, error: toWorkerError(error) });
  });
}

/** Commits or rolls back; answers with the outcome (a failed COMMIT is the caller's error). */
function end(id: number, txId: number, commit: boolean) {
  const open = transactions.get(txId);
  transactions.delete(txId);
  if (!open) return port?.postMessage({ id, ok: true, value: null });
  open.end(commit);
  reply(id, () =>
    open.done.catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    }),
  );
}

async function main() {
  let pg: PGlite;
  try {
    pg = await startPglite({
      dataDir: start.dataDir,
      cacheMb: start.cacheMb,
      template: start.template,
      onSync: start.reportSync ? () => port?.postMessage({ sync: true }) : undefined,
    });
  } catch (error) {
    port?.postMessage({ ready: false, error: toWorkerError(error) });
    return;
  }
  port?.on("message", (message: ToWorker) => {
    switch (message.op) {
      case "query":
        return reply(message.id, () =>
          on(pg, message.tx).query(message.sql, message.params, {
            rowMode: message.rowMode,
            parsers: keepText(message.keepText),
          }),
        );
      case "exec":
        return reply(message.id, () => on(pg, message.tx).exec(message.sql));
      case "begin":
        return begin(pg, message.id);
      case "end":
        return end(message.id, message.tx, message.commit);
      case "listen":
        return reply(message.id, async () => {
          if (listening.has(message.channel)) return null;
          const channel = message.channel;
          listening.set(
            channel,
            await pg.listen(channel, (payload) => port?.postMessage({ channel, payload })),
          );
          return null;
        });
      case "close":
        return reply(message.id, () => pg.close());
    }
  });
  port?.postMessage({ ready: true });
}

void main();
