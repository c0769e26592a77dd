import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import type { OrderView } from "../api/orders-api";
import { OrderHistory } from "./order-history";

function makeOrder(id: string, overrides: Partial<OrderView> = {}): OrderView {
  return {
    id,
    number: `ORD-${id.toUpperCase()}`,
    createdAt: "2025-01-05T12:00:00.000Z",
    status: "confirmed",
    paymentStatus: "paid",
    paymentMethod: "manual",
    address: null,
    items: [
      {
        id: "00000000-0000-4000-8000-000000000005",
        productId: "p1",
        variantId: null,
        name: "Kettle",
        quantity: 1,
        listPrice: 50,
        unitPrice: 50,
        regularPrice: 50,
        lineTotal: 50,
        refundedQuantity: 0,
        amount: null,
        tax: null,
        taxRatePercent: null,
        imageUrl: null,
        slug: null,
      },
    ],
    subtotal: 50,
    discountApplied: 0,
    discountCode: null,
    codeDiscount: 0,
    negotiatedDiscount: 0,
    shipping: 10,
    shippingMethod: null,
    tax: 5,
    taxIncluded: false,
    taxLabel: "Tax",
    shippingTax: 0,
    total: 65,
    refundedTotal: 0,
    currency: "USD",
    negotiationId: null,
    timeline: [{ kind: "placed", at: "2025-01-05T12:00:00.000Z", amount: null, note: null }],
    ...overrides,
  };
}

function renderHistory() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrderHistory renderNegotiationChat={() => null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("OrderHistory", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists the orders with status, total and savings, and opens one in the dialog", async () => {
    const saved = makeOrder("aaaa1111", { status: "on-hold", discountApplied: 12.5, total: 120 });
    const plain = makeOrder("bbbb2222");
    const { fetchFn } = routeFetch({
      "GET /api/orders": () => jsonResponse(200, [saved, plain]),
      "GET /api/orders/aaaa1111": () => jsonResponse(200, saved),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderHistory();

    expect(screen.getByRole("heading", { name: "Order History" })).toBeTruthy();
    const cards = await screen.findAllByTestId("order-card");
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByText("ORD-AAAA1111")).toBeTruthy();
    expect(within(first).getByText("Pending")).toBeTruthy();
    expect(within(first).getByText("$120.00")).toBeTruthy();
    expect(within(first).getByText("Saved $12.50")).toBeTruthy();
    expect(within(second).queryByText(/^Saved/)).toBeNull();

    fireEvent.click(within(first).getByRole("button", { name: /View Details/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("tab", { name: "Order Summary" })).toBeTruthy();
    expect(within(dialog).getByRole("tab", { name: "Negotiation Chat" })).toBeTruthy();
  });

  it("says 'No orders yet' with a way to the shop", async () => {
    const { fetchFn } = routeFetch({ "GET /api/orders": () => jsonResponse(200, []) });
    vi.stubGlobal("fetch", fetchFn);
    renderHistory();
    expect(await screen.findByText("No orders yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Start Shopping" }).getAttribute("href")).toBe("/");
  });
});
