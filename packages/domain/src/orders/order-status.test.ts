import { describe, expect, it } from "vitest";
import {
  CLOSED_ORDER_STATUSES,
  displayOrderStatus,
  MERCHANT_ORDER_STATUSES,
  ORDER_STATUSES,
} from "./order-status.ts";

describe("order statuses", () => {
  it("are the spec's five, in the order an order moves through them, then the two it may end in", () => {
    expect(ORDER_STATUSES).toEqual([
      "pending",
      "confirmed",
      "processing",
      "shipped",
      "delivered",
      "cancelled",
      "refunded",
    ]);
    expect(CLOSED_ORDER_STATUSES).toEqual(["cancelled", "refunded"]);
  });

  it("let a merchant move an order forward only to the statuses after confirmed", () => {
    expect(MERCHANT_ORDER_STATUSES).toEqual(["processing", "shipped", "delivered"]);
  });

  it("show an unknown stored status as pending and a known one as itself", () => {
    for (const status of ORDER_STATUSES) expect(displayOrderStatus(status)).toBe(status);
    expect(displayOrderStatus("lost")).toBe("pending");
    expect(displayOrderStatus("")).toBe("pending");
  });
});
