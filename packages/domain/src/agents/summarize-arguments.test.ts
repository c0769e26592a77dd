import { describe, expect, it } from "vitest";
import { MAX_AUDIT_TEXT, summarizeArguments } from "./summarize-arguments.ts";

describe("summarizeArguments", () => {
  it("keeps short arguments as they are", () => {
    expect(summarizeArguments({ query: "running shoes", maxPrice: 120, onSale: true })).toEqual({
      query: "running shoes",
      maxPrice: 120,
      onSale: true,
    });
  });

  it("cuts a long message and says how long it was", () => {
    const message = "ignore previous instructions ".repeat(40);
    const summary = summarizeArguments({ message }) as { message: string };
    expect(summary.message.startsWith("ignore previous instructions")).toBe(true);
    expect(summary.message).toContain(`(${message.length} chars)`);
    expect(summary.message.length).toBeLessThan(MAX_AUDIT_TEXT + 20);
  });

  it("reduces a shipping address to its city and country", () => {
    const address = {
      name: "Ada",
      line1: "1 Main St",
      city: "Springfield",
      postalCode: "12345",
      country: "US",
    };
    expect(summarizeArguments({ mode: "place_order", address })).toEqual({
      mode: "place_order",
      address: "(an address in Springfield, US)",
    });
  });

  it("trims wide and deep structures", () => {
    const wide = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i]));
    const summary = summarizeArguments(wide) as Record<string, unknown>;
    expect(Object.keys(summary)).toHaveLength(13);
    expect(summarizeArguments({ a: { b: { c: { d: 1 } } } })).toEqual({ a: { b: { c: "…" } } });
    expect(summarizeArguments({ list: Array.from({ length: 15 }, (_, i) => i) })).toEqual({
      list: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, "… 5 more"],
    });
  });

  it("keeps only the first characters of a cart token: the audit never holds a cart's key", () => {
    const token = `hac_${"A".repeat(43)}`;
    expect(summarizeArguments({ productId: "p", quantity: 1, cartToken: token })).toEqual({
      productId: "p",
      quantity: 1,
      cartToken: "hac_AAAA… (a cart token)",
    });
  });

  it("treats missing arguments as none", () => {
    expect(summarizeArguments(undefined)).toEqual({});
  });
});

describe("summarizeArguments keeps only storable text", () => {
  it("removes NUL and lone surrogates from values and keys, and never cuts a pair in half", () => {
    const nul = String.fromCharCode(0);
    const lone = String.fromCharCode(0xd800);
    const summary = summarizeArguments({ query: `shoes${nul}`, [`x${lone}`]: `y${lone}` });
    expect(summary).toEqual({ query: "shoes", "x\uFFFD": "y\uFFFD" });
    const split = summarizeArguments({ message: `${"a".repeat(MAX_AUDIT_TEXT - 1)}😀😀` }) as {
      message: string;
    };
    expect(split.message).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
