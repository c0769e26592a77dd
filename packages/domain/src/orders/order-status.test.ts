import { describe, expect, it } from "vitest";
import { displayOrderStatus, MERCHANT_ORDER_STATUSES, ORDER_STATUSES } from "./order-status.ts";

describe("order statuses", () => {
  it("are the spec's, in the order an order moves through them, then cancelled", () => {
    expect(ORDER_STATUSES).toEqual([
      "pending",
      "confirmed",
      "processing",
      "shipped",
      "delivered",
      "cancelled",
    ]);
  });

  it("let a merchant move an order only to the statuses after confirmed", () => {
    expect(MERCHANT_ORDER_STATUSES).toEqual(
      ORDER_STATUSES.slice(ORDER_STATUSES.indexOf("confirmed") + 1, ORDER_STATUSES.indexOf("delivered") + 1),
    );
  });

  it("show an unknown stored status as pending and a known one as itself", () => {
    for (const status of ORDER_STATUSES) expect(displayOrderStatus(status)).toBe(status);
    expect(displayOrderStatus("lost")).toBe("pending");
    expect(displayOrderStatus("")).toBe("pending");
  });
});
