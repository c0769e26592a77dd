import type { CartTax } from "../markets/cart-tax.ts";
import type { ChosenShipping } from "../pricing/quote-cart.ts";
import { ASSISTANT_NAME } from "../assistant/assistant-name.ts";
import { pricingRulesFrom, quoteCart } from "../pricing/quote-cart.ts";
import { offerInDecision } from "./decide-counter-offer.ts";
import type {
  Decision,
  OfferQuote,
  OfferTerms,
  PolicyLine,
  PolicyProfile,
  SellerConfig,
  VoiceInput,
} from "./negotiation-types.ts";

/**
 * The figures of an offer as the shop's one pricing rule computes them: the cart at current
 * prices plus any bundled product, the offer's discount, shipping and tax on what is left.
 */
export function quoteOffer(
  terms: OfferTerms | null,
  lines: readonly PolicyLine[],
  config: SellerConfig,
  tax?: CartTax,
  shipping?: ChosenShipping,
): OfferQuote | null {
  if (!terms) return null;
  const quoteLines = [
    ...lines.map((l) => ({
      price: l.price,
      priceSnapshot: null,
      listPrice: l.listPrice,
      quantity: l.quantity,
    })),
    ...terms.newItems.map((n) => ({
      price: n.price,
      priceSnapshot: null,
      listPrice: n.price,
      quantity: n.quantity,
    })),
  ];
  const quote = quoteCart(
    quoteLines,
    Math.min(terms.discount, terms.subtotal),
    pricingRulesFrom(config.pricing),
    undefined,
    tax,
    shipping,
  );
  return {
    subtotal: quote.subtotal,
    discount: quote.discount,
    shipping: quote.shipping,
    tax: quote.tax,
    total: quote.total,
  };
}

/** What a voice is told for a decision: the decision, the shopper, the offer's quote, the cart. */
export function voiceInputFor(
  negotiation: {
    lines: readonly PolicyLine[];
    profile: PolicyProfile;
    config: SellerConfig;
    tax?: CartTax;
    shipping?: ChosenShipping;
  },
  decision: Decision,
  seed: number,
  previous: OfferTerms | null = null,
): VoiceInput {
  return {
    assistantName: ASSISTANT_NAME,
    decision,
    profile: negotiation.profile,
    config: negotiation.config,
    quote: quoteOffer(
      offerInDecision(decision),
      negotiation.lines,
      negotiation.config,
      negotiation.tax,
      negotiation.shipping,
    ),
    lines: negotiation.lines.map((l) => ({ name: l.name, quantity: l.quantity, price: l.price })),
    seed,
    ...(previous ? { alreadySaid: [...previous.reasons] } : {}),
  };
}
