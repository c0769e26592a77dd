import { ProductSchema } from "@haggle/contract/products";
import { z } from "zod";
import type { CartLine } from "./cart-lines";

/** The spec's browser storage key for the anonymous cart. */
export const CART_STORAGE_KEY = "cart";

const CartLineSchema = ProductSchema.extend({
  quantity: z.number().int().positive(),
  addedAt: z.string(),
});

/** Lines stored by another version or edited by hand are dropped one by one, not the whole cart. */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const lines: CartLine[] = [];
  for (const item of data) {
    const parsed = CartLineSchema.safeParse(item);
    if (parsed.success && !lines.some((line) => line.id === parsed.data.id)) lines.push(parsed.data);
  }
  return lines;
}

export function readStoredCart(): CartLine[] {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    // Storage can be unavailable (privacy modes, disabled cookies): the cart then lives in memory.
    return [];
  }
}

/** An empty cart is no key at all: after the sign-in merge the local copy is deleted, not left as "[]". */
export function writeStoredCart(lines: readonly CartLine[]): void {
  try {
    if (lines.length === 0) window.localStorage.removeItem(CART_STORAGE_KEY);
    // Stored as the API writes a product: prices in dollars, read back to cents by parseStoredCart.
    else
      window.localStorage.setItem(
        CART_STORAGE_KEY,
        JSON.stringify(z.encode(z.array(CartLineSchema), [...lines])),
      );
  } catch {
    // Quota exceeded or storage disabled: keep the in-memory cart working.
  }
}
