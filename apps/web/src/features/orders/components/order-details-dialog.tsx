import { MessagesSquareIcon, ReceiptTextIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { OrderView } from "../api/orders-api";
import { useOrder } from "../api/use-order";
import { formatOrderDate } from "../lib/format-order-date";
import { orderStatusLabel } from "@/lib/order-status";
import { OrderItemList } from "./order-item-list";
import { OrderShipping } from "./order-shipping";
import { OrderSavings, OrderTotals } from "./order-totals";

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
        <OrderItemList items={order.items} />
        <OrderSavings order={order} />
        <OrderTotals order={order} />
        <div className="border-t pt-4">
          <OrderShipping order={order} />
        </div>
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
                <Badge variant="secondary">{orderStatusLabel(order.status)}</Badge>
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
