import { createHmac } from "node:crypto";
import { acpOrderStatus } from "@haggle/domain/acp/acp-cart-state";
import type { MailRetryPolicy } from "@haggle/domain/mail/mail-retry";
import type { Db } from "../../../platform/db/client.ts";
import type { Logger } from "../../../platform/logger.ts";
import { orderEvent } from "./acp-order-event.ts";
import {
  type AcpWebhookRow,
  acpWebhookQueue,
  enqueueAcpWebhook,
  markOrderStatusNotified,
  sessionsWithOrderChanges,
} from "./acp-sessions.store.ts";

/** Where order events go and how (ACP_WEBHOOK_*). */
export interface AcpWebhookSettings {
  url: string;
  secret: string;
  publicUrl: string;
  retry: MailRetryPolicy;
  /** How long a claimed event belongs to its sender (longer than a delivery may take). */
  leaseMs?: number;
  timeoutMs?: number;
}

/**
 * The Merchant-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 * (the scheme the ACP webhook specification names from 2026-04-17 on; 2025-09-29 only says HMAC).
 */
export function merchantSignature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * Queues an order_update for every ACP order whose status moved since the platform was last told
 * (the merchant shipped it, a payment confirmed or cancelled it, a refund): a look at the orders,
 * so no status change anywhere in the shop needs to know of ACP. Each change is queued once,
 * even with several processes (the notified status is compared and set in one statement).
 */
export async function queueOrderUpdates(db: Db, publicUrl: string): Promise<number> {
  let queued = 0;
  for (const change of await sessionsWithOrderChanges(db, 100)) {
    await db.transaction(async (tx) => {
      if (!(await markOrderStatusNotified(tx, change.id, change.notifiedStatus, change.status))) return;
      const before = change.notifiedStatus === null ? null : acpOrderStatus(change.notifiedStatus);
      const now = acpOrderStatus(change.status);
      if (before === now) return;
      const refunds =
        change.refundedTotal > 0 ? [{ type: "original_payment" as const, amount: change.refundedTotal }] : [];
      await enqueueAcpWebhook(tx, {
        sessionId: change.id,
        type: "order_update",
        payload: JSON.stringify(
          orderEvent("order_update", change.id, change.orderId, now, publicUrl, refunds),
        ),
      });
      queued += 1;
    });
  }
  return queued;
}

async function deliver(row: AcpWebhookRow, settings: AcpWebhookSettings): Promise<string | null> {
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const response = await fetch(settings.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Merchant-Signature": merchantSignature(settings.secret, row.payload, timestamp),
        Timestamp: new Date(timestamp * 1000).toISOString(),
        "Request-Id": row.id,
        "API-Version": "2025-09-29",
      },
      body: row.payload,
      signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    return response.ok ? null : `HTTP ${response.status}`;
  } catch (error) {
    return error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
  }
}

/**
 * One round of the webhook sender: queue the order changes, then deliver what is due (claimed
 * with FOR UPDATE SKIP LOCKED, so several processes send each event once). A refused or failed
 * delivery waits base x 2^(attempts-1) and is tried again, until its last attempt.
 */
export async function sendAcpWebhooks(db: Db, settings: AcpWebhookSettings, logger: Logger): Promise<number> {
  await queueOrderUpdates(db, settings.publicUrl);
  let sent = 0;
  for (;;) {
    const batch = await acpWebhookQueue.claimDue(db, 10, settings.leaseMs ?? 60_000);
    if (batch.length === 0) return sent;
    for (const row of batch) {
      const failure = await deliver(row, settings);
      if (failure === null) {
        await acpWebhookQueue.markSent(db, row.id, row.attempts);
        sent += 1;
        continue;
      }
      const next = await acpWebhookQueue.markFailed(db, row.id, row.attempts, failure, settings.retry);
      logger.warn(
        { webhookId: row.id, type: row.type, attempts: row.attempts, error: failure },
        next.status === "failed"
          ? "ACP order webhook given up after its last attempt"
          : "ACP order webhook not delivered; tried again later",
      );
    }
  }
}
