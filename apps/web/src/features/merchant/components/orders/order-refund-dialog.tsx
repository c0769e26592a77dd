import type { MerchantOrder } from "@haggle/contract/merchant";
import { formatMoney } from "@haggle/domain/pricing/money";
import { useId, useState } from "react";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/error-message";
import { useGiveBack } from "../../api/orders-queries";

const PAID = new Set(["paid", "partially_refunded"]);

/**
 * Refund some units of a paid order, everything left, or cancel it. The server works out the
 * money (each unit's share of what was paid); this only says which units.
 */
export function OrderRefundDialog({ order, onClose }: { order: MerchantOrder; onClose: () => void }) {
  const id = useId();
  const giveBack = useGiveBack();
  const [units, setUnits] = useState<Record<string, number>>({});
  const paid = PAID.has(order.paymentStatus);
  const chosen = Object.entries(units)
    .filter(([, quantity]) => quantity > 0)
    .map(([orderItemId, quantity]) => ({ orderItemId, quantity }));

  function run(action: Parameters<typeof giveBack.mutate>[0], done: string) {
    giveBack.mutate(action, {
      onSuccess: () => {
        toast.success(done);
        onClose();
      },
      onError: (error) =>
        toast.error(errorMessage(error, `${order.number} could not be changed. Please try again.`)),
    });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{`Refund or cancel ${order.number}`}</DialogTitle>
          <DialogDescription>
            {paid
              ? `Paid ${formatMoney(order.total)}${order.refundedTotal > 0 ? `, ${formatMoney(order.refundedTotal)} refunded so far` : ""}. Refunded units go back to stock.`
              : "Not paid yet: the order can be cancelled (its units go back to stock); refunds are for paid orders."}
          </DialogDescription>
        </DialogHeader>
        {paid && (
          <ul className="flex flex-col gap-3" aria-label="Units to refund">
            {order.items.map((item) => {
              const left = item.quantity - item.refundedQuantity;
              return (
                <li key={item.id} className="flex items-center justify-between gap-3 text-sm">
                  <label htmlFor={`${id}-${item.id}`} className="min-w-0 break-words">
                    {item.name}{" "}
                    <span className="text-muted-foreground">
                      {left === 0 ? "(refunded)" : `(${left} of ${item.quantity} can be refunded)`}
                    </span>
                  </label>
                  <Input
                    id={`${id}-${item.id}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={left}
                    disabled={left === 0 || giveBack.isPending}
                    value={units[item.id] ?? 0}
                    onChange={(event) => {
                      const next = Math.max(0, Math.min(left, Math.trunc(Number(event.target.value) || 0)));
                      setUnits((current) => ({ ...current, [item.id]: next }));
                    }}
                    className="w-20 shrink-0"
                  />
                </li>
              );
            })}
          </ul>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="destructive"
            disabled={giveBack.isPending}
            onClick={() => run({ kind: "cancel", orderId: order.id }, `${order.number} is cancelled`)}
          >
            Cancel order
          </Button>
          {paid && (
            <>
              <Button
                variant="outline"
                disabled={giveBack.isPending}
                onClick={() =>
                  run({ kind: "refund", orderId: order.id, lines: null }, `${order.number} is refunded`)
                }
              >
                Refund everything
              </Button>
              <Button
                disabled={giveBack.isPending || chosen.length === 0}
                onClick={() =>
                  run(
                    { kind: "refund", orderId: order.id, lines: chosen },
                    `${order.number}: the chosen units are refunded`,
                  )
                }
              >
                Refund selected
              </Button>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
