import type { MerchantOrder } from "@haggle/contract/merchant";
import { ArrowRightIcon, CheckCircle2Icon } from "lucide-react";
import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/error-message";
import { formatMoney } from "@haggle/domain/pricing/money";
import { orderStatusLabel } from "@/lib/order-status";
import { useMediaQuery } from "@/lib/use-media-query";
import { paymentStatusSentence } from "@haggle/domain/orders/payment";
import { isClosedOrderStatus } from "@haggle/domain/orders/order-status";
import { useState } from "react";
import { useMarkOrderPaid, useMoveOrderForward } from "../../api/orders-queries";
import { MerchantOrderDetailsDialog } from "./order-details-dialog";
import { OrderRefundDialog } from "./order-refund-dialog";
import { nextOrderStep } from "../../lib/orders-flow";
import { formatShopDate } from "@haggle/domain/markets/shop-formats";

interface OrdersListProps {
  orders: readonly MerchantOrder[];
  isBusy: boolean;
}

/** "Nov 29, 2026" as the shop writes dates (its locale). */
function formatDate(iso: string): string {
  return formatShopDate(iso, "short");
}

function ForwardButton({ order }: { order: MerchantOrder }) {
  const move = useMoveOrderForward();
  const step = nextOrderStep(order.status);
  if (!step) {
    return (
      <span className="flex items-center justify-end gap-1.5 text-sm text-muted-foreground">
        <CheckCircle2Icon aria-hidden="true" className="size-4 text-emerald-600" />
        Done
      </span>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={move.isPending}
      aria-busy={move.isPending}
      aria-label={`${step.label} (${order.number})`}
      onClick={() =>
        move.mutate(
          { orderId: order.id, status: step.status },
          {
            onSuccess: (updated) =>
              toast.success(`${order.number} is now ${orderStatusLabel(updated.status).toLowerCase()}`),
            onError: (error) =>
              toast.error(
                errorMessage(error, `${order.number} could not be moved forward. Please try again.`),
              ),
          },
        )
      }
    >
      {step.label}
      <ArrowRightIcon aria-hidden="true" />
    </Button>
  );
}

/** The payment's state, and 'Mark paid' while a manually paid order's money is due. */
function PaymentCell({ order }: { order: MerchantOrder }) {
  const markPaid = useMarkOrderPaid();
  const due = order.paymentStatus === "pending" && order.paymentMethod === "manual";
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge
        variant={order.paymentStatus === "paid" ? "secondary" : "outline"}
        data-testid="order-payment-status"
      >
        {order.paymentStatus === "pending"
          ? "Payment due"
          : paymentStatusSentence(order.paymentMethod, order.paymentStatus)}
      </Badge>
      {due && (
        <Button
          variant="outline"
          size="sm"
          disabled={markPaid.isPending}
          aria-busy={markPaid.isPending}
          aria-label={`Mark paid (${order.number})`}
          onClick={() =>
            markPaid.mutate(order.id, {
              onSuccess: () => toast.success(`${order.number} is marked paid`),
              onError: (error) =>
                toast.error(
                  errorMessage(error, `${order.number} could not be marked paid. Please try again.`),
                ),
            })
          }
        >
          Mark paid
        </Button>
      )}
    </div>
  );
}

/** 'Refund or cancel', for an order not already closed. */
function GiveBackButton({ order }: { order: MerchantOrder }) {
  const [open, setOpen] = useState(false);
  if (isClosedOrderStatus(order.status)) return null;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Refund or cancel (${order.number})`}
        onClick={() => setOpen(true)}
      >
        Refund or cancel
      </Button>
      {open && <OrderRefundDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

/** 'Details': the order's lines, figures, address, payment and timeline in a dialog. */
function DetailsButton({ order }: { order: MerchantOrder }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Details (${order.number})`}
        onClick={() => setOpen(true)}
      >
        Details
      </Button>
      {open && <MerchantOrderDetailsDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

function itemCount(order: MerchantOrder): number {
  return order.items.reduce((sum, item) => sum + item.quantity, 0);
}

function OrdersTable({ orders, isBusy }: OrdersListProps) {
  return (
    <Table aria-label="Orders" aria-busy={isBusy}>
      <TableHeader>
        <TableRow>
          <TableHead>Order</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Customer</TableHead>
          <TableHead className="text-right">Items</TableHead>
          <TableHead className="text-right">Total</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Payment</TableHead>
          <TableHead className="text-right">Next step</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((order) => {
          const items = order.items.reduce((sum, item) => sum + item.quantity, 0);
          return (
            <TableRow key={order.id} data-testid="merchant-order-row">
              <TableCell className="font-mono font-semibold whitespace-nowrap">{order.number}</TableCell>
              <TableCell className="whitespace-nowrap">
                <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
              </TableCell>
              <TableCell className="min-w-40">
                <span className="block font-medium">{order.customer.name || "—"}</span>
                <span className="block text-xs text-muted-foreground">{order.customer.email}</span>
              </TableCell>
              <TableCell className="text-right tabular-nums">{items}</TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {formatMoney(order.total)}
              </TableCell>
              <TableCell>
                <Badge variant="secondary">{orderStatusLabel(order.status)}</Badge>
              </TableCell>
              <TableCell>
                <PaymentCell order={order} />
              </TableCell>
              <TableCell className="text-right">
                <div className="flex flex-wrap items-center justify-end gap-1">
                  <ForwardButton order={order} />
                  <DetailsButton order={order} />
                  <GiveBackButton order={order} />
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Below 768 px the eight columns cannot fit: each order is a card with its next step in reach. */
function OrderCards({ orders, isBusy }: OrdersListProps) {
  return (
    <ul aria-label="Orders" aria-busy={isBusy} className="flex flex-col gap-3">
      {orders.map((order) => (
        <li
          key={order.id}
          data-testid="merchant-order-row"
          className="flex flex-col gap-2 rounded-xl border bg-card p-3 shadow-sm"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-mono font-semibold">{order.number}</span>
            <Badge variant="secondary">{orderStatusLabel(order.status)}</Badge>
          </div>
          <div className="text-sm">
            <span className="block font-medium">{order.customer.name || "—"}</span>
            <span className="block break-all text-xs text-muted-foreground">{order.customer.email}</span>
          </div>
          <p className="text-sm text-muted-foreground">
            <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
            {` · ${itemCount(order)} ${itemCount(order) === 1 ? "item" : "items"} · `}
            <span className="font-semibold text-foreground tabular-nums">{formatMoney(order.total)}</span>
          </p>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <PaymentCell order={order} />
            <ForwardButton order={order} />
            <DetailsButton order={order} />
            <GiveBackButton order={order} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The merchant's orders: a table from 768 px (the spec's mobile breakpoint), cards below. */
export function OrdersList(props: OrdersListProps) {
  const isWide = useMediaQuery("(min-width: 768px)");
  return isWide ? <OrdersTable {...props} /> : <OrderCards {...props} />;
}
