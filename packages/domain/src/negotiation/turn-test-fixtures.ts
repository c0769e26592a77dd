/**
 * A cart line as a negotiation turn sees it, for the negotiation's tests: one of a kind at
 * `price`, list price the same, plenty in stock, middling demand; `extra` changes any field.
 */
import type { TurnLine } from "./negotiation-types.ts";

export const turnLine = (price: number, extra: Partial<TurnLine> = {}): TurnLine => ({
  cartItemId: `item-${price}`,
  productId: `product-${price}`,
  name: `Thing ${price}`,
  brand: "Acme",
  category: "Audio",
  price,
  listPrice: price,
  quantity: 1,
  stockLevel: 100,
  demandIndex: 0.5,
  ...extra,
});
