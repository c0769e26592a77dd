import type { Cart } from "@haggle/contract/cart";
import type { Product } from "@haggle/contract/products";
import { createContext } from "react";
import type { CartLine, ChosenVariant } from "../lib/cart-lines";

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
  /**
   * A change touching this line is waiting for the server. A line's key is its variant's id (a
   * server line's `variantId`, a local line's `lineKey`); a product's id stands for the line of a
   * product without options.
   */
  isLinePending: (key: string) => boolean;
  /**
   * Resolves once the cart in use holds the product (the variant chosen, for a product with
   * options); rejects with the server's error (e.g. 409 stock, 400 when a variant is needed).
   */
  addToCart: (product: Product, quantity?: number, variant?: ChosenVariant) => Promise<void>;
  /** 0 or less removes the line. */
  setQuantity: (key: string, quantity: number) => Promise<void>;
  removeFromCart: (key: string) => Promise<void>;
  clearCart: () => Promise<void>;
}

export const CartContext = createContext<CartContextValue | null>(null);
