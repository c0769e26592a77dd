import { OutboxView } from "@/features/merchant/components/outbox/outbox-view";

export function MerchantOutboxScreen() {
  return (
    <>
      <title>Outbox · Merchant · Haggle</title>
      <OutboxView />
    </>
  );
}
