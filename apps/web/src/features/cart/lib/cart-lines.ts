import type { Product } from "@haggle/contract/products";

/** A line of the anonymous (browser-stored) cart: the product fields plus quantity and addedAt. */
export type CartLine = Product & { quantity: number; addedAt: string };

export type CartAction =
  | { type: "add"; product: Product; quantity: number; at: string }
  | { type: "set-quantity"; productId: string; quantity: number }
  | { type: "remove"; productId: string }
  | { type: "clear" }
  | { type: "replace"; lines: CartLine[] };

/**
 * Adding a product already in the cart raises its quantity (its product fields are refreshed);
 * a quantity of 0 or less removes the line.
 */
export function cartReducer(lines: CartLine[], action: CartAction): CartLine[] {
  switch (action.type) {
    case "add": {
      if (!Number.isInteger(action.quantity) || action.quantity <= 0) return lines;
      const existing = lines.find((line) => line.id === action.product.id);
      if (!existing) return [...lines, { ...action.product, quantity: action.quantity, addedAt: action.at }];
      return lines.map((line) =>
        line.id === action.product.id
          ? { ...action.product, quantity: line.quantity + action.quantity, addedAt: line.addedAt }
          : line,
      );
    }
    case "set-quantity": {
      if (action.quantity <= 0 || !Number.isFinite(action.quantity)) {
        return lines.filter((line) => line.id !== action.productId);
      }
      const quantity = Math.floor(action.quantity);
      return lines.map((line) => (line.id === action.productId ? { ...line, quantity } : line));
    }
    case "remove":
      return lines.filter((line) => line.id !== action.productId);
    case "clear":
      return [];
    case "replace":
      return action.lines;
  }
}

/** The header badge: the sum of quantities, not the number of lines. */
export function cartItemCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Sum of price x quantity, in cents. */
export function cartSubtotalCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
}
