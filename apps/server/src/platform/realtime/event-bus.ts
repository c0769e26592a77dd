import { type RealtimeEvent, RealtimeEventSchema } from "@haggle/contract/negotiation";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Db, Tx } from "../db/client.ts";
import type { Logger } from "../logger.ts";

export const EVENTS_CHANNEL = "haggle_events";

/**
 * Publishes inside the caller's transaction: PostgreSQL delivers a NOTIFY only on commit, to
 * every process listening on the database, so a rolled-back change announces nothing.
 */
export async function publishEvent(tx: Db | Tx, event: RealtimeEvent): Promise<void> {
  // The notification is wire JSON (dollars), decoded back to cents by every listener.
  const payload = JSON.stringify(z.encode(RealtimeEventSchema, event));
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
}

type Subscriber = (event: RealtimeEvent) => void;

/** Fans the database's notifications out to this process's SSE subscribers. */
export class EventBus {
  private readonly subscribers = new Set<Subscriber>();
  private stop: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  async start() {
    this.stop = await this.database.listen(EVENTS_CHANNEL, (payload) => {
      let event: RealtimeEvent;
      try {
        event = RealtimeEventSchema.parse(JSON.parse(payload));
      } catch (error) {
        this.logger.warn({ err: error }, "ignored a malformed realtime notification");
        return;
      }
      for (const subscriber of this.subscribers) subscriber(event);
    });
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get size() {
    return this.subscribers.size;
  }

  async close() {
    this.subscribers.clear();
    await this.stop?.();
  }
}
