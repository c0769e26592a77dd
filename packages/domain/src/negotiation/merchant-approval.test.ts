import { describe, expect, it } from "vitest";
import { DEFAULT_SELLER_CONFIG } from "../merchant/seller-config.ts";
import { bestPolicyOffer } from "./decide-counter-offer.ts";
import {
  afterMerchantDecision,
  approvalStatusFor,
  decideMerchantApproval,
  escalationReason,
} from "./merchant-approval.ts";
import { ACCEPT_BUTTON_LABEL, writeBuiltInReply } from "./negotiation-voice.ts";
import type { NegotiationSnapshot, StoredOffer, TurnLine } from "./negotiation-types.ts";

const now = new Date("2026-01-01T12:00:00Z");
const lines: TurnLine[] = [
  {
    cartItemId: "item-a",
    productId: "product-a",
    name: "Speaker",
    brand: "Acme",
    category: "Audio",
    price: 33_333,
    listPrice: 33_333,
    quantity: 1,
    stockLevel: 50,
    demandIndex: 0.2,
  },
];
const standing: StoredOffer = {
  id: "offer-1",
  terms: { discount: 1_666, percent: 500, subtotal: 33_333, newItems: [], reasons: [], source: "policy" },
  cartFingerprint: "cart-a",
  expiresAt: new Date(now.getTime() + 60_000),
  status: "standing",
};
const negotiation: NegotiationSnapshot = {
  status: "active",
  round: 3,
  step: 2,
  bundleProposed: false,
  latestOffer: standing,
  approval: { status: "pending", percent: 2000, amount: 6_666 },
  lines,
  fingerprint: "cart-a",
  profile: { name: "Kim", tier: "GOLD", ordersCount: 1, lifetimeValue: 250_000 },
  config: DEFAULT_SELLER_CONFIG,
};

describe("decideMerchantApproval", () => {
  it("turns an approval for the same cart into the standing offer, percent to the nearest basis point", () => {
    const outcome = decideMerchantApproval({
      negotiation,
      approved: true,
      request: { amount: 6_666, cartFingerprint: "cart-a" },
      now,
    });
    expect(outcome.issue?.terms).toEqual({
      discount: 6_666,
      // 6666 / 33333 = 19.998%: the server rounds (Math.round), it does not floor to 19.99%.
      percent: 2000,
      subtotal: 33_333,
      newItems: [],
      reasons: ["approved"],
      source: "merchant",
    });
    expect(outcome.issue?.expiresAt.getTime()).toBe(now.getTime() + 30 * 60_000);
    expect(outcome.decision).toMatchObject({ kind: "offer", stage: "final" });
    expect(outcome.voice.seed, "the voice is seeded by the negotiation's round").toBe(3);
    const after = afterMerchantDecision(negotiation, outcome, "approved", "offer-2");
    expect(after.latestOffer).toMatchObject({ id: "offer-2", status: "standing" });
    expect(after.approval?.status).toBe("approved");
  });

  it("after a refusal counters with the best offer the policy allows, in words that fit, with the button", () => {
    for (const latestOffer of [standing, null]) {
      const outcome = decideMerchantApproval({
        negotiation: { ...negotiation, latestOffer },
        approved: false,
        request: { amount: 6_666, cartFingerprint: "cart-a" },
        now,
      });
      const best = bestPolicyOffer(negotiation, null);
      expect(best?.discount).toBeGreaterThan(standing.terms.discount);
      expect(best?.reasons).toContain("final");
      expect(outcome.issue?.terms).toEqual(best);
      expect(outcome.decision).toEqual({
        kind: "decline",
        ask: null,
        counter: best,
        why: "manager-declined",
      });
      const words = writeBuiltInReply(outcome.voice);
      expect(words).not.toMatch(/last offer|already made|already reached/i);
      expect(words).toMatch(/manager/);
      expect(words).toContain(`Press '${ACCEPT_BUTTON_LABEL}'`);
      const after = afterMerchantDecision({ ...negotiation, latestOffer }, outcome, "rejected", "offer-2");
      expect(after.latestOffer).toMatchObject({ id: "offer-2", status: "standing", terms: best });
    }
  });

  it("keeps an offer that already gives the policy's best, and says why when the cart changed", () => {
    const best = bestPolicyOffer(negotiation, null);
    if (!best) throw new Error("no best offer");
    const atBest: StoredOffer = { ...standing, terms: best };
    const refused = decideMerchantApproval({
      negotiation: { ...negotiation, latestOffer: atBest },
      approved: false,
      request: { amount: 6_666, cartFingerprint: "cart-a" },
      now,
    });
    expect(refused.issue).toBeNull();
    expect(refused.standing).toBe(atBest);
    expect(refused.decision).toMatchObject({ kind: "decline", counter: best });

    const stale = decideMerchantApproval({
      negotiation,
      approved: true,
      request: { amount: 6_666, cartFingerprint: "cart-other" },
      now,
    });
    expect(stale.issue?.terms).toEqual(best);
    expect(stale.decision).toMatchObject({ kind: "decline", why: "cart-changed" });
    expect(writeBuiltInReply(stale.voice)).toMatch(/your cart has changed/);
  });

  it("reports a standing offer that lapsed meanwhile", () => {
    const outcome = decideMerchantApproval({
      negotiation: { ...negotiation, latestOffer: { ...standing, expiresAt: now } },
      approved: false,
      request: { amount: 6_666, cartFingerprint: "cart-a" },
      now,
    });
    expect(outcome.lapsed).toEqual({ offerId: "offer-1", status: "expired" });
    expect(outcome.decision).toMatchObject({ kind: "decline", counter: bestPolicyOffer(negotiation, null) });
  });
});

describe("approvals", () => {
  it("are decided once, with today's code and words", () => {
    expect(approvalStatusFor("pending", true)).toBe("approved");
    expect(approvalStatusFor("pending", false)).toBe("rejected");
    expect(() => approvalStatusFor("approved", false)).toThrow("This approval was already decided.");
    try {
      approvalStatusFor("rejected", true);
    } catch (error) {
      expect(error).toMatchObject({ kind: "conflict", code: "ALREADY_DECIDED" });
    }
  });

  it("tell the merchant who asked for what, on which cart", () => {
    expect(escalationReason({ percent: 2000, amount: 6_666 }, negotiation)).toBe(
      "Kim (Gold, 1 order) asked for 20% ($66.66) off a $333.33 cart, above the automatic limit of 15% / $150.",
    );
    // The percent as Ava and every other surface write it (one rule).
    expect(escalationReason({ percent: 1245, amount: 4_150 }, negotiation)).toContain(
      "asked for 12.5% ($41.50)",
    );
  });
});
