import { describe, expect, it } from "vitest";
import { describeOffer, formatExpiryTime } from "./format-offer";

describe("the standing offer line", () => {
  it("names the server's percent, amount and expiry time", () => {
    const expiresAt = "2030-05-01T14:32:00Z";
    expect(describeOffer({ discountPercent: 9.49, discountAmount: 123450, expiresAt })).toBe(
      `Ava's offer: 9.49% off (−$1,234.50), expires at ${formatExpiryTime(expiresAt)}`,
    );
    expect(formatExpiryTime(expiresAt)).toMatch(/\d{1,2}:32/);
  });

  it("leaves out an expiry that does not parse", () => {
    expect(describeOffer({ discountPercent: 10, discountAmount: 3000, expiresAt: "soon" })).toBe(
      "Ava's offer: 10% off (−$30.00)",
    );
  });
});
