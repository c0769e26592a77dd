import type { CartLine } from "./cart-lines";

/** The spec's browser storage key for the anonymous cart. */
export const CART_STORAGE_KEY = "cart";

/**
 * The stored cart is read and written with the contract's product schema (stored-cart-codec.ts),
 * which brings zod: it loads only when there is a cart to read or write, so a first visit with an
 * empty cart carries none of it (e2e/initial-js-budget.spec.ts).
 */
const loadCodec = () => import("./stored-cart-codec");

/** The stored cart's text; null when there is none or storage is unavailable (privacy modes). */
export function readStoredCartText(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Lines stored by another version or edited by hand are dropped one by one, not the whole cart. */
export async function parseStoredCart(raw: string | null): Promise<CartLine[]> {
  if (!raw) return [];
  return (await loadCodec()).decodeStoredCart(raw);
}

let writes: Promise<void> = Promise.resolve();

/**
 * An empty cart is no key at all: after the sign-in merge the local copy is deleted, not left as
 * "[]". Writes happen in the order they were asked for, even while the codec is still loading.
 */
export function writeStoredCart(lines: readonly CartLine[]): Promise<void> {
  writes = writes.then(async () => {
    try {
      if (lines.length === 0) window.localStorage.removeItem(CART_STORAGE_KEY);
      else window.localStorage.setItem(CART_STORAGE_KEY, (await loadCodec()).encodeStoredCart(lines));
    } catch {
      // Quota exceeded or storage disabled: keep the in-memory cart working.
    }
  });
  return writes;
}
