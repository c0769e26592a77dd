import type { Product } from "@haggle/contract/products";
import { type ReactNode, useCallback, useEffect, useMemo, useReducer } from "react";
import { CartContext, type CartContextValue } from "../hooks/cart-context";
import { cartItemCount, cartReducer, cartSubtotalCents } from "../lib/cart-lines";
import {
  CART_STORAGE_KEY,
  parseStoredCart,
  readStoredCart,
  writeStoredCart,
} from "../lib/local-cart-storage";

/** The anonymous cart, kept in localStorage under "cart" and shared by every open tab. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [lines, dispatch] = useReducer(cartReducer, undefined, readStoredCart);

  useEffect(() => {
    writeStoredCart(lines);
  }, [lines]);

  useEffect(() => {
    function onStorage(event: StorageEvent) {
      // key null: another tab cleared all of localStorage.
      if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
      dispatch({ type: "replace", lines: parseStoredCart(event.newValue) });
    }
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const addToCart = useCallback((product: Product, quantity = 1) => {
    dispatch({ type: "add", product, quantity, at: new Date().toISOString() });
  }, []);
  const setQuantity = useCallback((productId: string, quantity: number) => {
    dispatch({ type: "set-quantity", productId, quantity });
  }, []);
  const removeFromCart = useCallback((productId: string) => dispatch({ type: "remove", productId }), []);
  const clearCart = useCallback(() => dispatch({ type: "clear" }), []);

  const value = useMemo<CartContextValue>(
    () => ({
      lines,
      itemCount: cartItemCount(lines),
      subtotalCents: cartSubtotalCents(lines),
      addToCart,
      setQuantity,
      removeFromCart,
      clearCart,
    }),
    [lines, addToCart, setQuantity, removeFromCart, clearCart],
  );

  return <CartContext value={value}>{children}</CartContext>;
}
