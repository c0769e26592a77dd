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
    const { perCaller, perIp } = limits(config);
    const caller = c.get("sessionUser")?.id ?? "anonymous";
    const [byCaller, byIp] = await Promise.all([
      hitRateLimit(database.db, `${name}:user:${caller}`, perCaller, 60),
      hitRateLimit(database.db, `${name}:ip:${clientIp(c)}`, perIp, 60),
    ]);
    if (byCaller.allowed && byIp.allowed) return;
    const wait = Math.max(
      byCaller.allowed ? 0 : byCaller.retryAfterSeconds,
      byIp.allowed ? 0 : byIp.retryAfterSeconds,
    );
    c.header("Retry-After", String(wait));
    throw limitReached(message);
  };
}
