import type { MerchantOrder } from "@haggle/contract/merchant";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { OrderItemList } from "@/components/order/order-item-list";
import { OrderShipping } from "@/components/order/order-shipping";
import { formatEventTime, OrderTimeline } from "@/components/order/order-timeline";
import { OrderTotals } from "@/components/order/order-totals";
import { orderStatusLabel } from "@/lib/order-status";

/**
 * One order as the merchant reads it: who bought it, its lines with pictures, the figures with
 * Ava's discount as its own line, where it ships, how it is paid, and its timeline.
 */
export function MerchantOrderDetailsDialog({
  order,
  onClose,
}: {
  order: MerchantOrder;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            <span className="font-mono">{order.number}</span>
            <Badge variant="secondary">{orderStatusLabel(order.status)}</Badge>
          </DialogTitle>
          <DialogDescription>
            {`Placed ${formatEventTime(order.createdAt)} by ${order.customer.name || "—"} (${order.customer.email})`}
          </DialogDescription>
        </DialogHeader>
        <div className="flex min-w-0 flex-col gap-4">
          <OrderItemList items={order.items} paymentStatus={order.paymentStatus} />
          <OrderTotals order={order} />
          <div className="border-t pt-4">
            <OrderShipping order={order} />
          </div>
          <div className="border-t pt-4">
            <OrderTimeline timeline={order.timeline} />
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
