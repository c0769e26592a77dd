import type { Queryable } from "../../platform/db/client.ts";

/**
 * What the variant writer needs of the carts: a variant a shopper has in a cart is kept when the
 * merchant's new options no longer name it (the line stays until the shopper removes it). The
 * cart module owns the carts' tables and sits above the catalogue (it reads products through the
 * catalogue's front door), so the catalogue cannot import it: the cart module's front door hands
 * the catalogue this function when it loads (`provideVariantsInCarts`).
 */
export type VariantsInCarts = (db: Queryable, variantIds: readonly string[]) => Promise<Set<string>>;

let provided: VariantsInCarts | null = null;

/** Called once by the cart module's front door. */
export function provideVariantsInCarts(held: VariantsInCarts): void {
  provided = held;
}

/** Which of these variants are in a cart; refusing to go on without the cart module, so no line loses its variant. */
export function variantsInCarts(): VariantsInCarts {
  if (!provided)
    throw new Error("The cart module is not loaded: import its front door before writing product variants.");
  return provided;
}
