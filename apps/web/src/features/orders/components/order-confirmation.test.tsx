import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "@/test/make-cart";
import { wireOrder } from "@/test/make-order";
import { OrderConfirmation } from "./order-confirmation";

/** A stand-in EventSource the test drives by hand. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? [])
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {}
}

const ORDER_ID = "00000000-0000-4000-8000-0000abcdef12";
const cardOrder = wireOrder({ id: ORDER_ID, status: "pending", paymentMethod: "stripe" });

function renderConfirmation(answers: unknown[], paymentFailure: string | null = null) {
  let read = 0;
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => jsonResponse(200, answers[Math.min(read++, answers.length - 1)])),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrderConfirmation orderId={ORDER_ID} paymentFailure={paymentFailure} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the order-placed page", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows a card order waiting for its payment until Stripe's word confirms it, live", async () => {
    renderConfirmation([cardOrder, { ...cardOrder, status: "confirmed", paymentStatus: "paid" }]);
    expect(await screen.findByRole("heading", { name: "Waiting for your payment" })).toBeTruthy();
    expect(screen.getByTestId("order-state").textContent).toBe(
      "Your order is placed. This page updates as soon as the payment is confirmed.",
    );
    FakeEventSource.last?.emit("order.updated", {
      type: "order.updated",
      orderId: ORDER_ID,
      status: "confirmed",
      userId: "u1",
    });
    expect(await screen.findByRole("heading", { name: "Order Confirmed!" })).toBeTruthy();
    expect(screen.getByText("Payment confirmed")).toBeTruthy();
  });

  it("says so when the payment failed and the order was cancelled, with what the card form said", async () => {
    renderConfirmation(
      [{ ...cardOrder, status: "cancelled", paymentStatus: "failed" }],
      "Your card was declined.",
    );
    expect(await screen.findByRole("heading", { name: "Order cancelled" })).toBeTruthy();
    expect(screen.getByTestId("order-state").textContent).toBe(
      "Payment failed. Nothing was charged; the items went back on sale.",
    );
    expect(screen.getByRole("alert").textContent).toBe("Your card was declined.");
    expect(screen.queryByText("What's Next")).toBeNull();
  });

  it("tells an order not paid in time", async () => {
    renderConfirmation([{ ...cardOrder, status: "cancelled", paymentStatus: "expired" }]);
    expect(await screen.findByRole("heading", { name: "Order cancelled" })).toBeTruthy();
    expect(screen.getByTestId("order-state").textContent).toMatch(/^Not paid in time\./);
  });
});
