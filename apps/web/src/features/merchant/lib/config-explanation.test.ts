import { describe, expect, it } from "vitest";
import { negotiationBandSentence } from "./config-explanation";

describe("negotiationBandSentence", () => {
  it("names the auto cap, the approval band and the decline", () => {
    expect(negotiationBandSentence({ pct: 15, amount: 150 }, { pct: 25, amount: 400 })).toBe(
      "Ava may give up to 15% (at most $150.00) on her own; asks up to 25% (at most $400.00) go to you for approval; above that she declines.",
    );
  });

  it("keeps decimals the merchant typed and formats thousands", () => {
    expect(negotiationBandSentence({ pct: 12.5, amount: 1500 }, { pct: 20, amount: 2500.5 })).toContain(
      "up to 12.5% (at most $1,500.00) on her own; asks up to 20% (at most $2,500.50)",
    );
  });

  it("says nothing is escalated when the ceiling is not above the cap", () => {
    expect(negotiationBandSentence({ pct: 15, amount: 150 }, { pct: 15, amount: 150 })).toBe(
      "Ava may give up to 15% (at most $150.00) on her own and declines anything more; no ask comes to you for approval.",
    );
  });
});
