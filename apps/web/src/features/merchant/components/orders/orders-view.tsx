import { ORDER_STATUSES } from "@haggle/domain/orders/order-status";
import { type ReactNode, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { orderStatusLabel } from "@/lib/order-status";
import type { OrderStatusFilter } from "../../api/orders-api";
import { useMerchantOrders } from "../../api/orders-queries";
import { OrdersList } from "./orders-list";
import { Pager } from "../products/products-pager";

export const ORDERS_PAGE_SIZE = 20;

const STATUS_FILTERS: { value: OrderStatusFilter; label: string }[] = [
  { value: "all", label: "All statuses" },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: orderStatusLabel(status) })),
];

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
        <OrdersList orders={list.items} isBusy={orders.isFetching} />
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
