import type { PaymentProvider } from "./payment-provider.ts";

/**
 * Pay on delivery or by bank transfer: the order stands at once with its payment due; the
 * merchant marks it paid when the money arrives. A refund is the merchant's to pay back by hand:
 * it is recorded on the order, nothing is called.
 */
export const manualProvider: PaymentProvider = {
  method: "manual",
  start: async () => ({
    orderStatus: "confirmed",
    paymentStatus: "pending",
    reference: null,
    clientSecret: null,
  }),
  refund: async () => ({ reference: null }),
};
