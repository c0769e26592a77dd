import type { Cart } from "@haggle/contract/cart";
import { useMutation, useMutationState, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { createCartWriteSequencer } from "../lib/cart-write-sequencer";
import {
  addCartItem,
  clearServerCart,
  fetchCart,
  type MergeLine,
  mergeIntoServerCart,
  removeCartItem,
  serverCartQueryKey,
  setCartItemQuantity,
} from "./cart-api";

/** `key`: the line a change touches, its variant's id (or, adding a product without options, the product's). */
export type CartChange =
  | { type: "add"; productId: string; variantId?: string | undefined; key: string; quantity: number }
  | { type: "set-quantity"; itemId: string; key: string; quantity: number }
  | { type: "remove"; itemId: string; key: string }
  | { type: "clear" }
  | { type: "merge"; items: MergeLine[] };

interface CartChangeRequest {
  userId: string;
  change: CartChange;
}

const cartChangeKey = ["cart-change"] as const;

function send(change: CartChange): Promise<Cart> {
  switch (change.type) {
    case "add":
      return addCartItem(change.productId, change.quantity, change.variantId);
    case "set-quantity":
      return setCartItemQuantity(change.itemId, change.quantity);
    case "remove":
      return removeCartItem(change.itemId);
    case "clear":
      return clearServerCart();
    case "merge":
      return mergeIntoServerCart(change.items);
  }
}

/** The cache holds the cart itself; a merge's notices are shown once, not kept. */
function withoutNotices({ notices: _notices, ...cart }: Cart): Cart {
  return cart;
}

/** Does this pending change touch the line with this key (its variant's id)? */
export function changeTouchesLine(change: CartChange, key: string): boolean {
  if (change.type === "clear" || change.type === "merge") return true;
  return change.key === key;
}

export interface ServerCart {
  cart: Cart | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
  /** Sends a change; the answered cart replaces the cached one. Rejects with the server's error. */
  change: (change: CartChange) => Promise<Cart>;
  /** Changes still waiting for an answer. */
  pendingChanges: CartChange[];
}

/**
 * The signed-in shopper's cart, held by the server: GET /api/cart in the query cache, and changes
 * that each answer the whole cart (figures included) and write it into the cache.
 */
export function useServerCart(userId: string | null, { enabled }: { enabled: boolean }): ServerCart {
  const queryClient = useQueryClient();
  const [sequencer] = useState(createCartWriteSequencer);

  const query = useQuery({
    queryKey: serverCartQueryKey(userId ?? ""),
    queryFn: ({ signal }) => fetchCart(signal),
    enabled: userId !== null && enabled,
    // Every change answers the whole cart, so the cache is current without reading it again.
    staleTime: 30_000,
  });

  const { mutateAsync } = useMutation({
    mutationKey: cartChangeKey,
    mutationFn: async ({ userId: owner, change }: CartChangeRequest) => {
      const key = serverCartQueryKey(owner);
      sequencer.start();
      let answer: Cart | undefined;
      try {
        // A read already on its way may predate this change: it must not land after it.
        await queryClient.cancelQueries({ queryKey: key });
        answer = await send(change);
        return answer;
      } finally {
        const decision = sequencer.finish();
        if (decision === "write" && answer) {
          await queryClient.cancelQueries({ queryKey: key });
          queryClient.setQueryData(key, withoutNotices(answer));
        } else if (decision !== "wait") {
          // After an overlap, or a failure (the cart may have moved on: stock, another tab): read it again.
          void queryClient.invalidateQueries({ queryKey: key });
        }
      }
    },
  });

  const change = useCallback(
    (next: CartChange) => {
      if (userId === null) return Promise.reject(new Error("Sign in to change the cart on the server."));
      return mutateAsync({ userId, change: next });
    },
    [userId, mutateAsync],
  );

  const pendingRequests = useMutationState({
    filters: { mutationKey: cartChangeKey, status: "pending" },
    select: (mutation) => mutation.state.variables as CartChangeRequest | undefined,
  });
  const pendingChanges = useMemo(
    () =>
      pendingRequests.flatMap((request) => (request && request.userId === userId ? [request.change] : [])),
    [pendingRequests, userId],
  );

  const { refetch } = query;
  return {
    cart: userId === null ? undefined : query.data,
    isPending: userId !== null && query.isPending,
    isError: userId !== null && query.isError && query.data === undefined,
    refetch: useCallback(() => void refetch(), [refetch]),
    change,
    pendingChanges,
  };
}
