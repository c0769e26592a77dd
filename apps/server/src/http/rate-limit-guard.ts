import { limitReached } from "@haggle/domain/errors";
import { countTry } from "../platform/rate-limit.ts";
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
