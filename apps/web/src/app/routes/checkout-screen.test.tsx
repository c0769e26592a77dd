import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

// Stand-ins for Stripe's modules (js.stripe.com is never reached in tests); each counts its import,
// so a test can tell that a shop without Stripe never even loads them.
const stripe = vi.hoisted(() => ({
  imported: { stripeJs: 0, reactStripe: 0 },
  loadStripe: vi.fn(async () => ({})),
  confirmPayment: vi.fn(async () => ({ paymentIntent: { status: "succeeded" } })),
}));
vi.mock("@stripe/stripe-js/pure", () => {
  stripe.imported.stripeJs += 1;
  return { loadStripe: stripe.loadStripe };
});
vi.mock("@stripe/react-stripe-js", () => {
  stripe.imported.reactStripe += 1;
  return {
    Elements: ({ children }: { children: ReactNode }) => <div>{children}</div>,
    PaymentElement: () => <div data-testid="payment-element" />,
    useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
    useElements: () => ({}),
  };
});
import { jsonResponse, makeCart, makeCartItem } from "@/test/make-cart";
import { wireOrder } from "@/test/make-order";
import { meAnswer, renderApp } from "../render-app.test-harness";

const saved = {
  id: "0b6f3c1e-7a5d-4c1a-9f57-2f1d4b8a9c10",
  name: "Mona Lisa",
  line1: "Friedrichstraße 43",
  line2: null,
  city: "Berlin",
  region: null,
  postalCode: "10117",
  country: "DE",
  lastUsedAt: "2026-11-01T10:00:00.000Z",
  createdAt: "2026-11-01T10:00:00.000Z",
};

const order = wireOrder();

const MANUAL_ONLY = { paymentMethods: [{ id: "manual", label: "Pay on delivery / bank transfer" }] };

function renderCheckout(
  addresses: unknown[],
  { options = MANUAL_ONLY as unknown, placed = order as unknown, readBack = order as unknown } = {},
) {
  const cart = makeCart([makeCartItem("p1", 2, { name: "Kettle", price: 20 })], {
    summary: {
      itemCount: 2,
      subtotal: 40,
      discount: 2,
      shipping: 10,
      tax: 3.8,
      total: 51.8,
      savings: 2,
      currency: "USD",
    },
  });
  return renderApp(
    "/checkout",
    {
      "GET /api/me": () => jsonResponse(200, meAnswer()),
      "GET /api/cart": () => jsonResponse(200, cart),
      "GET /api/addresses": () => jsonResponse(200, addresses),
      "GET /api/checkout/options": () => jsonResponse(200, options),
      "POST /api/checkout": () => jsonResponse(201, placed),
      [`GET /api/orders/${order.id}`]: () => jsonResponse(200, readBack),
    },
    "user-1",
  );
}

describe("the checkout page", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks for an address when none is saved, names each missing field, then places the order", async () => {
    const { router, calls } = renderCheckout([]);
    expect(
      await screen.findByRole("heading", { name: "Checkout", level: 1 }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect((await screen.findByTestId("checkout-email", {}, { timeout: 10_000 })).textContent).toBe(
      "mona@example.com",
    );
    // The server's figures, Ava's discount as its own line.
    expect(screen.getByText("Ava's discount")).toBeTruthy();
    expect(screen.getByTestId("summary-total").textContent).toBe("$51.80");
    expect(within(screen.getByRole("list", { name: "Items" })).getByText(/Kettle/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Place order" }));
    expect(await screen.findByText("Name is required.")).toBeTruthy();
    expect(screen.getByText("Address line 1 is required.")).toBeTruthy();
    expect(screen.getByText("City is required.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Full name"));
    expect(calls.some((c) => c.route === "POST /api/checkout")).toBe(false);

    fireEvent.change(screen.getByLabelText("Full name"), { target: { value: "Mona Lisa" } });
    fireEvent.change(screen.getByLabelText("Address line 1"), { target: { value: "1 Market Street" } });
    fireEvent.change(screen.getByLabelText("City"), { target: { value: "San Francisco" } });
    fireEvent.change(screen.getByLabelText(/State \/ region/), { target: { value: "CA" } });
    fireEvent.change(screen.getByLabelText("Postal code"), { target: { value: "9410" } });
    fireEvent.click(screen.getByRole("button", { name: "Place order" }));
    expect(
      await screen.findByText(
        "Postal code is not a valid United States postal code (for example 12345 or 12345-6789).",
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Postal code"), { target: { value: "94105" } });
    fireEvent.click(screen.getByRole("button", { name: "Place order" }));
    await vi.waitFor(() => expect(router.location.pathname).toBe("/order-placed"));
    const sent = calls.find((c) => c.route === "POST /api/checkout");
    expect(sent?.body).toEqual({
      address: {
        name: "Mona Lisa",
        line1: "1 Market Street",
        city: "San Francisco",
        region: "CA",
        postalCode: "94105",
        country: "US",
      },
      paymentMethod: "manual",
    });
    expect(sent?.headers["Idempotency-Key"]).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(
      await screen.findByRole("heading", { name: "Order Confirmed!" }, { timeout: 10_000 }),
    ).toBeTruthy();
    // A shop without Stripe: nothing of Stripe was loaded, let alone fetched from the internet.
    expect(stripe.imported).toEqual({ stripeJs: 0, reactStripe: 0 });
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });

  it("offers the saved addresses, the last used chosen, and sends its id", async () => {
    const { router, calls } = renderCheckout([saved]);
    const choice = await screen.findByRole("radio", { name: /Mona Lisa/ }, { timeout: 10_000 });
    expect((choice as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText("Germany")).toBeTruthy();
    expect(screen.queryByLabelText("Full name")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Place order" }));
    await vi.waitFor(() => expect(router.location.pathname).toBe("/order-placed"));
    expect(calls.find((c) => c.route === "POST /api/checkout")?.body).toEqual({
      address: { addressId: saved.id },
      paymentMethod: "manual",
    });
    // 'A new address' shows the form.
    cleanup();
    renderCheckout([saved]);
    fireEvent.click(await screen.findByRole("radio", { name: "A new address" }, { timeout: 10_000 }));
    expect(screen.getByLabelText("Full name")).toBeTruthy();
    expect(stripe.imported).toEqual({ stripeJs: 0, reactStripe: 0 });
  });

  it("pays a card order in the page with Stripe's Payment Element, then shows it waiting for the payment", async () => {
    const payment = { provider: "stripe", clientSecret: "pi_1_secret_2", publishableKey: "pk_test_shop" };
    const pending = { ...order, status: "pending", paymentMethod: "stripe" };
    const { router, calls } = renderCheckout([saved], {
      options: {
        paymentMethods: [
          { id: "manual", label: "Pay on delivery / bank transfer" },
          { id: "stripe", label: "Card", publishableKey: "pk_test_shop" },
        ],
      },
      placed: { ...pending, payment },
      readBack: pending,
    });
    fireEvent.click(await screen.findByRole("radio", { name: "Card" }, { timeout: 10_000 }));
    fireEvent.click(screen.getByRole("button", { name: "Place order" }));
    expect(await screen.findByRole("heading", { name: "Pay by card" }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByTestId("payment-element", {}, { timeout: 10_000 })).toBeTruthy();
    expect(calls.find((c) => c.route === "POST /api/checkout")?.body).toMatchObject({
      paymentMethod: "stripe",
    });
    expect(stripe.loadStripe).toHaveBeenCalledWith("pk_test_shop");
    expect(router.location.pathname).toBe("/checkout");

    fireEvent.click(screen.getByRole("button", { name: "Pay $32.00" }));
    await vi.waitFor(() => expect(router.location.pathname).toBe("/order-placed"));
    expect(stripe.confirmPayment).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByRole("heading", { name: "Waiting for your payment" }, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
