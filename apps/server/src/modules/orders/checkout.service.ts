import type { Order } from "@haggle/contract/orders";
import { loyaltyTierFor } from "@haggle/domain/negotiation/loyalty-tier";
import { toCents, toDecimalString } from "@haggle/domain/pricing/money";
import { pricingRulesFrom, quoteCart, unitPrice } from "@haggle/domain/pricing/quote-cart";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { carts, negotiations, orderLines, orders, products, profiles } from "../../platform/db/schema.ts";
import type { SessionUser } from "../../http/context.ts";
import { HttpError, badRequest, conflict } from "../../http/http-error.ts";
import { findActiveCart, loadCartLines, lockCart, quoteLinesOf } from "../cart/cart.service.ts";
import { loadOrder } from "./orders.service.ts";
import { loadProfile } from "../accounts/profile.service.ts";
import { loadSellerConfig } from "../settings/settings.store.ts";

/** Thrown inside the transaction to roll it back, then answered as the first order. */
class AlreadyPlaced extends Error {
  constructor(readonly orderId: string) {
    super("already placed");
  }
}

/**
 * Checkout in one transaction: re-price the cart, take the stock (never below zero), write the
 * order and its lines, convert the cart, complete the negotiation and update the profile.
 * A repeated Idempotency-Key answers the first order.
 */
export async function checkout(
  db: Db,
  who: SessionUser,
  idempotencyKey: string,
): Promise<{ order: Order; created: boolean }> {
  await loadProfile(db, who); // the profile row is the per-shopper lock below
  let orderId: string;
  try {
    orderId = await db.transaction(async (tx) => {
      // One checkout per shopper at a time, on both databases: lock the profile row.
      await tx.execute(sql`select 1 from ${profiles} where ${profiles.userId} = ${who.id} for update`);
      const [previous] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, who.id), eq(orders.idempotencyKey, idempotencyKey)))
        .limit(1);
      if (previous) throw new AlreadyPlaced(previous.id);

      const active = await findActiveCart(tx, who.id);
      const cart = active ? await lockCart(tx, active.id) : null;
      if (!cart || cart.status !== "active") throw badRequest("No active cart found", "NO_ACTIVE_CART");
      const lines = await loadCartLines(tx, cart.id);
      if (lines.length === 0) throw badRequest("Cart is empty", "CART_EMPTY");
      // A product the merchant hid is no longer sold, even from a cart that held it before.
      const [hiddenProduct] = await tx
        .select({ name: products.name })
        .from(products)
        .where(
          and(
            inArray(
              products.id,
              lines.map((l) => l.product.id),
            ),
            eq(products.hidden, true),
          ),
        )
        .limit(1);
      if (hiddenProduct) {
        throw conflict(
          `${hiddenProduct.name} is no longer sold. Remove it from your cart to check out.`,
          "PRODUCT_HIDDEN",
        );
      }

      const config = await loadSellerConfig(tx);
      const quoteLines = quoteLinesOf(lines);
      const quote = quoteCart(quoteLines, toCents(cart.negotiatedDiscount), pricingRulesFrom(config.pricing));

      // Take the stock with a conditional update: it cannot go below zero, whatever races it.
      for (const { item, product } of [...lines].sort((a, b) => a.product.id.localeCompare(b.product.id))) {
        const taken = await tx
          .update(products)
          .set({ stockLevel: sql`${products.stockLevel} - ${item.quantity}`, updatedAt: new Date() })
          .where(and(eq(products.id, product.id), gte(products.stockLevel, item.quantity)))
          .returning({ left: products.stockLevel });
        if (taken.length === 0) {
          const [now] = await tx
            .select({ s: products.stockLevel })
            .from(products)
            .where(eq(products.id, product.id));
          const left = now?.s ?? 0;
          throw conflict(
            left <= 0 ? `${product.name} is out of stock.` : `Only ${left} of ${product.name} left in stock.`,
            "INSUFFICIENT_STOCK",
          );
        }
      }

      let created: { id: string } | undefined;
      try {
        [created] = await tx
          .insert(orders)
          .values({
            userId: who.id,
            cartId: cart.id,
            negotiationId: cart.appliedNegotiationId,
            subtotal: toDecimalString(quote.subtotal),
            discountApplied: toDecimalString(quote.savings),
            extraDiscount: toDecimalString(quote.discount),
            shipping: toDecimalString(quote.shipping),
            tax: toDecimalString(quote.tax),
            total: toDecimalString(quote.total),
            status: "confirmed",
            paymentStatus: "paid",
            idempotencyKey,
          })
          .returning({ id: orders.id });
        if (!created) throw new Error("no order row returned");
        await tx.insert(orderLines).values(
          lines.map(({ item, product }, i) => ({
            orderId: created!.id,
            productId: product.id,
            name: product.name,
            listPrice: product.listPrice,
            unitPrice: toDecimalString(unitPrice(quoteLines[i]!)),
            quantity: item.quantity,
            position: i,
          })),
        );
      } catch (error) {
        throw new HttpError(500, "ORDER_FAILED", "Failed to create order", { cause: error });
      }

      await tx.update(carts).set({ status: "converted", updatedAt: new Date() }).where(eq(carts.id, cart.id));
      if (cart.appliedNegotiationId) {
        await tx
          .update(negotiations)
          .set({ status: "completed", completedAt: sql`coalesce(${negotiations.completedAt}, now())` })
          .where(eq(negotiations.id, cart.appliedNegotiationId));
      }

      const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, who.id));
      const ordersCount = (profile?.ordersCount ?? 0) + 1;
      const lifetimeValue = toCents(profile?.lifetimeValue ?? "0") + quote.total;
      const totalSavings = toCents(profile?.totalSavings ?? "0") + quote.savings;
      await tx
        .update(profiles)
        .set({
          ordersCount,
          lifetimeValue: toDecimalString(lifetimeValue),
          totalSavings: toDecimalString(totalSavings),
          loyaltyTier: loyaltyTierFor(ordersCount, lifetimeValue, config.tier_benefits.thresholds),
          updatedAt: new Date(),
        })
        .where(eq(profiles.userId, who.id));
      return created.id;
    });
  } catch (error) {
    if (error instanceof AlreadyPlaced) {
      const order = await loadOrder(db, who.id, error.orderId);
      if (order) return { order, created: false };
    }
    throw error;
  }
  const order = await loadOrder(db, who.id, orderId);
  if (!order) throw new Error("the new order could not be read back");
  return { order, created: true };
}
