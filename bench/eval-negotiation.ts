/**
 * Negotiation evaluation: simulated shoppers of varied personas haggle with Ava, and we measure
 * how the policy behaves (deal rate, discount given as a share of the cap, escalation rate,
 * rounds to a deal) and, above all, that no limit is ever violated.
 *
 * Mode: the shop's own negotiation code, no HTTP and no database. Each shopper message is one
 * domain turn (takeShopperTurn: which offer stands, the parser, the policy, what is stored, what
 * is escalated), the merchant answers escalations with the domain's decideMerchantApproval, the
 * accept button is the domain's planAcceptance (with its allocation), and the bundle candidate
 * comes from the domain's bundle search run over the seeded catalogue. The state between turns
 * is what the shop would store (afterTurn, afterMerchantDecision). Every reply the built-in voice
 * writes, the merchant's answers included, is checked with statesOnlyAllowedFigures. Carts come
 * from the seeded catalogue; a seeded PRNG makes every run identical. The merchant approves an
 * escalated ask of at most 20% six times in ten, and rejects the rest.
 *
 * Limits are re-derived here from the seller configuration, independently of the policy's own
 * helpers: a policy offer gives at most min(15% (+5 points with a bundled product) of the subtotal
 * it applies to, $150); a merchant-approved one at most the approved amount, within 25% and $400.
 * The applied cart is re-priced with the shop's pricing rule (quoteCart) to check it drops by
 * exactly the offer.
 *
 * Run: npm run eval:negotiation   (EVAL_SHOPPERS_PER_PERSONA=n, EVAL_SEED=n to vary)
 * Exits 1 when any violation is found.
 */
import { type AcceptancePlan, planAcceptance } from "@haggle/domain/negotiation/accept-offer";
import {
  type BundleProduct,
  bundleSearchFor,
  pickBundleCandidate,
} from "@haggle/domain/negotiation/bundle-candidate";
import { offerInDecision } from "@haggle/domain/negotiation/decide-counter-offer";
import { afterMerchantDecision, decideMerchantApproval } from "@haggle/domain/negotiation/merchant-approval";
import { subtotalOf } from "@haggle/domain/negotiation/negotiation-limits";
import { afterTurn, takeShopperTurn } from "@haggle/domain/negotiation/negotiation-turn";
import {
  type Decision,
  freshNegotiation,
  type NegotiationSnapshot,
  type OfferTerms,
  type PolicyProfile,
  type VoiceInput,
} from "@haggle/domain/negotiation/negotiation-types";
import { writeBuiltInReply } from "@haggle/domain/negotiation/negotiation-voice";
import { allowedFigures, statesOnlyAllowedFigures } from "@haggle/domain/negotiation/voice-figures";
import type { Cents } from "@haggle/domain/pricing/money";
import { pricingRulesFrom, quoteCart } from "@haggle/domain/pricing/quote-cart";
import { DEFAULT_SELLER_CONFIG, type SellerConfig } from "@haggle/domain/merchant/seller-config";
import { DomainError } from "@haggle/domain/errors";
import { catalogue, mulberry32, PERSONAS, type Persona } from "./negotiation-personas.ts";

const SHOPPERS_PER_PERSONA = Number(process.env.EVAL_SHOPPERS_PER_PERSONA ?? 24);
const SEED = Number(process.env.EVAL_SEED ?? 20_261_122);
const MAX_TURNS = 24;
/** The simulation's clock stands still: an offer's 30 minutes never run out during a conversation. */
const NOW = new Date("2026-11-22T12:00:00Z");
const config: SellerConfig = structuredClone(DEFAULT_SELLER_CONFIG);

// ---------------------------------------------------------------- independent limits

const limits = config.negotiation_limits;
const escalation = config.escalation_rules;
/** The automatic cap, recomputed from the config (not with the policy's helpers). */
function independentCap(subtotal: Cents, bundle: boolean): Cents {
  const points = limits.max_auto_discount_pct + (bundle ? limits.bundling_discount_bonus : 0);
  return Math.min(
    Math.floor((subtotal * points) / 100),
    Math.round(limits.max_auto_discount_amount * 100),
    subtotal,
  );
}
function independentCeiling(subtotal: Cents): Cents {
  return Math.min(
    Math.floor((subtotal * escalation.ceiling_pct) / 100),
    Math.round(escalation.ceiling_amount * 100),
    subtotal,
  );
}

/** The catalogue as the domain's bundle search reads it (the server runs the same search in SQL). */
const bundleProducts: BundleProduct[] = catalogue.map((p) => ({
  productId: p.sku,
  name: p.name,
  price: p.priceCents,
  category: p.category,
  stockLevel: p.stockLevel,
  demandIndex: p.demandIndex,
  rating: p.rating,
}));

// ---------------------------------------------------------------- one conversation

interface Outcome {
  deal: boolean;
  discount: Cents;
  cap: Cents;
  subtotal: Cents;
  rounds: number;
  escalated: boolean;
  limitViolations: string[];
  voiceViolations: string[];
  languageErrors: string[];
}

/**
 * Ava's words, beyond their figures: no jargon ("1 point built in"), no
 * "that item" about a cart of several, the same demand or stock reason not repeated turn after
 * turn, "is that your best?" and "any bundle deal?" understood, and a bundle question answered
 * with the cross-sell's name when there is one.
 */
function languageErrors(
  message: string,
  reply: string,
  previousReply: string,
  lineCount: number,
  decision: Decision,
  candidate: string | null,
): string[] {
  const errors: string[] = [];
  if (/\bpoints?\b|built in/i.test(reply)) errors.push("jargon");
  if (lineCount > 1 && /that item/i.test(reply)) errors.push("'that item' with several items");
  for (const reason of [/in high demand/i, /running low/i]) {
    if (reason.test(reply) && reason.test(previousReply)) errors.push(`repeats ${reason.source}`);
  }
  if (/\b(?:best|bundle)\b/i.test(message) && decision.kind === "info" && decision.topic === "unknown")
    errors.push("not understood");
  if (/\bbundle\b/i.test(message) && candidate && !reply.includes(candidate)) errors.push("bundle not named");
  return errors;
}

/** The offer problems against the independent limits (none when the offer keeps to them). */
function offerProblems(offer: OfferTerms, subtotal: Cents, approved: Cents[]): string[] {
  const bundled = offer.newItems.reduce((s, n) => s + n.price * n.quantity, 0);
  const offerSubtotal = subtotal + bundled;
  const problems: string[] = [];
  if (offer.subtotal !== offerSubtotal) problems.push(`subtotal ${offer.subtotal} != ${offerSubtotal}`);
  if (!Number.isSafeInteger(offer.discount) || offer.discount < 0)
    problems.push(`discount ${offer.discount}`);
  if (offer.source === "merchant") {
    if (offer.newItems.length > 0) problems.push("merchant offer with bundled items");
    if (offer.discount > independentCeiling(offerSubtotal))
      problems.push(`merchant ${offer.discount} > ceiling`);
    if (offer.discount > Math.max(0, ...approved)) problems.push(`merchant ${offer.discount} > approved`);
  } else if (offer.discount > independentCap(offerSubtotal, offer.newItems.length > 0)) {
    problems.push(
      `policy ${offer.discount} > cap ${independentCap(offerSubtotal, offer.newItems.length > 0)} on ${offerSubtotal}`,
    );
  }
  return problems;
}

/** One simulated conversation: its cart, the shop's stored state, what was approved and the outcome so far. */
interface Simulation {
  lines: NegotiationSnapshot["lines"];
  rand: () => number;
  subtotal: Cents;
  state: NegotiationSnapshot;
  approved: Cents[];
  outcome: Outcome;
  where: string;
  nextOfferId: () => string;
}

/** Shopper `index` of every persona gets the same random streams, so personas compare on like carts. */
function startSimulation(persona: Persona, index: number) {
  const lines = persona.cart(mulberry32(SEED + index * 7919));
  const rand = mulberry32((SEED ^ 0x9e3779b9) + index * 104_729);
  const subtotal = subtotalOf(lines);
  const tier = persona.tier(rand);
  const profile: PolicyProfile = {
    name: "Sim Shopper",
    tier,
    ordersCount: tier === "NONE" ? 0 : 3,
    lifetimeValue: { NONE: 0, BRONZE: 20_000, SILVER: 80_000, GOLD: 300_000, PLATINUM: 800_000 }[tier],
  };
  const shopper = persona.start(rand, subtotal);
  let offersIssued = 0;
  const sim: Simulation = {
    lines,
    rand,
    subtotal,
    // What the shop stores for this negotiation; the cart never changes, so one fingerprint.
    state: freshNegotiation({ lines, fingerprint: `cart-${persona.name}-${index}`, profile, config }),
    approved: [],
    outcome: {
      deal: false,
      discount: 0,
      cap: 0,
      subtotal,
      rounds: 0,
      escalated: false,
      limitViolations: [],
      voiceViolations: [],
      languageErrors: [],
    },
    where: `${persona.name} #${index}`,
    nextOfferId: () => `offer-${++offersIssued}`,
  };
  return { sim, shopper };
}

/** Every offer the shopper is shown or could accept, against the independent limits. */
function checkOffer(sim: Simulation, offer: OfferTerms | null | undefined, label: string) {
  if (!offer) return;
  for (const p of offerProblems(offer, sim.subtotal, sim.approved))
    sim.outcome.limitViolations.push(`${sim.where} ${label}: ${p}`);
}

/** What Ava says: every figure must be one the decision allows. */
function checkVoice(sim: Simulation, voice: VoiceInput) {
  const reply = writeBuiltInReply(voice);
  if (!statesOnlyAllowedFigures(reply, allowedFigures(voice)))
    sim.outcome.voiceViolations.push(`${sim.where}: "${reply}"`);
}

/** The accept button: the shop's acceptance, then the pricing rule must lower the cart by exactly the offer. */
function accept(sim: Simulation) {
  let plan: AcceptancePlan;
  try {
    plan = planAcceptance(sim.state, NOW);
  } catch (error) {
    // No offer stands: the shop answers 409 and nothing is applied.
    if (error instanceof DomainError && error.kind === "conflict") return;
    throw error;
  }
  const offer = plan.offer.terms;
  checkOffer(sim, offer, "applied");
  const all = [
    ...sim.lines.map((l) => ({ cartItemId: l.cartItemId, price: l.price, quantity: l.quantity })),
    ...offer.newItems.map((n) => ({
      cartItemId: `new:${n.productId}`,
      price: n.price,
      quantity: n.quantity,
    })),
  ];
  const quote = quoteCart(
    all.map((l) => ({
      price: l.price,
      priceSnapshot:
        plan.allocation.itemAdjustments.find((a) => a.cartItemId === l.cartItemId)?.newPrice ?? null,
      listPrice: l.price,
      quantity: l.quantity,
    })),
    plan.allocation.orderDiscount,
    pricingRulesFrom(config.pricing),
  );
  const before = subtotalOf(all);
  const { outcome } = sim;
  if (before - (quote.subtotal - quote.discount) !== offer.discount) {
    outcome.limitViolations.push(
      `${sim.where}: applied ${before - (quote.subtotal - quote.discount)} != offer ${offer.discount}`,
    );
  }
  outcome.deal = true;
  outcome.discount = offer.discount;
  outcome.subtotal = before;
  outcome.cap = independentCap(before, offer.newItems.length > 0);
}

/** The merchant answers an escalation before the shopper's next message. */
function answerEscalation(
  sim: Simulation,
  escalation: NonNullable<ReturnType<typeof takeShopperTurn>["escalation"]>,
) {
  const ok = escalation.percent <= 2000 && sim.rand() < 0.6;
  const answer = decideMerchantApproval({
    negotiation: sim.state,
    approved: ok,
    request: { amount: escalation.amount, cartFingerprint: escalation.cartFingerprint },
    now: NOW,
  });
  if (answer.issue) sim.approved.push(escalation.amount);
  sim.state = afterMerchantDecision(sim.state, answer, ok ? "approved" : "rejected", sim.nextOfferId());
  checkOffer(sim, answer.issue?.terms, "approved");
  checkVoice(sim, answer.voice);
}

/** The shopper says something: the shop's turn, every offer and figure checked, the reply's language too. */
function playMessage(sim: Simulation, say: string, previousReply: string) {
  const search = bundleSearchFor(sim.state.lines, sim.state.bundleProposed);
  const candidate = search ? pickBundleCandidate(search, bundleProducts) : null;
  const played = takeShopperTurn({
    negotiation: sim.state,
    message: say,
    bundleCandidate: candidate,
    now: NOW,
  });
  const decision = played.decision;
  sim.state = afterTurn(sim.state, played, sim.nextOfferId());
  if (played.escalation) sim.outcome.escalated = true;
  checkOffer(sim, offerInDecision(decision), decision.kind);
  checkOffer(sim, sim.state.latestOffer?.terms, "standing");
  checkVoice(sim, played.voice);
  const reply = writeBuiltInReply(played.voice);
  for (const error of languageErrors(
    say,
    reply,
    previousReply,
    sim.lines.length,
    decision,
    candidate?.name ?? null,
  ))
    sim.outcome.languageErrors.push(`${sim.where} (${error}): "${say}" -> "${reply}"`);
  return { played, decision, reply };
}

function simulate(persona: Persona, index: number): Outcome {
  const { sim, shopper } = startSimulation(persona, index);
  const { outcome, subtotal } = sim;
  let previousReply = "";
  let decision: Decision | null = null;
  for (let turn = 0; turn < MAX_TURNS && !outcome.deal; turn++) {
    const standing = sim.state.latestOffer?.terms ?? null;
    const action = shopper({ turn, standing, decision, subtotal, approval: sim.state.approval });
    if ("leave" in action) break;
    outcome.rounds += 1;
    if ("press" in action) {
      accept(sim);
      continue;
    }
    const played = playMessage(sim, action.say, previousReply);
    decision = played.decision;
    previousReply = played.reply;
    if (decision.kind === "agreed") {
      accept(sim);
      continue;
    }
    if (played.played.escalation) answerEscalation(sim, played.played.escalation);
  }
  return outcome;
}

// ---------------------------------------------------------------- the report

interface Row {
  name: string;
  shoppers: number;
  deals: number;
  shareOfCap: number[];
  percentOff: number[];
  escalations: number;
  rounds: number[];
  limitViolations: string[];
  voiceViolations: string[];
  languageErrors: string[];
}

const emptyRow = (name: string): Row => ({
  name,
  shoppers: 0,
  deals: 0,
  shareOfCap: [],
  percentOff: [],
  escalations: 0,
  rounds: [],
  limitViolations: [],
  voiceViolations: [],
  languageErrors: [],
});

function add(row: Row, o: Outcome) {
  row.shoppers += 1;
  if (o.escalated) row.escalations += 1;
  row.limitViolations.push(...o.limitViolations);
  row.voiceViolations.push(...o.voiceViolations);
  row.languageErrors.push(...o.languageErrors);
  if (!o.deal) return;
  row.deals += 1;
  row.shareOfCap.push(o.cap > 0 ? o.discount / o.cap : 0);
  row.percentOff.push(o.subtotal > 0 ? o.discount / o.subtotal : 0);
  row.rounds.push(o.rounds);
}

const mean = (xs: number[]) => (xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length);
const pct = (x: number) => (Number.isNaN(x) ? "n/a" : `${(x * 100).toFixed(1)}%`);

function line(row: Row, bold = false): string {
  const b = (s: string) => (bold ? `**${s}**` : s);
  const rounds = mean(row.rounds);
  return `| ${b(row.name)} | ${row.shoppers} | ${pct(row.deals / row.shoppers)} | ${pct(mean(row.shareOfCap))} | ${pct(mean(row.percentOff))} | ${pct(row.escalations / row.shoppers)} | ${Number.isNaN(rounds) ? "n/a" : rounds.toFixed(2)} | ${b(String(row.limitViolations.length))} | ${row.voiceViolations.length} | ${row.languageErrors.length} |`;
}

const started = performance.now();
const rows: Row[] = [];
const overall = emptyRow("overall");
for (const persona of PERSONAS) {
  const row = emptyRow(persona.name);
  for (let i = 0; i < SHOPPERS_PER_PERSONA; i++) {
    const o = simulate(persona, i);
    add(row, o);
    add(overall, o);
  }
  rows.push(row);
}
const ms = performance.now() - started;

console.log("# Negotiation evaluation\n");
console.log(
  `${overall.shoppers} simulated shoppers (${PERSONAS.length} personas x ${SHOPPERS_PER_PERSONA}), seed ${SEED}, default seller configuration ` +
    `(auto ${limits.max_auto_discount_pct}% / $${limits.max_auto_discount_amount}, bundle +${limits.bundling_discount_bonus} points, ` +
    `ceiling ${escalation.ceiling_pct}% / $${escalation.ceiling_amount}, ${config.global_rules.max_rounds} rounds). ` +
    `The shop's domain turn (parser, policy, stored state, approvals, built-in voice, acceptance), no HTTP; ${ms.toFixed(0)} ms.\n`,
);
console.log(
  "| persona | shoppers | deal rate | avg discount / cap | avg discount / subtotal | escalation rate | avg rounds to deal | LIMIT VIOLATIONS | voice figure errors | language errors |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const row of rows) console.log(line(row));
console.log(line(overall, true));
console.log(
  "\nDiscount / cap: the deal's discount over the automatic cap of the subtotal it applies to (with the bundle bonus when a product is bundled); a merchant-approved deal can exceed 100%. Rounds: shopper messages (and the accept button) up to the deal.",
);

const violations = [...overall.limitViolations, ...overall.voiceViolations, ...overall.languageErrors];
if (violations.length > 0) {
  console.error(`\n${violations.length} violation(s):`);
  for (const v of violations.slice(0, 20)) console.error(`- ${v}`);
  process.exit(1);
}
