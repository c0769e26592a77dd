import { describe, expect, it } from "vitest";
import { makeProduct } from "@/test/make-product";
import { type CartLine, cartItemCount, cartReducer, cartSubtotalCents, lineKey } from "./cart-lines";

const at = "2025-01-01T00:00:00.000Z";

describe("cartReducer", () => {
  it("adds a new product with quantity 1 and its addedAt", () => {
    const lines = cartReducer([], { type: "add", product: makeProduct("a"), quantity: 1, at });
    expect(lines).toEqual([{ ...makeProduct("a"), quantity: 1, addedAt: at }]);
  });

  it("raises the quantity when the same product is added again", () => {
    let lines: CartLine[] = [];
    lines = cartReducer(lines, { type: "add", product: makeProduct("a"), quantity: 1, at });
    lines = cartReducer(lines, { type: "add", product: makeProduct("a"), quantity: 1, at: "later" });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(2);
    expect(lines[0]?.addedAt).toBe(at);
  });

  it("keeps a line per variant of a product with options, each changed by its own key", () => {
    const tee = makeProduct("tee");
    let lines: CartLine[] = [];
    lines = cartReducer(lines, {
      type: "add",
      product: tee,
      variant: { id: "m", title: "M" },
      quantity: 1,
      at,
    });
    lines = cartReducer(lines, {
      type: "add",
      product: tee,
      variant: { id: "l", title: "L" },
      quantity: 2,
      at,
    });
    lines = cartReducer(lines, {
      type: "add",
      product: tee,
      variant: { id: "m", title: "M" },
      quantity: 1,
      at,
    });
    expect(lines.map((l) => [lineKey(l), l.variantTitle, l.quantity])).toEqual([
      ["m", "M", 2],
      ["l", "L", 2],
    ]);
    lines = cartReducer(lines, { type: "set-quantity", key: "l", quantity: 5 });
    lines = cartReducer(lines, { type: "remove", key: "m" });
    expect(lines.map((l) => [lineKey(l), l.quantity])).toEqual([["l", 5]]);
  });

  it("removes the line when the quantity is set to 0 or less", () => {
    const start = cartReducer([], { type: "add", product: makeProduct("a"), quantity: 3, at });
    expect(cartReducer(start, { type: "set-quantity", key: "a", quantity: 0 })).toEqual([]);
    expect(cartReducer(start, { type: "set-quantity", key: "a", quantity: -2 })).toEqual([]);
    expect(cartReducer(start, { type: "set-quantity", key: "a", quantity: 5 })[0]?.quantity).toBe(5);
  });

  it("removes one line and clears all", () => {
    let lines = cartReducer([], { type: "add", product: makeProduct("a"), quantity: 1, at });
    lines = cartReducer(lines, { type: "add", product: makeProduct("b"), quantity: 1, at });
    expect(cartReducer(lines, { type: "remove", key: "a" }).map((l) => l.id)).toEqual(["b"]);
    expect(cartReducer(lines, { type: "clear" })).toEqual([]);
  });
});

describe("cart totals", () => {
  it("counts the sum of quantities and sums price x quantity in cents", () => {
    let lines = cartReducer([], {
      type: "add",
      product: makeProduct("a", { price: 10, listPrice: 10 }),
      quantity: 3,
      at,
    });
    lines = cartReducer(lines, {
      type: "add",
      product: makeProduct("b", { price: 1999, listPrice: 1999 }),
      quantity: 2,
      at,
    });
    expect(cartItemCount(lines)).toBe(5);
    expect(cartSubtotalCents(lines)).toBe(30 + 3998);
  });
});
