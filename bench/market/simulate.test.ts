import { DEFAULT_SELLER_CONFIG, type SellerConfig } from "@haggle/domain/merchant/seller-config";
import { NEGOTIATION_STANCES } from "@haggle/domain/negotiation/negotiation-stance";
import { describe, expect, it } from "vitest";
import { drawShopper, POPULATIONS } from "./population.ts";
import { runMarket } from "./simulate.ts";

const mixed = POPULATIONS.find((p) => p.name === "mixed")!;

describe("market simulator", () => {
  it("is reproducible from the seed: the same seed gives the same figures, another seed others", () => {
    const a = runMarket(mixed, DEFAULT_SELLER_CONFIG, 42, 150);
    const b = runMarket(mixed, DEFAULT_SELLER_CONFIG, 42, 150);
    const c = runMarket(mixed, DEFAULT_SELLER_CONFIG, 43, 150);
    expect(b).toEqual(a);
    expect(c.revenueWith).not.toBe(a.revenueWith);
    expect(a.violations).toEqual([]);
  });

  it("is reproducible from the seed under every stance, with no limit violation, and the stances differ", () => {
    const figures = NEGOTIATION_STANCES.map((stance) => {
      const config: SellerConfig = {
        ...DEFAULT_SELLER_CONFIG,
        negotiation_limits: { ...DEFAULT_SELLER_CONFIG.negotiation_limits, stance },
      };
      const a = runMarket(mixed, config, 42, 150);
      expect(runMarket(mixed, config, 42, 150)).toEqual(a);
      expect(a.violations).toEqual([]);
      return a;
    });
    const [protect, , convert] = figures;
    // Protecting margin gives less to would-buy-anyway shoppers than maximising conversion, and wins fewer.
    expect(protect!.giveawayShare).toBeLessThan(convert!.giveawayShare);
    expect(protect!.wonWithinCap).toBeLessThanOrEqual(convert!.wonWithinCap);
  });

  it("draws shoppers from the population: carts of 1-5 items, hidden reservations on the right side of the price", () => {
    for (let i = 0; i < 300; i++) {
      const s = drawShopper(mixed, 7, i);
      expect(s.lines.length).toBeGreaterThanOrEqual(1);
      expect(s.lines.length).toBeLessThanOrEqual(5);
      if (s.wouldBuyAnyway) expect(s.reservation).toBeGreaterThanOrEqual(s.subtotal);
      else expect(s.reservation).toBeLessThan(s.subtotal);
    }
  });

  it("without a negotiator, exactly the would-buy-anyway shoppers buy at the price", () => {
    const f = runMarket(mixed, DEFAULT_SELLER_CONFIG, 42, 150);
    const eager = Array.from({ length: 150 }, (_, i) => drawShopper(mixed, 42, i)).filter(
      (s) => s.wouldBuyAnyway,
    );
    expect(f.conversionWithout).toBeCloseTo(eager.length / 150, 10);
    expect(f.revenueWithout).toBe(eager.reduce((s, x) => s + x.subtotal, 0));
  });

  it("plays shoppers who follow Ava's advice: reproducible, within the limits, and some of them act on it", () => {
    const advised = runMarket(mixed, DEFAULT_SELLER_CONFIG, 42, 150, { followsAdvice: true });
    expect(runMarket(mixed, DEFAULT_SELLER_CONFIG, 42, 150, { followsAdvice: true })).toEqual(advised);
    expect(advised.violations).toEqual([]);
    expect(advised).not.toEqual(runMarket(mixed, DEFAULT_SELLER_CONFIG, 42, 150));
  });
});
