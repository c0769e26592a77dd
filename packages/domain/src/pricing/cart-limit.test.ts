import { afterEach, describe, expect, it } from "vitest";
import { DomainError } from "../errors.ts";
import {
  assertOrderableAmount,
  assertOrderableCart,
  cartTooLargeMessage,
  maxOrderTotal,
} from "./cart-limit.ts";
import { setShopCurrency } from "./money.ts";

const MAX_ORDER_TOTAL_CENTS = 999_999_999_999;
const CART_TOO_LARGE_MESSAGE =
  "This cart comes to more than $9,999,999,999.99, the most one order can hold. Remove some items to continue.";

describe("the largest order", () => {
  afterEach(() => setShopCurrency("USD"));

  it("is what the money columns hold in the shop's currency: 9,999,999,999 yen in JPY", () => {
    expect(maxOrderTotal()).toBe(MAX_ORDER_TOTAL_CENTS);
    expect(cartTooLargeMessage()).toBe(CART_TOO_LARGE_MESSAGE);
    setShopCurrency("JPY");
    expect(maxOrderTotal()).toBe(9_999_999_999);
    expect(() => assertOrderableAmount(9_999_999_999)).not.toThrow();
    expect(() => assertOrderableAmount(10_000_000_000)).toThrow(
      "This cart comes to more than ¥9,999,999,999, the most one order can hold. Remove some items to continue.",
    );
  });

  it("takes up to $9,999,999,999.99 and refuses a cent more with a 400 sentence", () => {
    expect(() => assertOrderableAmount(MAX_ORDER_TOTAL_CENTS)).not.toThrow();
    let refused: unknown;
    try {
      assertOrderableAmount(MAX_ORDER_TOTAL_CENTS + 1);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      kind: "invalid",
      code: "CART_TOO_LARGE",
      message: CART_TOO_LARGE_MESSAGE,
    });
  });

  it("counts a cart at the prices it would be charged (its snapshot when it has one)", () => {
    const line = { price: 100_000_000, priceSnapshot: null, quantity: 99 };
    expect(() => assertOrderableCart(Array(101).fill(line))).not.toThrow(); // $9.999B
    expect(() => assertOrderableCart(Array(102).fill(line))).toThrow(CART_TOO_LARGE_MESSAGE);
    expect(() => assertOrderableCart([{ price: 1, priceSnapshot: 600_000_000_000, quantity: 2 }])).toThrow(
      CART_TOO_LARGE_MESSAGE,
    );
  });
});
