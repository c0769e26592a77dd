import { PairingsPage } from "@/features/merchant/components/pairings/pairings-page";

export function MerchantCrossSellsScreen() {
  return (
    <>
      <title>Cross-sells · Haggle</title>
      <PairingsPage kind="cross_sell" />
    </>
  );
}
