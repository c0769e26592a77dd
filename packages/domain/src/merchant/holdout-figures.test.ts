import { describe, expect, it } from "vitest";
import {
  compareHoldout,
  groupFigures,
  type HoldoutVisitor,
  twoProportionInterval,
  welchInterval,
} from "./holdout-figures.ts";

const visitor = (
  group: HoldoutVisitor["group"],
  revenue: number,
  orders = revenue > 0 ? 1 : 0,
  discount = 0,
) => ({
  group,
  orders,
  revenue,
  discount,
});

/**
 * The hand-computed fixture: 30 visitors with a cart in each group. With Ava 10 bought one
 * $100.00 order each (after a $5.00 discount), held out 6 did. By hand:
 * - conversion 10/30 = 0.3333 and 6/30 = 0.2; AOV $100.00 both; revenue per cart
 *   $1,000.00 / 30 = $33.33 and $600.00 / 30 = $20.00, so $13.33 more;
 * - Welch: variances 666,666,666.67 / 29 and 480,000,000 / 29 (cents squared), standard error
 *   sqrt(22,988,505.75 / 30 + 16,551,724.14 / 30) = 1,148.05 cents, 1.959964 x 1,148.05 = 2,250.14,
 *   so 1,333.33 -/+ 2,250.14 = -$9.17 to $35.83;
 * - two proportions: sqrt(0.3333 x 0.6667 / 30 + 0.2 x 0.8 / 30) = 0.112875, so
 *   0.1333 -/+ 0.2212 = -0.0879 to 0.3546.
 */
const FIXTURE: HoldoutVisitor[] = [
  ...Array.from({ length: 10 }, () => visitor("ava", 10_000, 1, 500)),
  ...Array.from({ length: 20 }, () => visitor("ava", 0)),
  ...Array.from({ length: 6 }, () => visitor("holdout", 10_000)),
  ...Array.from({ length: 24 }, () => visitor("holdout", 0)),
];

describe("holdout figures", () => {
  it("equal the hand-computed fixture", () => {
    const result = compareHoldout(FIXTURE);
    expect(result.ava).toEqual({
      visitors: 30,
      buyers: 10,
      orders: 10,
      conversion: 0.3333,
      revenue: 100_000,
      averageOrderValue: 10_000,
      revenuePerCart: 3_333,
      discount: 5_000,
    });
    expect(result.holdout).toEqual({
      visitors: 30,
      buyers: 6,
      orders: 6,
      conversion: 0.2,
      revenue: 60_000,
      averageOrderValue: 10_000,
      revenuePerCart: 2_000,
      discount: 0,
    });
    expect(result.enoughData).toBe(true);
    expect(result.revenuePerCart).toEqual({ difference: 1_333, low: -917, high: 3_583 });
    expect(result.conversion).toEqual({ difference: 0.1333, low: -0.0879, high: 0.3546 });
    expect(result.sentence).toBe(
      "Ava's shoppers spend $13.33 more per cart (95% CI -$9.17 to $35.83). The difference is not yet clear of zero.",
    );
  });

  it("says when Ava clearly earns more, or less", () => {
    const more = compareHoldout([
      ...Array.from({ length: 30 }, () => visitor("ava", 10_000)),
      ...Array.from({ length: 25 }, () => visitor("holdout", 0)),
      ...Array.from({ length: 5 }, () => visitor("holdout", 10_000)),
    ]);
    expect(more.sentence).toMatch(
      /^Ava's shoppers spend \$83\.33 more per cart \(95% CI \$\d+\.\d\d to \$\d+\.\d\d\)\. Ava earns more than she gives away\.$/,
    );
    const less = compareHoldout([
      ...Array.from({ length: 25 }, () => visitor("ava", 0)),
      ...Array.from({ length: 5 }, () => visitor("ava", 10_000)),
      ...Array.from({ length: 30 }, () => visitor("holdout", 10_000)),
    ]);
    expect(less.sentence).toMatch(
      /^Ava's shoppers spend \$83\.33 less per cart \(95% CI -\$\d+\.\d\d to -\$\d+\.\d\d\)\. Shoppers without Ava spend more/,
    );
  });

  it("asks for more data before comparing", () => {
    const result = compareHoldout([visitor("ava", 5_000), visitor("ava", 0), visitor("holdout", 0)]);
    expect(result.enoughData).toBe(false);
    expect(result.revenuePerCart).toBeNull();
    expect(result.conversion).toBeNull();
    expect(result.sentence).toBe(
      "Not enough data yet: each group needs at least 30 visitors with a cart and 5 buyers (now 2 and 1 with Ava, 1 and 0 held out).",
    );
  });

  it("keeps money exact: sums in cents, means rounded half up once", () => {
    const g = groupFigures([visitor("ava", 1, 1), visitor("ava", 0), visitor("ava", 2, 2, 3)]);
    expect(g).toMatchObject({ revenue: 3, orders: 3, averageOrderValue: 1, revenuePerCart: 1, discount: 3 });
    expect(groupFigures([visitor("ava", 5, 2)]).averageOrderValue).toBe(3); // 2.5 -> 3
    expect(groupFigures([])).toMatchObject({
      visitors: 0,
      conversion: 0,
      averageOrderValue: 0,
      revenuePerCart: 0,
    });
  });

  it("computes Welch's and the two-proportion intervals", () => {
    const w = welchInterval([1, 2, 3, 4], [1, 1, 1, 1]);
    // Means 2.5 and 1, variance 5/3 and 0: se = sqrt(5/12).
    expect(w.difference).toBeCloseTo(1.5, 10);
    expect(w.high - w.difference).toBeCloseTo(1.959964 * Math.sqrt(5 / 12), 10);
    const p = twoProportionInterval(50, 100, 40, 100);
    expect(p.difference).toBeCloseTo(0.1, 10);
    expect(p.difference - p.low).toBeCloseTo(1.959964 * Math.sqrt(0.0025 + 0.0024), 10);
  });
});
