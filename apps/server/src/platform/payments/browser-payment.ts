import type { CheckoutPayment, Order } from "@haggle/contract/orders";
import type { PaymentProvider, PaymentProviders } from "./payment-provider.ts";

/** What the checkout answer tells the browser to finish paying (Stripe's Payment Element); null when nothing. */
export function browserPayment(
  payments: PaymentProviders,
  order: Order,
  clientSecret: string | null,
): CheckoutPayment | null {
  const provider = (payments as ReadonlyMap<string, PaymentProvider>).get(order.paymentMethod);
  if (!clientSecret || provider?.method !== "stripe" || !provider.publishableKey) return null;
  return { provider: "stripe", clientSecret, publishableKey: provider.publishableKey };
}
