/** The payments module's front door: what code outside the module uses of it. */
export type { PaymentProviders } from "./payment-provider.ts";
