import { type Cart, MAX_LINE_QUANTITY } from "@haggle/contract/cart";
import { toCents, toDollars } from "@haggle/domain/pricing/money";
import { pricingRulesFrom, type QuoteLine, quoteCart, unitPrice } from "@haggle/domain/pricing/quote-cart";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.ts";
import { cartItems, carts, negotiationOffers, products } from "../../platform/db/schema.ts";
import { conflict, notFound } from "../../http/http-error.ts";
import { productColumns, toProductDto } from "../catalog/product-dto.ts";
import { loadSellerConfig } from "../settings/settings.store.ts";

type CartRow = typeof carts.$inferSelect;
type Queryable = Db | Tx;

export async function findActiveCart(db: Queryable, userId: string): Promise<CartRow | null> {
  const [row] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.userId, userId), eq(carts.status, "active")))
    .limit(1);
  return row ?? null;
}

/** The shopper's active cart, created when there is none (a race creates only one: partial unique index). */
export async function ensureActiveCart(db: Queryable, userId: string): Promise<CartRow> {
  const existing = await findActiveCart(db, userId);
  if (existing) return existing;
  await db.execute(
    sql`insert into carts (user_id, status) values (${userId}, 'active') on conflict do nothing`,
  );
  const created = await findActiveCart(db, userId);
  if (!created) throw new Error("could not create an active cart");
  return created;
}

export async function loadCartLines(db: Queryable, cartId: string) {
  return db
    .select({ item: cartItems, product: productColumns })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id));
}

/** Cart lines as the pricing rule reads them: the snapshot when the server wrote one, else the price. */
export function quoteLinesOf(lines: Awaited<ReturnType<typeof loadCartLines>>): QuoteLine[] {
  return lines.map(({ item, product }) => ({
    price: toCents(product.price),
    priceSnapshot: item.priceSnapshot === null ? null : toCents(item.priceSnapshot),
    listPrice: toCents(product.listPrice),
    quantity: item.quantity,
  }));
}

/** The cart as the API shows it, priced by the one pricing rule. */
export async function cartView(db: Queryable, cart: CartRow): Promise<Cart> {
  // Sequential: `db` may be a transaction (one connection), where pg may not overlap queries.
  const lines = await loadCartLines(db, cart.id);
  const config = await loadSellerConfig(db);
  const quoteLines = quoteLinesOf(lines);
  const quote = quoteCart(quoteLines, toCents(cart.negotiatedDiscount), pricingRulesFrom(config.pricing));
  return {
    id: cart.id,
    status: cart.status === "converted" ? "converted" : "active",
    items: lines.map(({ item, product }, i) => ({
      id: item.id,
      productId: item.productId,
      quantity: item.quantity,
      unitPrice: toDollars(unitPrice(quoteLines[i]!)),
      listPrice: toDollars(toCents(product.listPrice)),
      product: toProductDto(product),
    })),
    summary: {
      itemCount: quote.itemCount,
      subtotal: toDollars(quote.subtotal),
      discount: toDollars(quote.discount),
      shipping: toDollars(quote.shipping),
      tax: toDollars(quote.tax),
      total: toDollars(quote.total),
      savings: toDollars(quote.savings),
    },
    offer: null,
  };
}

/**
 * A negotiated price is bound to the exact cart contents: any change to the lines voids the
 * applied snapshots and order-level discount (decisions.md, Negotiation).
 */
async function voidNegotiatedPrices(tx: Tx, cartId: string) {
  await tx
    .update(negotiationOffers)
    .set({ status: "voided" })
    .where(
      and(eq(negotiationOffers.cartId, cartId), inArray(negotiationOffers.status, ["standing", "agreed"])),
    );
  await tx.update(cartItems).set({ priceSnapshot: null }).where(eq(cartItems.cartId, cartId));
  await tx
    .update(carts)
    .set({ negotiatedDiscount: "0", appliedNegotiationId: null, updatedAt: new Date() })
    .where(eq(carts.id, cartId));
}

/** What a cart change needs to know of a product. */
const stockColumns = {
  id: products.id,
  name: products.name,
  stockLevel: products.stockLevel,
  hidden: products.hidden,
};

async function lockedProduct(tx: Tx, productId: string) {
  const [product] = await tx.select(stockColumns).from(products).where(eq(products.id, productId)).limit(1);
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
  const [line] = await tx
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)))
    .limit(1);
  if (!line) throw notFound("That item is not in your cart.");
  return line;
}

/**
 * Locks the cart row for the rest of the transaction. Every writer of a cart's lines or prices
 * (a change, applying an offer, checkout) takes it first, so they never interleave.
 */
export async function lockCart(tx: Tx, cartId: string): Promise<CartRow | null> {
  const [row] = await tx.select().from(carts).where(eq(carts.id, cartId)).for("update");
  return row ?? null;
}

/** Runs a change to the shopper's active cart in one transaction and answers the new cart. */
async function changeCart(db: Db, userId: string, change: (tx: Tx, cart: CartRow) => Promise<void>) {
  return db.transaction(async (tx) => {
    const found = await ensureActiveCart(tx, userId);
    const cart = await lockCart(tx, found.id);
    if (!cart || cart.status !== "active")
      throw conflict("Your cart was just checked out. Please try again.", "CART_CONVERTED");
    await change(tx, cart);
    await voidNegotiatedPrices(tx, cart.id);
    const fresh = await findActiveCart(tx, userId);
    return cartView(tx, fresh ?? cart);
  });
}

export async function addCartItem(db: Db, userId: string, productId: string, quantity: number) {
  return changeCart(db, userId, async (tx, cart) => {
    const product = await lockedProduct(tx, productId);
    const [line] = await tx
      .insert(cartItems)
      .values({ cartId: cart.id, productId, quantity })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.productId],
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
      })
      .returning({ quantity: cartItems.quantity });
    assertStock(product, line?.quantity ?? quantity);
  });
}

export async function setCartItemQuantity(db: Db, userId: string, itemId: string, quantity: number) {
  return changeCart(db, userId, async (tx, cart) => {
    const line = await ownLine(tx, cart.id, itemId);
    if (quantity <= 0) {
      await tx.delete(cartItems).where(eq(cartItems.id, line.id));
      return;
    }
    assertStock(await lockedProduct(tx, line.productId), quantity);
    await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id));
  });
}

export async function removeCartItem(db: Db, userId: string, itemId: string) {
  return changeCart(db, userId, async (tx, cart) => {
    const line = await ownLine(tx, cart.id, itemId);
    await tx.delete(cartItems).where(eq(cartItems.id, line.id));
  });
}

export async function clearCart(db: Db, userId: string) {
  return changeCart(db, userId, async (tx, cart) => {
    await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
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
    const found = await tx
      .select(stockColumns)
      .from(products)
      .where(inArray(products.id, [...wanted.keys()]));
    const existing = await tx.select().from(cartItems).where(eq(cartItems.cartId, cartRow.id));
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
      if (current) await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, current.id));
      else await tx.insert(cartItems).values({ cartId: cartRow.id, productId: product.id, quantity });
    }
  });
  return { ...cart, notices };
}
