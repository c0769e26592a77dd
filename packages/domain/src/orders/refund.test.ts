import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planRefund, type RefundableOrder, returnedLineNote, savingsGivenBack } from "./refund";

const order: RefundableOrder = {
  // 2 x $30.00 + 1 x $40.00 = $100.00 goods, 10% tax, $10 shipping: $120.00.
  total: 12000,
  shipping: 1000,
  refundedTotal: 0,
  lines: [
    { id: "a", name: "Mug", quantity: 2, refundedQuantity: 0, unitPrice: 3000 },
    { id: "b", name: "Kettle", quantity: 1, refundedQuantity: 0, unitPrice: 4000 },
  ],
};

describe("planRefund", () => {
  it("refunds everything that is left, shipping included", () => {
    expect(planRefund(order, null)).toEqual({
      amount: 12000,
      lines: [
        { id: "a", quantity: 2 },
        { id: "b", quantity: 1 },
      ],
      complete: true,
    });
  });

  it("refunds a line by its share of what the goods cost, tax included, without shipping", () => {
    // One mug: 30/100 of $110.00 of goods.
    expect(planRefund(order, [{ lineId: "a", quantity: 1 }])).toEqual({
      amount: 3300,
      lines: [{ id: "a", quantity: 1 }],
      complete: false,
    });
  });

  it("gives the last refund exactly what is left", () => {
    const afterOne = {
      ...order,
      refundedTotal: 3300,
      lines: [{ ...order.lines[0]!, refundedQuantity: 1 }, order.lines[1]!],
    };
    const rest = planRefund(afterOne, [
      { lineId: "a", quantity: 1 },
      { lineId: "b", quantity: 1 },
    ]);
    expect(rest).toMatchObject({ amount: 8700, complete: true });
  });

  it("refuses what cannot be refunded, with a sentence", () => {
    expect(planRefund(order, [{ lineId: "a", quantity: 3 }])).toEqual({
      error: "Only 2 of Mug can still be refunded.",
    });
    expect(planRefund(order, [{ lineId: "x", quantity: 1 }])).toEqual({
      error: "No line of this order has that orderItemId.",
    });
    expect(planRefund(order, [{ lineId: "a", quantity: 0 }])).toEqual({
      error: "A refund's quantity must be a whole number of at least 1.",
    });
    expect(planRefund(order, [])).toEqual({ error: "Choose at least one line to refund." });
    const done = {
      ...order,
      refundedTotal: 12000,
      lines: order.lines.map((l) => ({ ...l, refundedQuantity: l.quantity })),
    };
    expect(planRefund(done, null)).toEqual({ error: "This order is already fully refunded." });
    const mugDone = { ...order, lines: [{ ...order.lines[0]!, refundedQuantity: 2 }, order.lines[1]!] };
    expect(planRefund(mugDone, [{ lineId: "a", quantity: 1 }])).toEqual({
      error: "Mug is already refunded.",
    });
  });

  it("never gives back more than the total, whatever the order of partial refunds", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 5 }),
            unitPrice: fc.integer({ min: 0, max: 50_000 }),
          }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        fc.integer({ min: 0, max: 2000 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (lines, shipping, picks) => {
          const goods = lines.reduce((s, l) => s + l.quantity * l.unitPrice, 0);
          let current: RefundableOrder = {
            total: goods + Math.floor(goods / 10) + shipping,
            shipping,
            refundedTotal: 0,
            lines: lines.map((l, i) => ({ id: `l${i}`, name: `L${i}`, refundedQuantity: 0, ...l })),
          };
          let given = 0;
          for (const pick of picks) {
            const open = current.lines.filter((l) => l.refundedQuantity < l.quantity);
            if (open.length === 0) break;
            const line = open[pick % open.length]!;
            const plan = planRefund(current, [{ lineId: line.id, quantity: 1 }]);
            if ("error" in plan) throw new Error(plan.error);
            expect(plan.amount).toBeGreaterThanOrEqual(0);
            given += plan.amount;
            current = {
              ...current,
              refundedTotal: current.refundedTotal + plan.amount,
              lines: current.lines.map((l) =>
                l.id === line.id ? { ...l, refundedQuantity: l.refundedQuantity + 1 } : l,
              ),
            };
          }
          const rest = planRefund(current, null);
          if (!("error" in rest)) given += rest.amount;
          expect(given).toBe(current.total);
        },
      ),
    );
  });
});

describe("savingsGivenBack", () => {
  // $60.00 list, charged $55.00, twice ($10.00 saved); $40.00 list charged $40.00; Ava took $3.00 off the order.
  const saved = {
    discountApplied: 1_300,
    lines: [
      { id: "a", quantity: 2, listPrice: 6_000, unitPrice: 5_500 },
      { id: "b", quantity: 1, listPrice: 4_000, unitPrice: 4_000 },
    ],
  };

  it("takes a refunded line's list-price savings off", () => {
    expect(savingsGivenBack(saved, { lines: [{ id: "a", quantity: 1 }], complete: false })).toBe(500);
    expect(savingsGivenBack(saved, { lines: [{ id: "b", quantity: 1 }], complete: false })).toBe(0);
  });

  it("takes off the rest, Ava's order discount with it, when nothing of the order is left", () => {
    expect(
      savingsGivenBack(saved, {
        lines: [
          { id: "a", quantity: 2 },
          { id: "b", quantity: 1 },
        ],
        complete: true,
      }),
    ).toBe(1_300);
    // After one unit of a was refunded (500 off), the last refund takes off the other 800.
    expect(
      savingsGivenBack(saved, {
        lines: [
          { id: "a", quantity: 1 },
          { id: "b", quantity: 1 },
        ],
        complete: true,
      }),
    ).toBe(800);
  });
});

describe("returnedLineNote", () => {
  it("calls given-back units refunded once paid, cancelled when nothing was paid", () => {
    expect(returnedLineNote({ quantity: 2, refundedQuantity: 2 }, "refunded")).toBe("refunded");
    expect(returnedLineNote({ quantity: 2, refundedQuantity: 1 }, "partially_refunded")).toBe("1 refunded");
    expect(returnedLineNote({ quantity: 2, refundedQuantity: 2 }, "voided")).toBe("cancelled");
    expect(returnedLineNote({ quantity: 2, refundedQuantity: 2 }, "expired")).toBe("cancelled");
    expect(returnedLineNote({ quantity: 2, refundedQuantity: 0 }, "paid")).toBeNull();
  });
});
