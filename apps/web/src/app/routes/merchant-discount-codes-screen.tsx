import { DiscountCodesPage } from "@/features/merchant/components/discount-codes/discount-codes-page";

export function MerchantDiscountCodesScreen() {
  return (
    <>
      <title>Discount codes · Merchant · Haggle</title>
      <DiscountCodesPage />
    </>
  );
}
