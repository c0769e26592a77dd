import type { Cart } from "@haggle/contract/cart";
import { shopCurrency } from "@haggle/domain/pricing/money";
import {
  APPLIED_PRICE_LAPSES,
  appliedPriceLapseNotice,
} from "@haggle/domain/negotiation/applied-price-lapse";
import {
  type ChosenShipping,
  chargedUnitPrice,
  pricingRulesFrom,
  quoteCart,
  shopUnitPrice,
} from "@haggle/domain/pricing/quote-cart";
import type { Queryable } from "../../platform/db/client.ts";
import { toProductDto } from "../catalog/index.ts";
import { variantTitle } from "@haggle/domain/catalog/variant-name";
import { codeOnCart } from "../discounts/index.ts";
import { cartTaxForShopper } from "../taxes/index.ts";
import { shippingForShopper } from "../shipping/index.ts";
import {
  type CartRow,
  cartWeightOf,
  codeLinesOf,
  lineName,
  loadCartLines,
  quoteLinesOf,
} from "./cart.store.ts";
import { type ShopTerms, loadShopTerms } from "./shop-terms.store.ts";

/*
 * A read model, kept with the stores: it changes nothing, and every module that answers a cart
 * (cart, negotiation) answers the same one, priced by the one pricing rule.
 */

function lapseNoticeOf(stored: string | null): string | null {
  const lapse = APPLIED_PRICE_LAPSES.find((l) => l === stored);
  return lapse ? appliedPriceLapseNotice(lapse) : null;
}

/**
 * The running experiment (or null) each answered cart was priced beside (read with the shop's
 * terms), so the route that notes a visitor with a cart needs no read of its own.
 */
const experimentSeen = new WeakMap<Cart, ShopTerms["experiment"]>();

/** The running experiment read with this cart's view; undefined for a cart not answered by cartView. */
export function experimentSeenWith(cart: object): ShopTerms["experiment"] | undefined {
  return experimentSeen.get(cart as Cart);
}

/** The cart as the API shows it, priced by the one pricing rule. */
export async function cartView(db: Queryable, cart: CartRow): Promise<Cart> {
  // Sequential: `db` may be a transaction (one connection), where pg may not overlap queries.
  const lines = await loadCartLines(db, cart.id);
  const { config, taxChoices, zones, experiment } = await loadShopTerms(db);
  const quoteLines = quoteLinesOf(lines);
  const code = await codeOnCart(db, {
    cartId: cart.id,
    userId: cart.userId,
    lines: codeLinesOf(lines),
    escalation: config.escalation_rules,
  });
  const rules = pricingRulesFrom(config.pricing);
  const tax = await cartTaxForShopper(db, cart.userId, rules.taxRateBasisPoints, taxChoices);
  const quoteWith = (chosen?: ChosenShipping) =>
    quoteCart(quoteLines, cart.negotiatedDiscount, rules, code?.quote ?? undefined, tax, chosen);
  // Shipping by zones: the cheapest method at the shopper's last used address (checkout charges
  // the method chosen for the address it ships to); no zones or no address yet: the flat fee.
  const quote = quoteWith(await shippingForShopper(db, cart.userId, cartWeightOf(lines), quoteWith, zones));
  const view: Cart = {
    id: cart.id,
    status: cart.status === "converted" ? "converted" : "active",
    items: lines.map((line, i) => {
      const { item, product, variant } = line;
      const regularPrice = shopUnitPrice(quoteLines[i]!);
      return {
        id: item.id,
        productId: item.productId,
        variantId: variant.id,
        name: lineName(line),
        variantTitle: variantTitle(variant.optionValues),
        sku: variant.sku,
        imageUrl: variant.imageUrl || product.imageUrl,
        stockLevel: variant.stockLevel,
        quantity: item.quantity,
        unitPrice: chargedUnitPrice(quoteLines[i]!, quote),
        regularPrice,
        lineTotal: regularPrice * item.quantity,
        listPrice: variant.listPrice,
        product: toProductDto(product),
      };
    }),
    summary: {
      itemCount: quote.itemCount,
      // What the shopper sees: the lines at the shop's prices, then Ava's discount as its own line.
      subtotal: quote.itemsTotal,
      discount: quote.negotiatedDiscount,
      // Only with a code on the cart, so a cart without one answers as it always did.
      ...(code ? { codeDiscount: quote.codeDiscount } : {}),
      shipping: quote.shipping,
      tax: quote.tax,
      ...(tax.components !== null ? { taxIncluded: quote.taxIncluded, taxLabel: quote.taxLabel } : {}),
      total: quote.total,
      savings: quote.savings,
      currency: shopCurrency(),
    },
    offer: null,
    discountNotice: lapseNoticeOf(cart.negotiationLapse),
    discountCode: code && {
      code: code.code,
      applied: quote.code !== null,
      discount: quote.codeDiscount,
      freeShipping: quote.code !== null && (code.quote?.freeShipping ?? false),
      message: code.refusal ?? quote.codeNote,
    },
  };
  experimentSeen.set(view, experiment);
  return view;
}
