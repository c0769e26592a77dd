import { createHash } from "node:crypto";
import type { Offer } from "@haggle/contract/cart";
import { allocateDiscount } from "@haggle/domain/pricing/allocate-discount";
import type { LoyaltyTier } from "@haggle/domain/negotiation/loyalty-tier";
import { toCents, toDecimalString, toDollars } from "@haggle/domain/pricing/money";
import type { NegotiationState, OfferReason, OfferTerms, PolicyLine } from "@haggle/domain/negotiation/negotiation-types";
import type { SellerConfig } from "@haggle/domain/merchant/seller-config";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../platform/db/client.ts";
import { type carts, negotiationApprovals, negotiationOffers, negotiations, profiles } from "../../platform/db/schema.ts";
import type { SessionUser } from "../../http/context.ts";
import { conflict, notFound } from "../../http/http-error.ts";
import { loadCartLines, lockCart } from "../cart/cart.service.ts";
import { loadSellerConfig } from "../settings/settings.store.ts";

export type OfferRow = typeof negotiationOffers.$inferSelect;
type CartLine = Awaited<ReturnType<typeof loadCartLines>>[number];

/** The cart contents an offer is bound to: products, quantities and current prices. */
export function cartFingerprint(lines: CartLine[]): string {
  const parts = lines
    .map(({ item, product }) => `${item.productId}:${item.quantity}:${toCents(product.price)}`)
    .sort();
  return createHash("sha256").update(parts.join("|")).digest("hex").slice(0, 32);
}

export function policyLines(lines: CartLine[]): PolicyLine[] {
  return lines.map(({ item, product }) => ({
    cartItemId: item.id,
    productId: item.productId,
    name: product.name,
    price: toCents(product.price),
    listPrice: toCents(product.listPrice),
    quantity: item.quantity,
    stockLevel: product.stockLevel,
    demandIndex: product.demandIndex,
  }));
}

export function offerTermsOf(row: OfferRow): OfferTerms {
  return {
    discount: toCents(row.discount),
    percent: row.percentBp,
    subtotal: toCents(row.subtotal),
    newItems: (row.newItems as OfferTerms["newItems"]) ?? [],
    reasons: (row.reasons as OfferReason[]) ?? [],
    source: row.source === "merchant" ? "merchant" : "policy",
  };
}

/**
 * How an offer lands on the cart: whole-cent unit prices for the lines (and the bundled product)
 * plus an order-level remainder, adding up exactly to the offer's discount.
 */
export function allocationFor(terms: OfferTerms, lines: PolicyLine[]) {
  const allocationLines = [
    ...lines.map((l) => ({ cartItemId: l.cartItemId, price: l.price, quantity: l.quantity })),
    ...terms.newItems.map((n) => ({
      cartItemId: `new:${n.productId}`,
      price: n.price,
      quantity: n.quantity,
    })),
  ];
  return allocateDiscount(allocationLines, terms.discount);
}

export function offerDto(row: OfferRow, lines: PolicyLine[]): Offer {
  const terms = offerTermsOf(row);
  const allocation = allocationFor(terms, lines);
  return {
    id: row.id,
    discountPercent: row.percentBp / 100,
    discountAmount: toDollars(terms.discount),
    itemAdjustments: allocation.itemAdjustments
      .filter((a) => !a.cartItemId.startsWith("new:"))
      .map((a) => ({ cartItemId: a.cartItemId, newPrice: toDollars(a.newPrice) })),
    newItems: terms.newItems.map((n) => {
      const allocated = allocation.itemAdjustments.find((a) => a.cartItemId === `new:${n.productId}`);
      return {
        productId: n.productId,
        quantity: n.quantity,
        price: toDollars(allocated?.newPrice ?? n.price),
      };
    }),
    expiresAt: row.expiresAt.toISOString(),
    status: row.status,
  };
}

export interface NegotiationContext {
  negotiation: typeof negotiations.$inferSelect;
  cart: typeof carts.$inferSelect;
  lines: CartLine[];
  policyLines: PolicyLine[];
  fingerprint: string;
  config: SellerConfig;
  profile: { name: string; tier: LoyaltyTier; ordersCount: number; lifetimeValue: number };
  standing: OfferRow | null;
  /** Why there is no standing offer when the last one stopped counting. */
  lapsed: "expired" | "voided" | null;
  approval: typeof negotiationApprovals.$inferSelect | null;
}

const TIERS: LoyaltyTier[] = ["NONE", "BRONZE", "SILVER", "GOLD", "PLATINUM"];

/**
 * Everything a turn or an acceptance needs, read inside the caller's transaction with the
 * negotiation row locked, so two racing requests take turns. Offers that expired or whose cart
 * changed are marked so here and stop counting.
 */
export async function loadNegotiationContext(
  tx: Tx,
  who: SessionUser,
  negotiationId: string,
): Promise<NegotiationContext> {
  const [negotiation] = await tx
    .select()
    .from(negotiations)
    .where(and(eq(negotiations.id, negotiationId), eq(negotiations.userId, who.id)))
    .for("update");
  if (!negotiation) throw notFound("No negotiation has that id.");
  const cart = await lockCart(tx, negotiation.cartId);
  if (!cart || cart.status !== "active") {
    throw conflict("This negotiation's cart has already been checked out.", "CART_CONVERTED");
  }
  // One after another: a transaction is one connection, and pg may not overlap queries on it.
  const lines = await loadCartLines(tx, cart.id);
  const config = await loadSellerConfig(tx);
  const [profileRow] = await tx.select().from(profiles).where(eq(profiles.userId, who.id));
  const [approval] = await tx
    .select()
    .from(negotiationApprovals)
    .where(eq(negotiationApprovals.negotiationId, negotiationId))
    .orderBy(desc(negotiationApprovals.createdAt))
    .limit(1);
  const [latestOffer] = await tx
    .select()
    .from(negotiationOffers)
    .where(
      and(
        eq(negotiationOffers.negotiationId, negotiationId),
        inArray(negotiationOffers.status, ["standing", "agreed"]),
      ),
    )
    .orderBy(desc(negotiationOffers.createdAt))
    .limit(1);
  const fingerprint = cartFingerprint(lines);
  let standing = latestOffer ?? null;
  let lapsed: NegotiationContext["lapsed"] = null;
  if (standing) {
    const status =
      standing.cartFingerprint !== fingerprint
        ? "voided"
        : standing.expiresAt.getTime() <= Date.now()
          ? "expired"
          : null;
    if (status) {
      await tx.update(negotiationOffers).set({ status }).where(eq(negotiationOffers.id, standing.id));
      standing = null;
      lapsed = status;
    }
  }
  const tier = TIERS.find((t) => t === profileRow?.loyaltyTier) ?? "NONE";
  return {
    negotiation,
    cart,
    lines,
    policyLines: policyLines(lines),
    fingerprint,
    config,
    profile: {
      name: profileRow?.name ?? who.name,
      tier,
      ordersCount: profileRow?.ordersCount ?? 0,
      lifetimeValue: toCents(profileRow?.lifetimeValue ?? "0"),
    },
    standing,
    lapsed,
    approval: approval ?? null,
  };
}

export function policyState(ctx: NegotiationContext): NegotiationState {
  const approval = ctx.approval;
  return {
    round: ctx.negotiation.rounds,
    step: ctx.negotiation.concessionStep,
    standing: ctx.standing ? offerTermsOf(ctx.standing) : null,
    bundleProposed: ctx.negotiation.bundleProposed,
    approval:
      approval &&
      (approval.status === "pending" || approval.status === "approved" || approval.status === "rejected")
        ? {
            status: approval.status,
            percent: Math.round(Number(approval.requestedDiscountPct) * 100),
            amount: toCents(approval.requestedDiscountAmount),
          }
        : null,
  };
}

/** Stores a new standing offer, retiring the one before it. */
export async function issueOffer(tx: Tx, ctx: NegotiationContext, terms: OfferTerms): Promise<OfferRow> {
  await tx
    .update(negotiationOffers)
    .set({ status: "superseded" })
    .where(
      and(
        eq(negotiationOffers.negotiationId, ctx.negotiation.id),
        inArray(negotiationOffers.status, ["standing", "agreed"]),
      ),
    );
  const expiresAt = new Date(Date.now() + ctx.config.global_rules.offer_expiry_minutes * 60_000);
  const [row] = await tx
    .insert(negotiationOffers)
    .values({
      negotiationId: ctx.negotiation.id,
      cartId: ctx.cart.id,
      cartFingerprint: ctx.fingerprint,
      subtotal: toDecimalString(terms.subtotal),
      discount: toDecimalString(terms.discount),
      percentBp: terms.percent,
      newItems: terms.newItems,
      reasons: terms.reasons,
      source: terms.source,
      status: "standing",
      expiresAt,
    })
    .returning();
  if (!row) throw new Error("offer not stored");
  return row;
}
