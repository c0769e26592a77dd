import { describe, expect, it } from "vitest";
import { discountBadgePercent, showsListPrice } from "./discount-badge.ts";

describe("discount badge", () => {
  it("follows the spec formula round((list - price) / list x 100)", () => {
    expect(discountBadgePercent(7999, 9999)).toBe(20);
    expect(discountBadgePercent(6650, 10000)).toBe(34); // 33.5 rounds up
    expect(discountBadgePercent(100, 300)).toBe(67);
  });
  it("shows nothing when the price is not below the list price or rounds to 0", () => {
    expect(discountBadgePercent(10000, 10000)).toBeNull();
    expect(discountBadgePercent(12000, 10000)).toBeNull();
    expect(discountBadgePercent(99999, 100000)).toBeNull(); // 0.001% -> 0
    expect(discountBadgePercent(100, 0)).toBeNull();
  });
  it("strikes the list price only when the price is below it", () => {
    expect(showsListPrice(900, 1000)).toBe(true);
    expect(showsListPrice(1000, 1000)).toBe(false);
  });
});
