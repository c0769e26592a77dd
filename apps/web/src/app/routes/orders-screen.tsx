import { NegotiationTranscript } from "@/features/negotiation/components/negotiation-transcript";
import { OrderHistory } from "@/features/orders/components/order-history";

function renderNegotiationChat(negotiationId: string) {
  return <NegotiationTranscript negotiationId={negotiationId} />;
}

export function OrdersScreen() {
  return (
    <>
      <title>Order History · Haggle</title>
      <OrderHistory renderNegotiationChat={renderNegotiationChat} />
    </>
  );
}
