import { paymentStatusSentence } from "@haggle/domain/orders/payment";
import {
  CircleCheckIcon,
  CircleXIcon,
  ClockIcon,
  CreditCardIcon,
  PackageIcon,
  TruckIcon,
} from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useOrder } from "../api/use-order";
import { useOrderEvents } from "../hooks/use-order-events";
import { formatOrderDate } from "../lib/format-order-date";
import { OrderItemList } from "@/components/order/order-item-list";
import { OrderShipping } from "@/components/order/order-shipping";
import { OrderSavings, OrderTotals } from "@/components/order/order-totals";

/** The steps after an order; the first says how the payment stands. */
function nextSteps(order: { paymentStatus: string; paymentMethod: string }) {
  const payment =
    order.paymentStatus === "paid"
      ? { title: "Payment confirmed", detail: null }
      : order.paymentMethod === "manual"
        ? { title: "Payment on delivery or by bank transfer", detail: " — nothing has been charged yet" }
        : { title: "Waiting for your payment", detail: null };
  return [
    { icon: CreditCardIcon, ...payment },
    { icon: PackageIcon, title: "Order processing", detail: null },
    {
      icon: TruckIcon,
      title: "Shipping soon",
      detail: " — you'll receive tracking information by e-mail within 24 hours",
    },
  ];
}

function OrderNotFound() {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight">Order not found</h1>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}

/** The page's heading and what it says under it, by how the order stands. */
function headline(order: { status: string; paymentStatus: string; paymentMethod: string }) {
  if (order.status === "cancelled")
    return {
      icon: CircleXIcon,
      title: "Order cancelled",
      detail: `${paymentStatusSentence(order.paymentMethod, order.paymentStatus)}. Nothing was charged; the items went back on sale.`,
    };
  if (order.status === "pending" && order.paymentStatus === "pending")
    return {
      icon: ClockIcon,
      title: "Waiting for your payment",
      detail: "Your order is placed. This page updates as soon as the payment is confirmed.",
    };
  return { icon: CircleCheckIcon, title: "Order Confirmed!", detail: "Thank you for your order." };
}

/**
 * /order-placed: the order read back from the server by id, so the page survives a reload; it
 * follows the order live (order.updated), so a card payment shows as waiting until Stripe's
 * word confirms it. `paymentFailure` is what the card form said when a payment did not go through.
 */
export function OrderConfirmation({
  orderId,
  paymentFailure = null,
}: {
  orderId: string | null;
  paymentFailure?: string | null;
}) {
  const query = useOrder(orderId);
  useOrderEvents();

  if (!orderId) return <OrderNotFound />;
  if (query.isPending) return <Spinner aria-label="Loading your order" className="py-24" />;
  if (query.isError) return <OrderNotFound />;
  const order = query.data;
  const head = headline(order);
  const failure = order.paymentStatus !== "paid" ? paymentFailure : null;

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <div className="flex flex-col items-center gap-3 text-center">
        <head.icon className="size-14 text-brand" aria-hidden="true" />
        <h1 className="text-3xl font-bold tracking-tight">{head.title}</h1>
        <p className="text-muted-foreground" role="status" data-testid="order-state">
          {head.detail}
        </p>
        {failure && (
          <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {failure}
          </p>
        )}
        <p className="text-sm">
          Order number{" "}
          <span className="font-mono font-semibold" data-testid="order-number">
            {order.number}
          </span>
          <span className="text-muted-foreground">
            {" · "}
            <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
          </span>
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Order Details</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <OrderItemList items={order.items} paymentStatus={order.paymentStatus} />
          <OrderSavings order={order} />
          <OrderTotals order={order} />
          <div className="border-t pt-4">
            <OrderShipping order={order} />
          </div>
        </CardContent>
      </Card>

      {order.status !== "cancelled" && (
        <Card>
          <CardHeader>
            <CardTitle>What's Next</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="flex flex-col gap-4">
              {nextSteps(order).map(({ icon: Icon, title, detail }) => (
                <li key={title} className="flex items-start gap-3">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand">
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                  <p className="pt-1 text-sm">
                    <span className="font-medium">{title}</span>
                    {detail && <span className="text-muted-foreground">{detail}</span>}
                  </p>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      )}

      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button asChild size="lg">
          <Link to="/">Continue Shopping</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/orders">View Order History</Link>
        </Button>
      </div>
    </div>
  );
}
