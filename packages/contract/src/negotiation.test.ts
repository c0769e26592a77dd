import { describe, expect, it } from "vitest";
import { negotiationDataBlock, splitNegotiationData } from "./negotiation.ts";

const result = {
  negotiation_complete: true,
  item_adjustments: [{ cart_item_id: "a", new_price: 90 }],
  total_discount_percent: 10,
  total_discount_amount: 10,
  new_items: [],
};

describe("the NEGOTIATION_DATA block", () => {
  it("is stripped from the text and parsed", () => {
    const text = `I can do 10% off.${negotiationDataBlock(result)}`;
    expect(splitNegotiationData(text)).toEqual({ display: "I can do 10% off.", result });
  });
  it("hides a block that is still streaming in", () => {
    const full = `Deal!${negotiationDataBlock(result)}`;
    for (let cut = "Deal!".length; cut < full.length; cut++) {
      expect(splitNegotiationData(full.slice(0, cut)).display).toBe("Deal!");
    }
  });
  it("ignores a block that does not parse", () => {
    expect(splitNegotiationData("Hi<NEGOTIATION_DATA>{oops</NEGOTIATION_DATA>")).toEqual({
      display: "Hi",
      result: null,
    });
    expect(
      splitNegotiationData('Hi<NEGOTIATION_DATA>{"negotiation_complete":"yes"}</NEGOTIATION_DATA>').result,
    ).toBeNull();
  });
});
