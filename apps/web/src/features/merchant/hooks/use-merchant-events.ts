import { formatPercentPoints } from "@haggle/domain/pricing/percent";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { useRealtimeEvents } from "@/lib/use-realtime-events";

const TYPES = ["approval.created", "experiment.updated"] as const;

/** Every merchant query key starts with this, so one invalidation refreshes the whole area. */
export const merchantQueryKey = ["merchant"] as const;

/**
 * While a merchant page is open: listens to GET /api/realtime; the holdout experiment's changes
 * refresh the merchant data quietly, and when a shopper's ask is escalated (on this server process or another sharing the database), refreshes the merchant
 * data and shows the toast 'New approval request received!'. A reconnection may have missed
 * events, so it refreshes too.
 */
export function useMerchantEvents() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: merchantQueryKey });
  useRealtimeEvents(TYPES, {
    onEvent: (event) => {
      // The holdout experiment's figures moved (a visitor with a cart, an order, a start or stop).
      if (event.type === "experiment.updated") return refresh();
      if (event.type !== "approval.created") return;
      refresh();
      toast("New approval request received!", {
        description: `${event.shopperName || "A shopper"} asks for ${formatPercentPoints(event.requestedDiscountPct)} off.`,
      });
    },
    onReconnect: refresh,
  });
}
