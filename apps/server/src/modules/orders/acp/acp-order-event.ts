import type { AcpOrderStatus, AcpWebhookEvent } from "@haggle/contract/acp";

/** An order event as the ACP webhook carries it (openapi.agentic_checkout_webhook.yaml, 2025-09-29). */
export function orderEvent(
  type: "order_create" | "order_update",
  sessionId: string,
  orderId: string,
  status: AcpOrderStatus,
  publicUrl: string,
  refunds: AcpWebhookEvent["data"]["refunds"] = [],
): AcpWebhookEvent {
  return {
    type,
    data: {
      type: "order",
      checkout_session_id: sessionId,
      permalink_url: `${publicUrl}/order-placed?orderId=${orderId}`,
      status,
      refunds,
    },
  };
}
