import { ProductSchema } from "@haggle/contract/products";
import { z } from "zod";
import { type CartLine, lineKey } from "./cart-lines";

const CartLineSchema = ProductSchema.extend({
  quantity: z.number().int().positive(),
  addedAt: z.string(),
  variantId: z.string().optional(),
  variantTitle: z.string().optional(),
});

/** Lines stored by another version or edited by hand are dropped one by one, not the whole cart. */
export function decodeStoredCart(raw: string): CartLine[] {
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
    if (parsed.success && !lines.some((line) => lineKey(line) === lineKey(parsed.data)))
      lines.push(parsed.data);
  }
  return lines;
}

/** Stored as the API writes a product: prices in dollars, read back to cents by decodeStoredCart. */
export function encodeStoredCart(lines: readonly CartLine[]): string {
  return JSON.stringify(z.encode(z.array(CartLineSchema), [...lines]));
}
