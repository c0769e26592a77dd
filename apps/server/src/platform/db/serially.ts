import { sql } from "drizzle-orm";
import type { Queryable } from "./client.ts";

/**
 * Runs `run` in a transaction without parallel workers, for a statement whose parts read a few
 * thousand scattered rows each: the catalogue's kept option counts at 100,000 products, once
 * vacuumed, which PostgreSQL plans as a Parallel Append. Starting its two workers took 222 ms at
 * load 22 where the statement alone took 0.8 ms (a millisecond or more on a quiet machine).
 */
export async function serially<T>(db: Queryable, run: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return run(tx);
  });
}
