import { addressLines } from "@haggle/domain/orders/address";
import { paymentStatusSentence } from "@haggle/domain/orders/payment";
import type { Order as OrderView } from "@haggle/contract/orders";

/** Where an order ships and how its payment stands. */
export function OrderShipping({
  order,
}: {
  order: Pick<OrderView, "address" | "paymentMethod" | "paymentStatus">;
}) {
  return (
    <dl className="grid gap-4 text-sm sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        <dt className="font-medium">Shipping to</dt>
        <dd className="flex flex-col text-muted-foreground" data-testid="order-address">
          {order.address ? (
            addressLines(order.address).map((line) => <span key={line}>{line}</span>)
          ) : (
            <span>No address was asked for this order.</span>
          )}
        </dd>
      </div>
      <div className="flex flex-col gap-1">
        <dt className="font-medium">Payment</dt>
        <dd className="text-muted-foreground" data-testid="order-payment">
          {paymentStatusSentence(order.paymentMethod, order.paymentStatus)}
        </dd>
      </div>
    </dl>
  );
}
