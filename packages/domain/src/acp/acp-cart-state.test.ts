import { describe, expect, it } from "vitest";
import { acpLineItems, acpOrderStatus, acpTotals, allocateCents } from "./acp-cart-state.ts";

describe("ACP cart state", () => {
  it("spreads cents in proportion and always adds up exactly", () => {
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(0, [5, 5])).toEqual([0, 0]);
    expect(allocateCents(7, [0, 0])).toEqual([7, 0]);
    for (const [amount, weights] of [
      [999, [3333, 1, 6666]],
      [1, [50, 50]],
      [12345, [100, 200, 300, 400]],
    ] as const) {
      const parts = allocateCents(amount, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
    }
  });

  it("allocates exactly where floating point would not (amount x weight past 2^53)", () => {
    const parts = allocateCents(999_999_999_999, [333_333_333_333, 666_666_666_667, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(999_999_999_999);
    expect(parts).toEqual([333_333_333_332, 666_666_666_666, 1]);
  });

  it("gives each line its negotiated discount and a largest-remainder share of the order's, so lines add up", () => {
    const lines = acpLineItems(
      [
        // A negotiated unit price 500 below the shop's, two units: 1000 off this line alone.
        { productId: "a", quantity: 2, unitPrice: 5000, paidUnitPrice: 4500 },
        { productId: "b", quantity: 1, unitPrice: 3001, paidUnitPrice: 3001 },
        { productId: "c", quantity: 3, unitPrice: 1000, paidUnitPrice: 1000 },
      ],
      { orderDiscount: 1001, tax: 1390 },
    );
    // The order-level 1001 over 9000, 3001, 3000 (after each line's own discount): 600.56, 200.26, 200.19.
    expect(lines.map((l) => l.discount)).toEqual([1000 + 601, 200, 200]);
    expect(lines.reduce((a, l) => a + l.discount, 0)).toBe(1000 + 1001);
    expect(lines.reduce((a, l) => a + l.tax, 0)).toBe(1390);
    for (const l of lines) {
      expect(l.subtotal).toBe(l.base_amount - l.discount);
      expect(l.total).toBe(l.subtotal + l.tax);
    }
    const goods = 10000 + 3001 + 3000 - (1000 + 1001);
    expect(lines.reduce((a, l) => a + l.total, 0)).toBe(goods + 1390);
  });

  it("answers lines at the shop's price with the tax spread over them", () => {
    const lines = acpLineItems(
      [
        { productId: "a", quantity: 2, unitPrice: 4999, paidUnitPrice: 4999 },
        { productId: "b", quantity: 1, unitPrice: 2500, paidUnitPrice: 2500 },
      ],
      { orderDiscount: 0, tax: 1000 },
    );
    expect(lines.map((l) => l.discount)).toEqual([0, 0]);
    expect(lines.map((l) => l.base_amount)).toEqual([9998, 2500]);
    expect(lines.reduce((a, l) => a + l.tax, 0)).toBe(1000);
    for (const l of lines) expect(l.total).toBe(l.subtotal + l.tax);
    expect(lines[0]!.item).toEqual({ id: "a", quantity: 2 });
  });

  it("shows the negotiated discount as its own total, only when there is one", () => {
    const quote = { itemsTotal: 12000, negotiatedDiscount: 1500, shipping: 0, tax: 1050, total: 11550 };
    const totals = acpTotals(quote, "Ava");
    expect(totals.find((t) => t.type === "discount")).toEqual({
      type: "discount",
      display_text: "Discount negotiated with Ava",
      amount: 1500,
    });
    expect(totals.at(-1)).toEqual({ type: "total", display_text: "Total", amount: 11550 });
    expect(acpTotals({ ...quote, negotiatedDiscount: 0 }, "Ava").some((t) => t.type === "discount")).toBe(
      false,
    );
  });

  it("names the place's tax; tax included in the prices is told, not added, so the totals still add up", () => {
    const added = {
      itemsTotal: 10000,
      negotiatedDiscount: 0,
      shipping: 500,
      tax: 725,
      total: 11225,
      taxLabel: "Sales tax",
    };
    expect(acpTotals(added, "Ava").find((t) => t.type === "tax")).toEqual({
      type: "tax",
      display_text: "Sales tax",
      amount: 725,
    });
    const included = { ...added, tax: 1597, total: 10500, taxIncluded: true, taxLabel: "VAT" };
    const totals = acpTotals(included, "Ava");
    expect(totals.find((t) => t.type === "tax")).toEqual({
      type: "tax",
      display_text: "Includes VAT of $15.97",
      amount: 0,
    });
    const sum = (type: string) => totals.filter((t) => t.type === type).reduce((a, t) => a + t.amount, 0);
    expect(sum("subtotal") - sum("discount") + sum("fulfillment") + sum("tax")).toBe(sum("total"));
  });

  it("shows a discount code as its own discount total, beside Ava's when both apply", () => {
    const quote = {
      itemsTotal: 12000,
      negotiatedDiscount: 0,
      code: "WELCOME10",
      codeDiscount: 1200,
      shipping: 0,
      tax: 864,
      total: 11664,
    };
    const discounts = acpTotals(quote, "Ava").filter((t) => t.type === "discount");
    expect(discounts).toEqual([{ type: "discount", display_text: "Discount code WELCOME10", amount: 1200 }]);
    const both = acpTotals({ ...quote, negotiatedDiscount: 500 }, "Ava").filter((t) => t.type === "discount");
    expect(both.map((t) => t.amount)).toEqual([500, 1200]);
    // A code that gave way to Ava's price (null) or only waives shipping (0) is no discount line.
    expect(acpTotals({ ...quote, code: null }, "Ava").some((t) => t.type === "discount")).toBe(false);
    expect(acpTotals({ ...quote, codeDiscount: 0 }, "Ava").some((t) => t.type === "discount")).toBe(false);
  });

  it("names order statuses in the webhook's words", () => {
    expect(acpOrderStatus("pending")).toBe("created");
    expect(acpOrderStatus("confirmed")).toBe("confirmed");
    expect(acpOrderStatus("shipped")).toBe("shipped");
    expect(acpOrderStatus("delivered")).toBe("fulfilled");
    expect(acpOrderStatus("cancelled")).toBe("canceled");
  });
});
