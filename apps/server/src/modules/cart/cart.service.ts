import { MAX_LINE_QUANTITY } from "@haggle/contract/cart";
import { chooseVariantSentence, variantName } from "@haggle/domain/catalog/variant-name";
import { conflict, invalid, notFound } from "@haggle/domain/errors";
import type { Db, Tx } from "../../platform/db/client.ts";
import { findProductVariants, type ProductVariants } from "../catalog/index.ts";
import { enterCartCode, removeCartCode } from "../discounts/index.ts";
import { cartView } from "./cart-view.store.ts";
import {
  addToCartItem,
  type CartRow,
  deleteCartItem,
  deleteCartItems,
  ensureActiveCart,
  findCartItem,
  insertActiveCart,
  insertCartItem,
  loadCartItems,
  lockActiveCart,
  lockCart,
  updateCartItemQuantity,
  voidNegotiatedPrices,
} from "./cart.store.ts";

/** A variant as a cart change weighs it: which line it is, its name in sentences, its stock. */
interface SellableVariant {
  productId: string;
  variantId: string;
  name: string;
  stockLevel: number;
}

/** A product without options has exactly one variant, its default (no option values). */
function defaultVariantOf(found: ProductVariants) {
  const [only, more] = found.variants;
  return only && !more && only.optionValues.length === 0 ? only : undefined;
}

/**
 * The variant a line buys: the one named, which must be the product's; without one, a product
 * without options buys its default variant. Undefined when there is no such variant.
 */
function chosenVariant(found: ProductVariants, variantId: string | undefined): SellableVariant | undefined {
  const variant =
    variantId !== undefined ? found.variants.find((v) => v.id === variantId) : defaultVariantOf(found);
  if (!variant) return undefined;
  return {
    productId: found.product.id,
    variantId: variant.id,
    name: variantName(found.product.name, variant.optionValues),
    stockLevel: variant.stockLevel,
  };
}

/** Why no variant was chosen: another product's variant named, or a product with options left without one. */
async function noVariantSentence(tx: Tx, found: ProductVariants, variantId: string | undefined) {
  if (variantId !== undefined) return `${found.product.name} has no variant with that id.`;
  const withOptions = await findProductVariants(tx, found.product.id, true);
  return chooseVariantSentence(
    found.product.name,
    (withOptions?.options ?? []).map((o) => o.name),
  );
}

/** A variant that may go into a cart: its product exists and is not hidden, and the variant is chosen. */
export async function sellableVariant(tx: Tx, productId: string, variantId: string | undefined) {
  const found = await findProductVariants(tx, productId);
  if (!found || found.product.hidden) throw notFound("No product has that id.");
  const chosen = chosenVariant(found, variantId);
  if (!chosen)
    throw invalid(
      await noVariantSentence(tx, found, variantId),
      variantId === undefined ? "VARIANT_REQUIRED" : "VARIANT_NOT_FOUND",
    );
  return chosen;
}

export function assertStock(product: { name: string; stockLevel: number }, wanted: number) {
  if (wanted > MAX_LINE_QUANTITY) {
    throw conflict(
      `You can have at most ${MAX_LINE_QUANTITY} of ${product.name} in your cart.`,
      "QUANTITY_LIMIT",
    );
  }
  if (product.stockLevel <= 0) throw conflict(`${product.name} is out of stock.`, "OUT_OF_STOCK");
  if (wanted > product.stockLevel) {
    throw conflict(`Only ${product.stockLevel} of ${product.name} left in stock.`, "INSUFFICIENT_STOCK");
  }
}

async function ownLine(tx: Tx, cartId: string, itemId: string) {
  const line = await findCartItem(tx, cartId, itemId);
  if (!line) throw notFound("That item is not in your cart.");
  return line;
}

/** The shopper's active cart, made if there is none, locked for the transaction (409 if it was just checked out). */
async function lockShoppersCart(tx: Tx, userId: string): Promise<CartRow> {
  // Usually there is one: found and locked in one statement. Else (none yet: the last one was
  // checked out) one is made and locked; should that find none either, the long way, which
  // says so if the cart was just checked out.
  const active = await lockActiveCart(tx, userId);
  if (active) return active;
  await insertActiveCart(tx, userId);
  const made = await lockActiveCart(tx, userId);
  if (made) return made;
  const found = await ensureActiveCart(tx, userId);
  const cart = await lockCart(tx, found.id);
  if (cart?.status !== "active")
    throw conflict("Your cart was just checked out. Please try again.", "CART_CONVERTED");
  return cart;
}

/** Runs a change to the shopper's active cart in one transaction and answers the new cart. */
async function changeCart(db: Db, userId: string, change: (tx: Tx, cart: CartRow) => Promise<void>) {
  return db.transaction(async (tx) => {
    const cart = await lockShoppersCart(tx, userId);
    await change(tx, cart);
    const fresh = await voidNegotiatedPrices(tx, cart.id, null, cart);
    return cartView(tx, fresh ?? cart);
  });
}

export async function addCartItem(
  db: Db,
  userId: string,
  wanted: { productId: string; variantId?: string | undefined; quantity: number },
) {
  return changeCart(db, userId, async (tx, cart) => {
    const variant = await sellableVariant(tx, wanted.productId, wanted.variantId);
    assertStock(variant, await addToCartItem(tx, cart.id, variant, wanted.quantity));
  });
}

export async function setCartItemQuantity(db: Db, userId: string, itemId: string, quantity: number) {
  return changeCart(db, userId, async (tx, cart) => {
    const line = await ownLine(tx, cart.id, itemId);
    if (quantity <= 0) {
      await deleteCartItem(tx, line.id);
      return;
    }
    assertStock(await sellableVariant(tx, line.productId, line.variantId), quantity);
    await updateCartItemQuantity(tx, line.id, quantity);
  });
}

export async function removeCartItem(db: Db, userId: string, itemId: string) {
  return changeCart(db, userId, async (tx, cart) => {
    const line = await ownLine(tx, cart.id, itemId);
    await deleteCartItem(tx, line.id);
  });
}

/** Enters a discount code on the shopper's active cart (replacing the one it held); Ava's price stays. */
export async function enterDiscountCode(db: Db, userId: string, code: string) {
  return withActiveCart(db, userId, (tx, cart) => enterCartCode(tx, cart.id, code));
}

export async function removeDiscountCode(db: Db, userId: string) {
  return withActiveCart(db, userId, (tx, cart) => removeCartCode(tx, cart.id));
}

/** A change beside the lines (the discount code): the cart locked, its prices and Ava's kept. */
async function withActiveCart(db: Db, userId: string, change: (tx: Tx, cart: CartRow) => Promise<void>) {
  return db.transaction(async (tx) => {
    const cart = await lockShoppersCart(tx, userId);
    await change(tx, cart);
    return cartView(tx, cart);
  });
}

export async function clearCart(db: Db, userId: string) {
  return changeCart(db, userId, async (tx, cart) => {
    await deleteCartItems(tx, cart.id);
  });
}

/**
 * The anonymous cart joins the server cart on sign-in: same variant, quantities add, capped at
 * the stock; unknown, hidden or sold-out products (and a product with options saved without its
 * variant) are skipped with a sentence. All or nothing.
 */
export async function mergeCart(
  db: Db,
  userId: string,
  items: { productId: string; variantId?: string | undefined; quantity: number }[],
) {
  const notices: string[] = [];
  const cart = await changeCart(db, userId, async (tx, cartRow) => {
    if (items.length === 0) return;
    const wanted = new Map<string, { variant: SellableVariant; quantity: number }>();
    let missing = 0;
    const seen = new Map<string, ProductVariants | null>();
    for (const item of items) {
      if (!seen.has(item.productId)) seen.set(item.productId, await findProductVariants(tx, item.productId));
      const found = seen.get(item.productId);
      if (!found || found.product.hidden) {
        missing += 1;
        continue;
      }
      const chosen = chosenVariant(found, item.variantId);
      if (!chosen) {
        notices.push(`${await noVariantSentence(tx, found, item.variantId)} It was not added.`);
        continue;
      }
      const before = wanted.get(chosen.variantId);
      wanted.set(chosen.variantId, { variant: chosen, quantity: (before?.quantity ?? 0) + item.quantity });
    }
    if (missing > 0)
      notices.push(
        `${missing} saved item${missing === 1 ? " is" : "s are"} no longer sold and ${missing === 1 ? "was" : "were"} not added.`,
      );
    const existing = await loadCartItems(tx, cartRow.id);
    for (const { variant, quantity: added } of wanted.values()) {
      if (variant.stockLevel <= 0) {
        notices.push(`${variant.name} is out of stock and was not added.`);
        continue;
      }
      const current = existing.find((l) => l.variantId === variant.variantId);
      const asked = (current?.quantity ?? 0) + added;
      const quantity = Math.min(asked, variant.stockLevel, MAX_LINE_QUANTITY);
      if (quantity < asked) {
        notices.push(
          quantity === variant.stockLevel
            ? `Only ${variant.stockLevel} of ${variant.name} left in stock.`
            : `You can have at most ${MAX_LINE_QUANTITY} of ${variant.name} in your cart.`,
        );
      }
      if (current) await updateCartItemQuantity(tx, current.id, quantity);
      else await insertCartItem(tx, cartRow.id, variant, quantity);
    }
  });
  return { ...cart, notices };
}
