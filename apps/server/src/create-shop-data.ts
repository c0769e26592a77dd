/**
 * A shop's first start on the embedded database, in a process of its own: creates the data
 * folder (PostgreSQL's initdb inside PGlite), migrates it, seeds the catalogue and exits.
 *
 * Why a process: creating and seeding a folder grows the C heap of whichever process does it
 * by about 100 MiB (PGlite's file system and initdb live in ArrayBuffers, which Node allocates
 * with malloc), and glibc keeps freed heap pages resident; a worker thread or a reopen in the
 * server frees the WebAssembly memory but not those. Here the operating system takes all of it
 * back when the process ends, so the server opens the new folder at the size of any restart.
 *
 * Started by `createShopDataInChild` (server-runtime.ts) with one argument, the JSON of
 * `CreateShopData`; answers with one IPC message before it exits: `{ seeded }`, or `{ error }`
 * (and exit code 1) without printing anything.
 */
import { openDatabase } from "./platform/db/client.ts";
import { type SeedResult, seedIfEmpty } from "./modules/admin/index.ts";

export type CreateShopDataAnswer =
  | { seeded: SeedResult | null }
  | { error: { name: string; message: string } };

export interface CreateShopData {
  dataDir: string;
  cacheMb: number;
  seed: boolean;
}

const request = JSON.parse(process.argv[2] ?? "{}") as CreateShopData;
try {
  // PGlite on this thread: a worker thread would only add its start to a process that ends anyway.
  const database = await openDatabase({
    dataDir: request.dataDir,
    embeddedCacheMb: request.cacheMb,
    embeddedThread: "main",
  });
  try {
    const seeded = request.seed ? await seedIfEmpty(database.db) : null;
    process.send?.({ seeded } satisfies CreateShopDataAnswer);
  } finally {
    await database.close();
  }
} catch (error) {
  // The server says what went wrong (a folder held by another server: its one sentence).
  const { name, message } = error as Error;
  process.send?.({ error: { name, message } } satisfies CreateShopDataAnswer);
  process.exitCode = 1;
}
process.disconnect?.();
