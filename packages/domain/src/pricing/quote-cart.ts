import { type Cents, assertCents, percentOf } from "./money.ts";
import { type PricingSettings, settingCents } from "../merchant/seller-config.ts";

/**
 * The one pricing rule, the only place totals are computed:
 * line price = snapshot if set, else product price; subtotal = sum(line price x quantity);
 * discounted subtotal = subtotal - extra discount; shipping = 0 at or above the free-shipping
 * threshold, else flat; tax = rate x discounted subtotal, half up; total = the three added.
 */
export interface PricingRules {
  freeShippingThreshold: Cents;
  flatShipping: Cents;
  /** 10% = 1000 basis points. */
  taxRateBasisPoints: number;
}

export interface QuoteLine {
  /** The product's current price. */
  price: Cents;
  /** The negotiated unit price written by the server, if any. */
  priceSnapshot: Cents | null;
  listPrice: Cents;
  quantity: number;
}

export interface CartQuote {
  itemCount: number;
  /** sum(list price x quantity) */
  listTotal: Cents;
  /** sum(line price x quantity): the lines at their negotiated prices (the pricing rule's subtotal). */
  subtotal: Cents;
  /** The applied negotiated order-level discount (the remainder the line prices could not carry). */
  discount: Cents;
  /** sum(shop price x quantity): the lines before Ava's discount, what a shopper sees as the subtotal. */
  itemsTotal: Cents;
  /**
   * Ava's whole discount, the one definition every figure uses: what the negotiated line prices
   * take off the shop's prices, plus the order-level discount. itemsTotal - negotiatedDiscount
   * = discountedSubtotal.
   */
  negotiatedDiscount: Cents;
  discountedSubtotal: Cents;
  shipping: Cents;
  tax: Cents;
  total: Cents;
  /** (list total - subtotal) + discount: what the order records as discount_applied. */
  savings: Cents;
}

export class PricingError extends Error {}

export function pricingRulesFrom(rules: PricingSettings): PricingRules {
  return {
    freeShippingThreshold: settingCents(rules.free_shipping_threshold),
    flatShipping: settingCents(rules.flat_shipping),
    taxRateBasisPoints: Math.round(rules.tax_rate_pct * 100),
  };
}

export function unitPrice(line: Pick<QuoteLine, "price" | "priceSnapshot">): Cents {
  return line.priceSnapshot ?? line.price;
}

/**
 * The shop's price of a line before Ava's discount: its product price, or the negotiated price
 * if that is higher (a price cut after the deal is not Ava's discount, and never negative).
 */
export function shopUnitPrice(line: Pick<QuoteLine, "price" | "priceSnapshot">): Cents {
  return Math.max(line.price, unitPrice(line));
}

export function quoteCart(lines: QuoteLine[], extraDiscount: Cents, rules: PricingRules): CartQuote {
  let itemCount = 0;
  let listTotal = 0;
  let subtotal = 0;
  let itemsTotal = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) {
      throw new PricingError(`A cart line must have a positive whole quantity, not ${line.quantity}.`);
    }
    const price = assertCents(unitPrice(line));
    if (price < 0 || line.price < 0 || line.listPrice < 0)
      throw new PricingError("Prices cannot be negative.");
    itemCount += line.quantity;
    const shopPrice = Math.max(line.price, price);
    subtotal += price * line.quantity;
    itemsTotal += shopPrice * line.quantity;
    // A price above the list price is not a saving: savings never go negative per line, and
    // Ava's discount is always part of them.
    listTotal += Math.max(line.listPrice, shopPrice) * line.quantity;
  }
  assertCents(extraDiscount);
  if (extraDiscount < 0) throw new PricingError("A discount cannot be negative.");
  if (extraDiscount > subtotal) throw new PricingError("A discount cannot be larger than the subtotal.");
  const discountedSubtotal = subtotal - extraDiscount;
  const shipping =
    lines.length === 0 || discountedSubtotal >= rules.freeShippingThreshold ? 0 : rules.flatShipping;
  const tax = percentOf(discountedSubtotal, rules.taxRateBasisPoints);
  return {
    itemCount,
    listTotal,
    subtotal,
    discount: extraDiscount,
    itemsTotal,
    negotiatedDiscount: itemsTotal - subtotal + extraDiscount,
    discountedSubtotal,
    shipping,
    tax,
    total: discountedSubtotal + shipping + tax,
    savings: listTotal - subtotal + extraDiscount,
  };
}
