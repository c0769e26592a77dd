import { settingCents } from "../merchant/seller-config.ts";
import { shopCurrency } from "../pricing/money.ts";
import { TIER_LABELS } from "./loyalty-tiers.ts";
import type { OfferTerms, VoiceInput } from "./negotiation-types.ts";
import {
  formatPercent,
  formatExtraOff,
  pick,
  pointsToBasisPoints,
  sentences,
  standingSentence,
  tierLabel,
  tierPhrase,
  usd,
} from "./voice-phrases.ts";

/** Ava's built-in answers to questions and small talk, from the config and the shopper's profile. */
export function infoReply(
  input: VoiceInput,
  topic: Extract<VoiceInput["decision"], { kind: "info" }>["topic"],
  standing: OfferTerms | null,
  name: string,
  button: string,
): string {
  const seed = input.seed;
  const config = input.config;
  switch (topic) {
    case "shipping":
      return shippingWords(input, standing);
    case "loyalty":
      return loyaltyWords(input);
    case "expiry": {
      const minutes = config.global_rules.offer_expiry_minutes;
      return pick(seed, [
        `My offers hold for ${minutes} minutes and are tied to your current cart, so changing the cart voids them.`,
        `Each offer stays valid for ${minutes} minutes, for exactly the items in your cart right now; change the cart and it lapses.`,
        `You have ${minutes} minutes to accept an offer, and it only applies to your cart as it is now.`,
      ]);
    }
    case "bundle":
      return bundleWords(input, standing, button);
    case "currency":
      return sentences(currencyWords(seed), standingSentence(input, standing));
    case "how-it-works":
      return pick(seed, [
        `Tell me the percentage off or the total you have in mind, and I'll see what I can do. When you're happy with an offer, press ${button}.`,
        `It's simple: ask for a discount, a percentage or a target total, and I'll make you an offer based on your cart and loyalty tier. Offers are tied to your cart, and ${button} applies the one you like.`,
        `I'm ${name}, and I negotiate the price of your cart. Name a percentage or a total, I'll counter with what I can do, and you press ${button} when we agree.`,
      ]);
    case "greeting":
      return sentences(
        pick(seed, [
          `Hi, I'm ${name}! Ask me for a discount, or tell me a percentage or a target total you have in mind.`,
          `Hello and welcome! I'm ${name}, and I'm here to help you get a good price on your cart.`,
          "Hey there! Tell me what you'd like to pay, as a percentage off or a total, and I'll see what I can do.",
        ]),
        standingSentence(input, standing),
      );
    case "thanks":
      return sentences(
        pick(seed, [
          "You're very welcome! If you'd like to keep negotiating, just tell me a percentage or a total.",
          "My pleasure! I'm here if you want to try for a better price.",
          "Happy to help! Anything else I can do on the price?",
        ]),
        standingSentence(input, standing),
      );
    case "goodbye":
      return pick(seed, [
        "Thanks for stopping by! Your cart will be here when you're back.",
        "Goodbye, and happy shopping!",
        "Take care! Come back any time to pick up where we left off.",
      ]);
    case "other":
      return sentences(
        pick(seed, [
          standing
            ? `Glad to hear it! If you'd like my offer, say 'deal' or press ${button}.`
            : "Glad to hear it! Whenever you're ready, tell me a percentage or a total you'd like.",
          standing
            ? `If my offer works for you, just say 'deal' or press ${button}; otherwise, tell me a percentage or total.`
            : "Whenever you're ready, ask me for a discount or name a percentage or a target total.",
          standing
            ? `Happy to keep chatting! When you're ready, press ${button} or tell me what number you have in mind.`
            : "Happy to chat! When you're ready, tell me the percentage off or the total you have in mind.",
        ]),
        standingSentence(input, standing),
      );
    default:
      return sentences(
        pick(seed, [
          "I'm not sure I followed. You can ask me for a discount, or tell me a percentage or a target total.",
          "Sorry, I didn't quite catch that. Try asking for a percentage off or naming the total you'd like to pay.",
          "I'm best at talking price! Tell me a percentage or a total you have in mind and I'll see what I can do.",
        ]),
        standingSentence(input, standing),
      );
  }
}

/** Shipping: free from the threshold, else the flat fee; what it comes to with the offer that stands. */
function shippingWords(input: VoiceInput, standing: OfferTerms | null): string {
  const seed = input.seed;
  const config = input.config;
  const free = usd(settingCents(config.pricing.free_shipping_threshold));
  const flat = usd(settingCents(config.pricing.flat_shipping));
  const main = pick(seed, [
    `Shipping is free when your order comes to ${free} or more after discounts; below that it's a flat ${flat}.`,
    `Orders of ${free} and up ship free, and anything under that ships for a flat ${flat}.`,
    `Good question! Spend ${free} or more and shipping is on us; otherwise it's a flat ${flat}.`,
  ]);
  const current =
    standing && input.quote ? `With my current offer, shipping comes to ${usd(input.quote.shipping)}.` : "";
  return sentences(main, current);
}

/** The shopper's loyalty tier and what it adds to the offers (or will, from the first order). */
function loyaltyWords(input: VoiceInput): string {
  const seed = input.seed;
  const config = input.config;
  const tier = input.profile.tier;
  const points = config.tier_benefits.extra_points[tier] ?? 0;
  if (points > 0) {
    const extra = formatExtraOff(points);
    return pick(seed, [
      `You're ${tierPhrase(tier)}, so my offers include an extra ${extra} for you on top of the usual discount.`,
      `As ${tierPhrase(tier)} you get an extra ${extra}, and loyal tiers get more the more you shop with us.`,
      `Your tier is ${tierLabel(tier)}, which adds an extra ${extra} to what I can offer you.`,
    ]);
  }
  const bronze = formatExtraOff(config.tier_benefits.extra_points.BRONZE ?? 0);
  return pick(seed, [
    `You're ${tierPhrase(tier)} for now, so there's no loyalty discount yet; your first order makes you ${TIER_LABELS.BRONZE}, worth an extra ${bronze} on my offers.`,
    `As ${tierPhrase(tier)} you don't have a loyalty discount yet, but loyal tiers do: your first order makes you ${TIER_LABELS.BRONZE}, worth an extra ${bronze}.`,
    `Your tier is ${tierLabel(tier)}. Loyal tiers get an extra discount on my offers, beginning with ${bronze} at ${TIER_LABELS.BRONZE}.`,
  ]);
}

/** Bundles: what the offer already bundles, or the bonus a suggested item unlocks. */
function bundleWords(input: VoiceInput, standing: OfferTerms | null, button: string): string {
  const seed = input.seed;
  const config = input.config;
  const bonus = formatPercent(pointsToBasisPoints(config.negotiation_limits.bundling_discount_bonus));
  const bundled = standing?.newItems ?? [];
  if (bundled.length > 0) {
    const names = bundled.map((i) => `${i.name} (${usd(i.price)})`).join(" and ");
    return sentences(
      `My offer already bundles ${names}; press ${button} and ${bundled.length === 1 ? "it joins" : "they join"} your cart with the discount.`,
      standingSentence(input, standing),
    );
  }
  return pick(seed, [
    `Adding a suggested item to your cart can unlock an extra ${bonus} off the bundle.`,
    `Bundles help! If you add one of my suggested items, I can add up to ${bonus} more to your discount.`,
    `If you're open to adding a suggested item, bundling unlocks an extra ${bonus} off.`,
  ]);
}

/** An amount written in another currency: which one Ava reads, and how to name a price in it. */
function currencyWords(seed: number): string {
  const code = shopCurrency();
  const name = new Intl.DisplayNames(["en"], { type: "currency" }).of(code) ?? code;
  return pick(seed, [
    `My prices are in ${code} (${name}), and I can't convert other currencies. Tell me the total you'd like in ${code}, or a percentage off.`,
    `I only read amounts in ${code}, the shop's currency. Name your price in ${code}, or a percentage off, and I'll see what I can do.`,
    `We sell in ${name} (${code}) here, so I can only weigh a price in ${code}. What total would you like to pay in ${code}?`,
  ]);
}
