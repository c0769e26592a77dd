import { shopperMayCancel } from "@haggle/domain/orders/order-states";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MessagesSquareIcon, ReceiptTextIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/error-message";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { cancelOrder, orderQueryKey, ordersQueryKey, type OrderView } from "../api/orders-api";
import { useOrder } from "../api/use-order";
import { formatOrderDate } from "../lib/format-order-date";
import { orderStatusLabel } from "@/lib/order-status";
import { OrderItemList } from "@/components/order/order-item-list";
import { OrderShipping } from "@/components/order/order-shipping";
import { OrderTimeline } from "@/components/order/order-timeline";
import { OrderSavings, OrderTotals } from "@/components/order/order-totals";

interface OrderDetailsDialogProps {
  /** The order picked from the list (shown at once while its fresh copy loads); null: closed. */
  order: OrderView | null;
  onClose: () => void;
  /** The negotiation transcript of an order placed after negotiating (the negotiation feature, joined in by the app). */
  renderNegotiationChat: (negotiationId: string) => ReactNode;
}

function OrderDetails({
  preview,
  renderNegotiationChat,
}: { preview: OrderView } & Pick<OrderDetailsDialogProps, "renderNegotiationChat">) {
  const query = useOrder(preview.id, preview);

  if (query.isError) {
    return (
      <p role="alert" className="py-10 text-center font-medium">
        Order not found
      </p>
    );
  }
  const order = query.data;
  if (!order) return <Spinner aria-label="Loading the order" className="py-10" />;

  return (
    <Tabs defaultValue="summary" className="min-w-0">
      <TabsList>
        <TabsTrigger value="summary">
          <ReceiptTextIcon aria-hidden="true" />
          Order Summary
        </TabsTrigger>
        <TabsTrigger value="chat">
          <MessagesSquareIcon aria-hidden="true" />
          Negotiation Chat
        </TabsTrigger>
      </TabsList>
      <TabsContent value="summary" className="flex flex-col gap-4">
        <OrderItemList items={order.items} paymentStatus={order.paymentStatus} />
        <OrderSavings order={order} />
        <OrderTotals order={order} />
        <div className="border-t pt-4">
          <OrderShipping order={order} />
        </div>
        <div className="border-t pt-4">
          <OrderTimeline timeline={order.timeline} />
        </div>
        {shopperMayCancel(order.status) && <CancelOrder order={order} />}
      </TabsContent>
      <TabsContent value="chat">
        {order.negotiationId === null ? (
          <p className="py-8 text-center text-sm text-muted-foreground">
            This order was placed without negotiation
          </p>
        ) : (
          renderNegotiationChat(order.negotiationId)
        )}
      </TabsContent>
    </Tabs>
  );
}

/** 'Cancel order', asked twice: the order is called off, what was paid comes back. */
function CancelOrder({ order }: { order: OrderView }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelOrder(order.id),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(orderQueryKey(order.id), cancelled);
      toast.success(`${order.number} is cancelled`);
    },
    onError: (error) =>
      toast.error(errorMessage(error, "The order could not be cancelled. Please try again.")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
  if (!asking) {
    return (
      <div className="flex justify-end border-t pt-4">
        <Button variant="outline" onClick={() => setAsking(true)}>
          Cancel order
        </Button>
      </div>
    );
  }
  return (
    <fieldset aria-label="Cancel this order?" className="flex flex-col gap-3 border-t pt-4 text-sm">
      <p>Cancel this order? Anything you paid is refunded and the items go back on the shelf.</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => setAsking(false)} disabled={cancel.isPending}>
          Keep order
        </Button>
        <Button
          variant="destructive"
          onClick={() => cancel.mutate()}
          disabled={cancel.isPending}
          aria-busy={cancel.isPending}
        >
          Yes, cancel order
        </Button>
      </div>
    </fieldset>
  );
}

/** The order's status as last loaded (a cancel inside the dialog moves it), the list's until then. */
function OrderStatusBadge({ preview }: { preview: OrderView }) {
  const status = useOrder(preview.id, preview).data?.status ?? preview.status;
  return (
    <Badge variant="secondary" data-testid="order-status-badge">
      {orderStatusLabel(status)}
    </Badge>
  );
}

/** An order's details in a dialog: 'Order Summary' and 'Negotiation Chat' tabs. */
export function OrderDetailsDialog({ order, onClose, renderNegotiationChat }: OrderDetailsDialogProps) {
  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        {order && (
          <>
            <DialogHeader>
              <DialogTitle className="flex flex-wrap items-center gap-2">
                <span className="font-mono">{order.number}</span>
                <OrderStatusBadge key={order.id} preview={order} />
              </DialogTitle>
              <DialogDescription>{`Placed on ${formatOrderDate(order.createdAt)}`}</DialogDescription>
            </DialogHeader>
            <OrderDetails key={order.id} preview={order} renderNegotiationChat={renderNegotiationChat} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
