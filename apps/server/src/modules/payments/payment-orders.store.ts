import { eq } from "drizzle-orm";
import type { Tx } from "../../platform/db/client.ts";
import { paymentEvents } from "../../platform/db/schema/payments.ts";

/**
 * Records a provider's event as handled; false when it was already (a repeated delivery). A
 * second delivery arriving meanwhile waits here until the first one's transaction ends.
 */
export async function claimPaymentEvent(
  tx: Tx,
  event: { id: string; provider: string; type: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({ ...event, outcome: "received" })
    .onConflictDoNothing({ target: paymentEvents.id })
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/** What handling the event did (and to which order), for the record. */
export async function recordPaymentEventOutcome(
  tx: Tx,
  eventId: string,
  outcome: string,
  orderId: string | null,
): Promise<void> {
  await tx.update(paymentEvents).set({ outcome, orderId }).where(eq(paymentEvents.id, eventId));
}
