import { describe, expect, it } from "vitest";
import { offerWords } from "@haggle/domain/negotiation/voice-phrases";
import { describeOffer, formatExpiryTime } from "./format-offer";

describe("the standing offer line", () => {
  it("names the server's percent (as Ava says it), amount and expiry time", () => {
    const expiresAt = "2030-05-01T14:32:00Z";
    expect(describeOffer({ discountPercent: 9.49, discountAmount: 123450, expiresAt })).toBe(
      `Ava's offer: 9.5% off (−$1,234.50), expires at ${formatExpiryTime(expiresAt)}`,
    );
    expect(formatExpiryTime(expiresAt)).toMatch(/\d{1,2}:32/);
  });

  it("leaves out an expiry that does not parse", () => {
    expect(describeOffer({ discountPercent: 10, discountAmount: 3000, expiresAt: "soon" })).toBe(
      "Ava's offer: 10% off (−$30.00)",
    );
  });

  it("says the same percent as Ava's words in the chat for the same offer (0.49% is 0.5% in both)", () => {
    const offer = {
      discount: 24,
      percent: 49,
      subtotal: 4_899,
      newItems: [],
      reasons: [],
      source: "policy" as const,
    };
    const chat = offerWords(offer, { quote: null } as unknown as Parameters<typeof offerWords>[1]).p;
    expect(chat).toBe("0.5%");
    expect(describeOffer({ discountPercent: 0.49, discountAmount: 24, expiresAt: "soon" })).toBe(
      `Ava's offer: ${chat} off (−$0.24)`,
    );
  });
});
