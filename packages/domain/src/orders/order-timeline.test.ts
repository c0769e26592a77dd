import { describe, expect, it } from "vitest";
import { ORDER_EVENT_KINDS, ORDER_TIMELINE_LABELS, isOrderEventKind, orderTimeline } from "./order-timeline.ts";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 12, minute));

describe("orderTimeline", () => {
  it("starts with the order placed, at its creation, when nothing else happened", () => {
    expect(orderTimeline(at(0), [])).toEqual([{ kind: "placed", at: at(0), amount: null, note: null }]);
  });

  it("lists the events oldest first, whatever order they were read in, keeping their figures", () => {
    const timeline = orderTimeline(at(0), [
      { kind: "shipped", at: at(30), amount: null, note: null },
      { kind: "paid", at: at(5), amount: null, note: null },
      { kind: "refunded", at: at(50), amount: 1299, note: "damaged" },
    ]);
    expect(timeline.map((e) => e.kind)).toEqual(["placed", "paid", "shipped", "refunded"]);
    expect(timeline[3]).toEqual({ kind: "refunded", at: at(50), amount: 1299, note: "damaged" });
  });

  it("keeps events of the same instant in the order they were recorded", () => {
    const timeline = orderTimeline(at(0), [
      { kind: "refunded", at: at(9), amount: 500, note: null },
      { kind: "cancelled", at: at(9), amount: null, note: null },
    ]);
    expect(timeline.map((e) => e.kind)).toEqual(["placed", "refunded", "cancelled"]);
  });

  it("leaves out kinds it does not know", () => {
    const timeline = orderTimeline(at(0), [{ kind: "teleported", at: at(1), amount: null, note: null }]);
    expect(timeline.map((e) => e.kind)).toEqual(["placed"]);
  });

  it("has a label for every kind", () => {
    for (const kind of ["placed", ...ORDER_EVENT_KINDS] as const) {
      expect(ORDER_TIMELINE_LABELS[kind]).toMatch(/^[A-Z]/);
    }
    expect(isOrderEventKind("paid")).toBe(true);
    expect(isOrderEventKind("placed")).toBe(false);
  });
});
