import { describe, expect, it } from "vitest";
import { orderStatusLabel } from "./order-status";

describe("orderStatusLabel", () => {
  it("names the five statuses", () => {
    expect(["pending", "confirmed", "processing", "shipped", "delivered"].map(orderStatusLabel)).toEqual([
      "Pending",
      "Confirmed",
      "Processing",
      "Shipped",
      "Delivered",
    ]);
  });

  it("shows an unknown status as Pending", () => {
    expect(orderStatusLabel("on-hold")).toBe("Pending");
    expect(orderStatusLabel("refunded")).toBe("Refunded");
    expect(orderStatusLabel("cancelled")).toBe("Cancelled");
    expect(orderStatusLabel("")).toBe("Pending");
  });
});
