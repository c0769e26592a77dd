import type { NegotiationResult } from "@haggle/contract/negotiation";
import { conflict, notFound } from "@haggle/domain/errors";
import { LOYALTY_TIERS } from "@haggle/domain/negotiation/loyalty-tiers";
import type {
  NegotiationSnapshot,
  PolicyLine,
  StoredApproval,
  StoredOffer,
  TurnLine,
} from "@haggle/domain/negotiation/negotiation-types";
import type { Tx } from "../../platform/db/client.ts";
import { findProfile } from "../accounts/index.ts";
import {
  cartFingerprint,
  cartWeightOf,
  offerDto,
  offerTermsOf,
  lineName,
  loadCartLines,
  lockCart,
  quoteLinesOf,
} from "../cart/index.ts";
import { assertOrderableCart } from "@haggle/domain/pricing/cart-limit";
import { pricingRulesFrom, quoteCart } from "@haggle/domain/pricing/quote-cart";
import { cartTaxForShopper } from "../taxes/index.ts";
import { shippingForShopper } from "../shipping/index.ts";
import { loadSellerConfig } from "../settings/index.ts";
import {
  type ApprovalRow,
  latestApproval,
  latestLiveOffer,
  lockOwnNegotiation,
  type NegotiationRow,
  type OfferRow,
} from "./negotiation.store.ts";

/**
 * Between the stored rows and the domain: what the negotiation turn reads (loaded with the
 * negotiation and the cart locked), and how a stored offer is shown to the shopper.
 */

type CartLine = Awaited<ReturnType<typeof loadCartLines>>[number];
type CartRow = NonNullable<Awaited<ReturnType<typeof lockCart>>>;

/**
 * The cart lines as the negotiation reads them: each line's variant's price and stock (Ava's
 * limits are per line, so per variant), demand, and names for the parser ("Trail Tee — M / Black").
 */
export function policyLines(lines: CartLine[]): TurnLine[] {
  return lines.map((line) => ({
    cartItemId: line.item.id,
    productId: line.item.productId,
    name: lineName(line),
    brand: line.product.brand,
    category: line.product.category,
    price: line.variant.price,
    listPrice: line.variant.listPrice,
    quantity: line.item.quantity,
    stockLevel: line.variant.stockLevel,
    demandIndex: line.product.demandIndex,
  }));
}

/** A stored offer the domain can weigh (only standing and agreed ones are loaded as such). */
export function storedOfferOf(row: OfferRow): StoredOffer {
  return {
    id: row.id,
    terms: offerTermsOf(row),
    cartFingerprint: row.cartFingerprint,
    expiresAt: row.expiresAt,
    status: row.status === "agreed" ? "agreed" : "standing",
  };
}

/** The hidden NEGOTIATION_DATA result of a reply: the offer the shopper can accept now, if any. */
export function resultBlock(row: OfferRow | null, lines: PolicyLine[]): NegotiationResult | null {
  if (!row || (row.status !== "standing" && row.status !== "agreed")) return null;
  const dto = offerDto(row, lines);
  return {
    negotiation_complete: true,
    offer_id: row.id,
    item_adjustments: dto.itemAdjustments.map((a) => ({ cart_item_id: a.cartItemId, new_price: a.newPrice })),
    total_discount_percent: dto.discountPercent,
    total_discount_amount: dto.discountAmount,
    new_items: dto.newItems.map((n) => ({ product_id: n.productId, quantity: n.quantity, price: n.price })),
    expires_at: dto.expiresAt,
  };
}

export interface NegotiationContext {
  negotiation: NegotiationRow;
  cart: CartRow;
  lines: CartLine[];
  /** What the domain reads. */
  snapshot: NegotiationSnapshot;
  /** The latest standing or agreed offer as stored (the domain decides whether it still stands). */
  latestOffer: OfferRow | null;
}

function approvalOf(row: ApprovalRow | null): StoredApproval | null {
  const status = row?.status;
  if (!row || (status !== "pending" && status !== "approved" && status !== "rejected")) return null;
  return {
    status,
    percent: Math.round(Number(row.requestedDiscountPct) * 100),
    amount: row.requestedDiscountAmount,
  };
}

/**
 * Everything a turn, an acceptance or a merchant's decision needs, read inside the caller's
 * transaction with the negotiation row and the cart locked, so racing requests take turns.
 */
export async function loadNegotiationContext(
  tx: Tx,
  who: { id: string; name?: string },
  negotiationId: string,
): Promise<NegotiationContext> {
  const negotiation = await lockOwnNegotiation(tx, who.id, negotiationId);
  if (!negotiation) throw notFound("No negotiation has that id.");
  const cart = await lockCart(tx, negotiation.cartId);
  if (cart?.status !== "active") {
    throw conflict("This negotiation's cart has already been checked out.", "CART_CONVERTED");
  }
  // One after another: a transaction is one connection, and pg may not overlap queries on it.
  const lines = await loadCartLines(tx, cart.id);
  // A cart no order could hold is refused before any offer on it is computed or stored.
  assertOrderableCart(quoteLinesOf(lines));
  const config = await loadSellerConfig(tx);
  const profile = await findProfile(tx, who.id);
  const approval = await latestApproval(tx, negotiationId);
  const latestOffer = await latestLiveOffer(tx, negotiationId);
  const rules = pricingRulesFrom(config.pricing);
  const tax = await cartTaxForShopper(tx, who.id, rules.taxRateBasisPoints);
  // The cart's shipping as the cart shows it (the cheapest method at the last used address).
  const quoteLines = quoteLinesOf(lines);
  const shipping = await shippingForShopper(tx, who.id, cartWeightOf(lines), (chosen) =>
    quoteCart(quoteLines, cart.negotiatedDiscount, rules, undefined, tax, chosen),
  );
  return {
    negotiation,
    cart,
    lines,
    latestOffer,
    snapshot: {
      status: negotiation.status === "active" ? "active" : "completed",
      round: negotiation.rounds,
      step: negotiation.concessionStep,
      bundleProposed: negotiation.bundleProposed,
      latestOffer: latestOffer ? storedOfferOf(latestOffer) : null,
      approval: approvalOf(approval),
      lines: policyLines(lines),
      fingerprint: cartFingerprint(lines),
      profile: {
        name: profile?.name ?? who.name ?? "",
        tier: LOYALTY_TIERS.find((t) => t === profile?.loyaltyTier) ?? "NONE",
        ordersCount: profile?.ordersCount ?? 0,
        lifetimeValue: profile?.lifetimeValue ?? 0,
      },
      config,
      tax,
      ...(shipping ? { shipping } : {}),
    },
  };
}
