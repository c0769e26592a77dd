import type { PaymentMethod } from "@haggle/domain/orders/payment";
import { manualProvider } from "./manual-provider.ts";
import type { PaymentProvider, PaymentProviders } from "./payment-provider.ts";

/** The shop's providers: manual always (first: the default), then those configured. */
export function paymentProviders(extra: readonly PaymentProvider[] = []): PaymentProviders {
  return new Map<PaymentMethod, PaymentProvider>([
    [manualProvider.method, manualProvider],
    ...extra.map((p): [PaymentMethod, PaymentProvider] => [p.method, p]),
  ]);
}
