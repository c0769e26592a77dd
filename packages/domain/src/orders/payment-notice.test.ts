import { describe, expect, it } from "vitest";
import { paymentNoticeAction, unpaidCancelStatus } from "./payment-notice";

describe("a payment provider's notice", () => {
  const pending = { status: "pending", paymentStatus: "pending" };

  it("confirms a pending order once, and a repeated success changes nothing", () => {
    expect(paymentNoticeAction(pending, "succeeded")).toBe("confirm");
    expect(paymentNoticeAction({ status: "confirmed", paymentStatus: "paid" }, "succeeded")).toBe("ignore");
    expect(paymentNoticeAction({ status: "shipped", paymentStatus: "paid" }, "succeeded")).toBe("ignore");
  });

  it("cancels a pending order when the payment fails or is voided, and only then", () => {
    expect(paymentNoticeAction(pending, "failed")).toBe("cancel");
    expect(paymentNoticeAction(pending, "canceled")).toBe("cancel");
    // A failure delivered after the success: nothing changes.
    expect(paymentNoticeAction({ status: "confirmed", paymentStatus: "paid" }, "failed")).toBe("ignore");
    expect(paymentNoticeAction({ status: "confirmed", paymentStatus: "paid" }, "canceled")).toBe("ignore");
    // Already cancelled (a second failure, or expiry came first): nothing more to do.
    expect(paymentNoticeAction({ status: "cancelled", paymentStatus: "failed" }, "failed")).toBe("ignore");
    expect(paymentNoticeAction({ status: "cancelled", paymentStatus: "expired" }, "canceled")).toBe("ignore");
  });

  it("gives back a payment that succeeds after its order was cancelled, once", () => {
    for (const paymentStatus of ["expired", "failed", "pending"])
      expect(paymentNoticeAction({ status: "cancelled", paymentStatus }, "succeeded")).toBe(
        "refund-late-payment",
      );
    expect(paymentNoticeAction({ status: "cancelled", paymentStatus: "refunded" }, "succeeded")).toBe(
      "ignore",
    );
  });

  it("names why an unpaid order was cancelled", () => {
    expect(unpaidCancelStatus("failed")).toBe("failed");
    expect(unpaidCancelStatus("canceled")).toBe("failed");
    expect(unpaidCancelStatus("expired")).toBe("expired");
  });
});
