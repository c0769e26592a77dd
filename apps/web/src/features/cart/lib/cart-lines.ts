import type { Product } from "@haggle/contract/products";

/** Which variant of a product a line buys (a size, a colour); absent for a product without options. */
export interface ChosenVariant {
  id: string;
  /** Its option values as shown ("M / Black"). */
  title: string;
}

/**
 * A line of the anonymous (browser-stored) cart: the product fields plus quantity and addedAt,
 * and the variant it buys when the product has options.
 */
export type CartLine = Product & {
  quantity: number;
  addedAt: string;
  variantId?: string;
  variantTitle?: string;
};

/** What tells a cart's lines apart: the variant's id, else (a product without options) the product's. */
export function lineKey(line: { id: string; variantId?: string | undefined }): string {
  return line.variantId ?? line.id;
}

export type CartAction =
  | { type: "add"; product: Product; variant?: ChosenVariant | undefined; quantity: number; at: string }
  | { type: "set-quantity"; key: string; quantity: number }
  | { type: "remove"; key: string }
  | { type: "clear" }
  | { type: "replace"; lines: CartLine[] };

/**
 * Adding a variant (or a product without options) already in the cart raises its line's quantity
 * (its product fields are refreshed); a quantity of 0 or less removes the line.
 */
export function cartReducer(lines: CartLine[], action: CartAction): CartLine[] {
  switch (action.type) {
    case "add": {
      if (!Number.isInteger(action.quantity) || action.quantity <= 0) return lines;
      const added: Omit<CartLine, "quantity" | "addedAt"> = action.variant
        ? { ...action.product, variantId: action.variant.id, variantTitle: action.variant.title }
        : action.product;
      const key = lineKey(added);
      const existing = lines.find((line) => lineKey(line) === key);
      if (!existing) return [...lines, { ...added, quantity: action.quantity, addedAt: action.at }];
      return lines.map((line) =>
        lineKey(line) === key
          ? { ...added, quantity: line.quantity + action.quantity, addedAt: line.addedAt }
          : line,
      );
    }
    case "set-quantity": {
      if (action.quantity <= 0 || !Number.isFinite(action.quantity)) {
        return lines.filter((line) => lineKey(line) !== action.key);
      }
      const quantity = Math.floor(action.quantity);
      return lines.map((line) => (lineKey(line) === action.key ? { ...line, quantity } : line));
    }
    case "remove":
      return lines.filter((line) => lineKey(line) !== action.key);
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
