import type { Cart } from "@haggle/contract/cart";
import type { Product } from "@haggle/contract/products";
import { createContext } from "react";
import type { CartLine } from "../lib/cart-lines";

export interface CartContextValue {
  /** Where the cart in use lives: the browser for anonymous visitors, the server once signed in. */
  source: "local" | "server";
  /** The header badge: the sum of quantities of the cart in use. */
  itemCount: number;
  /** The anonymous cart (browser storage); emptied once merged into the server cart. */
  localLines: CartLine[];
  /** The signed-in shopper's cart with the server's figures; undefined while loading or signed out. */
  serverCart: Cart | undefined;
  /** Signed in and the server cart is not there yet (loading, or the sign-in merge is running). */
  isLoading: boolean;
  /** Signed in and the server cart could not be read. */
  isError: boolean;
  reload: () => void;
  /** A change touching this product's line is waiting for the server. */
  isLinePending: (productId: string) => boolean;
  /** Resolves once the cart in use holds the product; rejects with the server's error (e.g. 409 stock). */
  addToCart: (product: Product, quantity?: number) => Promise<void>;
  /** 0 or less removes the line. */
  setQuantity: (productId: string, quantity: number) => Promise<void>;
  removeFromCart: (productId: string) => Promise<void>;
  clearCart: () => Promise<void>;
}

export const CartContext = createContext<CartContextValue | null>(null);
