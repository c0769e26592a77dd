import { act, cleanup, render, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeProduct } from "@/test/make-product";
import { useCart } from "../hooks/use-cart";
import { CART_STORAGE_KEY } from "../lib/local-cart-storage";
import { CartProvider } from "./cart-provider";

const wrapper = ({ children }: { children: ReactNode }) => <CartProvider>{children}</CartProvider>;

function stored(): unknown {
  return JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? "null");
}

function Orphan() {
  useCart();
  return null;
}

describe("CartProvider and useCart", () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(cleanup);

  it("adding the same product twice raises its quantity and the count", () => {
    const { result } = renderHook(() => useCart(), { wrapper });
    act(() => result.current.addToCart(makeProduct("a")));
    act(() => result.current.addToCart(makeProduct("a")));
    act(() => result.current.addToCart(makeProduct("b")));
    expect(result.current.lines.map((l) => [l.id, l.quantity])).toEqual([
      ["a", 2],
      ["b", 1],
    ]);
    expect(result.current.itemCount).toBe(3);
  });

  it("setQuantity 0 removes the line", () => {
    const { result } = renderHook(() => useCart(), { wrapper });
    act(() => result.current.addToCart(makeProduct("a")));
    act(() => result.current.setQuantity("a", 0));
    expect(result.current.lines).toEqual([]);
    expect(result.current.itemCount).toBe(0);
  });

  it("persists the lines under the key cart with product fields, quantity and addedAt", () => {
    const { result } = renderHook(() => useCart(), { wrapper });
    act(() => result.current.addToCart(makeProduct("a"), 2));
    const lines = stored() as Array<Record<string, unknown>>;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ ...makeProduct("a"), quantity: 2 });
    expect(new Date(String(lines[0]?.addedAt)).toISOString()).toBe(lines[0]?.addedAt);
  });

  it("restores the stored cart and drops malformed lines", () => {
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { ...makeProduct("a"), quantity: 4, addedAt: "2025-01-01T00:00:00.000Z" },
        { id: "junk" },
      ]),
    );
    const { result } = renderHook(() => useCart(), { wrapper });
    expect(result.current.lines.map((l) => [l.id, l.quantity])).toEqual([["a", 4]]);
  });

  it("follows changes made in another tab", () => {
    const { result } = renderHook(() => useCart(), { wrapper });
    const newValue = JSON.stringify([
      { ...makeProduct("z"), quantity: 7, addedAt: "2025-01-01T00:00:00.000Z" },
    ]);
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: CART_STORAGE_KEY, newValue }));
    });
    expect(result.current.itemCount).toBe(7);
  });

  it("useCart outside the provider throws the spec's message", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow("useCart must be used within CartProvider");
    spy.mockRestore();
  });
});
