import type { Cart } from "@haggle/contract/cart";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { toast } from "@/lib/toast";
import { acceptErrorToast } from "../lib/negotiation-errors";
import { acceptNegotiationOffer, negotiationQueryKey } from "./negotiation-api";

/**
 * 'Accept Offer & Apply to Cart': the server applies its own standing offer and answers the cart.
 * `onApplied` receives that cart (the app keeps it as the shopper's cart); after a refusal the
 * cart may have moved on (another tab, an expired offer), so `onRefused` lets the app read it again.
 */
export function useAcceptOffer(
  negotiationId: string | null,
  { onApplied, onRefused }: { onApplied: (cart: Cart) => void; onRefused: () => void },
) {
  const queryClient = useQueryClient();
  // The pending flag reaches the button one render late: a second click in the same frame stops here.
  const inFlight = useRef(false);
  const { mutate, isPending } = useMutation({
    mutationFn: () => {
      if (negotiationId === null) throw new Error("No negotiation to accept");
      return acceptNegotiationOffer(negotiationId);
    },
    onSuccess: (cart) => {
      toast.success("Negotiation applied to your cart!");
      onApplied(cart);
    },
    onError: (error) => {
      console.error("Applying the negotiation failed", error);
      const { title, description } = acceptErrorToast(error);
      toast.error(title, description ? { description } : undefined);
      onRefused();
    },
    onSettled: () => {
      inFlight.current = false;
      if (negotiationId !== null) {
        void queryClient.invalidateQueries({ queryKey: negotiationQueryKey(negotiationId) });
      }
    },
  });
  const accept = useCallback(() => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutate();
  }, [mutate]);
  return { accept, isPending };
}
