import type { PaymentMethod } from "@haggle/domain/orders/payment";
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
  /** The provider's id for the refund; null for manual. */
  reference: string | null;
}

/**
 * One payment provider (decisions.md, "Checkout, payment and e-mail"): the shop talks to every
 * provider through this, so checkout, cancel and refund do not know which one paid.
 */
export interface PaymentProvider {
  readonly method: PaymentMethod;
  /** Starts the payment for an order checkout has just written (inside its transaction). */
  start(order: PaymentOrder): Promise<PaymentStart>;
  /** Gives back `amount` of an order's payment (a cancel or a refund). */
  refund(
    order: { id: string; reference: string | null; paymentStatus: string },
    amount: Cents,
  ): Promise<PaymentRefund>;
}

/** The providers a shop takes, by method; `manual` is always there and first. */
export type PaymentProviders = ReadonlyMap<PaymentMethod, PaymentProvider>;
