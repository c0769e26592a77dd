import { describe, expect, it } from "vitest";
import { orderStatusMoveError } from "./advance-order-status.ts";

describe("orderStatusMoveError", () => {
  it("lets orders move forward, skipping ahead too", () => {
    for (const [from, to] of [
      ["pending", "processing"],
      ["confirmed", "processing"],
      ["confirmed", "delivered"],
      ["processing", "shipped"],
      ["shipped", "delivered"],
      ["something-old", "processing"],
    ] as const) {
      expect(orderStatusMoveError(from, to), `${from} -> ${to}`).toBeNull();
    }
  });

  it("refuses staying put and going back, with a sentence", () => {
    expect(orderStatusMoveError("shipped", "shipped")).toBe(
      "This order is already shipped; orders only move forward.",
    );
    expect(orderStatusMoveError("delivered", "processing")).toBe(
      "This order is already delivered; orders only move forward, not back to processing.",
    );
    expect(orderStatusMoveError("shipped", "processing")).not.toBeNull();
  });

  it("refuses to move a cancelled or refunded order at all", () => {
    expect(orderStatusMoveError("cancelled", "shipped")).toBe(
      "This order was cancelled; it does not move any more.",
    );
    expect(orderStatusMoveError("refunded", "delivered")).toBe(
      "This order was refunded; it does not move any more.",
    );
  });
});
