import { type RealtimeEvent, RealtimeEventSchema } from "@haggle/contract/negotiation";
import { limitReached } from "@haggle/domain/errors";
import { streamSSE } from "hono/streaming";
import { clientIp } from "../../http/client-ip.ts";
import { isMerchant } from "../../http/guard.ts";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import type { StreamRefusal } from "../../platform/realtime/stream-slots.ts";
import { writeEncoded } from "../../http/sse.ts";

const HEARTBEAT_MS = 25_000;
/** How soon a client should reconnect (to another server process) when this one shuts down. */
export const RECONNECT_AFTER_MS = 1_000;

const REFUSALS: Record<StreamRefusal, string> = {
  user: "Too many live connections are open for this account. Close another tab of the shop and try again.",
  ip: "Too many live connections are open from this address. Close some and try again.",
  total: "The shop has too many live connections open right now. Please try again in a moment.",
};

/**
 * GET /api/realtime: server-sent events for the signed-in user. Merchants hear of new
 * approvals; shoppers hear the merchant's decisions on their own negotiations. Events come
 * through PostgreSQL NOTIFY, so they cross server processes sharing one database.
 */
export const realtimeRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/realtime",
    summary:
      "Server-sent events for the signed-in user: approval.created and experiment.updated (merchants), approval.decided and order.updated (the shopper's own); reconnect (with retry) when the server shuts down",
    tag: "Realtime",
    access: "signed-in",
    produces: "text/event-stream",
    handler: async (c, { user: who }) => {
      const deps = c.get("deps");
      const slot = await deps.streams.take(who.id, clientIp(c), deps.config.realtimeStreams);
      if (typeof slot !== "function") throw limitReached(REFUSALS[slot], "TOO_MANY_STREAMS");
      let merchant: boolean;
      try {
        merchant = await isMerchant(c, who);
      } catch (error) {
        slot();
        throw error;
      }
      const bus = deps.events;
      const merchantOnly = (event: RealtimeEvent) =>
        event.type === "approval.created" || event.type === "experiment.updated";
      const wanted = (event: RealtimeEvent) =>
        merchantOnly(event) ? merchant : "userId" in event && event.userId === who.id;
      // A stream outlives the request that opened it: before each event (and each heartbeat) the
      // session and the role are read again, from the database every process shares, so a
      // sign-out ends the stream and a revoked merchant hears no more merchant events, whichever
      // process the revocation or the sign-out went through.
      const signedIn = async () =>
        (await deps.auth.api.getSession({ headers: c.req.raw.headers }))?.user.id === who.id;
      const stillWanted = async (event: RealtimeEvent): Promise<"deliver" | "skip" | "end"> => {
        if (!(await signedIn())) return "end";
        if (merchantOnly(event) && !(await isMerchant(c, who))) {
          merchant = false;
          return "skip";
        }
        return "deliver";
      };
      return streamSSE(c, async (stream) => {
        const queue: RealtimeEvent[] = [];
        let wake: (() => void) | null = null;
        const unsubscribe = bus.subscribe((event) => {
          if (!wanted(event)) return;
          queue.push(event);
          wake?.();
        });
        // A stream never ends by itself: when the process drains for a shutdown, it ends with a
        // hint, so the browser's EventSource reconnects at once, through the balancer, elsewhere.
        let draining = false;
        const stopDrainWatch = deps.readiness.onDrain(() => {
          draining = true;
          wake?.();
        });
        stream.onAbort(() => {
          unsubscribe();
          slot();
          wake?.();
        });
        await stream.writeSSE({ event: "ready", data: JSON.stringify({ merchant }) });
        try {
          while (!stream.aborted) {
            if (draining && queue.length === 0) {
              await stream.writeSSE({
                event: "reconnect",
                data: JSON.stringify({ reason: "shutting down" }),
                retry: RECONNECT_AFTER_MS,
              });
              break;
            }
            const event = queue.shift();
            if (event) {
              const access = await stillWanted(event);
              if (access === "end") break;
              if (access === "deliver") await writeEncoded(stream, RealtimeEventSchema, event, event.type);
              continue;
            }
            if (draining) continue;
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, HEARTBEAT_MS);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            wake = null;
            if (queue.length === 0 && !stream.aborted) {
              if (!(await signedIn())) break;
              await stream.write(": keep-alive\n\n");
            }
          }
        } finally {
          stopDrainWatch();
          unsubscribe();
          slot();
        }
      });
    },
  }),
];
