import type { OutboxMessage } from "@haggle/contract/mail";

const KIND_LABELS: Record<string, string> = {
  "order-confirmation": "Order confirmation",
  "verify-email": "E-mail verification",
  "reset-password": "Password reset",
  "new-order": "New order",
  "order-shipped": "Order shipped",
  "order-cancelled": "Order cancelled",
  "order-refunded": "Order refunded",
};

/** "Order confirmation" for order-confirmation; a kind this page does not know reads as itself. */
export function mailKindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

const STATUS_LABELS: Record<OutboxMessage["status"], string> = {
  queued: "Queued",
  sent: "Sent",
  failed: "Failed",
  kept: "Kept",
};

export function mailStatusLabel(status: OutboxMessage["status"]): string {
  return STATUS_LABELS[status];
}

/** What the status means for this message, in a sentence (the dialog and screen readers say it). */
export function mailStatusSentence(message: OutboxMessage, formatTime: (iso: string) => string): string {
  switch (message.status) {
    case "sent":
      return message.sentAt ? `Sent ${formatTime(message.sentAt)}.` : "Sent.";
    case "kept":
      return "Kept here: no mail server is configured (SMTP_URL), so it was not sent.";
    case "failed":
      return `Not sent: given up after ${message.attempts} ${message.attempts === 1 ? "attempt" : "attempts"}.`;
    case "queued":
      if (message.attempts === 0) return "Waiting to be sent.";
      return `Not sent yet: ${message.attempts} ${message.attempts === 1 ? "attempt" : "attempts"} so far${
        message.nextAttemptAt ? `; next try ${formatTime(message.nextAttemptAt)}` : ""
      }.`;
  }
}
