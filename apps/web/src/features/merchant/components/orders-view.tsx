import { formatUsd } from "@haggle/domain/pricing/money";
import type { MerchantOrder } from "@haggle/contract/merchant";
import { ORDER_STATUSES } from "@haggle/domain/orders/order-status";
import { ArrowRightIcon, CheckCircle2Icon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/error-message";
import { orderStatusLabel } from "@/lib/order-status";
import type { OrderStatusFilter } from "../api/orders-api";
import { useMerchantOrders, useMoveOrderForward } from "../api/orders-queries";
import { nextOrderStep } from "../lib/orders-flow";
import { Pager } from "./products-pager";

export const ORDERS_PAGE_SIZE = 20;

const STATUS_FILTERS: { value: OrderStatusFilter; label: string }[] = [
  { value: "all", label: "All statuses" },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: orderStatusLabel(status) })),
];

function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
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

/** /merchant/orders: every order, filtered by status, each moved forward one step at a time. */
export function OrdersView() {
  const filterId = useId();
  const [status, setStatus] = useState<OrderStatusFilter>("all");
  const [page, setPage] = useState(1);
  const orders = useMerchantOrders({ status, page, pageSize: ORDERS_PAGE_SIZE });

  let body: ReactNode;
  if (orders.isPending) {
    body = <Spinner aria-label="Loading orders" className="py-24" />;
  } else if (orders.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg font-medium">The orders could not be loaded.</p>
        <Button onClick={() => void orders.refetch()}>Try again</Button>
      </div>
    );
  } else if (orders.data.items.length === 0) {
    body = (
      <p className="rounded-xl border p-8 text-center text-muted-foreground">
        {status === "all" ? "No orders yet." : `No ${orderStatusLabel(status).toLowerCase()} orders.`}
      </p>
    );
  } else {
    const list = orders.data;
    body = (
      <>
        <Table aria-label="Orders" aria-busy={orders.isFetching}>
          <TableHeader>
            <TableRow>
              <TableHead>Order</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Customer</TableHead>
              <TableHead className="text-right">Items</TableHead>
              <TableHead className="text-right">Total</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Next step</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.items.map((order) => {
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
                    {formatUsd(order.total)}
                  </TableCell>
                  <TableCell>
                    <Badge variant="secondary">{orderStatusLabel(order.status)}</Badge>
                  </TableCell>
                  <TableCell className="text-right">
                    <ForwardButton order={order} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <Pager page={list.page} pageSize={list.pageSize} total={list.total} noun="orders" onPage={setPage} />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Orders</h1>
          <p className="text-muted-foreground">
            Move each order forward as it is packed, shipped and delivered.
          </p>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-48">
          <Label htmlFor={filterId}>Status</Label>
          <NativeSelect
            id={filterId}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as OrderStatusFilter);
              setPage(1);
            }}
          >
            {STATUS_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {body}
    </div>
  );
}
