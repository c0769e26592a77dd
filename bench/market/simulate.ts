/**
 * One market: every shopper of a population meets Ava (the shop's domain turn, takeShopperTurn,
 * the same function the server plays; the merchant answers escalations with the domain's
 * decideMerchantApproval) and, separately, the same shopper meets the shop with no negotiator
 * (buys at the price when the reservation allows). The figures compare the two.
 */
import {
  type BundleProduct,
  bundleSearchFor,
  pickBundleCandidate,
} from "@haggle/domain/negotiation/bundle-candidate";
import { afterMerchantDecision, decideMerchantApproval } from "@haggle/domain/negotiation/merchant-approval";
import { afterTurn, takeShopperTurn } from "@haggle/domain/negotiation/negotiation-turn";
import {
  freshNegotiation,
  type NegotiationSnapshot,
  type OfferLever,
  type OfferTerms,
  type PolicyProfile,
} from "@haggle/domain/negotiation/negotiation-types";

type ShopperTurnLevers = readonly OfferLever[];
import type { Cents } from "@haggle/domain/pricing/money";
import type { SellerConfig } from "@haggle/domain/merchant/seller-config";
import {
  catalogue,
  drawShopper,
  mulberry32,
  type Population,
  scriptFor,
  type Shopper,
} from "./population.ts";

const MAX_TURNS = 24;
const NOW = new Date("2026-11-22T12:00:00Z");

const bundleProducts: BundleProduct[] = catalogue.map((p) => ({
  productId: p.sku,
  name: p.name,
  price: p.priceCents,
  category: p.category,
  stockLevel: p.stockLevel,
  demandIndex: p.demandIndex,
  rating: p.rating,
}));

export interface ShopperOutcome {
  shopper: Shopper;
  /** With Ava. */
  bought: boolean;
  /** Merchandise paid (cart + any bundled product, less the discount). */
  paid: Cents;
  /** List value of what was bought (cart + bundled product). */
  value: Cents;
  discount: Cents;
  /** Shopper messages up to the deal (a deal in the chat), 0 when bought at the price without one. */
  turns: number;
  negotiatedDeal: boolean;
  escalated: boolean;
  /** Without a negotiator. */
  boughtWithout: boolean;
  paidWithout: Cents;
  /** Limits checked independently of the policy. */
  violations: string[];
}

function independentCap(config: SellerConfig, subtotal: Cents, bundle: boolean): Cents {
  const l = config.negotiation_limits;
  const points = l.max_auto_discount_pct + (bundle ? l.bundling_discount_bonus : 0);
  return Math.min(
    Math.floor((subtotal * points) / 100),
    Math.round(l.max_auto_discount_amount * 100),
    subtotal,
  );
}

/** The automatic cap of this cart without tier or bundle: "a reservation that fits within the cap". */
export function fitsWithinCap(config: SellerConfig, shopper: Shopper): boolean {
  return shopper.subtotal - shopper.reservation <= independentCap(config, shopper.subtotal, false);
}

export interface MarketOptions {
  /** Shoppers do what Ava says would move her (scriptFor's followsAdvice). */
  followsAdvice?: boolean;
}

/** The shopper buys: at the offer's terms, or at the price without one. */
function buyAt(outcome: ShopperOutcome, offer: OfferTerms | null) {
  outcome.bought = true;
  outcome.value = offer ? offer.subtotal : outcome.shopper.subtotal;
  outcome.discount = offer ? offer.discount : 0;
  outcome.paid = outcome.value - outcome.discount;
  outcome.negotiatedDeal = offer !== null;
}

/** A conversation with Ava under way: the shop's stored state, what the merchant approved, the outcome. */
interface Chat {
  config: SellerConfig;
  label: string;
  rand: () => number;
  state: NegotiationSnapshot;
  approved: Cents[];
  nextId: () => string;
  outcome: ShopperOutcome;
}

function startChat(
  population: Population,
  config: SellerConfig,
  index: number,
  outcome: ShopperOutcome,
  rand: () => number,
): Chat {
  const { lines, tier } = outcome.shopper;
  const profile: PolicyProfile = {
    name: "Sim Shopper",
    tier,
    ordersCount: tier === "NONE" ? 0 : 3,
    lifetimeValue: { NONE: 0, BRONZE: 20_000, SILVER: 80_000, GOLD: 300_000, PLATINUM: 800_000 }[tier],
  };
  let issued = 0;
  return {
    config,
    label: `${population.name} #${index}`,
    rand,
    state: freshNegotiation({ lines, fingerprint: `cart-${population.name}-${index}`, profile, config }),
    approved: [],
    nextId: () => `offer-${++issued}`,
    outcome,
  };
}

/** An offer against the limits checked independently of the policy. */
function checkOffer(chat: Chat, offer: OfferTerms | null | undefined) {
  if (!offer) return;
  const cap =
    offer.source === "merchant"
      ? Math.max(0, ...chat.approved)
      : independentCap(chat.config, offer.subtotal, offer.newItems.length > 0);
  if (offer.discount > cap) chat.outcome.violations.push(`${chat.label}: ${offer.discount} > ${cap}`);
}

/** The merchant approves an escalated ask of at most 20% six times in ten (as in eval:negotiation). */
function answerEscalation(
  chat: Chat,
  escalation: NonNullable<ReturnType<typeof takeShopperTurn>["escalation"]>,
) {
  chat.outcome.escalated = true;
  const ok = escalation.percent <= 2000 && chat.rand() < 0.6;
  const answer = decideMerchantApproval({
    negotiation: chat.state,
    approved: ok,
    request: { amount: escalation.amount, cartFingerprint: escalation.cartFingerprint },
    now: NOW,
  });
  if (answer.issue) chat.approved.push(escalation.amount);
  chat.state = afterMerchantDecision(chat.state, answer, ok ? "approved" : "rejected", chat.nextId());
  checkOffer(chat, answer.issue?.terms);
}

/** One shopper message and the shop's turn; answers the turn played. */
function playMessage(chat: Chat, say: string) {
  const search = bundleSearchFor(chat.state.lines, chat.state.bundleProposed);
  const candidate = search ? pickBundleCandidate(search, bundleProducts) : null;
  const played = takeShopperTurn({
    negotiation: chat.state,
    message: say,
    bundleCandidate: candidate,
    now: NOW,
  });
  chat.state = afterTurn(chat.state, played, chat.nextId());
  checkOffer(chat, chat.state.latestOffer?.terms);
  return played;
}

/** The shopper's script against Ava, until a deal, a purchase at the price, leaving or the turn limit. */
function chatWithAva(chat: Chat, script: ReturnType<typeof scriptFor>) {
  const { outcome } = chat;
  let levers: ShopperTurnLevers = [];
  for (let turn = 0; turn < MAX_TURNS && !outcome.bought; turn++) {
    const standing = chat.state.latestOffer?.status === "standing" ? chat.state.latestOffer.terms : null;
    const action = script({ turn, standing, approval: chat.state.approval, levers });
    if ("leave" in action) break;
    if ("buyAtPrice" in action) {
      if (outcome.boughtWithout) buyAt(outcome, null);
      break;
    }
    outcome.turns += 1;
    const played = playMessage(chat, "accept" in action ? "deal" : action.say);
    levers = played.voice.levers ?? [];
    if (played.decision.kind === "agreed") {
      buyAt(outcome, played.decision.offer);
      break;
    }
    if (played.escalation) answerEscalation(chat, played.escalation);
  }
}

export function simulateShopper(
  population: Population,
  config: SellerConfig,
  seed: number,
  index: number,
  options: MarketOptions = {},
): ShopperOutcome {
  const shopper = drawShopper(population, seed, index);
  const rand = mulberry32((seed ^ 0x2545f491) + index * 31_337);
  const { subtotal } = shopper;
  const boughtWithout = shopper.reservation >= subtotal;
  const outcome: ShopperOutcome = {
    shopper,
    bought: false,
    paid: 0,
    value: 0,
    discount: 0,
    turns: 0,
    negotiatedDeal: false,
    escalated: false,
    boughtWithout,
    paidWithout: boughtWithout ? subtotal : 0,
    violations: [],
  };
  if (!shopper.chats) {
    if (boughtWithout) buyAt(outcome, null);
    return outcome;
  }
  const chat = startChat(population, config, index, outcome, rand);
  chatWithAva(chat, scriptFor(shopper, rand, options.followsAdvice ?? false));
  // A would-buy-anyway shopper who ran out of turns pays the price.
  if (!outcome.bought && shopper.wouldBuyAnyway && outcome.turns >= MAX_TURNS) buyAt(outcome, null);
  if (!outcome.negotiatedDeal) outcome.turns = 0;
  return outcome;
}

// ---------------------------------------------------------------- the market's figures

export interface MarketFigures {
  population: string;
  shoppers: number;
  revenueWith: number;
  revenueWithout: number;
  conversionWith: number;
  conversionWithout: number;
  aovWith: number;
  aovWithout: number;
  /** Discount given to would-buy-anyway shoppers over their spend (list value of what they bought). */
  giveawayShare: number;
  /** Shoppers who bought with Ava and would not have without. */
  dealsWon: number;
  /** Among price-sensitive shoppers whose reservation fits within the automatic cap: the share who bought. */
  wonWithinCap: number;
  withinCap: number;
  turnsToDeal: number;
  escalationRate: number;
  violations: string[];
}

export function runMarket(
  population: Population,
  config: SellerConfig,
  seed: number,
  shoppers: number,
  options: MarketOptions = {},
): MarketFigures {
  const outcomes = Array.from({ length: shoppers }, (_, i) =>
    simulateShopper(population, config, seed, i, options),
  );
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const buyers = outcomes.filter((o) => o.bought);
  const buyersWithout = outcomes.filter((o) => o.boughtWithout);
  const eager = outcomes.filter((o) => o.shopper.wouldBuyAnyway && o.bought);
  const withinCap = outcomes.filter((o) => !o.shopper.wouldBuyAnyway && fitsWithinCap(config, o.shopper));
  const deals = outcomes.filter((o) => o.negotiatedDeal);
  return {
    population: population.name,
    shoppers,
    revenueWith: sum(buyers.map((o) => o.paid)),
    revenueWithout: sum(buyersWithout.map((o) => o.paidWithout)),
    conversionWith: buyers.length / shoppers,
    conversionWithout: buyersWithout.length / shoppers,
    aovWith: buyers.length ? sum(buyers.map((o) => o.paid)) / buyers.length : 0,
    aovWithout: buyersWithout.length
      ? sum(buyersWithout.map((o) => o.paidWithout)) / buyersWithout.length
      : 0,
    giveawayShare: sum(eager.map((o) => o.discount)) / Math.max(1, sum(eager.map((o) => o.value))),
    dealsWon: outcomes.filter((o) => o.bought && !o.boughtWithout).length,
    wonWithinCap: withinCap.filter((o) => o.bought).length,
    withinCap: withinCap.length,
    turnsToDeal: deals.length ? sum(deals.map((o) => o.turns)) / deals.length : 0,
    escalationRate: outcomes.filter((o) => o.escalated).length / shoppers,
    violations: outcomes.flatMap((o) => o.violations),
  };
}
