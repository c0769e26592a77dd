import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Stripe.js comes from js.stripe.com, which tests never reach: both Stripe modules are stand-ins.
const stripe = vi.hoisted(() => ({
  confirmPayment: vi.fn(),
  loadStripe: vi.fn(),
  elementsOptions: [] as unknown[],
  elements: { kind: "elements" },
}));
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe: stripe.loadStripe }));
vi.mock("@stripe/react-stripe-js", () => ({
  Elements: ({ options, children }: { options: unknown; children: ReactNode }) => {
    stripe.elementsOptions.push(options);
    return <div data-testid="stripe-elements">{children}</div>;
  },
  PaymentElement: () => <div data-testid="payment-element">card number, expiry, CVC</div>,
  useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
  useElements: () => stripe.elements,
}));

import CardPayment, { STRIPE_UNREACHABLE } from "./card-payment";

const payment = {
  provider: "stripe",
  clientSecret: "pi_123_secret_abc",
  publishableKey: "pk_test_123",
} as const;

function renderPayment() {
  const onConfirmed = vi.fn();
  const onFailed = vi.fn();
  render(
    <CardPayment
      payment={payment}
      total={5180}
      returnUrl="http://shop.test/order-placed?orderId=o-1"
      onConfirmed={onConfirmed}
      onFailed={onFailed}
    />,
  );
  return { onConfirmed, onFailed };
}

describe("paying by card", () => {
  beforeEach(() => {
    stripe.loadStripe.mockResolvedValue({});
    stripe.elementsOptions.length = 0;
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("loads Stripe.js with the shop's publishable key and shows the Payment Element for the order's PaymentIntent", () => {
    renderPayment();
    expect(stripe.loadStripe).toHaveBeenCalledWith("pk_test_123");
    expect(stripe.elementsOptions.at(-1)).toMatchObject({ clientSecret: "pi_123_secret_abc" });
    expect(screen.getByTestId("payment-element")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Pay $51.80" })).toBeTruthy();
  });

  it("confirms the payment in the page and hands over to the order's page", async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: "succeeded" } });
    const { onConfirmed, onFailed } = renderPayment();
    fireEvent.click(screen.getByRole("button", { name: "Pay $51.80" }));
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: stripe.elements,
      confirmParams: { return_url: "http://shop.test/order-placed?orderId=o-1" },
      redirect: "if_required",
    });
    expect(onFailed).not.toHaveBeenCalled();
  });

  it("lets the shopper correct a form mistake in place", async () => {
    stripe.confirmPayment.mockResolvedValue({
      error: { type: "validation_error", message: "Your card number is incomplete." },
    });
    const { onConfirmed, onFailed } = renderPayment();
    fireEvent.click(screen.getByRole("button", { name: "Pay $51.80" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Your card number is incomplete.");
    expect(onConfirmed).not.toHaveBeenCalled();
    expect(onFailed).not.toHaveBeenCalled();
    expect((screen.getByRole("button", { name: "Pay $51.80" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says so when Stripe.js cannot be loaded, instead of a form that never comes", async () => {
    stripe.loadStripe.mockRejectedValue(new Error("Failed to load Stripe.js"));
    const payment2 = { ...payment, publishableKey: "pk_test_unreachable" };
    const onFailed = vi.fn();
    render(
      <CardPayment
        payment={payment2}
        total={100}
        returnUrl="http://shop.test/"
        onConfirmed={vi.fn()}
        onFailed={onFailed}
      />,
    );
    await vi.waitFor(() => expect(onFailed).toHaveBeenCalledWith(STRIPE_UNREACHABLE));
  });

  it("reports a declined card, which ends the order's payment", async () => {
    stripe.confirmPayment.mockResolvedValue({
      error: { type: "card_error", message: "Your card was declined." },
    });
    const { onConfirmed, onFailed } = renderPayment();
    fireEvent.click(screen.getByRole("button", { name: "Pay $51.80" }));
    await vi.waitFor(() => expect(onFailed).toHaveBeenCalledWith("Your card was declined."));
    expect(onConfirmed).not.toHaveBeenCalled();
  });
});
