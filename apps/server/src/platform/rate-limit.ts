import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import { rateLimits } from "./db/schema.ts";

/**
 * Counts a hit against `key` in a fixed window and says whether it is still allowed. The
 * counter lives in the database, so every server process sharing it enforces one limit.
 */
let hits = 0;

export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number) {
  // Now and then, the counters nobody touched for a day go (one delete, off the hot path's result).
  hits = (hits + 1) % 200;
  if (hits === 0) await pruneRateLimits(db);
  const windowExpired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${windowExpired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${windowExpired} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const count = row?.count ?? 1;
  const windowStart = row?.windowStart ? new Date(row.windowStart) : new Date();
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart.getTime() + windowSeconds * 1000 - Date.now()) / 1000),
  );
  return { allowed: count <= limit, retryAfterSeconds };
}

/** Failures older than this are forgotten: the backoff starts afresh. */
const FAILURE_MEMORY_SECONDS = 15 * 60;

/**
 * The backoff after failures under `key` (e.g. sign-in for one account from one address): the
 * first `free` failures cost nothing, then each further attempt waits `baseSeconds`, twice
 * that, four times ... after the last failure, at most `maxSeconds`. Returns the seconds still
 * to wait (0: go ahead).
 */
export async function backoffWait(
  db: Db,
  key: string,
  backoff: { free: number; baseSeconds: number; maxSeconds: number },
): Promise<number> {
  const { free, baseSeconds, maxSeconds } = backoff;
  const [row] = await db
    .select({
      failures: rateLimits.count,
      age: sql<number>`extract(epoch from now() - ${rateLimits.windowStart})::float8`,
    })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  if (!row || row.age > FAILURE_MEMORY_SECONDS || row.failures < free) return 0;
  const wait = Math.min(baseSeconds * 2 ** (row.failures - free), maxSeconds);
  return Math.max(0, Math.ceil(wait - row.age));
}

/** Counts one more failure under `key`, now (forgetting failures older than the memory). */
export async function recordFailure(db: Db, key: string): Promise<void> {
  const forgotten = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${FAILURE_MEMORY_SECONDS})`;
  await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${forgotten} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`now()`,
      },
    });
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Forgets counters untouched for a day: the table holds recent traffic only. Returns how many. */
export async function pruneRateLimits(db: Db): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, sql`now() - interval '1 day'`))
    .returning({ key: rateLimits.key });
  return deleted.length;
}
