import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeCart, makeCartItem, routeFetch } from "@/test/make-cart";
import { makeProduct } from "@/test/make-product";
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

function renderHeader() {
  return render(
    <AppProviders>
      <MemoryRouter>
        <SiteHeader />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe("the header cart badge", () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the sum of quantities of the server cart when signed in", async () => {
    const { fetchFn } = routeFetch({
      "GET /api/me": () => jsonResponse(200, me),
      "GET /api/cart": () => jsonResponse(200, makeCart([makeCartItem("a", 2), makeCartItem("b", 3)])),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderHeader();
    expect(await screen.findByRole("link", { name: "Cart, 5 items" })).toBeTruthy();
    expect(screen.getByTestId("cart-count").textContent).toBe("5");
  });

  it("names the cart link and the avatar with the words they show, in reading order (WCAG 2.5.3)", async () => {
    const { fetchFn } = routeFetch({
      "GET /api/me": () => jsonResponse(200, me),
      "GET /api/cart": () => jsonResponse(200, makeCart([makeCartItem("a", 2)])),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderHeader();
    const cart = await screen.findByRole("link", { name: "Cart, 2 items" });
    // The visible words, "Cart" and the badge, come in the name's order.
    expect(cart.textContent).toBe("Cart 2");
    // The menu is a chunk of its own: it arrives a moment after the session.
    expect((await screen.findByRole("button", { name: "Account menu, GR" })).textContent).toBe("GR");
  });

  it("gives the shop's administrators the admin page in the account menu, and nobody else", async () => {
    for (const roles of [["merchant", "admin"], ["merchant"]]) {
      const { fetchFn } = routeFetch({
        "GET /api/me": () => jsonResponse(200, { ...me, roles }),
        "GET /api/cart": () => jsonResponse(200, makeCart([])),
      });
      vi.stubGlobal("fetch", fetchFn);
      renderHeader();
      const menu = await screen.findByRole("button", { name: "Account menu, GR" });
      menu.focus();
      fireEvent.keyDown(menu, { key: "Enter" });
      expect(await screen.findByRole("menuitem", { name: /sign out/i })).toBeTruthy();
      const admin = screen.queryByRole("menuitem", { name: "Admin Panel" });
      if (roles.includes("admin")) expect(admin?.getAttribute("href")).toBe("/admin");
      else expect(admin).toBeNull();
      cleanup();
    }
  });

  it("hides the badge when the server cart is empty", async () => {
    const { fetchFn, calls } = routeFetch({
      "GET /api/me": () => jsonResponse(200, me),
      "GET /api/cart": () => jsonResponse(200, makeCart([])),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderHeader();
    await waitFor(() => expect(calls.map((c) => c.route)).toContain("GET /api/cart"));
    await screen.findByRole("button", { name: /account menu/i });
    expect(screen.getByRole("link", { name: "Cart" })).toBeTruthy();
    expect(screen.queryByTestId("cart-count")).toBeNull();
  });

  it("counts the local cart for a visitor", async () => {
    window.localStorage.setItem(
      "cart",
      JSON.stringify([{ ...makeProduct("a"), quantity: 4, addedAt: "2025-01-01T00:00:00.000Z" }]),
    );
    const { fetchFn, calls } = routeFetch({
      "GET /api/me": () =>
        jsonResponse(401, { error: { code: "UNAUTHORIZED", message: "Not authenticated" } }),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderHeader();
    expect(await screen.findByRole("link", { name: "Cart, 4 items" })).toBeTruthy();
    await screen.findByRole("link", { name: "Sign in" });
    // No server cart for a visitor (the shop's mode is asked for everyone, for the demo badge).
    expect(calls.map((c) => c.route).filter((r) => r !== "GET /api/shop-mode")).toEqual(["GET /api/me"]);
  });
});

describe("the header's merchant link", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows only for a merchant", async () => {
    const { fetchFn } = routeFetch({
      "GET /api/me": () => jsonResponse(200, { ...me, roles: ["merchant"] }),
      "GET /api/cart": () => jsonResponse(200, makeCart([])),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderHeader();
    expect((await screen.findByRole("link", { name: "Merchant" })).getAttribute("href")).toBe("/merchant");
    cleanup();

    vi.stubGlobal(
      "fetch",
      routeFetch({
        "GET /api/me": () => jsonResponse(200, me),
        "GET /api/cart": () => jsonResponse(200, makeCart([])),
      }).fetchFn,
    );
    renderHeader();
    await screen.findByRole("button", { name: /account menu/i });
    expect(screen.queryByRole("link", { name: "Merchant" })).toBeNull();
  });
});

describe("the header's 'Demo shop' badge", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows in demo mode, to everyone, and not otherwise", async () => {
    vi.stubGlobal(
      "fetch",
      routeFetch({ "GET /api/shop-mode": () => jsonResponse(200, { demoMode: true }) }).fetchFn,
    );
    renderHeader();
    expect(await screen.findByText("Demo shop")).toBeTruthy();
    cleanup();

    const { fetchFn, calls } = routeFetch({
      "GET /api/shop-mode": () => jsonResponse(200, { demoMode: false }),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderHeader();
    await waitFor(() => expect(calls.map((c) => c.route)).toContain("GET /api/shop-mode"));
    await screen.findByRole("link", { name: "Sign in" });
    expect(screen.queryByText("Demo shop")).toBeNull();
  });
});
