import { RealtimeEventSchema } from "@haggle/contract/negotiation";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "sonner";

/** Every merchant query key starts with this, so one invalidation refreshes the whole area. */
export const merchantQueryKey = ["merchant"] as const;

/**
 * While a merchant page is open: listens to GET /api/realtime and, when a shopper's ask is
 * escalated (on this server process or another sharing the database), refreshes the merchant
 * data and shows the toast 'New approval request received!'. A reconnection may have missed
 * events, so it refreshes too.
 */
export function useMerchantEvents() {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/realtime", { withCredentials: true });
    let connections = 0;
    const refresh = () => queryClient.invalidateQueries({ queryKey: merchantQueryKey });
    const onReady = () => {
      connections += 1;
      if (connections > 1) void refresh();
    };
    const onApprovalCreated = (event: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = RealtimeEventSchema.safeParse(data);
      if (!parsed.success || parsed.data.type !== "approval.created") return;
      void refresh();
      toast("New approval request received!", {
        description: `${parsed.data.shopperName || "A shopper"} asks for ${parsed.data.requestedDiscountPct}% off.`,
      });
    };
    source.addEventListener("ready", onReady);
    source.addEventListener("approval.created", onApprovalCreated);
    return () => source.close();
  }, [queryClient]);
}
