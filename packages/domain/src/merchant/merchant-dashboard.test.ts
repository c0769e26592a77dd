import { describe, expect, it } from "vitest";
import { channelFigures, fillDays, negotiatorFigures, utcDay, windowStart } from "./merchant-dashboard.ts";

describe("fillDays", () => {
  const now = new Date("2026-03-10T23:30:00-05:00"); // 2026-03-11 04:30 UTC

  it("lists every UTC day of the window, oldest first, ending today, with zeros", () => {
    const days = fillDays([], now, 7);
    expect(days.map((d) => d.date)).toEqual([
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
    ]);
    expect(days.every((d) => d.orders === 0 && d.revenue === 0 && d.negotiatedDiscount === 0)).toBe(true);
  });

  it("puts totals on their day, adds two totals of one day and drops days outside the window", () => {
    const days = fillDays(
      [
        { date: "2026-03-11", orders: 2, revenue: 12_345, negotiatedDiscount: 500 },
        { date: "2026-03-11", orders: 1, revenue: 1, negotiatedDiscount: 0 },
        { date: "2026-03-05", orders: 1, revenue: 999, negotiatedDiscount: 0 },
        { date: "2026-03-04", orders: 9, revenue: 99_999, negotiatedDiscount: 9 },
      ],
      now,
      7,
    );
    expect(days[0]).toEqual({ date: "2026-03-05", orders: 1, revenue: 999, negotiatedDiscount: 0 });
    expect(days[6]).toEqual({ date: "2026-03-11", orders: 3, revenue: 12_346, negotiatedDiscount: 500 });
    expect(days.reduce((s, d) => s + d.orders, 0)).toBe(4);
  });

  it("crosses month and leap-year boundaries", () => {
    const days = fillDays([], new Date("2028-03-01T12:00:00Z"), 3);
    expect(days.map((d) => d.date)).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
  });

  it("starts the window at midnight UTC of its first day", () => {
    expect(windowStart(now, 30).toISOString()).toBe("2026-02-10T00:00:00.000Z");
    expect(utcDay(windowStart(now, 1))).toBe("2026-03-11");
  });
});

describe("negotiatorFigures", () => {
  it("is all zeros without negotiations", () => {
    expect(
      negotiatorFigures({ negotiations: 0, dealPercents: [], totalDiscount: 0, escalations: 0 }),
    ).toEqual({
      negotiations: 0,
      deals: 0,
      dealRate: 0,
      averageDiscountPct: 0,
      totalDiscount: 0,
      escalations: 0,
    });
  });

  it("computes the deal rate and the mean discount of the deals", () => {
    const figures = negotiatorFigures({
      negotiations: 3,
      dealPercents: [1000, 1250],
      totalDiscount: 4_200,
      escalations: 1,
    });
    expect(figures.deals).toBe(2);
    expect(figures.dealRate).toBe(0.6667);
    expect(figures.averageDiscountPct).toBe(11.25);
    expect(figures.totalDiscount).toBe(4_200);
    expect(figures.escalations).toBe(1);
  });

  it("rounds the mean to a basis point", () => {
    expect(
      negotiatorFigures({
        negotiations: 3,
        dealPercents: [1000, 1000, 1001],
        totalDiscount: 0,
        escalations: 0,
      }).averageDiscountPct,
    ).toBe(10);
  });
});

describe("channelFigures", () => {
  it("works out each channel's count, deal rate and average apart, zeros for a channel without rows", () => {
    const figures = channelFigures([{ channel: "agent", negotiations: 4, dealPercents: [1000, 1250, 1500] }]);
    expect(figures.agent).toEqual({ negotiations: 4, deals: 3, dealRate: 0.75, averageDiscountPct: 12.5 });
    expect(figures.web).toEqual({ negotiations: 0, deals: 0, dealRate: 0, averageDiscountPct: 0 });
  });
});
