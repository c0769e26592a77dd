import { formatMoney } from "@haggle/domain/pricing/money";
import { PackageIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { OrderView } from "../api/orders-api";
import { useOrders } from "../api/use-orders";
import { useOrderEvents } from "../hooks/use-order-events";
import { formatOrderDate } from "../lib/format-order-date";
import { orderStatusLabel } from "@/lib/order-status";
import { OrderDetailsDialog } from "./order-details-dialog";

function OrderCard({ order, onOpen }: { order: OrderView; onOpen: () => void }) {
  const saved = order.discountApplied;
  const itemCount = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <li
      className="relative flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm transition-shadow has-[button:focus-visible]:ring-2 has-[button:focus-visible]:ring-ring hover:shadow-md sm:flex-row sm:items-center sm:justify-between"
      data-testid="order-card"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-mono font-semibold">{order.number}</h2>
          <Badge variant="secondary">{orderStatusLabel(order.status)}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
          {` · ${itemCount} ${itemCount === 1 ? "item" : "items"}`}
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:justify-end">
        <div className="flex flex-col sm:items-end">
          <p className="text-lg font-bold tabular-nums">
            <span className="sr-only">Total: </span>
            {formatMoney(order.total)}
          </p>
          {saved > 0 && <p className="text-sm font-medium text-brand">{`Saved ${formatMoney(saved)}`}</p>}
        </div>
        {/* The button's ::after covers the card, so a click anywhere on the card opens the details. */}
        <Button
          variant="outline"
          size="sm"
          onClick={onOpen}
          aria-label={`View Details of ${order.number}`}
          className="after:absolute after:inset-0 after:rounded-xl focus-visible:ring-0 focus-visible:ring-offset-0"
        >
          View Details
        </Button>
      </div>
    </li>
  );
}

interface OrderHistoryProps {
  renderNegotiationChat: (negotiationId: string) => ReactNode;
}

/** /orders: 'Order History' cards, newest first; a card opens the order's details. */
export function OrderHistory({ renderNegotiationChat }: OrderHistoryProps) {
  const orders = useOrders();
  useOrderEvents();
  const [selected, setSelected] = useState<OrderView | null>(null);

  let body: ReactNode;
  if (orders.isPending) {
    body = <Spinner aria-label="Loading your orders" className="py-24" />;
  } else if (orders.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg font-medium">Your orders could not be loaded.</p>
        <Button onClick={() => void orders.refetch()}>Try again</Button>
      </div>
    );
  } else if (orders.data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <PackageIcon className="size-12 text-muted-foreground" aria-hidden="true" />
        <p className="text-lg font-medium">No orders yet</p>
        <Button asChild>
          <Link to="/">Start Shopping</Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <ul className="flex flex-col gap-3" aria-label="Orders">
        {orders.data.map((order) => (
          <OrderCard key={order.id} order={order} onOpen={() => setSelected(order)} />
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">Order History</h1>
      {body}
      <OrderDetailsDialog
        order={selected}
        onClose={() => setSelected(null)}
        renderNegotiationChat={renderNegotiationChat}
      />
    </div>
  );
}
