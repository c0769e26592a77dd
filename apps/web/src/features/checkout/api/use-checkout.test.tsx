import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type PlacedOrder, useCheckout } from "./use-checkout";

const order: PlacedOrder = {
  id: "00000000-0000-4000-8000-0000abcdef12",
  number: "ORD-ABCDEF12",
  createdAt: "2025-01-01T00:00:00.000Z",
  status: "confirmed",
  paymentStatus: "paid",
  paymentMethod: "manual",
  address: null,
  items: [
    {
      id: "00000000-0000-4000-8000-000000000001",
      productId: "p",
      variantId: null,
      name: "Lamp",
      quantity: 1,
      listPrice: 20,
      unitPrice: 20,
      regularPrice: 20,
      lineTotal: 20,
      refundedQuantity: 0,
      amount: null,
      tax: null,
      taxRatePercent: null,
      imageUrl: null,
      slug: null,
    },
  ],
  subtotal: 20,
  discountApplied: 0,
  discountCode: null,
  codeDiscount: 0,
  negotiatedDiscount: 0,
  shipping: 10,
  shippingMethod: null,
  tax: 2,
  taxIncluded: false,
  taxLabel: "Tax",
  shippingTax: 0,
  total: 32,
  refundedTotal: 0,
  currency: "USD",
  negotiationId: null,
  timeline: [{ kind: "placed", at: "2025-01-05T12:00:00.000Z", amount: null, note: null }],
};

const BODY = {
  address: {
    name: "Ada",
    line1: "1 Main St",
    city: "Springfield",
    region: "IL",
    postalCode: "62701",
    country: "US",
  },
  paymentMethod: "manual" as const,
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function keyOf(call: unknown[] | undefined): string | undefined {
  const init = call?.[1] as RequestInit | undefined;
  return (init?.headers as Record<string, string> | undefined)?.["Idempotency-Key"];
}

describe("useCheckout", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("retries with the same Idempotency-Key and uses a new one after an order is placed", async () => {
    fetchMock
      .mockResolvedValueOnce(
        json(500, { error: { code: "CHECKOUT_FAILED", message: "Something went wrong during checkout" } }),
      )
      .mockResolvedValueOnce(json(201, order))
      .mockResolvedValueOnce(json(201, { ...order, id: "00000000-0000-4000-8000-000000000002" }));
    const { result } = renderHook(() => useCheckout(), { wrapper });

    const onError = vi.fn();
    act(() => result.current.checkout(BODY, { onError }));
    await waitFor(() => expect(onError).toHaveBeenCalledOnce());
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ message: "Something went wrong during checkout" });

    const onSuccess = vi.fn();
    act(() => result.current.checkout(BODY, { onSuccess }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(onSuccess.mock.calls[0]?.[0]).toMatchObject({ id: order.id, number: "ORD-ABCDEF12" });

    act(() => result.current.checkout(BODY));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));

    const [first, second, third] = fetchMock.mock.calls.map(keyOf);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/checkout");
    const sent = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
    expect(JSON.parse(String(sent?.body))).toEqual(BODY);
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(second).toBe(first);
    expect(third).not.toBe(first);
  });

  it("sends one request for a double click and reports pending meanwhile", async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useCheckout(), { wrapper });

    act(() => {
      result.current.checkout(BODY);
      result.current.checkout(BODY);
    });
    await waitFor(() => expect(result.current.isPending).toBe(true));
    act(() => result.current.checkout(BODY));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => answer(json(201, order)));
    await waitFor(() => expect(result.current.isPending).toBe(false));
  });
});
