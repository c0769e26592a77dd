import { toast } from "@/lib/toast";
import { spyOnToasts } from "@/test/spy-on-toasts";
import { ProductSchema } from "@haggle/contract/products";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeCart, makeCartItem, routeFetch } from "@/test/make-cart";
import { makeProduct } from "@/test/make-product";
import { useCart } from "../hooks/use-cart";
import { CART_STORAGE_KEY } from "../lib/local-cart-storage";
import { CartProvider } from "./cart-provider";

spyOnToasts();

function makeWrapper(userId: { current: string | null } = { current: null }) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <CartProvider userId={userId.current}>{children}</CartProvider>
    </QueryClientProvider>
  );
}

function stored(): unknown {
  return JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? "null");
}

function storeLocalCart(lines: Array<[string, number]>) {
  window.localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify(
      lines.map(([id, quantity]) => ({ ...makeProduct(id), quantity, addedAt: "2025-01-01T00:00:00.000Z" })),
    ),
  );
}

function Orphan() {
  useCart();
  return null;
}

beforeEach(() => {
  window.localStorage.clear();
  vi.clearAllMocks();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("CartProvider for an anonymous visitor (local cart)", () => {
  it("adding the same product twice raises its quantity and the count", async () => {
    const { result } = renderHook(() => useCart(), { wrapper: makeWrapper() });
    await act(() => result.current.addToCart(makeProduct("a")));
    await act(() => result.current.addToCart(makeProduct("a")));
    await act(() => result.current.addToCart(makeProduct("b")));
    expect(result.current.source).toBe("local");
    expect(result.current.localLines.map((l) => [l.id, l.quantity])).toEqual([
      ["a", 2],
      ["b", 1],
    ]);
    expect(result.current.itemCount).toBe(3);
  });

  it("setQuantity 0 removes the line and the emptied cart leaves no key behind", async () => {
    const { result } = renderHook(() => useCart(), { wrapper: makeWrapper() });
    await act(() => result.current.addToCart(makeProduct("a")));
    await act(() => result.current.setQuantity("a", 0));
    expect(result.current.localLines).toEqual([]);
    expect(result.current.itemCount).toBe(0);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("persists the lines under the key cart with product fields, quantity and addedAt", async () => {
    const { result } = renderHook(() => useCart(), { wrapper: makeWrapper() });
    // The product as code holds it (cents, decoded from the API's dollars); stored as the API writes it.
    await act(() => result.current.addToCart(ProductSchema.parse(makeProduct("a")), 2));
    // Written once the codec is loaded (local-cart-storage.ts).
    await waitFor(() => expect(stored()).toHaveLength(1));
    const lines = stored() as Array<Record<string, unknown>>;
    expect(lines[0]).toMatchObject({ ...makeProduct("a"), quantity: 2 });
    expect(new Date(String(lines[0]?.addedAt)).toISOString()).toBe(lines[0]?.addedAt);
  });

  it("restores the stored cart and drops malformed lines", async () => {
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { ...makeProduct("a"), quantity: 4, addedAt: "2025-01-01T00:00:00.000Z" },
        { id: "junk" },
      ]),
    );
    const { result } = renderHook(() => useCart(), { wrapper: makeWrapper() });
    // Decoded by the contract's schema, which loads with the first stored cart (local-cart-storage.ts).
    await waitFor(() => expect(result.current.localLines.map((l) => [l.id, l.quantity])).toEqual([["a", 4]]));
  });

  it("follows changes made in another tab", async () => {
    const { result } = renderHook(() => useCart(), { wrapper: makeWrapper() });
    const newValue = JSON.stringify([
      { ...makeProduct("z"), quantity: 7, addedAt: "2025-01-01T00:00:00.000Z" },
    ]);
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: CART_STORAGE_KEY, newValue }));
    });
    await waitFor(() => expect(result.current.itemCount).toBe(7));
  });

  it("never calls the server", async () => {
    const { fetchFn, calls } = routeFetch({});
    vi.stubGlobal("fetch", fetchFn);
    const { result } = renderHook(() => useCart(), { wrapper: makeWrapper() });
    await act(() => result.current.addToCart(makeProduct("a")));
    expect(calls).toEqual([]);
  });

  it("useCart outside the provider throws the spec's message", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow("useCart must be used within CartProvider");
    spy.mockRestore();
  });
});

describe("CartProvider for a signed-in shopper (server cart)", () => {
  it("counts the badge from the server cart, not the local one", async () => {
    const { fetchFn } = routeFetch({
      "GET /api/cart": () => jsonResponse(200, makeCart([makeCartItem("a", 2), makeCartItem("b", 3)])),
    });
    vi.stubGlobal("fetch", fetchFn);
    const { result } = renderHook(() => useCart(), { wrapper: makeWrapper({ current: "user-1" }) });
    expect(result.current.source).toBe("server");
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.itemCount).toBe(5));
    expect(result.current.serverCart?.items.map((i) => i.productId)).toEqual(["a", "b"]);
  });

  it("adds to the server cart and takes the answered cart, figures included", async () => {
    const answered = makeCart([makeCartItem("a", 1)], {
      summary: {
        itemCount: 1,
        subtotal: 10,
        discount: 0,
        shipping: 10,
        tax: 1,
        total: 21,
        savings: 0,
        currency: "USD",
      },
    });
    const { fetchFn, calls } = routeFetch({
      "GET /api/cart": () => jsonResponse(200, makeCart([])),
      "POST /api/cart/items": () => jsonResponse(200, answered),
    });
    vi.stubGlobal("fetch", fetchFn);
    const { result } = renderHook(() => useCart(), { wrapper: makeWrapper({ current: "user-1" }) });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    await act(() => result.current.addToCart(makeProduct("a")));
    expect(calls.find((c) => c.route === "POST /api/cart/items")?.body).toEqual({
      productId: "a",
      quantity: 1,
    });
    // react-query tells its observers on a timer, after the promise has resolved.
    await waitFor(() => expect(result.current.itemCount).toBe(1));
    // The answered cart, decoded: $21 is 2100 cents.
    expect(result.current.serverCart?.summary.total).toBe(2100);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("rejects with the server's message when the stock runs short", async () => {
    const { fetchFn } = routeFetch({
      "GET /api/cart": () => jsonResponse(200, makeCart([])),
      "POST /api/cart/items": () =>
        jsonResponse(409, {
          error: { code: "INSUFFICIENT_STOCK", message: "Only 3 of Product a left in stock." },
        }),
    });
    vi.stubGlobal("fetch", fetchFn);
    const { result } = renderHook(() => useCart(), { wrapper: makeWrapper({ current: "user-1" }) });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    await expect(result.current.addToCart(makeProduct("a"))).rejects.toThrow(
      "Only 3 of Product a left in stock.",
    );
  });

  it("changes and removes lines by the server's item id", async () => {
    const { fetchFn, calls } = routeFetch({
      "GET /api/cart": () => jsonResponse(200, makeCart([makeCartItem("a", 1)])),
      "PATCH /api/cart/items/item-a": () => jsonResponse(200, makeCart([makeCartItem("a", 2)])),
      "DELETE /api/cart/items/item-a": () => jsonResponse(200, makeCart([])),
    });
    vi.stubGlobal("fetch", fetchFn);
    const { result } = renderHook(() => useCart(), { wrapper: makeWrapper({ current: "user-1" }) });
    await waitFor(() => expect(result.current.itemCount).toBe(1));
    await act(() => result.current.setQuantity("a", 2));
    expect(calls.at(-1)).toMatchObject({ route: "PATCH /api/cart/items/item-a", body: { quantity: 2 } });
    await waitFor(() => expect(result.current.itemCount).toBe(2));
    await act(() => result.current.removeFromCart("a"));
    await waitFor(() => expect(result.current.itemCount).toBe(0));
  });
});

describe("merging the local cart on sign-in", () => {
  it("merges the local lines once, deletes the local copy and shows the notices", async () => {
    storeLocalCart([
      ["a", 2],
      ["b", 1],
    ]);
    const merged = makeCart([makeCartItem("a", 2), makeCartItem("c", 4)], {
      notices: ["Product b is out of stock and was not added."],
    });
    const { fetchFn, calls } = routeFetch({
      "GET /api/cart": () => jsonResponse(200, makeCart([makeCartItem("c", 4)])),
      "POST /api/cart/merge": () => jsonResponse(200, merged),
    });
    vi.stubGlobal("fetch", fetchFn);
    const user = { current: null as string | null };
    const { result, rerender } = renderHook(() => useCart(), { wrapper: makeWrapper(user) });
    await waitFor(() => expect(result.current.itemCount).toBe(3));

    user.current = "user-1";
    rerender();
    await waitFor(() => expect(result.current.itemCount).toBe(6));
    expect(calls.filter((c) => c.route === "POST /api/cart/merge")).toEqual([
      expect.objectContaining({
        body: {
          items: [
            { productId: "a", quantity: 2 },
            { productId: "b", quantity: 1 },
          ],
        },
      }),
    ]);
    expect(result.current.localLines).toEqual([]);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(toast.warning).toHaveBeenCalledWith("Product b is out of stock and was not added.");
    expect(result.current.serverCart).not.toHaveProperty("notices");
    // The merge answered the cart: it is not read again half-way.
    expect(calls.some((c) => c.route === "GET /api/cart")).toBe(false);
  });

  it("caps each merged quantity at the line maximum the server accepts", async () => {
    storeLocalCart([["a", 150]]);
    const { fetchFn, calls } = routeFetch({
      "POST /api/cart/merge": () => jsonResponse(200, makeCart([makeCartItem("a", 99)])),
    });
    vi.stubGlobal("fetch", fetchFn);
    const { result } = renderHook(() => useCart(), { wrapper: makeWrapper({ current: "user-1" }) });
    await waitFor(() => expect(result.current.itemCount).toBe(99));
    expect(calls[0]?.body).toEqual({ items: [{ productId: "a", quantity: 99 }] });
  });

  it("keeps the local cart when the merge fails, and does not retry in a loop", async () => {
    storeLocalCart([["a", 2]]);
    const { fetchFn, calls } = routeFetch({
      "GET /api/cart": () => jsonResponse(200, makeCart([makeCartItem("c", 1)])),
      "POST /api/cart/merge": () => jsonResponse(500, { error: { code: "INTERNAL", message: "Boom" } }),
    });
    vi.stubGlobal("fetch", fetchFn);
    const { result } = renderHook(() => useCart(), { wrapper: makeWrapper({ current: "user-1" }) });

    await waitFor(() => expect(toast.error).toHaveBeenCalledOnce());
    // Signed in, the badge shows the server cart; the local copy is still there for the next try.
    await waitFor(() => expect(result.current.itemCount).toBe(1));
    expect(result.current.localLines.map((l) => [l.id, l.quantity])).toEqual([["a", 2]]);
    expect((stored() as unknown[]).length).toBe(1);
    expect(calls.filter((c) => c.route === "POST /api/cart/merge")).toHaveLength(1);
  });

  it("does not merge for a visitor or an empty local cart", async () => {
    const { fetchFn, calls } = routeFetch({ "GET /api/cart": () => jsonResponse(200, makeCart([])) });
    vi.stubGlobal("fetch", fetchFn);
    const { result } = renderHook(() => useCart(), { wrapper: makeWrapper({ current: "user-1" }) });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(calls.map((c) => c.route)).toEqual(["GET /api/cart"]);
  });

  it("merges again after signing out and back in with a new local cart", async () => {
    storeLocalCart([["a", 1]]);
    const { fetchFn, calls } = routeFetch({
      "GET /api/cart": () => jsonResponse(200, makeCart([])),
      "POST /api/cart/merge": () => jsonResponse(200, makeCart([makeCartItem("a", 1)])),
    });
    vi.stubGlobal("fetch", fetchFn);
    const user = { current: "user-1" as string | null };
    const { result, rerender } = renderHook(() => useCart(), { wrapper: makeWrapper(user) });
    await waitFor(() => expect(calls.filter((c) => c.route === "POST /api/cart/merge")).toHaveLength(1));
    await waitFor(() => expect(result.current.localLines).toEqual([]));

    user.current = null;
    rerender();
    await act(() => result.current.addToCart(makeProduct("b")));
    user.current = "user-1";
    rerender();
    await waitFor(() => expect(calls.filter((c) => c.route === "POST /api/cart/merge")).toHaveLength(2));
    expect(calls.filter((c) => c.route === "POST /api/cart/merge")[1]?.body).toEqual({
      items: [{ productId: "b", quantity: 1 }],
    });
  });
});
