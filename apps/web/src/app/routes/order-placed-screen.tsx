import { useLocation, useSearchParams } from "react-router";
import { OrderConfirmation } from "@/features/orders/components/order-confirmation";

/** The order id from ?orderId= (survives a reload) or, failing that, from the navigation state. */
function placedOrderId(searchParams: URLSearchParams, state: unknown): string | null {
  const fromQuery = searchParams.get("orderId");
  if (fromQuery) return fromQuery;
  if (
    typeof state === "object" &&
    state !== null &&
    "orderId" in state &&
    typeof state.orderId === "string"
  ) {
    return state.orderId;
  }
  return null;
}

/** What the card form said when a payment did not go through (from the checkout page). */
function paymentFailureOf(state: unknown): string | null {
  return typeof state === "object" &&
    state !== null &&
    "paymentFailure" in state &&
    typeof state.paymentFailure === "string"
    ? state.paymentFailure
    : null;
}

export function OrderPlacedScreen() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  return (
    <>
      <title>Your order · Haggle</title>
      <OrderConfirmation
        orderId={placedOrderId(searchParams, location.state)}
        paymentFailure={paymentFailureOf(location.state)}
      />
    </>
  );
}
