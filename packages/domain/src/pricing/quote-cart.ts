import { type Cents, assertCents } from "./money.ts";
import { type PricingSettings, settingCents } from "../merchant/seller-config.ts";
import { meetNegotiatedDiscount } from "../markets/discount-codes.ts";
import { type CartTax, type LineTax, taxCartLines } from "../markets/cart-tax.ts";
import { type ShippingMethod, methodAmount } from "../markets/shipping-zones.ts";

/**
 * The one pricing rule, the only place totals are computed:
 * line price = snapshot if set, else product price; subtotal = sum(line price x quantity);
 * discounted subtotal = subtotal - extra discount; shipping = 0 at or above the free-shipping
 * threshold, else flat; tax = rate x discounted subtotal, half up; total = the three added.
 * A discount code (checked by `checkDiscountCode` on the lines at the shop's prices) meets Ava's
 * discount by `meetNegotiatedDiscount`: when the code wins, the lines go back to the shop's
 * prices and the code's amount comes off instead; a free-shipping code sets shipping to 0.
 * Tax (`taxCartLines`) is the address's, decided by the caller (`taxForPlace`); without it the
 * shop's single rate on the discounted subtotal, added.
 * Shipping by zones: the chosen method (`ChosenShipping`, one the caller found serving the
 * address) prices the parcel by its rules (`methodAmount`) in place of the flat fee and threshold.
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

/** A discount code that applies to the cart, as the pricing rule takes it. */
export interface QuoteCode {
  code: string;
  /** What the code takes off the goods at the shop's prices (0 for free shipping). */
  discount: Cents;
  freeShipping: boolean;
  /** Whether the merchant lets this code stand beside Ava's discount. */
  combine: boolean;
  /** Ava's ceiling for this cart (the most she may ever take off it), in minor units. */
  ceiling: Cents;
}

/** The shipping method a shopper chose among those serving the address, with the parcel's weight. */
export interface ChosenShipping {
  method: ShippingMethod;
  weightGrams: number;
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
  /** The chosen shipping method's name; null under the shop's flat fee. */
  shippingMethod: string | null;
  /** Every line's tax and the shipping's: included in the total (prices include tax) or added to it. */
  tax: Cents;
  /** Each line's amount after discounts, its tax and rate, in the lines' order. */
  lineTaxes: LineTax[];
  shippingTax: Cents;
  taxIncluded: boolean;
  /** What the receipt calls the tax ("VAT", "Sales tax", "Tax"). */
  taxLabel: string;
  total: Cents;
  /** (list total - subtotal) + discount + code discount: what the order records as discount_applied. */
  savings: Cents;
  /** The code that applies to this quote; null without one, or when Ava's price beat it. */
  code: string | null;
  /** What the code takes off the goods (0 without one or for free shipping). */
  codeDiscount: Cents;
  /** Why the code or Ava's price gave way (or was limited); null otherwise. */
  codeNote: string | null;
  /** False when a code replaced Ava's price: the lines are charged at the shop's prices. */
  negotiationKept: boolean;
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

/** The charged unit price of a line under a quote: the shop's price when a code replaced Ava's. */
export function chargedUnitPrice(line: Pick<QuoteLine, "price" | "priceSnapshot">, quote: CartQuote): Cents {
  return quote.negotiationKept ? unitPrice(line) : shopUnitPrice(line);
}

interface CodeMet {
  code: string | null;
  codeDiscount: Cents;
  freeShipping: boolean;
  note: string | null;
  keepNegotiated: boolean;
}

/** How a code meets Ava's discount on these totals (`meetNegotiatedDiscount`, the shipping a free-shipping code saves counted). */
function meetCode(
  code: QuoteCode | undefined,
  totals: { itemsTotal: Cents; negotiated: Cents; shippingFor: (discounted: Cents) => Cents },
): CodeMet {
  if (!code) return { code: null, codeDiscount: 0, freeShipping: false, note: null, keepNegotiated: true };
  assertCents(code.discount);
  if (code.discount < 0 || code.discount > totals.itemsTotal)
    throw new PricingError("A code's discount must be between 0 and the goods it applies to.");
  if (totals.negotiated === 0)
    return {
      code: code.code,
      codeDiscount: code.discount,
      freeShipping: code.freeShipping,
      note: null,
      keepNegotiated: true,
    };
  const ceiling = Math.min(Math.max(0, code.ceiling), totals.itemsTotal);
  if (code.combine) {
    const met = meetNegotiatedDiscount({
      codeDiscount: code.discount,
      negotiatedDiscount: totals.negotiated,
      ceiling,
      combine: true,
    });
    return {
      code: code.code,
      codeDiscount: met.codeDiscount,
      freeShipping: code.freeShipping,
      note: met.note,
      keepNegotiated: true,
    };
  }
  // Not combined: the code is worth what it takes off the goods, and the shipping it waives.
  const worth =
    code.discount + (code.freeShipping ? totals.shippingFor(totals.itemsTotal - code.discount) : 0);
  const met = meetNegotiatedDiscount({
    codeDiscount: worth,
    negotiatedDiscount: totals.negotiated,
    ceiling,
    combine: false,
  });
  if (met.keepNegotiated)
    return { code: null, codeDiscount: 0, freeShipping: false, note: met.note, keepNegotiated: true };
  return {
    code: code.code,
    codeDiscount: code.discount,
    freeShipping: code.freeShipping,
    note: met.note,
    keepNegotiated: false,
  };
}

/** The chosen method's price of the parcel at an order value; refused when no band of it holds the parcel. */
function zoneShipping(lineCount: number, chosen: ChosenShipping): (discounted: Cents) => Cents {
  return (discounted) => {
    if (lineCount === 0) return 0;
    const amount = methodAmount(chosen.method, { value: discounted, weightGrams: chosen.weightGrams });
    if (amount === null)
      throw new PricingError(
        `${chosen.method.name} does not take this parcel. Choose another shipping method.`,
      );
    assertCents(amount);
    return amount;
  };
}

export function quoteCart(
  lines: QuoteLine[],
  extraDiscount: Cents,
  rules: PricingRules,
  code?: QuoteCode,
  tax?: CartTax,
  chosenShipping?: ChosenShipping,
): CartQuote {
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
  const shippingFor = chosenShipping
    ? zoneShipping(lines.length, chosenShipping)
    : (discounted: Cents) =>
        lines.length === 0 || discounted >= rules.freeShippingThreshold ? 0 : rules.flatShipping;
  const met = meetCode(code, { itemsTotal, negotiated: itemsTotal - subtotal + extraDiscount, shippingFor });
  // A code that beat Ava's price: the lines at the shop's prices, no order-level remainder.
  const charged = met.keepNegotiated ? subtotal : itemsTotal;
  const orderDiscount = met.keepNegotiated ? extraDiscount : 0;
  const discountedSubtotal = Math.max(0, charged - orderDiscount - met.codeDiscount);
  const shipping = met.freeShipping ? 0 : shippingFor(discountedSubtotal);
  const applied = tax ?? {
    components: null,
    pricesIncludeTax: false,
    fallbackBasisPoints: rules.taxRateBasisPoints,
    label: "Tax",
  };
  const amounts = lines.map((l) => (met.keepNegotiated ? unitPrice(l) : shopUnitPrice(l)) * l.quantity);
  const taxed = taxCartLines(amounts, orderDiscount + met.codeDiscount, shipping, applied);
  return {
    itemCount,
    listTotal,
    subtotal: charged,
    discount: orderDiscount,
    itemsTotal,
    negotiatedDiscount: itemsTotal - charged + orderDiscount,
    discountedSubtotal,
    shipping,
    shippingMethod: chosenShipping?.method.name ?? null,
    tax: taxed.tax,
    lineTaxes: taxed.lines,
    shippingTax: taxed.shippingTax,
    taxIncluded: taxed.included,
    taxLabel: applied.label,
    total: discountedSubtotal + shipping + (taxed.included ? 0 : taxed.tax),
    savings: listTotal - charged + orderDiscount + met.codeDiscount,
    code: met.code,
    codeDiscount: met.codeDiscount,
    codeNote: met.note,
    negotiationKept: met.keepNegotiated,
  };
}
