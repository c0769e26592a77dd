import { PairingsPage } from "@/features/merchant/components/pairings/pairings-page";

export function MerchantUpsellsScreen() {
  return (
    <>
      <title>Upsells · Haggle</title>
      <PairingsPage kind="upsell" />
    </>
  );
}
