import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The realtime streams open in every server process on this database, so that the per-account
 * and per-address caps hold for the shop, not per process. A process refreshes `last_seen` for
 * its open streams while they last; a row not seen for a few heartbeats (its process crashed) is
 * ignored and swept.
 */
export const realtimeStreams = pgTable(
  "realtime_streams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    ip: text("ip").notNull(),
    processId: text("process_id").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp("last_seen", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("realtime_streams_user_idx").on(t.userId), index("realtime_streams_ip_idx").on(t.ip)],
);
