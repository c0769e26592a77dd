import { spyOnToasts } from "@/test/spy-on-toasts";
import type { MerchantOrder } from "@haggle/contract/merchant";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { toast } from "@/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { stubViewportWidth } from "@/test/viewport";
import { OrdersView } from "./orders-view";

spyOnToasts();

function makeOrder(id: string, status: MerchantOrder["status"]): MerchantOrder {
  return {
    id,
    number: `ORD-${id.toUpperCase()}`,
    createdAt: "2026-11-05T12:00:00.000Z",
    status,
    paymentStatus: "paid",
    paymentMethod: "manual",
    address: null,
    items: [
      {
        id: "00000000-0000-4000-8000-000000000002",
        productId: "p1",
        variantId: null,
        name: "Kettle",
        quantity: 2,
        listPrice: 50,
        unitPrice: 50,
        regularPrice: 50,
        lineTotal: 100,
        refundedQuantity: 0,
        amount: null,
        tax: null,
        taxRatePercent: null,
        imageUrl: null,
        slug: null,
      },
      {
        id: "00000000-0000-4000-8000-000000000003",
        productId: "p2",
        variantId: null,
        name: "Mug",
        quantity: 1,
        listPrice: 10,
        unitPrice: 10,
        regularPrice: 10,
        lineTotal: 10,
        refundedQuantity: 0,
        amount: null,
        tax: null,
        taxRatePercent: null,
        imageUrl: null,
        slug: null,
      },
    ],
    subtotal: 110,
    discountApplied: 0,
    discountCode: null,
    codeDiscount: 0,
    negotiatedDiscount: 0,
    shipping: 0,
    shippingMethod: null,
    tax: 11,
    taxIncluded: false,
    taxLabel: "Tax",
    shippingTax: 0,
    total: 121,
    refundedTotal: 0,
    currency: "USD",
    negotiationId: null,
    timeline: [{ kind: "placed", at: "2025-01-05T12:00:00.000Z", amount: null, note: null }],
    customer: { name: "Ada Lovelace", email: "ada@example.com" },
  };
}

function renderOrders(routes: Parameters<typeof routeFetch>[0]) {
  const { fetchFn, calls } = routeFetch(routes);
  vi.stubGlobal("fetch", fetchFn);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrdersView />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

describe("the merchant orders page", () => {
  beforeEach(() => stubViewportWidth(1366));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("lists orders and moves one forward, reading the list again", async () => {
    let status: MerchantOrder["status"] = "confirmed";
    const calls = renderOrders({
      "GET /api/merchant/orders?page=1&pageSize=20": () =>
        jsonResponse(200, {
          items: [makeOrder("aaaa1111", status), makeOrder("bbbb2222", "delivered")],
          total: 2,
          page: 1,
          pageSize: 20,
        }),
      "PATCH /api/merchant/orders/aaaa1111": () => {
        status = "processing";
        return jsonResponse(200, makeOrder("aaaa1111", "processing"));
      },
    });
    expect(screen.getByRole("heading", { name: "Orders", level: 1 })).toBeTruthy();
    const rows = await screen.findAllByTestId("merchant-order-row");
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText("ORD-AAAA1111")).toBeTruthy();
    expect(within(first).getByText("Ada Lovelace")).toBeTruthy();
    expect(within(first).getByText("3")).toBeTruthy();
    expect(within(first).getByText("$121.00")).toBeTruthy();
    expect(within(first).getByText("Confirmed")).toBeTruthy();
    // A delivered order has no next step; it may still be refunded or cancelled.
    expect(within(second).queryByRole("button", { name: /^Mark/ })).toBeNull();
    expect(within(second).getByRole("button", { name: "Refund or cancel (ORD-BBBB2222)" })).toBeTruthy();

    fireEvent.click(within(first).getByRole("button", { name: /Mark processing/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("ORD-AAAA1111 is now processing"));
    expect(calls.find((c) => c.route === "PATCH /api/merchant/orders/aaaa1111")?.body).toEqual({
      status: "processing",
    });
    expect(await within(first).findByText("Processing")).toBeTruthy();
    expect(within(first).getByRole("button", { name: /Mark shipped/ })).toBeTruthy();
  });

  it("opens an order's details: its lines, Ava's discount, the address and the timeline", async () => {
    const order = {
      ...makeOrder("aaaa1111", "shipped"),
      negotiatedDiscount: 5,
      total: 116,
      address: {
        name: "Ada Lovelace",
        line1: "12 St James's Square",
        line2: null,
        city: "London",
        region: null,
        postalCode: "SW1Y 4JH",
        country: "GB",
      },
      timeline: [
        { kind: "placed" as const, at: "2025-01-05T12:00:00.000Z", amount: null, note: null },
        { kind: "paid" as const, at: "2025-01-05T12:10:00.000Z", amount: null, note: null },
        { kind: "shipped" as const, at: "2025-01-06T09:00:00.000Z", amount: null, note: null },
      ],
    };
    renderOrders({
      "GET /api/merchant/orders?page=1&pageSize=20": () =>
        jsonResponse(200, { items: [order], total: 1, page: 1, pageSize: 20 }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Details (ORD-AAAA1111)" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getAllByTestId("order-line")).toHaveLength(2);
    expect(within(dialog).getByText("Ava's discount")).toBeTruthy();
    expect(within(dialog).getByTestId("order-address").textContent).toContain("12 St James's Square");
    const steps = within(dialog).getAllByTestId("order-timeline-event");
    expect(steps.map((s) => s.dataset.kind)).toEqual(["placed", "paid", "shipped"]);
    expect(within(dialog).getByText(/ada@example\.com/)).toBeTruthy();
  });

  it("shows the server's refusal and filters by status", async () => {
    const calls = renderOrders({
      "GET /api/merchant/orders?page=1&pageSize=20": () =>
        jsonResponse(200, { items: [makeOrder("aaaa1111", "shipped")], total: 1, page: 1, pageSize: 20 }),
      "GET /api/merchant/orders?status=delivered&page=1&pageSize=20": () =>
        jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20 }),
      "PATCH /api/merchant/orders/aaaa1111": () =>
        jsonResponse(409, { error: { code: "ORDER_STATUS", message: "ORD-AAAA1111 is already delivered." } }),
    });
    fireEvent.click(await screen.findByRole("button", { name: /Mark delivered/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("ORD-AAAA1111 is already delivered."));

    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "delivered" } });
    expect(await screen.findByText("No delivered orders.")).toBeTruthy();
    expect(calls.some((c) => c.route.startsWith("GET /api/merchant/orders?status=delivered"))).toBe(true);
  });

  it("shows each order as a card with its next step on a phone, not a table wider than the screen", async () => {
    stubViewportWidth(390);
    renderOrders({
      "GET /api/merchant/orders?page=1&pageSize=20": () =>
        jsonResponse(200, { items: [makeOrder("aaaa1111", "confirmed")], total: 1, page: 1, pageSize: 20 }),
    });
    const card = await screen.findByTestId("merchant-order-row");
    expect(screen.queryByRole("table")).toBeNull();
    expect(card.tagName).toBe("LI");
    expect(within(screen.getByRole("list", { name: "Orders" })).getAllByRole("listitem")).toHaveLength(1);
    expect(within(card).getByText("ORD-AAAA1111")).toBeTruthy();
    expect(within(card).getByText("Ada Lovelace")).toBeTruthy();
    expect(within(card).getByText("Confirmed")).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Mark processing (ORD-AAAA1111)" })).toBeTruthy();
  });

  it("refunds the units chosen of a paid order, and cancels one that is not paid", async () => {
    const paid = makeOrder("aaa", "confirmed");
    const due = { ...makeOrder("bbb", "confirmed"), paymentStatus: "pending" };
    const calls = renderOrders({
      "GET /api/merchant/orders?page=1&pageSize=20": () =>
        jsonResponse(200, { items: [paid, due], total: 2, page: 1, pageSize: 20 }),
      "POST /api/merchant/orders/aaa/refund": () =>
        jsonResponse(200, { ...paid, paymentStatus: "partially_refunded" }),
      "POST /api/merchant/orders/bbb/cancel": () => jsonResponse(200, { ...due, status: "cancelled" }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Refund or cancel (ORD-AAA)" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund or cancel ORD-AAA" });
    const selected = within(dialog).getByRole("button", { name: "Refund selected" }) as HTMLButtonElement;
    expect(selected.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Kettle/), { target: { value: "5" } });
    expect((within(dialog).getByLabelText(/Kettle/) as HTMLInputElement).value).toBe("2");
    fireEvent.change(within(dialog).getByLabelText(/Kettle/), { target: { value: "1" } });
    fireEvent.click(selected);
    await waitFor(() =>
      expect(calls.some((c) => c.route === "POST /api/merchant/orders/aaa/refund")).toBe(true),
    );
    expect(calls.find((c) => c.route === "POST /api/merchant/orders/aaa/refund")?.body).toEqual({
      lines: [{ orderItemId: paid.items[0]!.id, quantity: 1 }],
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("ORD-AAA: the chosen units are refunded"));

    fireEvent.click(await screen.findByRole("button", { name: "Refund or cancel (ORD-BBB)" }));
    const second = await screen.findByRole("dialog", { name: "Refund or cancel ORD-BBB" });
    expect(within(second).queryByRole("button", { name: "Refund everything" })).toBeNull();
    fireEvent.click(within(second).getByRole("button", { name: "Cancel order" }));
    await waitFor(() =>
      expect(calls.some((c) => c.route === "POST /api/merchant/orders/bbb/cancel")).toBe(true),
    );
  });
});
