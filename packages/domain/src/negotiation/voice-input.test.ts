import { describe, expect, it } from "vitest";
import type { CartTax } from "../markets/cart-tax.ts";
import { DEFAULT_SELLER_CONFIG } from "../merchant/seller-config.ts";
import { pricingRulesFrom, quoteCart } from "../pricing/quote-cart.ts";
import type { OfferTerms, PolicyLine } from "./negotiation-types.ts";
import { quoteOffer } from "./voice-input.ts";

const LINES: PolicyLine[] = [
  {
    cartItemId: "i1",
    productId: "p1",
    name: "Lamp",
    price: 10_000,
    listPrice: 12_000,
    quantity: 2,
    stockLevel: 9,
    demandIndex: 0.2,
  },
];
const TERMS: OfferTerms = {
  discount: 2_000,
  percent: 1_000,
  subtotal: 20_000,
  newItems: [],
  reasons: [],
  source: "policy",
};
const GERMAN_VAT_INCLUDED: CartTax = {
  components: [{ name: "VAT", rateMilliPercent: 19_000, taxShipping: true }],
  pricesIncludeTax: true,
  fallbackBasisPoints: 875,
  label: "VAT",
};

describe("the figures Ava states for an offer", () => {
  it("are the cart's own quote at the shopper's tax: VAT included leaves the total at goods plus shipping", () => {
    const quote = quoteOffer(TERMS, LINES, DEFAULT_SELLER_CONFIG, GERMAN_VAT_INCLUDED)!;
    const cart = quoteCart(
      [{ price: 10_000, priceSnapshot: null, listPrice: 12_000, quantity: 2 }],
      2_000,
      pricingRulesFrom(DEFAULT_SELLER_CONFIG.pricing),
      undefined,
      GERMAN_VAT_INCLUDED,
    );
    expect(quote).toEqual({
      subtotal: cart.subtotal,
      discount: cart.discount,
      shipping: cart.shipping,
      tax: cart.tax,
      total: cart.total,
    });
    // Included: the tax is inside the prices, so the total is what is left of them plus shipping.
    expect(quote.total).toBe(quote.subtotal - quote.discount + quote.shipping);
    expect(quote.tax).toBeGreaterThan(0);
  });

  it("without a place's tax, the shop's single rate is added as before", () => {
    const single = quoteOffer(TERMS, LINES, DEFAULT_SELLER_CONFIG)!;
    expect(single.total).toBe(single.subtotal - single.discount + single.shipping + single.tax);
    expect(single.total).toBeGreaterThan(
      quoteOffer(TERMS, LINES, DEFAULT_SELLER_CONFIG, GERMAN_VAT_INCLUDED)!.total,
    );
  });
});
