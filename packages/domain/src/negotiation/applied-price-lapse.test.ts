import { describe, expect, it } from "vitest";
import {
  appliedPriceExpiry,
  appliedPriceLapse,
  appliedPriceLapseAtCheckout,
  appliedPriceLapseNotice,
  pricesMovedUnder,
} from "./applied-price-lapse.ts";

const appliedAt = new Date("2026-01-01T12:00:00Z");
const minutesLater = (m: number) => new Date(appliedAt.getTime() + m * 60_000);
const unchanged = [
  { price: 10_000, negotiatedOn: 10_000 },
  { price: 2_500, negotiatedOn: 2_500 },
];

describe("appliedPriceLapse", () => {
  it("holds while every price is the one it was computed on, within the time", () => {
    expect(
      appliedPriceLapse({ appliedAt, lines: unchanged, now: minutesLater(59), ttlMinutes: 60 }),
    ).toBeNull();
  });

  it("lapses when a price it was computed on went up", () => {
    const lines = [{ price: 20_000, negotiatedOn: 10_000 }, unchanged[1]!];
    expect(appliedPriceLapse({ appliedAt, lines, now: appliedAt, ttlMinutes: 60 })).toBe("price-changed");
  });

  it("lapses when a price it was computed on went down", () => {
    const lines = [unchanged[0]!, { price: 2_499, negotiatedOn: 2_500 }];
    expect(appliedPriceLapse({ appliedAt, lines, now: appliedAt, ttlMinutes: 60 })).toBe("price-changed");
  });

  it("lapses when the price it was computed on is not known", () => {
    expect(pricesMovedUnder([{ price: 100, negotiatedOn: null }])).toBe(true);
    expect(pricesMovedUnder(unchanged)).toBe(false);
  });

  it("expires ttlMinutes after it was applied, to the millisecond", () => {
    const ttlMinutes = 60;
    expect(appliedPriceExpiry(appliedAt, ttlMinutes)).toEqual(minutesLater(60));
    expect(appliedPriceLapse({ appliedAt, lines: unchanged, now: minutesLater(60), ttlMinutes })).toBe(
      "expired",
    );
    const justBefore = new Date(minutesLater(60).getTime() - 1);
    expect(appliedPriceLapse({ appliedAt, lines: unchanged, now: justBefore, ttlMinutes })).toBeNull();
  });

  it("expires an applied price whose time of application is unknown", () => {
    expect(appliedPriceLapse({ appliedAt: null, lines: unchanged, now: appliedAt, ttlMinutes: 60 })).toBe(
      "expired",
    );
  });

  it("names the moved price when it is both moved and expired", () => {
    const lines = [{ price: 20_000, negotiatedOn: 10_000 }];
    expect(appliedPriceLapse({ appliedAt, lines, now: minutesLater(600), ttlMinutes: 60 })).toBe(
      "price-changed",
    );
  });
});

describe("what the shopper is told", () => {
  it("says why, that the cart shows today's prices, and that Ava can be asked again", () => {
    expect(appliedPriceLapseNotice("price-changed")).toBe(
      "Ava's discount lapsed because a price changed; your cart shows today's prices. You can negotiate again.",
    );
    expect(appliedPriceLapseNotice("expired")).toMatch(/expired.*today's prices.*negotiate again/);
  });

  it("refuses a checkout with the cart's new total", () => {
    expect(appliedPriceLapseAtCheckout("price-changed", 22_000)).toBe(
      "Ava's discount lapsed because a price changed, so your order was not placed. Your cart now totals $220.00 at today's prices: check out again, or negotiate again with Ava.",
    );
    expect(appliedPriceLapseAtCheckout("expired", 1_234)).toMatch(/^Ava's discount expired, .*\$12\.34/);
  });
});
