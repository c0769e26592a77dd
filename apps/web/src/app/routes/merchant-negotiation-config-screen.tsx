import { NegotiationConfigPage } from "@/features/merchant/components/config/config-page";

export function MerchantNegotiationConfigScreen() {
  return (
    <>
      <title>Negotiation Configuration · Haggle</title>
      <NegotiationConfigPage />
    </>
  );
}
