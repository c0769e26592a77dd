import type { Product } from "@haggle/contract/products";
import { createContext } from "react";
import type { CartLine } from "../lib/cart-lines";

export interface CartContextValue {
  lines: CartLine[];
  /** Sum of quantities. */
  itemCount: number;
  subtotalCents: number;
  addToCart: (product: Product, quantity?: number) => void;
  /** 0 or less removes the line. */
  setQuantity: (productId: string, quantity: number) => void;
  removeFromCart: (productId: string) => void;
  clearCart: () => void;
}

export const CartContext = createContext<CartContextValue | null>(null);
