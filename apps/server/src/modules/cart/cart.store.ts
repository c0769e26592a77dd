import { parcelWeight } from "@haggle/domain/markets/cart-shipping";
import type { AppliedPriceLapse } from "@haggle/domain/negotiation/applied-price-lapse";
import { variantName } from "@haggle/domain/catalog/variant-name";
import type { CodeLine } from "@haggle/domain/markets/discount-codes";
import { type QuoteLine, shopUnitPrice } from "@haggle/domain/pricing/quote-cart";
import { type SQL, and, asc, eq, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { columnPlaceholders, preparedSql, preparedStatement } from "../../platform/db/prepared.ts";
import { cartItems, carts } from "../../platform/db/schema/carts.ts";
import { cartOffers } from "./offers-port.store.ts";
import { productColumns, productsRead as products, variantsRead as variants } from "../catalog/index.ts";

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;

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
  await insertActiveCart(db, userId);
  const created = await findActiveCart(db, userId);
  if (!created) throw new Error("could not create an active cart");
  return created;
}

/** Makes the shopper an active cart unless one is there (a race makes only one: partial unique index). */
export async function insertActiveCart(db: Queryable, userId: string): Promise<void> {
  await insertActiveCartStatement(db, { userId });
}

const insertActiveCartStatement = preparedSql(
  "cart_insert_active",
  sql`insert into carts (user_id, status) values (${sql.placeholder("userId")}, 'active') on conflict do nothing`,
);

/**
 * Locks the cart row for the rest of the transaction. Every writer of a cart's lines or prices
 * (a change, applying an offer, checkout) takes it first, so they never interleave.
 */
export async function lockCart(tx: Tx, cartId: string): Promise<CartRow | null> {
  const [row] = await tx.select().from(carts).where(eq(carts.id, cartId)).for("update");
  return row ?? null;
}

/**
 * The shopper's active cart, found and locked in one statement (checkout's first step): null when
 * there is none. The lock is the cart's as lockCart takes it.
 */
export async function lockActiveCart(tx: Tx, userId: string): Promise<CartRow | null> {
  const [row] = await lockActiveCartStatement(tx, { userId });
  return row ?? null;
}

// Every add to the cart and every checkout runs these: their SQL is built once (preparedStatement).
const lockActiveCartStatement = preparedStatement("cart_lock_active", (q) =>
  q
    .select()
    .from(carts)
    .where(and(eq(carts.userId, sql.placeholder("userId")), eq(carts.status, "active")))
    .limit(1)
    .for("update"),
);

/** What a line reads of its variant: the variant holds the price and the stock the line buys. */
const lineVariantColumns = {
  id: variants.id,
  sku: variants.sku,
  optionValues: variants.optionValues,
  price: variants.price,
  listPrice: variants.listPrice,
  stockLevel: variants.stockLevel,
  imageUrl: variants.imageUrl,
  weightGrams: variants.weightGrams,
};

/** The cart's lines with their products and variants, in the order they were added. */
export async function loadCartLines(db: Queryable, cartId: string) {
  return cartLinesStatement(db, { cartId });
}

const cartLinesStatement = preparedStatement("cart_lines", (q) =>
  q
    .select({ item: cartItems, product: productColumns, variant: lineVariantColumns })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(variants, eq(variants.id, cartItems.variantId))
    .where(eq(cartItems.cartId, sql.placeholder("cartId")))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id)),
);

export type CartLine = Awaited<ReturnType<typeof loadCartLines>>[number];

/** The cart's lines as loadCartLines reads them, each with whether the merchant hid its product (checkout refuses those). */
export async function loadCheckoutLines(db: Queryable, cartId: string) {
  return checkoutLinesStatement(db, { cartId });
}

const checkoutLinesStatement = preparedStatement("cart_checkout_lines", (q) =>
  q
    .select({
      item: cartItems,
      product: productColumns,
      variant: lineVariantColumns,
      hidden: products.hidden,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(variants, eq(variants.id, cartItems.variantId))
    .where(eq(cartItems.cartId, sql.placeholder("cartId")))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id)),
);

/** The line's name wherever one line is named: "Trail Tee — M / Black" (the product's alone without options). */
export function lineName(line: Pick<CartLine, "product" | "variant">): string {
  return variantName(line.product.name, line.variant.optionValues);
}

/** Cart lines as the pricing rule reads them: the snapshot when the server wrote one, else the variant's price. */
export function quoteLinesOf(lines: readonly CartLine[]): QuoteLine[] {
  return lines.map(({ item, variant }) => ({
    price: variant.price,
    priceSnapshot: item.priceSnapshot,
    listPrice: variant.listPrice,
    quantity: item.quantity,
  }));
}

/** The parcel's weight in grams: each variant's weight times its quantity (none counts as 0). */
export function cartWeightOf(lines: readonly CartLine[]): number {
  return parcelWeight(
    lines.map(({ item, variant }) => ({ weightGrams: variant.weightGrams, quantity: item.quantity })),
  );
}

/** Cart lines as a discount code reads them: each at the shop's price, with its product and category. */
export function codeLinesOf(lines: readonly CartLine[]): CodeLine[] {
  return quoteLinesOf(lines).map((quoteLine, i) => ({
    productId: lines[i]!.product.id,
    categoryIds: [lines[i]!.product.category],
    amount: shopUnitPrice(quoteLine) * quoteLine.quantity,
  }));
}

/** The cart's own rows, without their products. */
export async function loadCartItems(db: Queryable, cartId: string): Promise<CartItemRow[]> {
  return db.select().from(cartItems).where(eq(cartItems.cartId, cartId));
}

/** A line of this cart; another cart's line reads as none. */
export async function findCartItem(
  db: Queryable,
  cartId: string,
  itemId: string,
): Promise<CartItemRow | null> {
  const [line] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)))
    .limit(1);
  return line ?? null;
}

/** What a line buys: the product and which of its variants. */
export interface LineVariant {
  productId: string;
  variantId: string;
}

/** Adds units to the variant's line (a new line when there is none); answers the line's quantity now. */
export async function addToCartItem(
  tx: Tx,
  cartId: string,
  { productId, variantId }: LineVariant,
  quantity: number,
): Promise<number> {
  const [line] = await addToItemStatement(tx, { cartId, productId, variantId, quantity });
  return line?.quantity ?? quantity;
}

const addToItemStatement = preparedStatement("cart_add_to_item", (q) =>
  q
    .insert(cartItems)
    .values(columnPlaceholders("cartId", "productId", "variantId", "quantity"))
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.variantId],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
    })
    .returning({ quantity: cartItems.quantity }),
);

export async function insertCartItem(
  tx: Tx,
  cartId: string,
  { productId, variantId }: LineVariant,
  quantity: number,
): Promise<void> {
  await tx.insert(cartItems).values({ cartId, productId, variantId, quantity });
}

export async function updateCartItemQuantity(tx: Tx, itemId: string, quantity: number): Promise<void> {
  await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, itemId));
}

export async function deleteCartItem(tx: Tx, itemId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.id, itemId));
}

export async function deleteCartItems(tx: Tx, cartId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
}

/**
 * A negotiated price is bound to the exact cart contents: any change to the lines voids the
 * standing offers, the applied snapshots and the order-level discount.
 * So does an applied price that lapsed (a price it was computed on moved, or its time ran out):
 * `lapse` says why, for the cart to tell the shopper; a change of the cart (lapse null) clears it.
 * Answers the cart as it is now (no second read). `locked`: the cart as this transaction locked
 * it; when it holds no applied price and no lapse to clear, its lines hold none either (an offer
 * is applied under the cart's lock, writing both), so only the standing offers are voided.
 */
export async function voidNegotiatedPrices(
  tx: Tx,
  cartId: string,
  lapse: AppliedPriceLapse | null = null,
  locked?: CartRow,
): Promise<CartRow | null> {
  await cartOffers().voidLive(tx, cartId);
  if (locked && lapse === null && nothingApplied(locked)) return locked;
  await tx
    .update(cartItems)
    .set({ priceSnapshot: null, negotiatedOnPrice: null })
    .where(eq(cartItems.cartId, cartId));
  const [row] = await tx
    .update(carts)
    .set({
      negotiatedDiscount: 0,
      appliedNegotiationId: null,
      negotiatedAt: null,
      negotiationLapse: lapse,
      updatedAt: new Date(),
    })
    .where(eq(carts.id, cartId))
    .returning();
  return row ?? null;
}

/** Whether a cart holds no applied negotiated price and no lapse notice. */
function nothingApplied(cart: CartRow): boolean {
  return (
    cart.appliedNegotiationId === null &&
    cart.negotiatedDiscount === 0 &&
    cart.negotiatedAt === null &&
    cart.negotiationLapse === null
  );
}

/**
 * The cart became an order: it is no longer the shopper's active cart, and the shopper's next
 * active cart (empty, as `GET /api/cart` would make it) is made beside it, so the next add finds
 * and locks it in one statement instead of looking, making and locking again. A write of the
 * placing (placeholders and their values): the checkout runs it in its order's own statement.
 * The next cart reads the converted row, so it is made after the conversion left the
 * one-active-cart index; should another active cart stand (an agent's), none is made.
 */
export function cartConvertedWrite(cartId: string) {
  return {
    key: "cart_converted",
    build: (q: Queryable) =>
      q
        .update(carts)
        .set({ status: "converted", updatedAt: sql.placeholder("cart_converted_at") as never })
        .where(eq(carts.id, sql.placeholder("cart_converted_id")))
        .returning({ id: carts.id, userId: carts.userId }),
    after: (converted: SQL) =>
      sql`insert into ${carts} (user_id, status) select user_id, 'active' from ${converted} on conflict do nothing`,
    values: { cart_converted_at: new Date(), cart_converted_id: cartId },
  };
}

export async function findCart(db: Queryable, cartId: string): Promise<CartRow | null> {
  const [row] = await db.select().from(carts).where(eq(carts.id, cartId));
  return row ?? null;
}

/** The unit price an applied offer fixed for a line (the pricing rule prefers it to the price). */
export async function writePriceSnapshot(tx: Tx, cartItemId: string, unitPrice: number): Promise<void> {
  await tx.update(cartItems).set({ priceSnapshot: unitPrice }).where(eq(cartItems.id, cartItemId));
}

/** The variant's price an applied offer was computed on for a line: the offer lapses when it moves. */
export async function writeNegotiatedOnPrice(tx: Tx, cartItemId: string, price: number): Promise<void> {
  await tx.update(cartItems).set({ negotiatedOnPrice: price }).where(eq(cartItems.id, cartItemId));
}

/** Records an applied offer on the cart: the order-level remainder and the negotiation it came from. */
export async function applyNegotiatedDiscount(
  tx: Tx,
  cartId: string,
  applied: { orderDiscount: number; negotiationId: string; at: Date },
): Promise<CartRow | null> {
  const [row] = await tx
    .update(carts)
    .set({
      negotiatedDiscount: applied.orderDiscount,
      appliedNegotiationId: applied.negotiationId,
      negotiatedAt: applied.at,
      negotiationLapse: null,
      updatedAt: new Date(),
    })
    .where(eq(carts.id, cartId))
    .returning();
  return row ?? null;
}
