import { sql } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import { rateLimits } from "./db/schema.ts";

/**
 * Counts a hit against `key` in a fixed window and says whether it is still allowed. The
 * counter lives in the database, so every server process sharing it enforces one limit.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number) {
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
