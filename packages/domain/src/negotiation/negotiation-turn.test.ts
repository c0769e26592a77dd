import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "../errors.ts";
import { DEFAULT_SELLER_CONFIG } from "../merchant/seller-config.ts";
import { planAcceptance } from "./accept-offer.ts";
import type { LoyaltyTier } from "./loyalty-tiers.ts";
import { afterMerchantDecision, decideMerchantApproval } from "./merchant-approval.ts";
import { automaticCap, escalationCeiling, limitsFor, subtotalOf } from "./negotiation-limits.ts";
import {
  type BundleCandidate,
  freshNegotiation,
  type NegotiationSnapshot,
  type OfferTerms,
  type StoredOffer,
} from "./negotiation-types.ts";
import { turnLine } from "./turn-test-fixtures.ts";
import { afterTurn, takeShopperTurn } from "./negotiation-turn.ts";

const now = new Date("2026-01-01T12:00:00Z");

const line = turnLine;

function snapshot(extra: Partial<NegotiationSnapshot> = {}): NegotiationSnapshot {
  return {
    ...freshNegotiation({
      lines: [line(40_000)],
      fingerprint: "cart-a",
      profile: { name: "Sam", tier: "NONE", ordersCount: 0, lifetimeValue: 0 },
      config: DEFAULT_SELLER_CONFIG,
    }),
    ...extra,
  };
}

const stored = (terms: Partial<OfferTerms>, extra: Partial<StoredOffer> = {}): StoredOffer => ({
  id: "offer-1",
  terms: {
    discount: 1000,
    percent: 250,
    subtotal: 40_000,
    newItems: [],
    reasons: [],
    source: "policy",
    ...terms,
  },
  cartFingerprint: "cart-a",
  expiresAt: new Date(now.getTime() + 60_000),
  status: "standing",
  ...extra,
});

const turn = (
  negotiation: NegotiationSnapshot,
  message: string,
  bundleCandidate: BundleCandidate | null = null,
) => takeShopperTurn({ negotiation, message, bundleCandidate, now });

describe("takeShopperTurn", () => {
  it("refuses a turn in a completed negotiation with today's code and words", () => {
    let error: unknown;
    try {
      turn(snapshot({ status: "completed" }), "more");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      kind: "conflict",
      code: "NEGOTIATION_COMPLETED",
      message: "This negotiation is complete. Start a new one to negotiate again.",
    });
  });

  it("opens with an offer to store, expiring per the settings, and moves the counters", () => {
    const t = turn(snapshot(), "Can I get a discount?");
    expect(t.decision.kind).toBe("offer");
    expect(t.offer?.kind).toBe("issue");
    if (t.offer?.kind !== "issue") return;
    expect(t.offer.terms.discount).toBeGreaterThan(0);
    expect(t.offer.expiresAt.getTime() - now.getTime()).toBe(30 * 60_000);
    expect(t.next).toEqual({ round: 1, step: 1, bundleProposed: false });
    expect(t.escalation).toBeNull();
    expect(t.lapsed).toBeNull();
  });

  it("marks the standing offer agreed on an acceptance word, and issues nothing new", () => {
    const standing = stored({});
    const t = turn(snapshot({ latestOffer: standing, round: 1, step: 1 }), "ok, deal");
    expect(t.decision.kind).toBe("agreed");
    expect(t.offer).toEqual({ kind: "agree", offerId: "offer-1" });
    expect(t.standing).toBe(standing);
  });

  it("reports a lapsed offer, which then no longer stands", () => {
    const voided = turn(snapshot({ latestOffer: stored({}, { cartFingerprint: "cart-old" }) }), "ok");
    expect(voided.lapsed).toEqual({ offerId: "offer-1", status: "voided" });
    expect(voided.standing).toBeNull();
    // Agreeing to an offer that no longer stands opens afresh.
    expect(voided.decision.kind).toBe("offer");
    const expired = turn(snapshot({ latestOffer: stored({}, { expiresAt: now }) }), "ok");
    expect(expired.lapsed).toEqual({ offerId: "offer-1", status: "expired" });
  });

  it("replaces the standing offer with a decline's counter only when the counter gives more", () => {
    const small = stored({ discount: 100, percent: 25 });
    const raised = turn(snapshot({ latestOffer: small, round: 1, step: 1 }), "Give me 60% off");
    expect(raised.decision.kind).toBe("decline");
    expect(raised.offer?.kind).toBe("issue");
    if (raised.offer?.kind === "issue") expect(raised.offer.terms.discount).toBeGreaterThan(100);

    const cap = automaticCap(40_000, limitsFor(DEFAULT_SELLER_CONFIG, "NONE"), false);
    const atReserve = stored({ discount: cap, percent: 1500, reasons: ["final"] });
    const held = turn(
      snapshot({ latestOffer: atReserve, round: 7, step: 7, bundleProposed: true }),
      "60% off",
    );
    expect(held.decision).toMatchObject({ kind: "decline", counter: atReserve.terms });
    expect(held.offer, "a decline never takes back what stands").toBeNull();
  });

  it("escalates an ask above the automatic limit within the ceiling, with the merchant's sentence", () => {
    const t = turn(snapshot(), "Could you do 20% off?");
    expect(t.decision.kind).toBe("escalate");
    expect(t.offer).toBeNull();
    expect(t.escalation).toEqual({
      percent: 2000,
      amount: 8000,
      subtotal: 40_000,
      cartFingerprint: "cart-a",
      reason:
        "Sam (New Customer, 0 orders) asked for 20% ($80.00) off a $400.00 cart, above the automatic limit of 15% / $150.",
    });
    const once = afterTurn(snapshot(), t, "unused");
    expect(once.approval).toEqual({ status: "pending", percent: 2000, amount: 8000 });
    expect(turn(once, "more").decision.kind, "one approval at a time").toBe("awaiting-approval");
  });

  it("tells the voice the decision, the quote of its offer and the round as the seed", () => {
    const t = turn(snapshot({ round: 2, step: 2 }), "more");
    expect(t.voice.seed).toBe(3);
    expect(t.voice.assistantName).toBe("Ava");
    expect(t.voice.decision).toBe(t.decision);
    const offered = t.offer?.kind === "issue" ? t.offer.terms : null;
    expect(t.voice.quote?.discount).toBe(offered?.discount);
    expect(t.voice.quote?.subtotal).toBe(40_000);
  });
});

describe("afterTurn", () => {
  it("remembers a new offer as the standing one, bound to the cart, and the counters", () => {
    const before = snapshot();
    const t = turn(before, "discount please");
    const after = afterTurn(before, t, "offer-9");
    expect(after.latestOffer).toMatchObject({ id: "offer-9", cartFingerprint: "cart-a", status: "standing" });
    expect(after.round).toBe(1);
    expect(turn(after, "deal").offer).toEqual({ kind: "agree", offerId: "offer-9" });
  });
});

// ---------------------------------------------------------------- property: no offer ever exceeds the limits

const tiers = fc.constantFrom<LoyaltyTier>("NONE", "BRONZE", "SILVER", "GOLD", "PLATINUM");
const cartLines = fc
  .array(
    fc.record({
      price: fc.integer({ min: 100, max: 200_000 }),
      quantity: fc.integer({ min: 1, max: 3 }),
      stockLevel: fc.integer({ min: 1, max: 100 }),
      demandIndex: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((lines) =>
    lines.map((l, i) =>
      line(l.price, { ...l, cartItemId: `item-${i}`, productId: `product-${i}`, name: `Thing ${i}` }),
    ),
  );
const message = fc.oneof(
  fc.constantFrom(
    "discount please",
    "more",
    "ok",
    "no thanks",
    "is there a bundle?",
    "deal",
    "come on",
    "hi",
  ),
  fc.integer({ min: 1, max: 60 }).map((p) => `${p}% off`),
  fc.integer({ min: 1, max: 600_000 }).map((c) => `can you do $${(c / 100).toFixed(2)} for everything?`),
);
const bundle = fc.option(
  fc.record({
    productId: fc.constant("bundled"),
    name: fc.constant("Socks"),
    price: fc.integer({ min: 100, max: 50_000 }),
  }),
  { nil: null },
);

describe("a whole negotiation, any shopper", () => {
  it("never stores an offer above the limits, and applies exactly what it offers", () => {
    fc.assert(
      fc.property(
        cartLines,
        tiers,
        fc.array(message, { minLength: 1, maxLength: 12 }),
        bundle,
        fc.boolean(),
        (lines, tier, messages, candidate, approves) => {
          let state = snapshot({ lines, profile: { name: "Sam", tier, ordersCount: 1, lifetimeValue: 0 } });
          const limits = limitsFor(DEFAULT_SELLER_CONFIG, tier);
          const subtotal = subtotalOf(lines);
          const approved: number[] = [];
          const check = (terms: OfferTerms) => {
            const withBundle = terms.newItems.length > 0;
            const offerSubtotal = subtotal + terms.newItems.reduce((s, n) => s + n.price * n.quantity, 0);
            expect(terms.subtotal).toBe(offerSubtotal);
            if (terms.source === "merchant") {
              expect(terms.discount, "a merchant offer is at most what was approved").toBeLessThanOrEqual(
                Math.max(0, ...approved),
              );
              expect(terms.discount, "and inside the escalation ceiling").toBeLessThanOrEqual(
                escalationCeiling(offerSubtotal, limits),
              );
            } else {
              expect(terms.discount, "no automatic offer above the cap").toBeLessThanOrEqual(
                automaticCap(offerSubtotal, limits, withBundle),
              );
            }
          };
          messages.forEach((said, i) => {
            const t = turn(state, said, candidate);
            if (t.offer?.kind === "issue") check(t.offer.terms);
            state = afterTurn(state, t, `offer-${i}`);
            if (t.escalation) {
              const outcome = decideMerchantApproval({
                negotiation: state,
                approved: approves,
                request: { amount: t.escalation.amount, cartFingerprint: t.escalation.cartFingerprint },
                now,
              });
              if (outcome.issue) {
                approved.push(t.escalation.amount);
                check(outcome.issue.terms);
              }
              state = afterMerchantDecision(
                state,
                outcome,
                approves ? "approved" : "rejected",
                `approved-${i}`,
              );
            }
          });
          if (!state.latestOffer) return;
          const plan = planAcceptance(state, now);
          const all = [
            ...lines,
            ...plan.offer.terms.newItems.map((n) => ({ cartItemId: `new:${n.productId}`, ...n })),
          ];
          const lowered = plan.allocation.itemAdjustments.reduce((sum, a) => {
            const l = all.find((x) => x.cartItemId === a.cartItemId)!;
            return sum + (l.price - a.newPrice) * l.quantity;
          }, 0);
          expect(lowered + plan.allocation.orderDiscount, "the cart drops by exactly the offer").toBe(
            plan.appliedDiscount,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
