import { afterEach, describe, expect, it } from "vitest";
import { setShopCurrency } from "../pricing/money.ts";
import type { ParseContext } from "./negotiation-types.ts";
import { parseShopperMessage } from "./parse-shopper-message.ts";
import { reply } from "./voice-test-fixtures.ts";

/** One line of 1500 in the shop's minor unit (¥1,500 in JPY, €15.00 in EUR). */
const context: ParseContext = {
  subtotal: 1500,
  lines: [
    { cartItemId: "l1", name: "Lantern", brand: "Quokka", category: "Outdoors", price: 1500, quantity: 1 },
  ],
};
const parse = (text: string) => parseShopperMessage(text, context);

afterEach(() => setShopCurrency("USD"));

describe("the shopper's ask in the shop's currency", () => {
  it("reads yen as yen: ¥1200, 1200 yen", () => {
    setShopCurrency("JPY");
    expect(parse("I'll pay ¥1200")).toEqual({ type: "ask", ask: { kind: "total", total: 1200 } });
    expect(parse("would you do 1200 yen?")).toEqual({ type: "ask", ask: { kind: "total", total: 1200 } });
    expect(parse("¥300 off")).toEqual({ type: "ask", ask: { kind: "amount", amount: 300 } });
  });

  it("reads euros with a decimal comma, and pounds", () => {
    setShopCurrency("EUR");
    expect(parse("ich zahle 12,50 €")).toEqual({ type: "ask", ask: { kind: "total", total: 1250 } });
    expect(parse("€12,50 total?")).toEqual({ type: "ask", ask: { kind: "total", total: 1250 } });
    setShopCurrency("GBP");
    expect(parse("£20 off")).toEqual({ type: "ask", ask: { kind: "amount", amount: 2000 } });
  });

  it("answers an amount in another currency with which one the shop reads, never a guessed rate", () => {
    setShopCurrency("EUR");
    expect(parse("I'll pay ¥1200")).toEqual({ type: "question", topic: "currency" });
    expect(parse("$10 off")).toEqual({ type: "question", topic: "currency" });
    // A figure in the shop's currency beside it wins.
    expect(parse("¥1200 is about €7, so €7?")).toEqual({ type: "ask", ask: { kind: "total", total: 700 } });
    const text = reply({ kind: "info", topic: "currency", standing: null });
    expect(text).toContain("EUR");
  });
});
