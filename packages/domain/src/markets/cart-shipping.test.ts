import { describe, expect, it } from "vitest";
import { type ChosenShipping, type QuoteLine, quoteCart } from "../pricing/quote-cart.ts";
import { cartShipping, parcelWeight } from "./cart-shipping.ts";
import type { ShippingZone } from "./shipping-zones.ts";

const rules = {
  freeShippingThreshold: 5000,
  flatShipping: 599,
  taxRateBasisPoints: 0,
};
const line = (price: number, quantity = 1): QuoteLine => ({
  price,
  priceSnapshot: null,
  listPrice: price,
  quantity,
});
const zones: ShippingZone[] = [
  {
    id: "eu",
    name: "Europe",
    places: [{ country: "DE" }, { country: "FR" }],
    methods: [
      {
        id: "exp",
        name: "Express",
        price: { kind: "flat", amount: 1500 },
        freeOver: null,
        days: { min: 1, max: 2 },
      },
      {
        id: "std",
        name: "Standard",
        price: {
          kind: "weight",
          bands: [
            { upToGrams: 1000, amount: 450 },
            { upToGrams: 5000, amount: 900 },
          ],
        },
        freeOver: 10_000,
        days: { min: 3, max: 5 },
      },
    ],
  },
];

function shipTo(country: string, lines: QuoteLine[], weightGrams: number, methodId?: string) {
  return cartShipping({
    address: { country },
    zones,
    weightGrams,
    methodId: methodId ?? null,
    quoteWith: (chosen: ChosenShipping) => quoteCart(lines, 0, rules, undefined, undefined, chosen),
  });
}

describe("cartShipping", () => {
  it("keeps the flat fee and threshold when the shop has no zones", () => {
    const answer = cartShipping({
      address: { country: "DE" },
      zones: [],
      weightGrams: 0,
      quoteWith: () => quoteCart([], 0, rules),
    });
    expect(answer).toEqual({ kind: "flat" });
    expect(quoteCart([line(2000)], 0, rules).shipping).toBe(599);
    expect(quoteCart([line(2000)], 0, rules).shippingMethod).toBeNull();
  });

  it("offers the zone's methods cheapest first and picks the cheapest by default", () => {
    const answer = shipTo("de", [line(2000)], 800);
    if (answer.kind !== "served") throw new Error(answer.kind);
    expect(answer.options.map((o) => [o.name, o.amount])).toEqual([
      ["Standard", 450],
      ["Express", 1500],
    ]);
    expect(answer.selected.name).toBe("Standard");
    expect(answer.options[1]).toMatchObject({ tax: 0, total: 2000 + 1500 });
  });

  it("quotes the chosen method: amount and name in the one quote", () => {
    const lines = [line(2000, 2)];
    const answer = shipTo("FR", lines, 2400, "exp");
    if (answer.kind !== "served") throw new Error(answer.kind);
    const quote = quoteCart(lines, 0, rules, undefined, undefined, answer.chosen);
    expect(quote.shipping).toBe(1500);
    expect(quote.shippingMethod).toBe("Express");
    expect(quote.total).toBe(4000 + 1500);
  });

  it("prices free-over on the order's value after discounts", () => {
    const lines = [line(11_000)];
    const answer = shipTo("DE", lines, 100);
    if (answer.kind !== "served") throw new Error(answer.kind);
    expect(answer.selected).toMatchObject({ name: "Standard", amount: 0 });
    const discounted = cartShipping({
      address: { country: "DE" },
      zones,
      weightGrams: 100,
      quoteWith: (chosen) => quoteCart(lines, 2000, rules, undefined, undefined, chosen),
    });
    if (discounted.kind !== "served") throw new Error(discounted.kind);
    expect(discounted.selected).toMatchObject({
      name: "Standard",
      amount: 450,
    });
  });

  it("says which country it does not ship to", () => {
    expect(shipTo("jp", [line(2000)], 0)).toEqual({
      kind: "unserved",
      reason: "We don't ship to JP yet.",
    });
  });

  it("leaves out a method whose bands cannot take the parcel, and refuses a method not offered", () => {
    const answer = shipTo("DE", [line(2000)], 9000);
    if (answer.kind !== "served") throw new Error(answer.kind);
    expect(answer.options.map((o) => o.name)).toEqual(["Express"]);
    expect(() => shipTo("DE", [line(2000)], 9000, "std")).toThrow(
      "That shipping method does not serve this address. Choose another.",
    );
  });

  it("weighs a parcel by its variants, a variant without a weight as 0", () => {
    expect(
      parcelWeight([
        { weightGrams: 250, quantity: 3 },
        { weightGrams: null, quantity: 5 },
      ]),
    ).toBe(750);
  });
});
