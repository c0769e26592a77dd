import { describe, expect, it } from "vitest";
import { markPaidError, paymentStatusSentence } from "./payment";

describe("order payment", () => {
  it("says what a shopper needs to know about the payment", () => {
    expect(paymentStatusSentence("manual", "pending")).toBe("Payment due: on delivery or by bank transfer");
    expect(paymentStatusSentence("stripe", "pending")).toBe("Waiting for payment");
    expect(paymentStatusSentence("manual", "paid")).toBe("Paid");
    expect(paymentStatusSentence("stripe", "partially_refunded")).toBe("Partly refunded");
  });

  it("lets the merchant mark a pending order paid, once", () => {
    expect(markPaidError({ status: "confirmed", paymentStatus: "pending" })).toBeNull();
    expect(markPaidError({ status: "shipped", paymentStatus: "pending" })).toBeNull();
    expect(markPaidError({ status: "confirmed", paymentStatus: "paid" })).toBe("This order is already paid.");
    expect(markPaidError({ status: "cancelled", paymentStatus: "pending" })).toBe(
      "This order was cancelled; a cancelled order cannot be paid.",
    );
    expect(markPaidError({ status: "confirmed", paymentStatus: "failed" })).toBe(
      "This order's payment failed; it cannot be marked paid.",
    );
  });
});
