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

export function writeStoredCart(lines: readonly CartLine[]): void {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Quota exceeded or storage disabled: keep the in-memory cart working.
  }
}
