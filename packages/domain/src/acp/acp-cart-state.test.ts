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

  it("answers lines at the shop's price with the tax spread over them", () => {
    const lines = acpLineItems(
      [
        { productId: "a", quantity: 2, unitPrice: 4999 },
        { productId: "b", quantity: 1, unitPrice: 2500 },
      ],
      1000,
    );
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

  it("names order statuses in the webhook's words", () => {
    expect(acpOrderStatus("pending")).toBe("created");
    expect(acpOrderStatus("confirmed")).toBe("confirmed");
    expect(acpOrderStatus("shipped")).toBe("shipped");
    expect(acpOrderStatus("delivered")).toBe("fulfilled");
    expect(acpOrderStatus("cancelled")).toBe("canceled");
  });
});
