import { OrdersView } from "@/features/merchant/components/orders/orders-view";

export function MerchantOrdersScreen() {
  return (
    <>
      <title>Orders · Merchant · Haggle</title>
      <OrdersView />
    </>
  );
}
