import { ShippingPage } from "@/features/merchant/components/shipping/shipping-page";

export function MerchantShippingScreen() {
  return (
    <>
      <title>Shipping · Merchant · Haggle</title>
      <ShippingPage />
    </>
  );
}
