import { MAX_LINE_QUANTITY } from "@haggle/contract/cart";
import { conflict, notFound } from "@haggle/domain/errors";
import type { Db, Tx } from "../../platform/db/client.ts";
import { findProductStock, findProductsStock } from "../catalog/index.ts";
import { cartView } from "./cart-view.store.ts";
import {
  addToCartItem,
  type CartRow,
  deleteCartItem,
  deleteCartItems,
  ensureActiveCart,
  findActiveCart,
  findCartItem,
  insertCartItem,
  loadCartItems,
  lockCart,
  updateCartItemQuantity,
  voidNegotiatedPrices,
} from "./cart.store.ts";

/** A product that may go into a cart: it exists and is not hidden. */
async function sellableProduct(tx: Tx, productId: string) {
  const product = await findProductStock(tx, productId);
  if (!product || product.hidden) throw notFound("No product has that id.");
  return product;
}

function assertStock(product: { name: string; stockLevel: number }, wanted: number) {
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

/** Runs a change to the shopper's active cart in one transaction and answers the new cart. */
async function changeCart(db: Db, userId: string, change: (tx: Tx, cart: CartRow) => Promise<void>) {
  return db.transaction(async (tx) => {
    const found = await ensureActiveCart(tx, userId);
    const cart = await lockCart(tx, found.id);
    if (cart?.status !== "active")
      throw conflict("Your cart was just checked out. Please try again.", "CART_CONVERTED");
    await change(tx, cart);
    await voidNegotiatedPrices(tx, cart.id);
    const fresh = await findActiveCart(tx, userId);
    return cartView(tx, fresh ?? cart);
  });
}

export async function addCartItem(db: Db, userId: string, productId: string, quantity: number) {
  return changeCart(db, userId, async (tx, cart) => {
    const product = await sellableProduct(tx, productId);
    assertStock(product, await addToCartItem(tx, cart.id, productId, quantity));
  });
}

export async function setCartItemQuantity(db: Db, userId: string, itemId: string, quantity: number) {
  return changeCart(db, userId, async (tx, cart) => {
    const line = await ownLine(tx, cart.id, itemId);
    if (quantity <= 0) {
      await deleteCartItem(tx, line.id);
      return;
    }
    assertStock(await sellableProduct(tx, line.productId), quantity);
    await updateCartItemQuantity(tx, line.id, quantity);
  });
}

export async function removeCartItem(db: Db, userId: string, itemId: string) {
  return changeCart(db, userId, async (tx, cart) => {
    const line = await ownLine(tx, cart.id, itemId);
    await deleteCartItem(tx, line.id);
  });
}

export async function clearCart(db: Db, userId: string) {
  return changeCart(db, userId, async (tx, cart) => {
    await deleteCartItems(tx, cart.id);
  });
}

/**
 * The anonymous cart joins the server cart on sign-in: same product, quantities add, capped at
 * the stock; unknown, hidden or sold-out products are skipped. All or nothing.
 */
export async function mergeCart(db: Db, userId: string, items: { productId: string; quantity: number }[]) {
  const wanted = new Map<string, number>();
  for (const item of items) wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);
  const notices: string[] = [];
  const cart = await changeCart(db, userId, async (tx, cartRow) => {
    if (wanted.size === 0) return;
    const found = await findProductsStock(tx, [...wanted.keys()]);
    const existing = await loadCartItems(tx, cartRow.id);
    const missing = [...wanted.keys()].filter((id) => !found.some((p) => p.id === id && !p.hidden)).length;
    if (missing > 0)
      notices.push(
        `${missing} saved item${missing === 1 ? " is" : "s are"} no longer sold and ${missing === 1 ? "was" : "were"} not added.`,
      );
    for (const product of found) {
      if (product.hidden) continue;
      if (product.stockLevel <= 0) {
        notices.push(`${product.name} is out of stock and was not added.`);
        continue;
      }
      const current = existing.find((l) => l.productId === product.id);
      const asked = (current?.quantity ?? 0) + (wanted.get(product.id) ?? 0);
      const quantity = Math.min(asked, product.stockLevel, MAX_LINE_QUANTITY);
      if (quantity < asked) {
        notices.push(
          quantity === product.stockLevel
            ? `Only ${product.stockLevel} of ${product.name} left in stock.`
            : `You can have at most ${MAX_LINE_QUANTITY} of ${product.name} in your cart.`,
        );
      }
      if (current) await updateCartItemQuantity(tx, current.id, quantity);
      else await insertCartItem(tx, cartRow.id, product.id, quantity);
    }
  });
  return { ...cart, notices };
}
