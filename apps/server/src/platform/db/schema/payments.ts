import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders.ts";

// --- payments: the providers' notices already handled (the payments module's) ---
/**
 * The payment providers' notices (Stripe webhook events) already handled, by the provider's
 * event id: a notice delivered again (providers deliver at least once) changes nothing.
 */
export const paymentEvents = pgTable("payment_events", {
  /** The provider's event id (Stripe: evt_...). */
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  /** The order it was about, when there was one. */
  orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
  /** What it did: confirm, cancel, refund-late-payment, ignore, unknown-payment. */
  outcome: text("outcome").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
