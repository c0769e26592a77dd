import { invalid } from "../errors.ts";
import { type CartQuote, type ChosenShipping, PricingError } from "../pricing/quote-cart.ts";
import { type ShippingAddress, type ShippingMethod, type ShippingZone, zoneFor } from "./shipping-zones.ts";

/** One method a cart can ship by, priced by the cart's own quote (its code and Ava's discount counted). */
export interface CartShippingOption {
  methodId: string;
  name: string;
  amount: number;
  days: { min: number; max: number };
  /** The quote's tax and total with this method (its shipping taxed where the place taxes it). */
  tax: number;
  total: number;
}

/**
 * How a cart ships to an address:
 * - `flat`: the shop has no zones, so the flat fee and free-over threshold apply as before;
 * - `unserved`: no zone serves the address (or no method takes the parcel), with the sentence;
 * - `served`: the options, cheapest first (then fastest), and the chosen one to quote with.
 */
export type CartShipping =
  | { kind: "flat" }
  | { kind: "unserved"; reason: string }
  | {
      kind: "served";
      options: CartShippingOption[];
      selected: CartShippingOption;
      chosen: ChosenShipping;
    };

/** The sentence an address no zone serves reads before payment. */
export const unservedSentence = (country: string) => `We don't ship to ${country.trim().toUpperCase()} yet.`;

/** The cart's quote with a method, or null when the method cannot take the parcel. */
function quoteOrNull(quoteWith: (chosen: ChosenShipping) => CartQuote, chosen: ChosenShipping): CartQuote | null {
  try {
    return quoteWith(chosen);
  } catch (error) {
    if (error instanceof PricingError) return null;
    throw error;
  }
}

type Priced = { chosen: ChosenShipping; quote: CartQuote };

/**
 * The shipping of a cart at an address, by the shop's zones: the zone serving the address (the
 * closest place wins), each of its methods priced by the quote itself (so a free-over threshold
 * counts the order's value after Ava's discount and the code), cheapest first. `methodId` is the
 * shopper's choice; none picks the cheapest; one the address does not offer is refused.
 */
export function cartShipping(input: {
  address: ShippingAddress;
  zones: readonly ShippingZone[];
  weightGrams: number;
  methodId?: string | null;
  quoteWith: (chosen: ChosenShipping) => CartQuote;
}): CartShipping {
  if (input.zones.length === 0) return { kind: "flat" };
  const zone = zoneFor(input.address, input.zones);
  if (!zone)
    return {
      kind: "unserved",
      reason: unservedSentence(input.address.country),
    };
  const priced = zone.methods
    .map((method: ShippingMethod) => {
      const chosen = { method, weightGrams: input.weightGrams };
      return { chosen, quote: quoteOrNull(input.quoteWith, chosen) };
    })
    .filter((p): p is Priced => p.quote !== null)
    .sort(
      (a, b) =>
        a.quote.shipping - b.quote.shipping ||
        a.chosen.method.days.max - b.chosen.method.days.max ||
        a.chosen.method.name.localeCompare(b.chosen.method.name),
    );
  const first = priced[0];
  if (!first)
    return {
      kind: "unserved",
      reason: "No shipping method takes a parcel this heavy to that address.",
    };
  const pick = input.methodId ? priced.find((p) => p.chosen.method.id === input.methodId) : first;
  if (!pick)
    throw invalid("That shipping method does not serve this address. Choose another.", "SHIPPING_METHOD");
  const optionOf = (p: Priced): CartShippingOption => ({
    methodId: p.chosen.method.id,
    name: p.chosen.method.name,
    amount: p.quote.shipping,
    days: p.chosen.method.days,
    tax: p.quote.tax,
    total: p.quote.total,
  });
  return {
    kind: "served",
    options: priced.map(optionOf),
    selected: optionOf(pick),
    chosen: pick.chosen,
  };
}

/** A parcel's weight: each line's variant weight times its quantity (a variant without one weighs 0). */
export function parcelWeight(lines: readonly { weightGrams: number | null; quantity: number }[]): number {
  return lines.reduce((sum, l) => sum + (l.weightGrams ?? 0) * l.quantity, 0);
}
