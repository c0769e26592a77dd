import { describe, expect, it } from "vitest";
import {
  isNegotiationOpen,
  NEGOTIATION_ABANDONED_AFTER_HOURS,
  type NegotiationState,
} from "./open-negotiation.ts";

const now = new Date("2026-11-28T12:00:00Z");
const talking: NegotiationState = {
  status: "active",
  rounds: 2,
  cartStatus: "active",
  cartLines: 1,
  lastActivityAt: new Date("2026-11-28T11:00:00Z"),
};

describe("an open negotiation", () => {
  it("is one the shopper is still having over a cart that still holds something", () => {
    expect(isNegotiationOpen(talking, now)).toBe(true);
  });

  it("ends when its offer is applied, its cart checked out or emptied, whether or not an offer was accepted", () => {
    expect(isNegotiationOpen({ ...talking, status: "completed" }, now)).toBe(false);
    expect(isNegotiationOpen({ ...talking, cartStatus: "converted" }, now)).toBe(false);
    expect(isNegotiationOpen({ ...talking, cartLines: 0 }, now)).toBe(false);
  });

  it("never began when the shopper said nothing", () => {
    expect(isNegotiationOpen({ ...talking, rounds: 0 }, now)).toBe(false);
  });

  it(`is abandoned ${NEGOTIATION_ABANDONED_AFTER_HOURS} hours after its last message`, () => {
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
    expect(NEGOTIATION_ABANDONED_AFTER_HOURS).toBe(24);
    expect(isNegotiationOpen({ ...talking, lastActivityAt: at(24) }, now)).toBe(true);
    expect(isNegotiationOpen({ ...talking, lastActivityAt: at(24.01) }, now)).toBe(false);
  });
});
