import type { PaymentMethod } from "@haggle/domain/orders/payment";
import type { PaymentNoticeKind } from "@haggle/domain/orders/payment-notice";
import type { Cents } from "@haggle/domain/pricing/money";

/** What checkout tells a provider about the order it has just written. */
export interface PaymentOrder {
  id: string;
  /** The server-computed total, in cents: the only amount a provider is ever given. */
  total: Cents;
  /** The checkout's Idempotency-Key: a retried checkout must not pay twice. */
  idempotencyKey: string;
  /** The shopper's e-mail, for the provider's receipt. */
  email: string;
  /**
   * A payment method delegated by an agent platform (ACP's `payment_data.token`, a Stripe shared
   * payment token): the provider charges it at once instead of waiting for the browser.
   */
  paymentToken?: string;
}

/** How the order stands once the provider has heard of it. */
export interface PaymentStart {
  /** confirmed: the order stands now (manual); pending: it waits for the provider's word (Stripe). */
  orderStatus: "confirmed" | "pending";
  paymentStatus: "pending" | "paid";
  /** The provider's id for the payment (a Stripe PaymentIntent id); null for manual. */
  reference: string | null;
  /** What the browser needs to finish paying (Stripe's client secret); null when nothing. */
  clientSecret: string | null;
}

/** A refund the provider made (or, for manual payment, recorded). */
export interface PaymentRefund {
  /** The provider's id for the refund; null for manual, and for a payment voided before it was made. */
  reference: string | null;
}

/**
 * A provider's signed notice about one payment (a Stripe webhook event), read and checked. A
 * notice of no interest to the shop is `ignored`; it is still recorded so it is read once.
 */
export type PaymentNotice =
  | { eventId: string; type: string; kind: PaymentNoticeKind; reference: string; amount: Cents }
  | { eventId: string; type: string; kind: "ignored" };

/** The payment was made before it could be voided: the order must be refunded, not cancelled unpaid. */
export class PaymentAlreadyMade extends Error {
  constructor(readonly reference: string) {
    super(`payment ${reference} has already been made`);
  }
}

/**
 * One payment provider: the shop talks to every
 * provider through this, so checkout, cancel and refund do not know which one paid.
 */
export interface PaymentProvider {
  readonly method: PaymentMethod;
  /** What the browser needs to load the provider's payment form (Stripe's publishable key); none for manual. */
  readonly publishableKey?: string;
  /**
   * Starts the payment for an order checkout has just written (inside its transaction). Called
   * again with the same order it answers the same payment (the provider's idempotency), so a
   * replayed checkout can hand the browser its client secret again.
   */
  start(order: PaymentOrder): Promise<PaymentStart>;
  /**
   * Gives back `amount` of an order's payment (a cancel or a refund). A payment not yet made
   * (paymentStatus pending) is voided instead, so it can no longer be made; if it was made
   * meanwhile this throws PaymentAlreadyMade. `idempotencyKey` names this one refund: the same key
   * again never refunds twice.
   */
  refund(
    order: { id: string; reference: string | null; paymentStatus: string },
    amount: Cents,
    options?: { idempotencyKey?: string },
  ): Promise<PaymentRefund>;
  /**
   * Reads a provider's webhook: the raw body and its signature header. Throws a DomainError (400)
   * when the signature does not match; providers without webhooks (manual) have none.
   */
  readNotice?(payload: Uint8Array, signature: string | undefined): PaymentNotice;
}

/** The providers a shop takes, by method; `manual` is always there and first. */
export type PaymentProviders = ReadonlyMap<PaymentMethod, PaymentProvider>;
