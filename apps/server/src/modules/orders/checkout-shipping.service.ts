import type { ShippingOptions, ShippingOptionsBody } from "@haggle/contract/shipping";
import type { SpecShippingOptionsQuery } from "@haggle/contract/shop";
import { invalid } from "@haggle/domain/errors";
import type { CartShipping } from "@haggle/domain/markets/cart-shipping";
import type { CartTax } from "@haggle/domain/markets/cart-tax";
import {
  type CartQuote,
  type ChosenShipping,
  type PricingRules,
  type QuoteCode,
  type QuoteLine,
  pricingRulesFrom,
  quoteCart,
} from "@haggle/domain/pricing/quote-cart";
import type { Queryable } from "../../platform/db/client.ts";
import type { AccountIdentity } from "../accounts/index.ts";
import { addressForQuote } from "../addresses/index.ts";
import {
  type CartLine,
  cartWeightOf,
  codeLinesOf,
  findActiveCart,
  loadCheckoutLines,
  quoteLinesOf,
} from "../cart/index.ts";
import { codeOnCart } from "../discounts/index.ts";
import { loadSellerConfig } from "../settings/index.ts";
import { shippingForCart } from "../shipping/index.ts";
import { cartTaxFor } from "../taxes/index.ts";

type Lines = readonly CartLine[];
type SpecShippingOption = {
  id: string;
  name: string;
  price: number;
  deliveryDays: { min: number; max: number };
};

export interface AtAddress {
  lines: Lines;
  negotiatedDiscount: number;
  rules: PricingRules;
  code: QuoteCode | undefined;
  tax: CartTax;
  address: {
    country: string;
    region?: string | null;
    postalCode?: string | null;
  };
  methodId?: string | undefined;
  /** The shop's zones when read before (the checkout reads them before its transaction). */
  zones?: ShopZones | undefined;
}

type ShopZones = NonNullable<Parameters<typeof shippingForCart>[1]["zones"]>;

/** The cart's shipping at an address by the shop's zones, each method priced by the cart's one quote. */
export async function shippingAt(
  db: Queryable,
  input: AtAddress,
): Promise<{
  shipping: CartShipping;
  quoteWith: (chosen?: ChosenShipping) => CartQuote;
}> {
  const quoteLines: QuoteLine[] = quoteLinesOf(input.lines);
  const quoteWith = (chosen?: ChosenShipping) =>
    quoteCart(quoteLines, input.negotiatedDiscount, input.rules, input.code, input.tax, chosen);
  const shipping = await shippingForCart(db, {
    address: input.address,
    weightGrams: cartWeightOf(input.lines),
    methodId: input.methodId ?? null,
    quoteWith,
    ...(input.zones ? { zones: input.zones } : {}),
  });
  return { shipping, quoteWith };
}

/**
 * The cart's one quote at an address: its shipping by the shop's zones (the chosen method, else
 * the cheapest; no zones: the flat fee), the address's tax, the code. An address no zone serves
 * is refused with its sentence ("We don't ship to JP yet."), before any payment.
 */
export async function quoteAtAddress(db: Queryable, input: AtAddress): Promise<CartQuote> {
  const { shipping, quoteWith } = await shippingAt(db, input);
  if (shipping.kind === "unserved") throw invalid(shipping.reason, "SHIPPING_UNSERVED");
  return quoteWith(shipping.kind === "served" ? shipping.chosen : undefined);
}

/**
 * The shipping options of the shopper's cart at an address, before payment: nothing is written
 * (the address is not saved, the code not locked). An address no zone serves answers its sentence.
 */
export async function checkoutShippingOptions(
  db: Queryable,
  who: AccountIdentity,
  body: ShippingOptionsBody,
): Promise<ShippingOptions> {
  return await shippingOptionsAtPlace(db, who, async () => await addressForQuote(db, who.id, body.address));
}

/**
 * The same options at a place: a saved address's (by id) or a country with its region and postal
 * code, the checkout's cart checked first (no cart, or an empty one: 400).
 */
export async function shippingOptionsAtPlace(
  db: Queryable,
  who: AccountIdentity,
  placeOf: () => Promise<AtAddress["address"]>,
): Promise<ShippingOptions> {
  const cart = await findActiveCart(db, who.id);
  if (!cart) throw invalid("No active cart found", "NO_ACTIVE_CART");
  const lines = await loadCheckoutLines(db, cart.id);
  if (lines.length === 0) throw invalid("Cart is empty", "CART_EMPTY");
  const address = await placeOf();
  const config = await loadSellerConfig(db);
  const code = await codeOnCart(db, {
    cartId: cart.id,
    userId: who.id,
    lines: codeLinesOf(lines),
    escalation: config.escalation_rules,
  });
  const rules = pricingRulesFrom(config.pricing);
  const tax = await cartTaxFor(db, address, rules.taxRateBasisPoints);
  const { shipping } = await shippingAt(db, {
    lines,
    negotiatedDiscount: cart.negotiatedDiscount,
    rules,
    code: code?.quote ?? undefined,
    tax,
    address,
  });
  if (shipping.kind === "flat") return { zones: false, options: [], unserved: null };
  if (shipping.kind === "unserved") return { zones: true, options: [], unserved: shipping.reason };
  return { zones: true, options: shipping.options, unserved: null };
}

/** A subdivision as the zones keep it: "CA" for "US-CA" (ISO 3166-2) or "CA". */
function regionIn(country: string, region: string | undefined): string | null {
  if (!region) return null;
  const upper = region.toUpperCase();
  return upper.startsWith(`${country}-`) ? upper.slice(country.length + 1) : upper;
}

/**
 * GET /api/checkout/shipping-options (the API spec's shape): the options at a saved address or a
 * place, `[{id, name, price, deliveryDays}]` cheapest first; none (an address no zone serves, or a
 * shop without zones, whose flat fee the cart already shows) is `[]`.
 */
export async function specShippingOptions(
  db: Queryable,
  who: AccountIdentity,
  query: SpecShippingOptionsQuery,
): Promise<SpecShippingOption[]> {
  const { addressId } = query;
  const country = (query.country ?? "").toUpperCase();
  const answer = await shippingOptionsAtPlace(db, who, async () =>
    addressId
      ? await addressForQuote(db, who.id, { addressId })
      : { country, region: regionIn(country, query.region), postalCode: query.postalCode ?? null },
  );
  return answer.options.map((o) => ({ id: o.methodId, name: o.name, price: o.amount, deliveryDays: o.days }));
}
