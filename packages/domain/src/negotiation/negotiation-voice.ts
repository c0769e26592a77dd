import { type LoyaltyTier, TIER_LABELS } from "./loyalty-tier.ts";
import { type Cents, formatUsd } from "../pricing/money.ts";
import type { BasisPoints, OfferReason, OfferTerms, ShopperAsk, VoiceInput } from "./negotiation-types.ts";
import { hundredthsOf, normalizeForFigures, type NumberToken, scanNumbers } from "./parse-shopper-message.ts";

/**
 * Ava's words for the policy's decision (the built-in voice), and the figure check that keeps
 * any voice (built-in or LLM) from stating a number the decision did not produce.
 *
 * Every figure the built-in voice states comes from the input: the offer, the quote, the
 * config, the shopper's ask. The negotiation limits and escalation ceilings are deliberately
 * never stated (nor allowed): they are the shop's side of the haggle.
 */

export const ACCEPT_BUTTON_LABEL = "Accept Offer & Apply to Cart";

// ---------------------------------------------------------------- number formatting

/** A whole number of cents (or basis points) that formatUsd accepts, whatever came in. */
function safeInt(n: number): number {
  if (!Number.isFinite(n)) return 0;
  return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, Math.round(n)));
}

function usd(cents: Cents): string {
  return formatUsd(safeInt(cents));
}

/** Config amounts are dollars, config percents are points. */
function dollarsToCents(dollars: number): Cents {
  return safeInt(dollars * 100);
}
function pointsToBasisPoints(points: number): BasisPoints {
  return safeInt(points * 100);
}

/** 1500 -> "15%", 1250 -> "12.5%", 1234 -> "12.3%" (one decimal at most, half up). */
export function formatPercent(basisPoints: BasisPoints): string {
  const bp = safeInt(basisPoints);
  const tenths = Math.round(Math.abs(bp) / 10);
  const whole = Math.floor(tenths / 10);
  const decimal = tenths % 10;
  return `${bp < 0 ? "-" : ""}${whole}${decimal ? `.${decimal}` : ""}%`;
}

/** 3 -> "3 points", 1 -> "1 point", 2.5 -> "2.5 points" (not a percent figure: never checked). */
function formatPoints(points: number): string {
  const value = Number.isFinite(points) ? Math.round(points * 100) / 100 : 0;
  return `${value} ${value === 1 ? "point" : "points"}`;
}

// ---------------------------------------------------------------- figures in a text

/**
 * Every dollar amount ("$1,234.56", "$12", "12 dollars", "USD 12", "$1k"; euros and pounds too,
 * as a different currency is never right) and every percentage ("12%", "12.5 %", "12 percent",
 * "fifteen percent", "half off") a text states, as absolute cents and basis points. A figure
 * with more decimals than cents or basis points is kept exactly (fractional), so it matches
 * nothing. A bare number joined to a figure by "-", "–" or "to" ("10-15%", "$10 to 15") takes
 * that figure's unit.
 */
export function figuresIn(text: string): { money: Cents[]; percents: BasisPoints[] } {
  const s = normalizeForFigures(String(text));
  const tokens = scanNumbers(s);
  const units: NumberToken["unit"][] = tokens.map((t) => t.unit);
  const joined = (a: NumberToken, b: NumberToken) =>
    /^ ?(?:-|–|to) ?(?:\$|€|£)?$/u.test(s.slice(a.end, b.start));
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < tokens.length; i++) {
      if (units[i] !== "bare") continue;
      const t = tokens[i]!;
      const next = tokens[i + 1];
      const prev = tokens[i - 1];
      if (next && units[i + 1] !== "bare" && joined(t, next)) units[i] = units[i + 1]!;
      else if (prev && units[i - 1] !== "bare" && joined(prev, t)) units[i] = units[i - 1]!;
    }
  }
  const money: Cents[] = [];
  const percents: BasisPoints[] = [];
  tokens.forEach((t, i) => {
    if (units[i] === "money") money.push(hundredthsOf(t));
    else if (units[i] === "percent") percents.push(hundredthsOf(t));
  });
  return { money, percents };
}

// ---------------------------------------------------------------- what a voice may state

export interface AllowedFigures {
  money: Set<Cents>;
  percents: Set<BasisPoints>;
}

function offersOf(input: VoiceInput): OfferTerms[] {
  const d = input.decision;
  switch (d.kind) {
    case "offer":
    case "accept-ask":
    case "agreed":
      return [d.offer];
    case "decline":
      return d.counter ? [d.counter] : [];
    case "escalate":
    case "awaiting-approval":
    case "refused":
    case "info":
      return d.standing ? [d.standing] : [];
    default:
      return [];
  }
}

function askOf(input: VoiceInput): ShopperAsk | null {
  const d = input.decision;
  if (d.kind === "offer" || d.kind === "accept-ask" || d.kind === "escalate" || d.kind === "decline")
    return d.ask;
  return null;
}

/** Rounding a percent to one decimal and to a whole number, both half up and down. */
function percentVariants(bp: number): number[] {
  return [
    bp,
    Math.round(bp / 10) * 10,
    Math.floor(bp / 10) * 10,
    Math.round(bp / 100) * 100,
    Math.floor(bp / 100) * 100,
  ];
}

/**
 * Every figure the decision, the quote, the config and the profile let a voice state: the
 * offer's discount, percent (and its roundings), subtotal and discounted subtotal; the quote's
 * figures; bundled products' prices; cart line prices (unit and x quantity) and their sum; the
 * free-shipping threshold and flat shipping; the tier extra points, the bundling bonus and the
 * tax rate as percents; the shopper's ask; an escalated request; the shopper's lifetime value;
 * and any figure inside a product, shopper or assistant name (naming a product is not a price).
 * Not the negotiation limits or escalation ceilings.
 */
export function allowedFigures(input: VoiceInput, scope: "built-in" | "llm" = "built-in"): AllowedFigures {
  const money = new Set<Cents>();
  const percents = new Set<BasisPoints>();
  const addMoney = (c: number) => money.add(Math.abs(safeInt(c)));
  const addPercent = (bp: number) => {
    for (const v of percentVariants(Math.abs(safeInt(bp)))) percents.add(v);
  };
  const addNamed = (name: unknown) => {
    if (typeof name !== "string") return;
    const figures = figuresIn(name);
    for (const m of figures.money) money.add(m);
    for (const p of figures.percents) percents.add(p);
  };

  for (const offer of offersOf(input)) {
    addMoney(offer.discount);
    addMoney(offer.subtotal);
    addMoney(offer.subtotal - offer.discount);
    addPercent(offer.percent);
    for (const item of offer.newItems) {
      addMoney(item.price);
      addMoney(item.price * item.quantity);
      addNamed(item.name);
    }
  }
  const quote = input.quote;
  if (quote) {
    for (const c of [quote.subtotal, quote.discount, quote.shipping, quote.tax, quote.total]) addMoney(c);
    addMoney(quote.subtotal - quote.discount);
    if (quote.subtotal > 0) addPercent(Math.floor((quote.discount * 10000) / quote.subtotal));
  }
  if (input.decision.kind === "escalate") {
    addPercent(input.decision.requested.percent);
    addMoney(input.decision.requested.amount);
  }
  for (const line of input.lines) addNamed(line.name);
  addNamed(input.profile.name);
  addNamed(input.assistantName);
  // An LLM may state only the decision's own figures: a shipping threshold, a tax rate, a line
  // price or the shopper's ask could otherwise be dressed up as a discount ("$100 off!").
  if (scope === "llm") return { money, percents };

  let linesTotal = 0;
  for (const line of input.lines) {
    addMoney(line.price);
    addMoney(line.price * line.quantity);
    linesTotal += line.price * line.quantity;
    addNamed(line.name);
  }
  addMoney(linesTotal);

  const ask = askOf(input);
  if (ask?.kind === "percent") addPercent(ask.percent);
  if (ask?.kind === "amount") addMoney(ask.amount);
  if (ask?.kind === "total") addMoney(ask.total);
  if (ask?.kind === "item-price") addMoney(ask.price);

  const config = input.config;
  addMoney(dollarsToCents(config.pricing.free_shipping_threshold));
  addMoney(dollarsToCents(config.pricing.flat_shipping));
  addPercent(pointsToBasisPoints(config.pricing.tax_rate_pct));
  addPercent(pointsToBasisPoints(config.negotiation_limits.bundling_discount_bonus));
  for (const points of Object.values(config.tier_benefits.extra_points))
    addPercent(pointsToBasisPoints(points));

  addMoney(input.profile.lifetimeValue);
  return { money, percents };
}

/**
 * False when the text states a money or percent figure the decision does not allow. Money must
 * match to the cent; a percent may be any allowed percent rounded to one decimal or to a whole
 * number (12.34% allows "12.34%", "12.3%" and "12%").
 */
export function statesOnlyAllowedFigures(text: string, allowed: AllowedFigures): boolean {
  const { money, percents } = figuresIn(text);
  if (!money.every((m) => allowed.money.has(m))) return false;
  return percents.every((p) => {
    if (allowed.percents.has(p)) return true;
    for (const a of allowed.percents) {
      if (percentVariants(a).some((v) => Math.abs(v - p) < 1e-6)) return true;
    }
    return false;
  });
}

// ---------------------------------------------------------------- the built-in voice

function pick(seed: number, options: readonly string[], salt = 0): string {
  const s = Number.isFinite(seed) ? Math.abs(Math.trunc(seed)) : 0;
  return options[(s + salt) % options.length] ?? options[0] ?? "";
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function tierPhrase(tier: LoyaltyTier): string {
  const label = TIER_LABELS[tier] ?? "valued";
  return tier === "NONE" ? `a ${label}` : `a ${label} member`;
}

function tierLabel(tier: LoyaltyTier): string {
  return TIER_LABELS[tier] ?? "valued customer";
}

/** "15% off" / "$20.00 off" / "a total of $180.00" / "$90.00 for that item" */
function askText(ask: ShopperAsk | null): string {
  switch (ask?.kind) {
    case "percent":
      return `${formatPercent(ask.percent)} off`;
    case "amount":
      return `${usd(ask.amount)} off`;
    case "total":
      return `a total of ${usd(ask.total)}`;
    case "item-price":
      return `${usd(ask.price)} for that item`;
    default:
      return "that";
  }
}

/** "at 15% off" / "at $180.00" */
function askAt(ask: ShopperAsk): string {
  return ask.kind === "total" ? usd(ask.total) : askText(ask);
}

interface OfferWords {
  /** "15%" */
  p: string;
  /** "$30.00" */
  a: string;
  /** "a new total of $190.00" (with a quote) or "a discounted subtotal of $170.00" */
  after: string;
}

function offerWords(offer: OfferTerms, input: VoiceInput): OfferWords {
  return {
    p: formatPercent(offer.percent),
    a: usd(offer.discount),
    after: input.quote
      ? `a new total of ${usd(input.quote.total)}`
      : `a discounted subtotal of ${usd(offer.subtotal - offer.discount)}`,
  };
}

function itemList(offer: OfferTerms): string {
  if (offer.newItems.length === 0) return "a suggested item";
  return offer.newItems
    .map((i) =>
      i.quantity > 1 ? `${i.quantity} × ${i.name} (${usd(i.price)} each)` : `${i.name} (${usd(i.price)})`,
    )
    .join(" and ");
}

/** One sentence giving the reason for each concession, or "" when there is none to give. */
function reasonsSentence(
  offer: OfferTerms,
  input: VoiceInput,
  skip: OfferReason[] = [],
  itemsNamed = false,
): string {
  const tier = input.profile.tier;
  const points = input.config.tier_benefits.extra_points[tier] ?? 0;
  const bonus = formatPercent(pointsToBasisPoints(input.config.negotiation_limits.bundling_discount_bonus));
  const clauses: string[] = [];
  for (const reason of new Set(offer.reasons)) {
    if (skip.includes(reason)) continue;
    switch (reason) {
      case "loyalty":
        clauses.push(
          points > 0
            ? `as ${tierPhrase(tier)} you get an extra ${formatPoints(points)} built in`
            : `as ${tierPhrase(tier)} your loyalty perks grow with every order`,
        );
        break;
      case "bundle":
        clauses.push(
          itemsNamed || offer.newItems.length === 0
            ? `the bundle unlocks an extra ${bonus} off`
            : `bundling ${itemList(offer)} unlocks an extra ${bonus} off`,
        );
        break;
      case "final":
        clauses.push("this is my final offer, the best I can do on this cart");
        break;
      case "high-demand":
        clauses.push("that item is in high demand right now, so I can't go as deep as usual");
        break;
      case "low-stock":
        clauses.push("stock is running low, so the discount is a little smaller than usual");
        break;
      case "approved":
        clauses.push("my manager approved it");
        break;
      case "your-ask":
        clauses.push("it's exactly what you asked for");
        break;
    }
  }
  if (clauses.length === 0) return "";
  const body =
    clauses.length <= 2
      ? clauses.join(", and ")
      : `${clauses.slice(0, -1).join("; ")}; and ${clauses[clauses.length - 1]}`;
  return `${capitalize(body)}.`;
}

function sentences(...parts: string[]): string {
  return parts.filter((p) => p.length > 0).join(" ");
}

function standingSentence(input: VoiceInput, standing: OfferTerms | null): string {
  if (!standing) return "";
  const w = offerWords(standing, input);
  return pick(
    input.seed,
    [
      `My current offer of ${w.p} off (${w.a}) still stands, for ${w.after}.`,
      `My offer of ${w.p} off (${w.a}) is still open, for ${w.after}.`,
      `You still have my offer of ${w.p} off (${w.a}), for ${w.after}.`,
    ],
    1,
  );
}

export function writeBuiltInReply(input: VoiceInput): string {
  const d = input.decision;
  const seed = input.seed;
  const name = input.assistantName || "your negotiator";
  const button = `'${ACCEPT_BUTTON_LABEL}'`;

  switch (d.kind) {
    case "offer": {
      const w = offerWords(d.offer, input);
      if (d.stage === "bundle") {
        const items = itemList(d.offer);
        const main = pick(seed, [
          `Here's an idea: add ${items} and I can do ${w.p} off the lot (${w.a}), for ${w.after}.`,
          `How about a bundle? With ${items} added, I can give you ${w.p} off everything (${w.a}), for ${w.after}.`,
          `If you add ${items}, I can take ${w.p} off the whole order (${w.a}), bringing you to ${w.after}.`,
        ]);
        return sentences(main, reasonsSentence(d.offer, input, ["your-ask"], true));
      }
      if (d.offer.reasons.includes("approved")) {
        return pick(seed, [
          `Good news: my manager approved ${w.p} off (${w.a}), for ${w.after}. Press '${ACCEPT_BUTTON_LABEL}' to take it.`,
          `My manager said yes! You can have ${w.p} off (${w.a}), for ${w.after}. Press '${ACCEPT_BUTTON_LABEL}' whenever you're ready.`,
          `Approved: ${w.p} off (${w.a}), bringing you to ${w.after}. Press '${ACCEPT_BUTTON_LABEL}' to apply it.`,
        ]);
      }
      if (d.stage === "final") {
        const main = pick(seed, [
          `This is my final offer: ${w.p} off (${w.a}), for ${w.after}.`,
          `I've gone as far as I can. My best and final offer is ${w.p} off (${w.a}), for ${w.after}.`,
          `Here's the best I can do, and it's final: ${w.p} off (${w.a}), bringing you to ${w.after}.`,
        ]);
        return sentences(main, reasonsSentence(d.offer, input, ["final"]));
      }
      if (d.stage === "counter" && d.ask) {
        const ask = askText(d.ask);
        const main = pick(seed, [
          `I can't quite do ${ask}, but I can meet you at ${w.p} off (${w.a}), for ${w.after}.`,
          `${capitalize(ask)} is a bit more than I can give. How about ${w.p} off (${w.a}), which brings you to ${w.after}?`,
          `I hear you on ${ask}. The best I can do right now is ${w.p} off (${w.a}), for ${w.after}.`,
        ]);
        return sentences(main, reasonsSentence(d.offer, input));
      }
      if (d.stage === "counter") {
        const main = pick(seed, [
          `Alright, I can go a little further: ${w.p} off (${w.a}), for ${w.after}.`,
          `Let me sweeten it: ${w.p} off (${w.a}), which brings you to ${w.after}.`,
          `I can move to ${w.p} off (${w.a}), for ${w.after}.`,
        ]);
        return sentences(main, reasonsSentence(d.offer, input));
      }
      const main = pick(seed, [
        `Here's what I can do: ${w.p} off your order (${w.a}), for ${w.after}.`,
        `Good news! I can take ${w.p} off (${w.a}), which brings you to ${w.after}.`,
        `Let's start at ${w.p} off (${w.a}); that gives you ${w.after}.`,
      ]);
      return sentences(main, reasonsSentence(d.offer, input));
    }

    case "accept-ask": {
      const w = offerWords(d.offer, input);
      const at = askAt(d.ask);
      const main = pick(seed, [
        `You've got a deal at ${at}! That's ${w.p} off (${w.a}), for ${w.after}.`,
        `${capitalize(at)} works for me, so you've got a deal: ${w.p} off (${w.a}), for ${w.after}.`,
        `Deal, you've got it at ${at}: ${w.p} off (${w.a}), bringing you to ${w.after}.`,
      ]);
      return sentences(main, reasonsSentence(d.offer, input, ["your-ask"]));
    }

    case "agreed": {
      const w = offerWords(d.offer, input);
      const main = pick(seed, [
        `Wonderful, we have a deal: ${w.p} off (${w.a}), for ${w.after}.`,
        `Deal! 🎉 You're getting ${w.p} off (${w.a}), which brings you to ${w.after}.`,
        `It's agreed: ${w.p} off your order (${w.a}), for ${w.after}.`,
      ]);
      const action = pick(seed, [
        `Press ${button} to lock it in.`,
        `Just press ${button} to apply it.`,
        `Press ${button} and it's yours.`,
      ]);
      const why = reasonsSentence(d.offer, input, ["final", "high-demand", "low-stock", "your-ask"]);
      return sentences(main, why, action);
    }

    case "escalate": {
      const ask = askText(d.ask);
      const req = `${formatPercent(d.requested.percent)} off (${usd(d.requested.amount)})`;
      const main = pick(seed, [
        `${capitalize(ask)} is above what I can approve on my own, so let me check with my manager. You'll see their answer right here in the chat.`,
        `That's more than I'm allowed to approve myself, so let me check with my manager about ${req}; their answer will appear right here.`,
        `Let me check with my manager: ${req} is above what I can approve on my own. I'll share their answer here as soon as it's in.`,
      ]);
      return sentences(main, standingSentence(input, d.standing));
    }

    case "awaiting-approval": {
      const main = pick(seed, [
        "Your request is still with my manager; you'll see their answer right here as soon as they decide.",
        "I'm still waiting to hear back from my manager on your request, and the answer will show up in this chat.",
        "My manager hasn't decided on your request yet, but I'll pass on their answer here the moment it's in.",
      ]);
      return sentences(main, standingSentence(input, d.standing));
    }

    case "decline": {
      let intro: string;
      if (d.why === "above-ceiling") {
        const ask = d.ask ? askText(d.ask) : "that";
        intro = pick(seed, [
          `I'm sorry, ${ask} is beyond what the shop can do on this cart.`,
          `${capitalize(ask)} is beyond what the shop can do, I'm afraid.`,
          `I can't go that far: ${ask} is beyond what the shop can do.`,
        ]);
      } else if (d.why === "final-reached") {
        intro = pick(seed, [
          "I've already made my final offer, so I can't go any further.",
          "I'm afraid I'm at my limit: my last offer was my final one.",
          "I'd love to, but I've already reached my final offer.",
        ]);
      } else {
        intro = pick(seed, [
          "I can't work with that number, I'm afraid.",
          "Hmm, that number doesn't work for this cart.",
          "I'm not able to do that one.",
        ]);
      }
      if (!d.counter) {
        return sentences(
          intro,
          "If you'd like, tell me a different percentage or total and I'll see what I can do.",
        );
      }
      const w = offerWords(d.counter, input);
      const counter = pick(
        seed,
        [
          `The best I can do is ${w.p} off (${w.a}), for ${w.after}.`,
          `What I can offer is ${w.p} off (${w.a}), which comes to ${w.after}.`,
          `I can still give you ${w.p} off (${w.a}), for ${w.after}.`,
        ],
        1,
      );
      const skip: OfferReason[] = d.why === "final-reached" ? ["final", "your-ask"] : ["your-ask"];
      return sentences(intro, counter, reasonsSentence(d.counter, input, skip));
    }

    case "refused": {
      const main = pick(seed, [
        "No problem at all. If you have a number in mind, a percentage or a total, tell me and I'll see what I can do.",
        "Understood. Tell me the percentage off or the total you'd be happy with, and I'll take a look.",
        "Fair enough! What would work for you, a percentage off or a target total?",
      ]);
      if (!d.standing) return main;
      const w = offerWords(d.standing, input);
      return sentences(main, `My offer of ${w.p} off (${w.a}) stays open if you change your mind.`);
    }

    case "info":
      return infoReply(input, d.topic, d.standing, name, button);

    case "empty-cart":
      return pick(seed, [
        "Your cart is empty at the moment. Add a few items first, and then we can talk price!",
        "There's nothing in your cart yet. Pick out what you'd like, and I'll be happy to negotiate.",
        "I can't negotiate an empty cart! Add some items and come back to me.",
      ]);

    default:
      return "Tell me the percentage off or the total you have in mind, and I'll see what I can do.";
  }
}

function infoReply(
  input: VoiceInput,
  topic: Extract<VoiceInput["decision"], { kind: "info" }>["topic"],
  standing: OfferTerms | null,
  name: string,
  button: string,
): string {
  const seed = input.seed;
  const config = input.config;
  switch (topic) {
    case "shipping": {
      const free = usd(dollarsToCents(config.pricing.free_shipping_threshold));
      const flat = usd(dollarsToCents(config.pricing.flat_shipping));
      const main = pick(seed, [
        `Shipping is free when your order comes to ${free} or more after discounts; below that it's a flat ${flat}.`,
        `Orders of ${free} and up ship free, and anything under that ships for a flat ${flat}.`,
        `Good question! Spend ${free} or more and shipping is on us; otherwise it's a flat ${flat}.`,
      ]);
      const current =
        standing && input.quote
          ? `With my current offer, shipping comes to ${usd(input.quote.shipping)}.`
          : "";
      return sentences(main, current);
    }
    case "loyalty": {
      const tier = input.profile.tier;
      const points = config.tier_benefits.extra_points[tier] ?? 0;
      if (points > 0) {
        return pick(seed, [
          `You're ${tierPhrase(tier)}, so my offers include an extra ${formatPoints(points)} for you on top of the usual discount.`,
          `As ${tierPhrase(tier)} you get an extra ${formatPoints(points)} of discount, and loyal tiers earn more the more you shop with us.`,
          `Your tier is ${tierLabel(tier)}, which adds an extra ${formatPoints(points)} to what I can offer you.`,
        ]);
      }
      const bronze = formatPoints(config.tier_benefits.extra_points.BRONZE ?? 0);
      return pick(seed, [
        `You're ${tierPhrase(tier)} for now, so there are no extra points yet; loyal tiers get extra discount points, starting with ${bronze} at ${TIER_LABELS.BRONZE} after your first order.`,
        `As ${tierPhrase(tier)} you don't have extra points yet, but loyal tiers do: your first order makes you ${TIER_LABELS.BRONZE}, worth an extra ${bronze}.`,
        `Your tier is ${tierLabel(tier)}. Loyal tiers get extra discount points on my offers, beginning with ${bronze} at ${TIER_LABELS.BRONZE}.`,
      ]);
    }
    case "expiry": {
      const minutes = config.global_rules.offer_expiry_minutes;
      return pick(seed, [
        `My offers hold for ${minutes} minutes and are tied to your current cart, so changing the cart voids them.`,
        `Each offer stays valid for ${minutes} minutes, for exactly the items in your cart right now; change the cart and it lapses.`,
        `You have ${minutes} minutes to accept an offer, and it only applies to your cart as it is now.`,
      ]);
    }
    case "bundle": {
      const bonus = formatPercent(pointsToBasisPoints(config.negotiation_limits.bundling_discount_bonus));
      return pick(seed, [
        `Adding a suggested item to your cart can unlock an extra ${bonus} off the bundle.`,
        `Bundles help! If you add one of my suggested items, I can add up to ${bonus} more to your discount.`,
        `If you're open to adding a suggested item, bundling unlocks an extra ${bonus} off.`,
      ]);
    }
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
