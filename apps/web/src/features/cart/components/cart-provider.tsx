import { MAX_LINE_QUANTITY } from "@haggle/contract/limits";
import type { Product } from "@haggle/contract/products";
import type { ChosenVariant } from "../lib/cart-lines";
import {
  type Dispatch,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useState,
} from "react";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/error-message";
import { changeTouchesLine, useServerCart } from "../api/use-server-cart";
import { CartContext, type CartContextValue } from "../hooks/cart-context";
import { useMergeLocalCart } from "../hooks/use-merge-local-cart";
import { type CartAction, type CartLine, cartItemCount, cartReducer } from "../lib/cart-lines";
import {
  CART_STORAGE_KEY,
  parseStoredCart,
  readStoredCartText,
  writeStoredCart,
} from "../lib/local-cart-storage";

const MAX_MERGE_LINES = 100;

interface CartProviderProps {
  children: ReactNode;
  /**
   * The signed-in shopper's id, or null for an anonymous visitor (or while the session is still
   * unknown). Given by the app, so the cart feature does not depend on the auth feature.
   */
  userId?: string | null;
}

/**
 * The cart in use. Anonymous: kept in localStorage under "cart" and shared by every open tab.
 * Signed in: held by the server; on sign-in the local lines are merged into it, then deleted.
 */
export function CartProvider({ children, userId = null }: CartProviderProps) {
  const { localLines, dispatch, storedRead } = useStoredCartLines();
  const mergeLines = useMergeLines(localLines);
  const isMerging = useMergeLocalCart({
    // Nothing is merged or read from the server before the local lines are known.
    userId: storedRead ? userId : null,
    localLines: mergeLines,
    // Called from an effect, after `change` below exists. The merge goes through the same change
    // queue as every other cart change, so an answer that arrives late never overwrites a newer cart.
    merge: (items) => change({ type: "merge", items }),
    onMerged: (cart) => {
      dispatch({ type: "clear" });
      for (const notice of cart.notices ?? []) toast.warning(notice);
    },
    onFailed: reportMergeFailure,
  });
  // While the merge runs, the server cart is not read: the merge answers the merged cart.
  const server = useServerCart(userId, { enabled: storedRead && !isMerging });
  const { change } = server;
  const isSignedIn = userId !== null;
  const serverCart = isMerging ? undefined : server.cart;
  const actions = useCartActions(isSignedIn, dispatch, change, serverCart);

  const { pendingChanges, refetch } = server;
  const isLinePending = useCallback(
    (key: string) => pendingChanges.some((pending) => changeTouchesLine(pending, key)),
    [pendingChanges],
  );

  const localCount = cartItemCount(localLines);
  const serverCount = serverCart?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
  const itemCount = !isSignedIn ? localCount : isMerging ? localCount : serverCount;
  const { addToCart, setQuantity, removeFromCart, clearCart } = actions;

  const value = useMemo<CartContextValue>(
    () => ({
      source: isSignedIn ? "server" : "local",
      itemCount,
      localLines,
      serverCart,
      isLoading: isSignedIn && (isMerging || server.isPending),
      isError: isSignedIn && !isMerging && server.isError,
      reload: refetch,
      isLinePending,
      addToCart,
      setQuantity,
      removeFromCart,
      clearCart,
    }),
    [
      isSignedIn,
      itemCount,
      localLines,
      serverCart,
      isMerging,
      server.isPending,
      server.isError,
      refetch,
      isLinePending,
      addToCart,
      setQuantity,
      removeFromCart,
      clearCart,
    ],
  );

  return <CartContext value={value}>{children}</CartContext>;
}

/**
 * The anonymous cart's lines, read from localStorage after the first render and written back on
 * every change; another tab's change replaces them.
 */
function useStoredCartLines() {
  // Read after the first render, before the first paint: the server renders an empty cart (it
  // has no localStorage) and the page it rendered must hydrate as it was rendered.
  const [localLines, dispatch] = useReducer(cartReducer, []);
  const [storedRead, setStoredRead] = useState(false);
  useLayoutEffect(() => {
    const raw = readStoredCartText();
    if (!raw) {
      setStoredRead(true);
      return;
    }
    // A stored cart is decoded by the contract's schema, loaded on demand (local-cart-storage.ts).
    let current = true;
    void parseStoredCart(raw).then((lines) => {
      if (!current) return;
      dispatch({ type: "replace", lines });
      setStoredRead(true);
    });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    // Not before the stored cart is read: the empty first render would erase it.
    if (storedRead) void writeStoredCart(localLines);
  }, [localLines, storedRead]);

  useEffect(() => {
    function onStorage(event: StorageEvent) {
      // key null: another tab cleared all of localStorage.
      if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
      void parseStoredCart(event.newValue).then((lines) => dispatch({ type: "replace", lines }));
    }
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  return { localLines, dispatch, storedRead };
}

/**
 * The local lines as the merge request takes them: at most 100 lines of at most
 * MAX_LINE_QUANTITY each; the local cart has no such limit, and one line too many would make
 * every merge fail.
 */
function useMergeLines(localLines: CartLine[]) {
  return useMemo(
    () =>
      localLines.slice(0, MAX_MERGE_LINES).map((line) => ({
        productId: line.id,
        variantId: line.variantId,
        quantity: Math.min(line.quantity, MAX_LINE_QUANTITY),
      })),
    [localLines],
  );
}

function reportMergeFailure(error: unknown) {
  toast.error("Your saved cart could not be added to your account", {
    description: errorMessage(error, "It is kept on this device; we will try again next time you sign in."),
  });
}

type ServerCartState = ReturnType<typeof useServerCart>;

/** Adding, changing, removing and clearing lines: in the local cart, or through the server's change queue. */
function useCartActions(
  isSignedIn: boolean,
  dispatch: Dispatch<CartAction>,
  change: ServerCartState["change"],
  serverCart: ServerCartState["cart"] | undefined,
) {
  const addToCart = useCallback(
    async (product: Product, quantity = 1, variant?: ChosenVariant) => {
      if (!isSignedIn) {
        dispatch({ type: "add", product, variant, quantity, at: new Date().toISOString() });
        return;
      }
      await change({
        type: "add",
        productId: product.id,
        variantId: variant?.id,
        key: variant?.id ?? product.id,
        quantity,
      });
    },
    [isSignedIn, change, dispatch],
  );

  // A server line's key is its variant's id; a product's id finds the line of a product without options.
  const serverItem = useCallback(
    (key: string) =>
      serverCart?.items.find((item) => item.variantId === key) ??
      serverCart?.items.find((item) => item.productId === key && item.variantTitle === ""),
    [serverCart],
  );

  const setQuantity = useCallback(
    async (key: string, quantity: number) => {
      if (!isSignedIn) {
        dispatch({ type: "set-quantity", key, quantity });
        return;
      }
      const item = serverItem(key);
      if (!item) return;
      const whole = Number.isFinite(quantity) ? Math.trunc(quantity) : 0;
      await change({ type: "set-quantity", itemId: item.id, key: item.variantId, quantity: whole });
    },
    [isSignedIn, serverItem, change, dispatch],
  );

  const removeFromCart = useCallback(
    async (key: string) => {
      if (!isSignedIn) {
        dispatch({ type: "remove", key });
        return;
      }
      const item = serverItem(key);
      if (item) await change({ type: "remove", itemId: item.id, key: item.variantId });
    },
    [isSignedIn, serverItem, change, dispatch],
  );

  const clearCart = useCallback(async () => {
    if (!isSignedIn) {
      dispatch({ type: "clear" });
      return;
    }
    await change({ type: "clear" });
  }, [isSignedIn, change, dispatch]);

  return { addToCart, setQuantity, removeFromCart, clearCart };
}
