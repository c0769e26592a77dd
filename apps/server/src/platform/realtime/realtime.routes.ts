import type { RealtimeEvent } from "@haggle/contract/negotiation";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../../http/context.ts";
import { isMerchant } from "../../http/require-merchant.ts";
import { requireUser } from "../../http/session.ts";

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/realtime: server-sent events for the signed-in user. Merchants hear of new
 * approvals; shoppers hear the merchant's decisions on their own negotiations. Events come
 * through PostgreSQL NOTIFY, so they cross server processes sharing one database.
 */
export function realtimeRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    const who = await requireUser(c);
    const merchant = await isMerchant(c, who);
    const bus = c.get("deps").events;
    const wanted = (event: RealtimeEvent) =>
      event.type === "approval.created" ? merchant : "userId" in event && event.userId === who.id;
    return streamSSE(c, async (stream) => {
      const queue: RealtimeEvent[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = bus.subscribe((event) => {
        if (!wanted(event)) return;
        queue.push(event);
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      await stream.writeSSE({ event: "ready", data: JSON.stringify({ merchant }) });
      try {
        while (!stream.aborted) {
          const event = queue.shift();
          if (event) {
            await stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
            continue;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, HEARTBEAT_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
          if (queue.length === 0 && !stream.aborted) await stream.write(": keep-alive\n\n");
        }
      } finally {
        unsubscribe();
      }
    });
  });
  return app;
}
