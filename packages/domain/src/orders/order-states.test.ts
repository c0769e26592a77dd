import { describe, expect, it } from "vitest";
import { nextOrderStatus, ORDER_TRANSITIONS, shopperMayCancel } from "./order-states.ts";
import { ORDER_STATUSES } from "./order-status.ts";

const move = (from: string, to: "processing" | "shipped" | "delivered") =>
  nextOrderStatus(from, { kind: "merchant-moves", to });

describe("the order state table", () => {
  it("has a row for every status", () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it("lets the merchant move orders forward, skipping ahead too", () => {
    for (const [from, to] of [
      ["pending", "processing"],
      ["confirmed", "processing"],
      ["confirmed", "delivered"],
      ["processing", "shipped"],
      ["shipped", "delivered"],
      ["something-old", "processing"],
    ] as const) {
      expect(move(from, to), `${from} -> ${to}`).toEqual({ ok: true, to });
    }
  });

  it("refuses staying put and going back, with a sentence", () => {
    expect(move("shipped", "shipped")).toEqual({
      ok: false,
      sentence: "This order is already shipped; orders only move forward.",
      code: "ORDER_STATUS",
    });
    expect(move("delivered", "processing")).toEqual({
      ok: false,
      sentence: "This order is already delivered; orders only move forward, not back to processing.",
      code: "ORDER_STATUS",
    });
    expect(move("shipped", "processing").ok).toBe(false);
  });

  it("moves a cancelled or refunded order no more", () => {
    expect(move("cancelled", "shipped")).toMatchObject({
      ok: false,
      sentence: "This order was cancelled; it does not move any more.",
    });
    expect(move("refunded", "delivered")).toMatchObject({
      ok: false,
      sentence: "This order was refunded; it does not move any more.",
    });
    expect(nextOrderStatus("cancelled", { kind: "payment-arrived" }).ok).toBe(false);
  });

  it("lets a shopper cancel until the order ships, and the merchant at any time before it closes", () => {
    expect(["pending", "confirmed", "processing"].every(shopperMayCancel)).toBe(true);
    expect(["shipped", "delivered", "cancelled", "refunded"].some(shopperMayCancel)).toBe(false);
    expect(nextOrderStatus("shipped", { kind: "cancel", by: "shopper" })).toEqual({
      ok: false,
      sentence: "This order has shipped, so it can no longer be cancelled. Contact the shop to send it back.",
      code: "ORDER_SHIPPED",
    });
    expect(nextOrderStatus("delivered", { kind: "cancel", by: "shopper" })).toMatchObject({
      sentence:
        "This order has been delivered, so it can no longer be cancelled. Contact the shop to send it back.",
    });
    for (const from of ["pending", "confirmed", "processing", "shipped", "delivered"])
      expect(nextOrderStatus(from, { kind: "cancel", by: "merchant" })).toEqual({
        ok: true,
        to: "cancelled",
      });
    expect(nextOrderStatus("refunded", { kind: "cancel", by: "merchant" })).toEqual({
      ok: false,
      sentence: "This order was already refunded.",
      code: "ORDER_CLOSED",
    });
  });

  it("keeps the status on a partial refund and ends the order on a whole one", () => {
    for (const from of ["pending", "confirmed", "processing", "shipped", "delivered"] as const) {
      expect(nextOrderStatus(from, { kind: "refund", whole: false })).toEqual({ ok: true, to: from });
      expect(nextOrderStatus(from, { kind: "refund", whole: true })).toEqual({ ok: true, to: "refunded" });
    }
    expect(nextOrderStatus("cancelled", { kind: "refund", whole: false })).toEqual({
      ok: false,
      sentence: "This order was cancelled; nothing is left to refund.",
      code: "ORDER_CLOSED",
    });
    expect(nextOrderStatus("refunded", { kind: "refund", whole: true })).toMatchObject({
      ok: false,
      sentence: "This order is already fully refunded.",
    });
  });

  it("confirms a pending order when its money arrives and leaves one under way as it is", () => {
    expect(nextOrderStatus("pending", { kind: "payment-arrived" })).toEqual({ ok: true, to: "confirmed" });
    expect(nextOrderStatus("shipped", { kind: "payment-arrived" })).toEqual({ ok: true, to: "shipped" });
  });

  it("cancels only a pending order when its payment is lost", () => {
    expect(nextOrderStatus("pending", { kind: "payment-lost" })).toEqual({ ok: true, to: "cancelled" });
    expect(nextOrderStatus("confirmed", { kind: "payment-lost" })).toEqual({
      ok: false,
      sentence: "This order is confirmed; it is no longer waiting for its payment.",
      code: "ORDER_STATUS",
    });
  });

  it("never leads anywhere but forward or to an end", () => {
    const rank = (s: string) => ORDER_STATUSES.indexOf(s as (typeof ORDER_STATUSES)[number]);
    for (const [from, row] of Object.entries(ORDER_TRANSITIONS)) {
      for (const next of Object.values(row)) {
        if (!(ORDER_STATUSES as readonly string[]).includes(next)) continue;
        const ends = next === "cancelled" || next === "refunded";
        expect(ends || rank(next) >= rank(from), `${from} -> ${next}`).toBe(true);
      }
    }
  });
});
