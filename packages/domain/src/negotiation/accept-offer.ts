import { conflict } from "../errors.ts";
import { type Allocation, allocateDiscount } from "../pricing/allocate-discount.ts";
import type { Cents } from "../pricing/money.ts";
import { withinCurrentLimits } from "./negotiation-limits.ts";
import type {
  BasisPoints,
  NegotiationSnapshot,
  OfferTerms,
  PolicyLine,
  StoredOffer,
} from "./negotiation-types.ts";
import { whatStands } from "./standing-offer.ts";

/**
 * Applying an offer: only one the server issued, for this exact cart, unexpired and inside the
 * merchant's current limits. The discount lands as whole-cent unit prices on the lines (and on
 * a bundled product) plus an order-level remainder, adding up exactly to the offer.
 */

/** The cart item id a bundled product gets in an allocation, until it is in the cart. */
const NEW_ITEM_PREFIX = "new:";

/** How an offer lands on the cart: unit prices per line (bundled products included) and the remainder. */
export function allocateOffer(
  terms: OfferTerms,
  lines: readonly Pick<PolicyLine, "cartItemId" | "price" | "quantity">[],
): Allocation {
  return allocateDiscount(
    [
      ...lines.map((l) => ({ cartItemId: l.cartItemId, price: l.price, quantity: l.quantity })),
      ...terms.newItems.map((n) => ({
        cartItemId: `${NEW_ITEM_PREFIX}${n.productId}`,
        price: n.price,
        quantity: n.quantity,
      })),
    ],
    terms.discount,
  );
}

/** The unit price an allocation gives a bundled product, if any. */
export function bundledUnitPrice(allocation: Allocation, productId: string): Cents | undefined {
  return allocation.itemAdjustments.find((a) => a.cartItemId === `${NEW_ITEM_PREFIX}${productId}`)?.newPrice;
}

/** The allocation's adjustments to lines already in the cart (not the bundled products). */
export function cartLineAdjustments(allocation: Allocation): Allocation["itemAdjustments"] {
  return allocation.itemAdjustments.filter((a) => !a.cartItemId.startsWith(NEW_ITEM_PREFIX));
}

export interface AcceptancePlan {
  offer: StoredOffer;
  allocation: Allocation;
  /** What the negotiation records as its result. */
  appliedDiscount: Cents;
  finalPercent: BasisPoints;
}

/** What accepting the standing offer applies, or the conflict that stops it. */
export function planAcceptance(
  negotiation: Pick<
    NegotiationSnapshot,
    "status" | "latestOffer" | "fingerprint" | "config" | "profile" | "lines"
  >,
  now: Date,
): AcceptancePlan {
  if (negotiation.status !== "active")
    throw conflict("This negotiation's offer was already applied.", "ALREADY_APPLIED");
  const { standing, lapsed } = whatStands(negotiation.latestOffer, negotiation.fingerprint, now);
  if (!standing) {
    if (lapsed?.status === "expired")
      throw conflict("This offer has expired. Ask Ava for a new one.", "OFFER_EXPIRED");
    if (lapsed?.status === "voided")
      throw conflict("Your cart changed since this offer was made. Ask Ava for a new one.", "OFFER_VOIDED");
    throw conflict("There is no offer to accept yet. Ask Ava for one first.", "NO_OFFER");
  }
  const terms = standing.terms;
  if (!withinCurrentLimits(terms, negotiation.config, negotiation.profile.tier))
    throw conflict("This offer is no longer available. Ask Ava for a new one.", "OFFER_OUTSIDE_LIMITS");
  return {
    offer: standing,
    allocation: allocateOffer(terms, negotiation.lines),
    appliedDiscount: terms.discount,
    finalPercent: terms.percent,
  };
}

/** A bundled product joins the cart only if it is still for sale, in stock, at the offer's price. */
export function assertBundledProductAvailable(
  item: OfferTerms["newItems"][number],
  product: { hidden: boolean; stockLevel: number; price: Cents } | null,
): void {
  if (!product || product.hidden || product.stockLevel < item.quantity || product.price !== item.price) {
    throw conflict(
      `${item.name} is no longer available at that price. Ask Ava for a new offer.`,
      "BUNDLE_UNAVAILABLE",
    );
  }
}

/**
 * The price snapshots to write once bundled products are in the cart: each adjustment on the
 * cart line it was computed for (a bundled product's by its product). A line that is gone means
 * the cart changed under the offer.
 */
export function priceSnapshotsFor(
  allocation: Allocation,
  cartLines: readonly { cartItemId: string; productId: string }[],
): { cartItemId: string; unitPrice: Cents }[] {
  return allocation.itemAdjustments.map((adjustment) => {
    const productId = adjustment.cartItemId.startsWith(NEW_ITEM_PREFIX)
      ? adjustment.cartItemId.slice(NEW_ITEM_PREFIX.length)
      : null;
    const line = productId
      ? cartLines.find((l) => l.productId === productId)
      : cartLines.find((l) => l.cartItemId === adjustment.cartItemId);
    if (!line)
      throw conflict("Your cart changed since this offer was made. Ask Ava for a new one.", "OFFER_VOIDED");
    return { cartItemId: line.cartItemId, unitPrice: adjustment.newPrice };
  });
}

/**
 * The shop price each cart line's negotiated price was computed on, kept so the applied price
 * lapses when it moves: a line's price as the offer read it, a bundled product's the offer's own.
 */
export function negotiatedOnPrices(
  offerLines: readonly Pick<PolicyLine, "cartItemId" | "price">[],
  newItems: readonly Pick<OfferTerms["newItems"][number], "productId" | "price">[],
  cartLines: readonly { cartItemId: string; productId: string }[],
): { cartItemId: string; price: Cents }[] {
  return cartLines.map((line) => {
    const price =
      offerLines.find((l) => l.cartItemId === line.cartItemId)?.price ??
      newItems.find((n) => n.productId === line.productId)?.price;
    if (price === undefined)
      throw conflict("Your cart changed since this offer was made. Ask Ava for a new one.", "OFFER_VOIDED");
    return { cartItemId: line.cartItemId, price };
  });
}
