import { setShopCurrency } from "@haggle/domain/pricing/money";
import { afterEach, describe, expect, it } from "vitest";
import { dollarsInput, moneyInput } from "./money.ts";

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("a merchant's amount input", () => {
  afterEach(() => setShopCurrency("USD"));

  it("takes up to its maximum in dollars, and says the range in dollars", () => {
    const flat = dollarsInput("Flat shipping", 0, 1000);
    expect(flat.safeParse(1000).success).toBe(true);
    expect(message(flat.safeParse(1000.01))).toBe("Flat shipping must be from $0 to $1,000.");
  });

  it("scales the maximum to the shop's currency, and names it", () => {
    setShopCurrency("JPY");
    const flat = dollarsInput("Flat shipping", 0, 1000);
    expect(flat.safeParse(100_000).success).toBe(true);
    expect(message(flat.safeParse(100_001))).toBe("Flat shipping must be from 0 to 100,000 JPY.");
    expect(moneyInput("Price", 0.01, 1_000_000).parse(100_000_000)).toBe(100_000_000);
    setShopCurrency("EUR");
    expect(message(flat.safeParse(1000.01))).toBe("Flat shipping must be from 0 to 1,000 EUR.");
    setShopCurrency("VND");
    // Never more than a money column holds with room for a cart of them.
    expect(message(moneyInput("Price", 0.01, 1_000_000).safeParse(2_000_000_000))).toBe(
      "Price must be from 0.01 to 1,000,000,000 VND.",
    );
  });
});
