import { CheckoutAnswerSchema, type CheckoutBodyInput } from "@haggle/contract/orders";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { z } from "zod";
import { apiFetch } from "@/lib/api-client";
import { createCheckoutAttempt } from "../lib/idempotency-key";

/**
 * The placed order, with `payment` when it is still to be paid in the page (Stripe). Its status
 * is read as any string: an order must never look failed for a new status name.
 */
const PlacedOrderSchema = CheckoutAnswerSchema.extend({ status: z.string() });
export type PlacedOrder = z.infer<typeof PlacedOrderSchema>;

/** POST /api/checkout: 201 with the new order, or 200 with the order already placed under this key. */
export function placeOrder(idempotencyKey: string, body: CheckoutBodyInput): Promise<PlacedOrder> {
  return apiFetch("/api/checkout", {
    method: "POST",
    headers: { "Idempotency-Key": idempotencyKey },
    body,
    schema: PlacedOrderSchema,
  });
}

export interface CheckoutCallbacks {
  onSuccess?: (order: PlacedOrder) => void;
  onError?: (error: Error) => void;
}

/**
 * The one checkout: the server prices the cart and places the order. Every try of
 * one attempt (double click, retry after an error) carries the same Idempotency-Key, so at most
 * one order comes of it; once an order is placed the next checkout gets a new key.
 */
export function useCheckout() {
  const [attempt] = useState(() => createCheckoutAttempt());
  // The pending flag of the mutation reaches the button one render late; a second click in the
  // same frame is stopped here (and would carry the same key anyway).
  const inFlight = useRef(false);
  const { mutate, isPending } = useMutation({
    mutationFn: (body: CheckoutBodyInput) => placeOrder(attempt.key(), body),
    onSuccess: () => attempt.complete(),
    onSettled: () => {
      inFlight.current = false;
    },
  });
  const checkout = useCallback(
    (body: CheckoutBodyInput, callbacks: CheckoutCallbacks = {}) => {
      if (inFlight.current) return;
      inFlight.current = true;
      mutate(body, callbacks);
    },
    [mutate],
  );
  return { checkout, isPending };
}
