import { spyOnToasts } from "@/test/spy-on-toasts";
import { CartSchema } from "@haggle/contract/cart";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCart, makeCartItem } from "@/test/make-cart";
import { CartContext, type CartContextValue } from "../hooks/cart-context";
import { CartView } from "./cart-view";

spyOnToasts();

const LAPSED =
  "Ava's discount lapsed because a price changed; your cart shows today's prices. You can negotiate again.";

function renderCart(discountNotice: string | null) {
  // As the app holds it: the wire's dollars parsed into cents.
  const serverCart = CartSchema.parse(
    makeCart([makeCartItem("p1", 1, { name: "Kettle", price: 200, listPrice: 200 })], {
      summary: {
        itemCount: 1,
        subtotal: 200,
        discount: 0,
        shipping: 0,
        tax: 20,
        total: 220,
        savings: 0,
        currency: "USD",
      },
      discountNotice,
    }),
  );
  const value: CartContextValue = {
    source: "server",
    itemCount: 1,
    localLines: [],
    serverCart,
    isLoading: false,
    isError: false,
    reload: vi.fn(),
    isLinePending: () => false,
    addToCart: vi.fn(),
    setQuantity: vi.fn(),
    removeFromCart: vi.fn(),
    clearCart: vi.fn(),
  };
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CartContext value={value}>
          <CartView onCheckout={vi.fn()} />
        </CartContext>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe("CartView", () => {
  it("says why Ava's discount lapsed, beside today's figures, and still offers to negotiate", () => {
    renderCart(LAPSED);
    const notice = screen.getByTestId("cart-discount-notice");
    expect(notice.getAttribute("role")).toBe("status");
    expect(notice.textContent).toBe(LAPSED);
    expect(within(screen.getByTestId("summary-total")).getByText("$220.00")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Negotiate with Ava" })).toBeTruthy();
  });

  it("shows no notice while nothing lapsed", () => {
    renderCart(null);
    expect(screen.queryByTestId("cart-discount-notice")).toBeNull();
  });
});
