import { describe, expect, it } from "vitest";
import {
  buildOrderMail,
  isOrderMailKind,
  ORDER_MAIL_KINDS,
  type OrderMailInput,
  oneLine,
  orderMailText,
} from "./order-mail.ts";

const ORDER_ID = "0b9a6a52-4c1e-4d55-9f3e-7a1bc2d3e4f5";

/** Two lines: 2 × $59.99 and 1 × $1,250.00; Ava took $131.00 off; free shipping; 10% tax. */
function input(overrides: Partial<OrderMailInput> = {}): OrderMailInput {
  return {
    order: {
      id: ORDER_ID,
      createdAt: new Date("2025-03-04T10:00:00Z"),
      lines: [
        { name: "Trail Runner Shoes", quantity: 2, unitPrice: 5999 },
        { name: "Carbon Road Bike", quantity: 1, unitPrice: 125000 },
      ],
      subtotal: 136998,
      negotiatedDiscount: 13100,
      shipping: 0,
      tax: 12390,
      total: 136288,
    },
    customer: { name: "Jane Doe", email: "jane@example.com" },
    shopName: "Haggle",
    orderUrl: "http://shop.test/orders",
    ...overrides,
  };
}

describe("order e-mails", () => {
  it("confirm an order with its number, lines, Ava's discount as its own line and the total", () => {
    const mail = buildOrderMail("order-confirmation", input());
    expect(mail.subject).toBe("Your Haggle order ORD-C2D3E4F5 is confirmed");
    expect(mail.orderLine).toBe("Order ORD-C2D3E4F5 · placed on March 4, 2025");
    expect(mail.paragraphs[0]).toBe("Hi Jane,");
    expect(mail.lines).toEqual([
      { name: "Trail Runner Shoes", quantity: 2, unitPrice: "$59.99", lineTotal: "$119.98" },
      { name: "Carbon Road Bike", quantity: 1, unitPrice: "$1,250.00", lineTotal: "$1,250.00" },
    ]);
    expect(mail.figures).toEqual([
      { label: "Subtotal", value: "$1,369.98" },
      { label: "Ava's discount", value: "−$131.00" },
      { label: "Shipping", value: "Free" },
      { label: "Tax", value: "$123.90" },
      { label: "Total", value: "$1,362.88", emphasis: true },
    ]);
    expect(mail.action.url).toBe("http://shop.test/orders");
  });

  it("show no discount line without a discount, and priced shipping as money", () => {
    const base = input();
    const mail = buildOrderMail("order-confirmation", {
      ...base,
      order: { ...base.order, negotiatedDiscount: 0, shipping: 1000 },
    });
    expect(mail.figures.map((f) => f.label)).toEqual(["Subtotal", "Shipping", "Tax", "Total"]);
    expect(mail.figures[1]).toEqual({ label: "Shipping", value: "$10.00" });
  });

  it("name the shipping method the shopper chose", () => {
    const base = input();
    const mail = buildOrderMail("order-confirmation", {
      ...base,
      order: { ...base.order, negotiatedDiscount: 0, shipping: 1900, shippingMethod: "Express" },
    });
    expect(mail.figures[1]).toEqual({ label: "Shipping (Express)", value: "$19.00" });
  });

  it("show the discount code as its own line: what it took off, or free shipping", () => {
    const base = input();
    const coded = buildOrderMail("order-confirmation", {
      ...base,
      order: { ...base.order, negotiatedDiscount: 0, discountCode: "WELCOME10", codeDiscount: 13700 },
    });
    expect(coded.figures[1]).toEqual({ label: "Code WELCOME10", value: "−$137.00" });
    const free = buildOrderMail("order-confirmation", {
      ...base,
      order: { ...base.order, negotiatedDiscount: 0, discountCode: "SHIPFREE", codeDiscount: 0 },
    });
    expect(free.figures[1]).toEqual({ label: "Code SHIPFREE", value: "Free shipping" });
  });

  it("tell the merchant who ordered what, for how much", () => {
    const mail = buildOrderMail("new-order", input({ orderUrl: "http://shop.test/merchant/orders" }));
    expect(mail.subject).toBe("New order ORD-C2D3E4F5: $1,362.88 from Jane Doe");
    expect(mail.paragraphs).toEqual(["Jane Doe (jane@example.com) placed an order of $1,362.88."]);
    expect(mail.figures.at(-1)).toEqual({ label: "Total", value: "$1,362.88", emphasis: true });
    expect(mail.action.url).toBe("http://shop.test/merchant/orders");
  });

  it("say an order shipped", () => {
    const mail = buildOrderMail("order-shipped", input());
    expect(mail.subject).toBe("Your Haggle order ORD-C2D3E4F5 has shipped");
    expect(mail.paragraphs).toContain("Good news: your order ORD-C2D3E4F5 has shipped.");
  });

  it("say an order was cancelled, with the reason when one is given", () => {
    const plain = buildOrderMail("order-cancelled", input());
    expect(plain.subject).toBe("Your Haggle order ORD-C2D3E4F5 was cancelled");
    expect(plain.paragraphs.some((p) => p.startsWith("Reason:"))).toBe(false);
    const withReason = buildOrderMail("order-cancelled", input({ reason: "Out of\nstock" }));
    expect(withReason.paragraphs).toContain("Reason: Out of stock");
    expect(withReason.figures.at(-1)?.value).toBe("$1,362.88");
  });

  it("say how much was refunded: the whole total unless a part is given", () => {
    const full = buildOrderMail("order-refunded", input());
    expect(full.subject).toBe("Your Haggle refund of $1,362.88 for order ORD-C2D3E4F5");
    expect(full.paragraphs).toContain("We refunded your order ORD-C2D3E4F5 in full: $1,362.88.");
    expect(full.figures.at(-1)).toEqual({ label: "Refunded", value: "$1,362.88", emphasis: true });

    const part = buildOrderMail("order-refunded", input({ refundAmount: 11998, reason: "Shoes returned" }));
    expect(part.subject).toBe("Your Haggle refund of $119.98 for order ORD-C2D3E4F5");
    expect(part.paragraphs).toContain("We refunded $119.98 of your order ORD-C2D3E4F5 ($1,362.88).");
    expect(part.paragraphs).toContain("Reason: Shoes returned");
    expect(part.figures.at(-1)).toEqual({ label: "Refunded", value: "$119.98", emphasis: true });
  });

  it("say which lines a refund gave back, and call an unpaid order's lines cancelled, not refunded", () => {
    const order = input().order;
    const refunded = buildOrderMail(
      "order-refunded",
      input({
        order: {
          ...order,
          paymentStatus: "partially_refunded",
          lines: [{ ...order.lines[0]!, refundedQuantity: 1 }, order.lines[1]!],
        },
        refundAmount: 5999,
      }),
    );
    expect(refunded.lines.map((l) => l.note)).toEqual(["1 refunded", undefined]);
    expect(orderMailText(refunded)).toContain("2 × Trail Runner Shoes (1 refunded)");
    const cancelled = buildOrderMail(
      "order-cancelled",
      input({
        order: {
          ...order,
          paymentStatus: "voided",
          lines: order.lines.map((l) => ({ ...l, refundedQuantity: l.quantity })),
        },
      }),
    );
    expect(cancelled.lines.map((l) => l.note)).toEqual(["cancelled", "cancelled"]);
    expect(buildOrderMail("order-confirmation", input()).lines.every((l) => l.note === undefined)).toBe(true);
  });

  it("keep names that carry line breaks out of the subject's header", () => {
    const mail = buildOrderMail(
      "new-order",
      input({ customer: { name: "Eve\r\nBcc: x@evil.test", email: "e@x.test" } }),
    );
    expect(mail.subject).toBe("New order ORD-C2D3E4F5: $1,362.88 from Eve Bcc: x@evil.test");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(oneLine("a".repeat(300)).length).toBe(200);
  });

  it("write a plain-text part with every line and figure of the HTML", () => {
    for (const kind of ORDER_MAIL_KINDS) {
      const mail = buildOrderMail(kind, input());
      const text = orderMailText(mail);
      expect(text).toContain(mail.heading);
      expect(text).toContain(mail.orderLine);
      for (const line of mail.lines) {
        expect(text).toContain(`${line.quantity} × ${line.name}`);
        expect(text).toContain(`${line.unitPrice} each = ${line.lineTotal}`);
      }
      for (const figure of mail.figures) {
        expect(
          text.split("\n").some((l) => l.startsWith(`${figure.label}:`) && l.endsWith(` ${figure.value}`)),
        ).toBe(true);
      }
      expect(text).toContain(`${mail.action.label}: ${mail.action.url}`);
    }
    const text = orderMailText(buildOrderMail("order-confirmation", input()));
    expect(text).toContain("Ava's discount: −$131.00");
    expect(text).toContain("Total:          $1,362.88");
  });
});

describe("isOrderMailKind", () => {
  it("knows the order e-mails and nothing else", () => {
    for (const kind of ORDER_MAIL_KINDS) expect(isOrderMailKind(kind)).toBe(true);
    for (const kind of ["verify-email", "", "order", "ORDER-SHIPPED"])
      expect(isOrderMailKind(kind)).toBe(false);
  });
});
