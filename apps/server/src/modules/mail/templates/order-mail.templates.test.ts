import { ORDER_MAIL_KINDS, type OrderMailInput } from "@haggle/domain/mail/order-mail";
import { describe, expect, it } from "vitest";
import { renderOrderMail } from "./order-mail.templates.tsx";

const input: OrderMailInput = {
  order: {
    id: "0b9a6a52-4c1e-4d55-9f3e-7a1bc2d3e4f5",
    createdAt: new Date("2025-03-04T10:00:00Z"),
    lines: [
      { name: "Trail Runner Shoes", quantity: 2, unitPrice: 5999 },
      { name: `Mug <script>alert("x")</script> & "Co"`, quantity: 1, unitPrice: 1250 },
    ],
    subtotal: 13248,
    negotiatedDiscount: 1000,
    shipping: 1000,
    tax: 1225,
    total: 14473,
  },
  customer: { name: "Jane <b>Doe</b>", email: "jane@example.com" },
  shopName: "Haggle",
  orderUrl: "http://shop.test/orders",
};

/** The HTML's visible text, tags removed and entities read, to check what a reader sees. */
function visible(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");
}

describe("order e-mail templates", () => {
  it.each(ORDER_MAIL_KINDS)("render %s as HTML and plain text with every line and figure", async (kind) => {
    const mail = await renderOrderMail(kind, input);
    const seen = visible(mail.html);
    for (const part of [seen, mail.text]) {
      expect(part).toContain("ORD-C2D3E4F5");
      expect(part).toContain("Trail Runner Shoes");
      expect(part).toContain("$119.98");
      expect(part).toContain("$132.48");
      expect(part).toContain("Ava's discount");
      expect(part).toContain("−$10.00");
      expect(part).toContain("$12.25");
      expect(part).toContain("$144.73");
    }
    expect(mail.html).toContain('href="http://shop.test/orders"');
    expect(mail.text).toContain("http://shop.test/orders");
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.subject).toContain("ORD-C2D3E4F5");
  });

  it("escape what shoppers and merchants typed: no markup of theirs reaches the HTML", async () => {
    for (const kind of ORDER_MAIL_KINDS) {
      const { html } = await renderOrderMail(kind, input);
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<b>Doe</b>");
      expect(html).toContain("&lt;script&gt;");
    }
  });

  it("say a cancelled order was cancelled, with the reason", async () => {
    const mail = await renderOrderMail("order-cancelled", {
      ...input,
      reason: "Address could not be reached",
    });
    expect(mail.subject).toBe("Your Haggle order ORD-C2D3E4F5 was cancelled");
    expect(visible(mail.html)).toContain("Cancelled");
    for (const part of [visible(mail.html), mail.text]) {
      expect(part).toContain("Your order ORD-C2D3E4F5 was cancelled and will not be shipped.");
      expect(part).toContain("Reason: Address could not be reached");
    }
  });

  it("say how much a refund gave back, in full or in part", async () => {
    const full = await renderOrderMail("order-refunded", input);
    expect(full.subject).toBe("Your Haggle refund of $144.73 for order ORD-C2D3E4F5");
    expect(visible(full.html)).toContain("Refunded: $144.73");
    expect(full.text).toMatch(/Refunded: +\$144\.73/);

    const part = await renderOrderMail("order-refunded", { ...input, refundAmount: 5999 });
    expect(part.subject).toBe("Your Haggle refund of $59.99 for order ORD-C2D3E4F5");
    for (const text of [visible(part.html), part.text]) {
      expect(text).toContain("We refunded $59.99 of your order ORD-C2D3E4F5 ($144.73).");
    }
    expect(part.text).toMatch(/Refunded: +\$59\.99/);
  });

  it("tell the merchant who ordered", async () => {
    const mail = await renderOrderMail("new-order", {
      ...input,
      orderUrl: "http://shop.test/merchant/orders",
    });
    expect(mail.subject).toBe("New order ORD-C2D3E4F5: $144.73 from Jane <b>Doe</b>");
    expect(visible(mail.html)).toContain("Jane <b>Doe</b> (jane@example.com) placed an order of $144.73.");
    expect(mail.html).toContain("http://shop.test/merchant/orders");
  });
});
