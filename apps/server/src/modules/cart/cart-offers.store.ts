/**
 * The offers the negotiator issued are bound to a cart's exact contents, so the cart module owns
 * how they are matched to it and shown with it; the negotiation module issues them.
 */
import { createHash } from "node:crypto";
import type { Offer } from "@haggle/contract/cart";
import type { OfferReason, OfferTerms, PolicyLine } from "@haggle/domain/negotiation/negotiation-types";
import {
  allocateOffer,
  bundledUnitPrice,
  cartLineAdjustments,
} from "@haggle/domain/negotiation/accept-offer";
import type { OfferRow } from "./offers-port.store.ts";
import { type CartLine, lineName } from "./cart.store.ts";

export type { OfferRow };

/**
 * The cart contents an offer is bound to: products, quantities and current prices. A line of a
 * product's default variant reads as before variants (so offers made then still match); a line
 * of another variant adds the variant, so changing a size voids the offer.
 */
export function cartFingerprint(lines: readonly CartLine[]): string {
  const parts = lines
    .map(({ item, variant }) => {
      const what = variant.optionValues.length === 0 ? item.productId : `${item.productId}/${item.variantId}`;
      return `${what}:${item.quantity}:${variant.price}`;
    })
    .sort();
  return createHash("sha256").update(parts.join("|")).digest("hex").slice(0, 32);
}

export function policyLines(lines: readonly CartLine[]): PolicyLine[] {
  return lines.map((line) => ({
    cartItemId: line.item.id,
    productId: line.item.productId,
    name: lineName(line),
    price: line.variant.price,
    listPrice: line.variant.listPrice,
    quantity: line.item.quantity,
    stockLevel: line.variant.stockLevel,
    demandIndex: line.product.demandIndex,
  }));
}

export function offerTermsOf(row: OfferRow): OfferTerms {
  return {
    discount: row.discount,
    percent: row.percentBp,
    subtotal: row.subtotal,
    newItems: (row.newItems as OfferTerms["newItems"]) ?? [],
    reasons: (row.reasons as OfferReason[]) ?? [],
    source: row.source === "merchant" ? "merchant" : "policy",
  };
}

/** The offer as the API shows it: its figures and where the discount lands on each line. */
export function offerDto(row: OfferRow, lines: readonly PolicyLine[]): Offer {
  const terms = offerTermsOf(row);
  const allocation = allocateOffer(terms, lines);
  return {
    id: row.id,
    discountPercent: row.percentBp / 100,
    discountAmount: terms.discount,
    itemAdjustments: cartLineAdjustments(allocation).map((a) => ({
      cartItemId: a.cartItemId,
      newPrice: a.newPrice,
    })),
    newItems: terms.newItems.map((n) => ({
      productId: n.productId,
      quantity: n.quantity,
      price: bundledUnitPrice(allocation, n.productId) ?? n.price,
    })),
    expiresAt: row.expiresAt.toISOString(),
    status: row.status,
  };
}
