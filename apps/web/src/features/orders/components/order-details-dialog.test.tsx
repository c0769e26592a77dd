import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { type OrderView, OrderViewSchema } from "../api/orders-api";
import { OrderDetailsDialog } from "./order-details-dialog";

const order: OrderView = {
  id: "order-1",
  number: "ORD-ORDER-1",
  createdAt: "2025-01-05T12:00:00.000Z",
  status: "shipped",
  paymentStatus: "paid",
  paymentMethod: "manual",
  address: null,
  items: [
    {
      id: "00000000-0000-4000-8000-000000000004",
      productId: "p1",
      variantId: null,
      name: "Kettle",
      quantity: 2,
      listPrice: 60,
      unitPrice: 49.99,
      regularPrice: 49.99,
      lineTotal: 99.98,
      refundedQuantity: 0,
      amount: null,
      tax: null,
      taxRatePercent: null,
      imageUrl: null,
      slug: null,
    },
  ],
  subtotal: 99.98,
  discountApplied: 25.02,
  discountCode: null,
  codeDiscount: 0,
  negotiatedDiscount: 5,
  shipping: 10,
  shippingMethod: null,
  tax: 9.5,
  taxIncluded: false,
  taxLabel: "Tax",
  shippingTax: 0,
  total: 114.48,
  refundedTotal: 0,
  currency: "USD",
  negotiationId: null,
  timeline: [{ kind: "placed", at: "2025-01-05T12:00:00.000Z", amount: null, note: null }],
};

function renderDialog(shown: OrderView, renderChat = (id: string) => <p>{`chat ${id}`}</p>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        {/* The list hands on the order as the API client decoded it (cents). */}
        <OrderDetailsDialog
          order={OrderViewSchema.parse(shown)}
          onClose={() => {}}
          renderNegotiationChat={renderChat}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function openTab(name: string) {
  // Radix tabs activate on mouse down (left button).
  fireEvent.mouseDown(screen.getByRole("tab", { name }), { button: 0 });
}

describe("OrderDetailsDialog", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the server's figures on 'Order Summary' and says when there was no negotiation", async () => {
    const { fetchFn, calls } = routeFetch({ "GET /api/orders/order-1": () => jsonResponse(200, order) });
    vi.stubGlobal("fetch", fetchFn);
    renderDialog(order);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("ORD-ORDER-1")).toBeTruthy();
    expect(within(dialog).getByText("Shipped")).toBeTruthy();
    expect(within(dialog).getByRole("tab", { name: "Order Summary", selected: true })).toBeTruthy();
    expect(within(dialog).getByText("Kettle")).toBeTruthy();
    expect(within(dialog).getByText("$60.00").tagName).toBe("S");
    // Ava's discount is its own line, and each line shows its total.
    expect(within(dialog).getByText("Ava's discount")).toBeTruthy();
    expect(within(dialog).getByTestId("order-discount").textContent).toBe("−$5.00");
    expect(within(dialog).getByTestId("order-line-total").textContent).toBe("$99.98");
    expect(within(dialog).getByTestId("order-total").textContent).toBe("$114.48");
    expect(within(dialog).getByTestId("order-savings").textContent).toBe("You saved $25.02");
    expect(calls.map((c) => c.route)).toContain("GET /api/orders/order-1");
    // The status timeline: placed, so far.
    expect(
      within(dialog)
        .getAllByTestId("order-timeline-event")
        .map((e) => e.dataset.kind),
    ).toEqual(["placed"]);
    expect(within(dialog).getByText("Order placed")).toBeTruthy();

    openTab("Negotiation Chat");
    expect(await within(dialog).findByText("This order was placed without negotiation")).toBeTruthy();
  });

  it("hands an order's negotiation to the chat tab", async () => {
    const negotiated = { ...order, negotiationId: "neg-9" };
    const { fetchFn } = routeFetch({ "GET /api/orders/order-1": () => jsonResponse(200, negotiated) });
    vi.stubGlobal("fetch", fetchFn);
    renderDialog(negotiated);
    await screen.findByRole("dialog");
    openTab("Negotiation Chat");
    expect(await screen.findByText("chat neg-9")).toBeTruthy();
  });

  it("says 'Order not found' when the order cannot be loaded", async () => {
    const { fetchFn } = routeFetch({
      "GET /api/orders/order-1": () =>
        jsonResponse(404, { error: { code: "NOT_FOUND", message: "Order not found" } }),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderDialog(order);
    expect(await screen.findByText("Order not found")).toBeTruthy();
    expect(screen.queryByRole("tab")).toBeNull();
  });

  it("lets the shopper cancel an order that has not shipped, asking first, and shows what was given back", async () => {
    const confirmed = { ...order, status: "confirmed" };
    const cancelled = {
      ...order,
      status: "cancelled",
      paymentStatus: "voided",
      items: order.items.map((i) => ({ ...i, refundedQuantity: i.quantity })),
    };
    const { fetchFn, calls } = routeFetch({
      "GET /api/orders/order-1": () =>
        jsonResponse(200, calls.some((c) => c.route.endsWith("/cancel")) ? cancelled : confirmed),
      "POST /api/orders/order-1/cancel": () => jsonResponse(200, cancelled),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderDialog(confirmed);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("order-status-badge").textContent).toBe("Confirmed");
    fireEvent.click(await within(dialog).findByRole("button", { name: "Cancel order" }));
    expect(calls.some((c) => c.route === "POST /api/orders/order-1/cancel")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes, cancel order" }));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.route === "POST /api/orders/order-1/cancel")).toBe(true),
    );
    expect(await within(dialog).findByText("Nothing to pay: the order was cancelled")).toBeTruthy();
    // The badge follows the cancel made here, as the list and the timeline do.
    expect(within(dialog).getByTestId("order-status-badge").textContent).toBe("Cancelled");
    // Never paid: its lines were cancelled, not refunded.
    expect(within(dialog).getByTestId("order-line-refunded").textContent).toBe("· cancelled");
    expect(within(dialog).queryByRole("button", { name: "Cancel order" })).toBeNull();
  });

  it("offers no cancel once the order shipped, and lists a refund", async () => {
    const refunded = { ...order, refundedTotal: 33 };
    const { fetchFn } = routeFetch({ "GET /api/orders/order-1": () => jsonResponse(200, refunded) });
    vi.stubGlobal("fetch", fetchFn);
    renderDialog(refunded);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("order-refunded").textContent).toBe("−$33.00");
    expect(within(dialog).queryByTestId("order-line-refunded")).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Cancel order" })).toBeNull();
  });
});
