import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../orders/order-status.ts";
import { keptRevenue, orderCounts, UNCOUNTED_ORDER_STATUSES } from "./counted-order.ts";

describe("an order that counts", () => {
  it("is one that still stands: not cancelled, not wholly refunded", () => {
    expect(ORDER_STATUSES.filter(orderCounts)).toEqual([
      "pending",
      "confirmed",
      "processing",
      "shipped",
      "delivered",
    ]);
    expect(ORDER_STATUSES.filter((s) => !orderCounts(s))).toEqual([...UNCOUNTED_ORDER_STATUSES]);
  });

  it("earned its total less refunds; an order that does not count earned nothing", () => {
    expect(keptRevenue({ status: "delivered", total: 12_800, refundedTotal: 2_000 })).toBe(10_800);
    expect(keptRevenue({ status: "cancelled", total: 12_800, refundedTotal: 0 })).toBe(0);
    expect(keptRevenue({ status: "refunded", total: 12_800, refundedTotal: 12_800 })).toBe(0);
  });
});
