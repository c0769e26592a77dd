import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import { rateLimits } from "./db/schema/settings.ts";

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

/**
 * One attempt counted against its caller and its address under `name`, per minute: 0 when both
 * allow it, else the seconds to wait. Routes and agents' tools share the counters by name, so a
 * limit holds whichever door the attempt comes through.
 */
export async function countTry(
  db: Db,
  name: string,
  who: { caller: string; ip: string },
  limits: { perCaller: number; perIp: number },
): Promise<number> {
  const [byCaller, byIp] = await Promise.all([
    hitRateLimit(db, `${name}:user:${who.caller}`, limits.perCaller, 60),
    hitRateLimit(db, `${name}:ip:${who.ip}`, limits.perIp, 60),
  ]);
  return Math.max(
    byCaller.allowed ? 0 : byCaller.retryAfterSeconds,
    byIp.allowed ? 0 : byIp.retryAfterSeconds,
  );
}

/** Failures older than this are forgotten: the backoff starts afresh. */
const FAILURE_MEMORY_SECONDS = 15 * 60;

/**
 * Takes one attempt under `key` before it is made (a sign-in, counted before its password is
 * checked), atomically: the row's lock makes concurrent attempts count one after the other, so
 * 30 at once get what 30 in a row get. The first `free` attempts go ahead; then each further one
 * only once `baseSeconds`, twice that, four times ... (at most `maxSeconds`) have passed since
 * the last one taken. An attempt refused is not counted. A success should `clearRateLimit`.
 */
export async function takeAttempt(
  db: Db,
  key: string,
  backoff: { free: number; baseSeconds: number; maxSeconds: number },
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const { free, baseSeconds, maxSeconds } = backoff;
  const elapsed = sql`extract(epoch from now() - ${rateLimits.windowStart})`;
  const wait = sql`least(${baseSeconds}::float8 * power(2::float8, ${rateLimits.count} - ${free}), ${maxSeconds}::float8)`;
  const forgotten = sql`${elapsed} > ${FAILURE_MEMORY_SECONDS}`;
  const taken = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${forgotten} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`now()`,
      },
      setWhere: sql`${forgotten} or ${rateLimits.count} < ${free} or ${elapsed} >= ${wait}`,
    })
    .returning({ count: rateLimits.count });
  if (taken.length > 0) return { allowed: true };
  const [row] = await db
    .select({ left: sql<number>`(${wait} - ${elapsed})::float8` })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(row?.left ?? 1)) };
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
