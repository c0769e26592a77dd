import type { Cart } from "@haggle/contract/cart";
import { apiFetch } from "@/lib/api-client";

/** Loaded with the first cart request: no first page carries zod (see SchemaSource). */
const CartSchema = () => import("@haggle/contract/cart").then((m) => m.CartSchema);

/** Every cached server cart lives under this prefix; invalidate it after a checkout. */
export const cartQueryKey = ["cart"] as const;

/** One signed-in shopper's cart: keyed by user so a cart never shows to the next person at this browser. */
export function serverCartQueryKey(userId: string) {
  return [...cartQueryKey, userId] as const;
}

export interface MergeLine {
  productId: string;
  /** The variant, for a product with options. */
  variantId?: string | undefined;
  quantity: number;
}

export function fetchCart(signal?: AbortSignal): Promise<Cart> {
  return apiFetch("/api/cart", { schema: CartSchema, ...(signal ? { signal } : {}) });
}

/** Adds units of a variant (a product with options needs its variantId; one without, none). */
export function addCartItem(productId: string, quantity: number, variantId?: string): Promise<Cart> {
  return apiFetch("/api/cart/items", {
    method: "POST",
    body: variantId ? { productId, variantId, quantity } : { productId, quantity },
    schema: CartSchema,
  });
}

/** 0 or less removes the line. */
export function setCartItemQuantity(itemId: string, quantity: number): Promise<Cart> {
  return apiFetch(`/api/cart/items/${encodeURIComponent(itemId)}`, {
    method: "PATCH",
    body: { quantity },
    schema: CartSchema,
  });
}

export function removeCartItem(itemId: string): Promise<Cart> {
  return apiFetch(`/api/cart/items/${encodeURIComponent(itemId)}`, { method: "DELETE", schema: CartSchema });
}

export function clearServerCart(): Promise<Cart> {
  return apiFetch("/api/cart", { method: "DELETE", schema: CartSchema });
}

/** The anonymous cart joins the server cart; `notices` say what could not be added. All or nothing. */
export function mergeIntoServerCart(items: MergeLine[]): Promise<Cart> {
  return apiFetch("/api/cart/merge", { method: "POST", body: { items }, schema: CartSchema });
}

/**
 * Claims the cart an agent filled without an account (its checkout link's token): the lines join
 * this shopper's cart as the anonymous cart's do on sign-in; `notices` say what could not be added.
 */
export function claimAgentCart(token: string): Promise<Cart> {
  return apiFetch("/api/cart/agent-cart", { method: "POST", body: { token }, schema: CartSchema });
}

/** Enters a discount code on the cart (400 with a sentence for a code the shop does not know). */
export function enterDiscountCode(code: string): Promise<Cart> {
  return apiFetch("/api/cart/discount-code", { method: "PUT", body: { code }, schema: CartSchema });
}

export function removeDiscountCode(): Promise<Cart> {
  return apiFetch("/api/cart/discount-code", { method: "DELETE", schema: CartSchema });
}
