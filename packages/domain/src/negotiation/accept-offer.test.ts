import { describe, expect, it } from "vitest";
import { DEFAULT_SELLER_CONFIG, type SellerConfig } from "../merchant/seller-config.ts";
import {
  allocateOffer,
  assertBundledProductAvailable,
  bundledUnitPrice,
  cartLineAdjustments,
  negotiatedOnPrices,
  planAcceptance,
  priceSnapshotsFor,
} from "./accept-offer.ts";
import type { NegotiationSnapshot, OfferTerms, StoredOffer, TurnLine } from "./negotiation-types.ts";

const now = new Date("2026-01-01T12:00:00Z");
const lines: TurnLine[] = [
  {
    cartItemId: "item-a",
    productId: "product-a",
    name: "Headphones",
    brand: "Acme",
    category: "Audio",
    price: 19_999,
    listPrice: 19_999,
    quantity: 2,
    stockLevel: 50,
    demandIndex: 0.3,
  },
  {
    cartItemId: "item-b",
    productId: "product-b",
    name: "Cable",
    brand: "Acme",
    category: "Audio",
    price: 1_001,
    listPrice: 1_001,
    quantity: 1,
    stockLevel: 50,
    demandIndex: 0.3,
  },
];
const subtotal = 19_999 * 2 + 1_001;

const terms = (extra: Partial<OfferTerms> = {}): OfferTerms => ({
  discount: 4_100,
  percent: 1000,
  subtotal,
  newItems: [],
  reasons: [],
  source: "policy",
  ...extra,
});
const offer = (extra: Partial<StoredOffer> = {}): StoredOffer => ({
  id: "offer-1",
  terms: terms(),
  cartFingerprint: "cart-a",
  expiresAt: new Date(now.getTime() + 60_000),
  status: "agreed",
  ...extra,
});
const negotiation = (
  extra: Partial<NegotiationSnapshot> = {},
): Pick<NegotiationSnapshot, "status" | "latestOffer" | "fingerprint" | "config" | "profile" | "lines"> => ({
  status: "active",
  latestOffer: offer(),
  fingerprint: "cart-a",
  config: DEFAULT_SELLER_CONFIG,
  profile: { name: "Sam", tier: "NONE", ordersCount: 0, lifetimeValue: 0 },
  lines,
  ...extra,
});

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as { kind: string; code: string; message: string };
  }
  throw new Error("expected a refusal");
};

describe("planAcceptance", () => {
  it("applies the standing offer: the lines and the remainder add up to its discount exactly", () => {
    const plan = planAcceptance(negotiation(), now);
    expect(plan.offer.id).toBe("offer-1");
    expect(plan.appliedDiscount).toBe(4_100);
    expect(plan.finalPercent).toBe(1000);
    const lowered = plan.allocation.itemAdjustments.reduce((sum, a) => {
      const l = lines.find((x) => x.cartItemId === a.cartItemId)!;
      return sum + (l.price - a.newPrice) * l.quantity;
    }, 0);
    expect(lowered + plan.allocation.orderDiscount, "the cart drops by exactly the offer").toBe(4_100);
  });

  it.each<[string, Partial<NegotiationSnapshot>, string, string]>([
    [
      "completed",
      { status: "completed" },
      "ALREADY_APPLIED",
      "This negotiation's offer was already applied.",
    ],
    [
      "no offer",
      { latestOffer: null },
      "NO_OFFER",
      "There is no offer to accept yet. Ask Ava for one first.",
    ],
    [
      "expired",
      { latestOffer: offer({ expiresAt: now }) },
      "OFFER_EXPIRED",
      "This offer has expired. Ask Ava for a new one.",
    ],
    [
      "cart changed",
      { fingerprint: "cart-b" },
      "OFFER_VOIDED",
      "Your cart changed since this offer was made. Ask Ava for a new one.",
    ],
  ])("refuses when %s, with today's code and words", (_, extra, code, message) => {
    expect(refusal(() => planAcceptance(negotiation(extra), now))).toMatchObject({
      kind: "conflict",
      code,
      message,
    });
  });

  it("refuses an offer the merchant's current limits no longer allow", () => {
    const lowered: SellerConfig = {
      ...DEFAULT_SELLER_CONFIG,
      negotiation_limits: { ...DEFAULT_SELLER_CONFIG.negotiation_limits, max_auto_discount_pct: 5 },
    };
    expect(refusal(() => planAcceptance(negotiation({ config: lowered }), now))).toMatchObject({
      code: "OFFER_OUTSIDE_LIMITS",
      message: "This offer is no longer available. Ask Ava for a new one.",
    });
  });

  it("holds a merchant-approved offer to the escalation ceiling, not the automatic cap", () => {
    const approved = offer({ terms: terms({ discount: 8_000, percent: 1951, source: "merchant" }) });
    expect(planAcceptance(negotiation({ latestOffer: approved }), now).appliedDiscount).toBe(8_000);
    const above = offer({ terms: terms({ discount: 11_000, percent: 2683, source: "merchant" }) });
    expect(refusal(() => planAcceptance(negotiation({ latestOffer: above }), now)).code).toBe(
      "OFFER_OUTSIDE_LIMITS",
    );
  });
});

describe("a bundled product", () => {
  const bundled = terms({
    discount: 6_000,
    subtotal: subtotal + 2_500,
    newItems: [{ productId: "socks", name: "Socks", quantity: 1, price: 2_500 }],
  });

  it("gets its share of the discount, shown as its own price", () => {
    const allocation = allocateOffer(bundled, lines);
    expect(bundledUnitPrice(allocation, "socks")).toBeLessThan(2_500);
    expect(cartLineAdjustments(allocation).map((a) => a.cartItemId)).toEqual(["item-a", "item-b"]);
  });

  it("joins the cart only while for sale, in stock and at the offer's price", () => {
    const item = bundled.newItems[0]!;
    expect(() =>
      assertBundledProductAvailable(item, { hidden: false, stockLevel: 3, price: 2_500 }),
    ).not.toThrow();
    for (const product of [
      null,
      { hidden: true, stockLevel: 3, price: 2_500 },
      { hidden: false, stockLevel: 0, price: 2_500 },
      { hidden: false, stockLevel: 3, price: 2_400 },
    ]) {
      expect(refusal(() => assertBundledProductAvailable(item, product))).toMatchObject({
        code: "BUNDLE_UNAVAILABLE",
        message: "Socks is no longer available at that price. Ask Ava for a new offer.",
      });
    }
  });

  it("has its snapshot written on the cart line it became; a missing line voids the offer", () => {
    const allocation = allocateOffer(bundled, lines);
    const cart = [
      { cartItemId: "item-a", productId: "product-a" },
      { cartItemId: "item-b", productId: "product-b" },
      { cartItemId: "item-c", productId: "socks" },
    ];
    const snapshots = priceSnapshotsFor(allocation, cart);
    expect(snapshots.map((s) => s.cartItemId)).toEqual(["item-a", "item-b", "item-c"]);
    expect(snapshots[2]!.unitPrice).toBe(bundledUnitPrice(allocation, "socks"));
    expect(refusal(() => priceSnapshotsFor(allocation, cart.slice(1))).code).toBe("OFFER_VOIDED");
  });

  it("keeps the price each line was computed on: the line's as the offer read it, the bundle's the offer's", () => {
    const cart = [
      { cartItemId: "item-a", productId: "product-a" },
      { cartItemId: "item-b", productId: "product-b" },
      { cartItemId: "item-c", productId: "socks" },
    ];
    expect(negotiatedOnPrices(lines, bundled.newItems, cart)).toEqual([
      { cartItemId: "item-a", price: 19_999 },
      { cartItemId: "item-b", price: 1_001 },
      { cartItemId: "item-c", price: bundled.newItems[0]!.price },
    ]);
    const stranger = [...cart, { cartItemId: "item-d", productId: "product-d" }];
    expect(refusal(() => negotiatedOnPrices(lines, bundled.newItems, stranger)).code).toBe("OFFER_VOIDED");
  });
});
