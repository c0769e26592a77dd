import type {
  Decision,
  OfferLever,
  OfferReason,
  OfferTerms,
  ShopperAsk,
  VoiceInput,
} from "./negotiation-types.ts";
import { infoReply } from "./voice-info-reply.ts";
import {
  capitalize,
  formatPercent,
  formatExtraOff,
  offerWords,
  pick,
  pointsToBasisPoints,
  sentences,
  standingSentence,
  tierPhrase,
  usd,
} from "./voice-phrases.ts";

/**
 * Ava's words for the policy's decision (the built-in voice). Every figure it states comes from
 * the input: the offer, the quote, the config, the shopper's ask; the figure check
 * (voice-figures.ts) holds any voice, this one included, to exactly those.
 */

export const ACCEPT_BUTTON_LABEL = "Accept Offer & Apply to Cart";

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
  // A reason the offer before this one already gave is not repeated every turn.
  const said = new Set(input.alreadySaid ?? []);
  for (const reason of new Set(offer.reasons)) {
    if (skip.includes(reason)) continue;
    if (said.has(reason) && (reason === "loyalty" || reason === "high-demand" || reason === "low-stock"))
      continue;
    switch (reason) {
      case "loyalty":
        clauses.push(
          points > 0
            ? `as ${tierPhrase(tier)} you get an extra ${formatExtraOff(points)}`
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
        clauses.push(
          input.lines.length === 1
            ? "that item is in high demand right now, so I can't go as deep as usual"
            : "items in your cart are in high demand right now, so I can't go as deep as usual",
        );
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

/**
 * What would move Ava further, when her counter is far below the ask: the levers the policy's next
 * turn rewards (what-would-move-ava.ts), and that the offer can be taken now. "" without levers.
 */
export function leversSentence(levers: readonly OfferLever[] | undefined): string {
  if (!levers || levers.length === 0) return "";
  const moves: string[] = [];
  let buyNow = "";
  for (const lever of levers) {
    switch (lever.kind) {
      case "budget":
        moves.push("telling me your budget (the total you'd pay for everything)");
        break;
      case "bigger-cart":
        moves.push(
          `${lever.moreUnits === 1 ? "1 more item" : `${lever.moreUnits} more items`} in your cart (${lever.units} in all)`,
        );
        break;
      case "bundle":
        moves.push(
          `asking me for the bundle: ${itemList(lever.offer)} added, for ${formatPercent(lever.offer.percent)} off the lot (${usd(lever.offer.discount)})`,
        );
        break;
      case "buy-now":
        buyNow = `If you'd rather buy now, this offer holds for ${lever.minutes === 1 ? "1 minute" : `${lever.minutes} minutes`}.`;
        break;
    }
  }
  const list =
    moves.length <= 1 ? (moves[0] ?? "") : `${moves.slice(0, -1).join("; ")}; or ${moves[moves.length - 1]}`;
  return sentences(list ? `What would move me further: ${list}.` : "", buyNow);
}

export function writeBuiltInReply(input: VoiceInput): string {
  const text = writeDecision(input);
  const d = input.decision;
  // Only words about an offer far below the ask carry levers (see farBelowTheAsk).
  return (d.kind === "offer" && d.stage !== "bundle") || d.kind === "decline"
    ? sentences(text, leversSentence(input.levers))
    : text;
}

function writeDecision(input: VoiceInput): string {
  const d = input.decision;
  const seed = input.seed;
  switch (d.kind) {
    case "offer":
      return offerWordsFor(d, input);
    case "accept-ask":
      return acceptAskWords(d, input);
    case "agreed":
      return agreedWords(d, input);
    case "escalate":
      return escalateWords(d, input);
    case "awaiting-approval":
      return awaitingWords(d, input);
    case "decline":
      return declineWords(d, input);
    case "refused":
      return refusedWords(d, input);
    case "info":
      return infoReply(
        input,
        d.topic,
        d.standing,
        input.assistantName || "your negotiator",
        `'${ACCEPT_BUTTON_LABEL}'`,
      );

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

/** An offer: a bundle, an approval, the final one, a counter to an ask, a held one, a step, or the opening. */
function offerWordsFor(d: Extract<Decision, { kind: "offer" }>, input: VoiceInput): string {
  const seed = input.seed;
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
  if (d.stage === "counter" && d.held) {
    const main = pick(seed, [
      `I'm holding at ${w.p} off (${w.a}) for now, for ${w.after}.`,
      `${capitalize(w.p)} off (${w.a}) still stands, for ${w.after}; I can't go further just yet.`,
      `For now I'm staying at ${w.p} off (${w.a}), which brings you to ${w.after}.`,
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

/** The shopper's own figure, taken. */
function acceptAskWords(d: Extract<Decision, { kind: "accept-ask" }>, input: VoiceInput): string {
  const seed = input.seed;
  const w = offerWords(d.offer, input);
  const at = askAt(d.ask);
  const main = pick(seed, [
    `You've got a deal at ${at}! That's ${w.p} off (${w.a}), for ${w.after}.`,
    `${capitalize(at)} works for me, so you've got a deal: ${w.p} off (${w.a}), for ${w.after}.`,
    `Deal, you've got it at ${at}: ${w.p} off (${w.a}), bringing you to ${w.after}.`,
  ]);
  return sentences(main, reasonsSentence(d.offer, input, ["your-ask"]));
}

/** A deal: what was agreed, and how to take it (or that it is applied). */
function agreedWords(d: Extract<Decision, { kind: "agreed" }>, input: VoiceInput): string {
  const seed = input.seed;
  const button = `'${ACCEPT_BUTTON_LABEL}'`;
  const w = offerWords(d.offer, input);
  const main = pick(seed, [
    `Wonderful, we have a deal: ${w.p} off (${w.a}), for ${w.after}.`,
    `Deal! 🎉 You're getting ${w.p} off (${w.a}), which brings you to ${w.after}.`,
    `It's agreed: ${w.p} off your order (${w.a}), for ${w.after}.`,
  ]);
  const action = d.applied
    ? pick(seed, [
        "I've applied it to your cart: review it below and check out whenever you're ready.",
        "It's applied to your cart now; review it below and check out when you're ready.",
        "Done, it's applied to your cart. Review it below and check out whenever you like.",
      ])
    : pick(seed, [
        `Press ${button} to lock it in.`,
        `Just press ${button} to apply it.`,
        `Press ${button} and it's yours.`,
      ]);
  const why = reasonsSentence(d.offer, input, ["final", "high-demand", "low-stock", "your-ask"]);
  return sentences(main, why, action);
}

/** The ask goes to the merchant. */
function escalateWords(d: Extract<Decision, { kind: "escalate" }>, input: VoiceInput): string {
  const seed = input.seed;
  const ask = askText(d.ask);
  const req = `${formatPercent(d.requested.percent)} off (${usd(d.requested.amount)})`;
  const main = pick(seed, [
    `${capitalize(ask)} is above what I can approve on my own, so let me check with my manager. You'll see their answer right here in the chat.`,
    `That's more than I'm allowed to approve myself, so let me check with my manager about ${req}; their answer will appear right here.`,
    `Let me check with my manager: ${req} is above what I can approve on my own. I'll share their answer here as soon as it's in.`,
  ]);
  return sentences(main, standingSentence(input, d.standing));
}

/** The merchant has not answered yet. */
function awaitingWords(d: Extract<Decision, { kind: "awaiting-approval" }>, input: VoiceInput): string {
  const seed = input.seed;
  const main = pick(seed, [
    "Your request is still with my manager; you'll see their answer right here as soon as they decide.",
    "I'm still waiting to hear back from my manager on your request, and the answer will show up in this chat.",
    "My manager hasn't decided on your request yet, but I'll pass on their answer here the moment it's in.",
  ]);
  return sentences(main, standingSentence(input, d.standing));
}

/** A refusal, why, and the counter that stands. */
function declineWords(d: Extract<Decision, { kind: "decline" }>, input: VoiceInput): string {
  const seed = input.seed;
  const button = `'${ACCEPT_BUTTON_LABEL}'`;
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
  } else if (d.why === "manager-declined") {
    intro = pick(seed, [
      "I checked with my manager, and I'm sorry: that discount isn't possible this time.",
      "My manager couldn't approve that one, I'm afraid.",
      "I'm sorry, my manager said no to that request.",
    ]);
  } else if (d.why === "cart-changed") {
    intro =
      "My manager approved your request, but your cart has changed since you asked, so it no longer applies.";
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
  // After the manager's answer the counter is new to the shopper: say how to take it.
  const take =
    d.why === "manager-declined" || d.why === "cart-changed" ? `Press ${button} if you'd like it.` : "";
  return sentences(intro, counter, reasonsSentence(d.counter, input, skip), take);
}

/** The shopper said no: what would work, and the offer that stays open. */
function refusedWords(d: Extract<Decision, { kind: "refused" }>, input: VoiceInput): string {
  const seed = input.seed;
  const main = pick(seed, [
    "No problem at all. If you have a number in mind, a percentage or a total, tell me and I'll see what I can do.",
    "Understood. Tell me the percentage off or the total you'd be happy with, and I'll take a look.",
    "Fair enough! What would work for you, a percentage off or a target total?",
  ]);
  if (!d.standing) return main;
  const w = offerWords(d.standing, input);
  return sentences(main, `My offer of ${w.p} off (${w.a}) stays open if you change your mind.`);
}
