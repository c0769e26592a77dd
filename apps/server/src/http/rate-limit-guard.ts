import { limitReached } from "@haggle/domain/errors";
import { hitRateLimit } from "../platform/rate-limit.ts";
import { clientIp } from "./client-ip.ts";
import type { AppConfig, AppContext } from "./context.ts";

/** The spec's 'Rate Limit' toast sentence, for every 429 a chat can meet. */
export const TOO_MANY_REQUESTS = "Too many requests. Please wait a moment and try again.";

/**
 * A route's `before`: each attempt counts once against the signed-in caller and once against
 * the client's address (per minute, limits from the configuration); past either, 429 with
 * Retry-After. Both counters live in the database, so every process enforces one limit.
 */
export function perCallerAndAddress(
  name: string,
  limits: (config: AppConfig) => { perCaller: number; perIp: number },
  message = TOO_MANY_REQUESTS,
) {
  return async (c: AppContext) => {
    const { database, config } = c.get("deps");
    const caller = c.get("sessionUser")?.id ?? "anonymous";
    const wait = await countTry(database.db, name, { caller, ip: clientIp(c) }, limits(config));
    if (wait === 0) return;
    c.header("Retry-After", String(wait));
    throw limitReached(message);
  };
}

/**
 * One attempt counted against its caller and its address under `name`, per minute: 0 when both
 * allow it, else the seconds to wait. Routes and agents' tools share the counters by name, so a
 * limit holds whichever door the attempt comes through.
 */
export async function countTry(
  db: Parameters<typeof hitRateLimit>[0],
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
