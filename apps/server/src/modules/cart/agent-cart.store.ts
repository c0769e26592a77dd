import type { AgentCart } from "@haggle/contract/agents";
import { variantName } from "@haggle/domain/catalog/variant-name";
import { shopCurrency, toDollars } from "@haggle/domain/pricing/money";
import { pricingRulesFrom, quoteCart, shopUnitPrice, unitPrice } from "@haggle/domain/pricing/quote-cart";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { agentCartItems, agentCarts } from "../../platform/db/schema/carts.ts";
import { productColumns, productsRead as products, variantsRead as variants } from "../catalog/index.ts";
import { loadSellerConfig } from "../settings/index.ts";
import { cartTaxFor } from "../taxes/index.ts";

/*
 * Carts agents fill without an account (decision 0061): a row named by its token's SHA-256, its
 * lines (one per variant, as a shopper's cart), priced by the same rule as every cart.
 */

export type AgentCartRow = typeof agentCarts.$inferSelect;
export type AgentCartItemRow = typeof agentCartItems.$inferSelect;

/** The cart a token's hash names, locked for the rest of the transaction. */
export async function lockAgentCartByHash(tx: Tx, tokenHash: string): Promise<AgentCartRow | null> {
  const [row] = await tx.select().from(agentCarts).where(eq(agentCarts.tokenHash, tokenHash)).for("update");
  return row ?? null;
}

/** The cart a token's hash names (read only). */
export async function findAgentCartByHash(db: Queryable, tokenHash: string): Promise<AgentCartRow | null> {
  const [row] = await db.select().from(agentCarts).where(eq(agentCarts.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

export async function insertAgentCart(
  tx: Tx,
  values: { tokenHash: string; ip: string; ttlHours: number },
): Promise<AgentCartRow> {
  const [row] = await tx
    .insert(agentCarts)
    .values({
      tokenHash: values.tokenHash,
      ip: values.ip,
      expiresAt: sql`now() + make_interval(hours => ${values.ttlHours})`,
    })
    .returning();
  if (!row) throw new Error("could not create an agent cart");
  return row;
}

/** A change keeps the cart: it lasts ttlHours from now. */
export async function touchAgentCart(tx: Tx, id: string, ttlHours: number): Promise<AgentCartRow> {
  const [row] = await tx
    .update(agentCarts)
    .set({ expiresAt: sql`now() + make_interval(hours => ${ttlHours})`, updatedAt: sql`now()` })
    .where(eq(agentCarts.id, id))
    .returning();
  if (!row) throw new Error("the agent cart vanished while locked");
  return row;
}

export async function markAgentCartClaimed(tx: Tx, id: string, userId: string | null): Promise<void> {
  await tx
    .update(agentCarts)
    .set({ claimedAt: userId ? sql`now()` : null, claimedBy: userId, updatedAt: sql`now()` })
    .where(eq(agentCarts.id, id));
}

/** Whether the cart is past its expiry, by the database's clock (the one that wrote it). */
export async function agentCartExpired(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db
    .select({ expired: sql<boolean>`${agentCarts.expiresAt} <= now()` })
    .from(agentCarts)
    .where(eq(agentCarts.id, id));
  return row?.expired ?? true;
}

/**
 * Drops up to 200 expired carts (their lines go with them): called when a cart is started, so
 * the table never holds much more than the live carts.
 */
export async function dropExpiredAgentCarts(db: Queryable): Promise<void> {
  await db.execute(sql`delete from agent_carts where id in (
    select id from agent_carts where expires_at <= now() order by expires_at limit 200)`);
}

export async function loadAgentCartItems(db: Queryable, agentCartId: string): Promise<AgentCartItemRow[]> {
  return db
    .select()
    .from(agentCartItems)
    .where(eq(agentCartItems.agentCartId, agentCartId))
    .orderBy(asc(agentCartItems.addedAt), asc(agentCartItems.id));
}

export async function countAgentCartLines(db: Queryable, agentCartId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(agentCartItems)
    .where(eq(agentCartItems.agentCartId, agentCartId));
  return row?.n ?? 0;
}

export async function insertAgentCartItem(
  tx: Tx,
  agentCartId: string,
  variant: { productId: string; variantId: string },
  quantity: number,
): Promise<void> {
  await tx.insert(agentCartItems).values({ agentCartId, ...variant, quantity });
}

export async function setAgentCartItemQuantity(tx: Tx, agentCartId: string, id: string, quantity: number) {
  await tx
    .update(agentCartItems)
    .set({ quantity })
    .where(and(eq(agentCartItems.agentCartId, agentCartId), eq(agentCartItems.id, id)));
}

export async function deleteAgentCartItem(tx: Tx, agentCartId: string, id: string) {
  await tx
    .delete(agentCartItems)
    .where(and(eq(agentCartItems.agentCartId, agentCartId), eq(agentCartItems.id, id)));
}

/** The cart's lines with their products and variants, in the order they were added. */
async function loadAgentCartLines(db: Queryable, agentCartId: string) {
  return db
    .select({
      item: agentCartItems,
      product: productColumns,
      variant: {
        id: variants.id,
        optionValues: variants.optionValues,
        price: variants.price,
        listPrice: variants.listPrice,
      },
    })
    .from(agentCartItems)
    .innerJoin(products, eq(products.id, agentCartItems.productId))
    .innerJoin(variants, eq(variants.id, agentCartItems.variantId))
    .where(eq(agentCartItems.agentCartId, agentCartId))
    .orderBy(asc(agentCartItems.addedAt), asc(agentCartItems.id));
}

/**
 * The cart as an agent reads it (dollars), priced by the one pricing rule with no negotiated
 * discount: what the shopper's cart will show once it is theirs, at today's prices.
 */
export async function agentCartView(db: Queryable, agentCartId: string): Promise<AgentCart> {
  // Sequential: `db` may be a transaction (one connection), where pg may not overlap queries.
  const lines = await loadAgentCartLines(db, agentCartId);
  const config = await loadSellerConfig(db);
  const quoteLines = lines.map(({ item, variant }) => ({
    price: variant.price,
    priceSnapshot: null,
    listPrice: variant.listPrice,
    quantity: item.quantity,
  }));
  const rules = pricingRulesFrom(config.pricing);
  // No address yet: the shop's single rate, included in the prices or added as the shop chose.
  const quote = quoteCart(
    quoteLines,
    0,
    rules,
    undefined,
    await cartTaxFor(db, null, rules.taxRateBasisPoints),
  );
  return {
    items: lines.map((line, i) => {
      const shopPrice = shopUnitPrice(quoteLines[i]!);
      return {
        productId: line.item.productId,
        variantId: line.variant.id,
        name: variantName(line.product.name, line.variant.optionValues),
        quantity: line.item.quantity,
        unitPrice: toDollars(shopPrice),
        lineTotal: toDollars(shopPrice * line.item.quantity),
        discountedUnitPrice: toDollars(unitPrice(quoteLines[i]!)),
      };
    }),
    subtotal: toDollars(quote.itemsTotal),
    discount: toDollars(quote.negotiatedDiscount),
    shipping: toDollars(quote.shipping),
    tax: toDollars(quote.tax),
    total: toDollars(quote.total),
    currency: shopCurrency(),
    taxIncluded: quote.taxIncluded,
    taxLabel: quote.taxLabel,
    offer: null,
    notice: null,
  };
}
