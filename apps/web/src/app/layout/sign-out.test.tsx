import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCart } from "@/features/cart/hooks/use-cart";
import { jsonResponse, makeCart, makeCartItem, routeFetch } from "@/test/make-cart";
import { makeProduct } from "@/test/make-product";
import { ASSISTANT_STORAGE_KEY } from "@/features/assistant/lib/assistant-launch";
import { AppProviders } from "../app-providers";
import { SiteHeader } from "./site-header";

const me = {
  user: { id: "user-1", email: "grace@example.com", name: "Grace", emailVerified: true },
  profile: {
    name: "Grace",
    email: "grace@example.com",
    loyaltyTier: "NONE",
    ordersCount: 0,
    lifetimeValue: 0,
    totalSavings: 0,
  },
  roles: [],
};

/** An 'Add to Cart' stand-in: the app's own cart, whatever the session. */
function AddToCart() {
  const cart = useCart();
  return (
    <button type="button" onClick={() => void cart.addToCart(makeProduct("p-new"), 1).catch(() => {})}>
      Add to Cart
    </button>
  );
}

describe("signing out", () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("leaves the tab as a fresh anonymous visit: no cart count, a local cart, no 401", async () => {
    let signedIn = true;
    const { fetchFn, calls } = routeFetch({
      "GET /api/me": () =>
        signedIn
          ? jsonResponse(200, me)
          : jsonResponse(401, { error: { code: "UNAUTHORIZED", message: "Not authenticated" } }),
      "GET /api/cart": () =>
        signedIn
          ? jsonResponse(200, makeCart([makeCartItem("a", 2), makeCartItem("b", 3)]))
          : jsonResponse(401, { error: { code: "UNAUTHORIZED", message: "Not authenticated" } }),
      "POST /api/auth/sign-out": () => {
        signedIn = false;
        return jsonResponse(200, { success: true });
      },
      "POST /api/cart/items": () =>
        jsonResponse(401, { error: { code: "UNAUTHORIZED", message: "Not authenticated" } }),
    });
    vi.stubGlobal("fetch", fetchFn);
    render(
      <AppProviders>
        <MemoryRouter>
          <SiteHeader />
          <AddToCart />
          <Routes>
            <Route path="/auth" element={<p>Sign-in page</p>} />
            <Route path="*" element={null} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByRole("link", { name: "Cart, 5 items" })).toBeTruthy();
    // The account's conversation with the assistant, kept for the tab.
    sessionStorage.setItem(ASSISTANT_STORAGE_KEY, JSON.stringify({ open: true, messages: [] }));

    const menu = await screen.findByRole("button", { name: /account menu/i });
    menu.focus();
    fireEvent.keyDown(menu, { key: "Enter" });
    fireEvent.click(await screen.findByRole("menuitem", { name: /sign out/i }));

    await screen.findByText("Sign-in page");
    expect(sessionStorage.getItem(ASSISTANT_STORAGE_KEY)).toBeNull();
    expect(await screen.findByRole("link", { name: "Sign in" })).toBeTruthy();
    expect(screen.queryByTestId("cart-count")).toBeNull();

    const before = calls.length;
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add to Cart" }));
    });
    expect(await screen.findByRole("link", { name: "Cart, 1 item" })).toBeTruthy();
    expect(calls.slice(before).map((c) => c.route)).not.toContain("POST /api/cart/items");
    // The local copy is written after the codec loads (a dynamic import): wait for it.
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem("cart") ?? "[]")).toHaveLength(1));
  });
});
