import { cleanup, screen } from "@testing-library/react";
import { PAGE_PATHS } from "@haggle/contract/pages";
import type { RouteObject } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "@/test/make-cart";
import { meAnswer, renderApp } from "./render-app.test-harness";
import { appRoutes } from "./router";

const stats = { totalProducts: 180, activeNegotiations: 0, pendingApprovals: 0, totalRevenue: 0 };

function renderAt(path: string, who: "anonymous" | "shopper" | "merchant") {
  const { router } = renderApp(
    path,
    {
      "GET /api/me": () =>
        jsonResponse(
          200,
          who === "anonymous" ? { user: null } : meAnswer(who === "merchant" ? ["merchant"] : []),
        ),
      "GET /api/merchant/stats": () => jsonResponse(200, stats),
    },
    who === "anonymous" ? null : "user-1",
  );
  return router;
}

/** Every concrete page path of a route table (layouts add their path, index routes their parent's). */
function pagePaths(routes: RouteObject[], parent = ""): string[] {
  return routes.flatMap((route) => {
    // "*" is the 404; a parameter route (products/:slug) is a page only for what the server finds.
    if (route.path === "*" || route.path?.includes(":")) return [];
    const here = route.path ? `${parent}/${route.path}`.replace(/\/+/g, "/") : parent;
    const own = route.index ? [here || "/"] : route.path && !route.children ? [here] : [];
    return [...own, ...pagePaths(route.children ?? [], here)];
  });
}

describe("the page paths the server answers 200 for", () => {
  it("are exactly the router's pages", () => {
    expect(new Set(pagePaths(appRoutes))).toEqual(new Set(PAGE_PATHS));
  });
});

describe("the merchant routes", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("render inside the merchant layout for a merchant, without the shopping assistant", async () => {
    renderAt("/merchant/orders", "merchant");
    // The first visit loads the lazy merchant chunks.
    expect(await screen.findByRole("navigation", { name: "Merchant" }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Orders", current: "page" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /shopping assistant/i })).toBeNull();
  });

  it("send an unknown merchant path to the 404 page", async () => {
    renderAt("/merchant/no-such-page", "merchant");
    expect(await screen.findByText("Oops! Page not found", {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Merchant" })).toBeNull();
  });

  it("send an anonymous visitor to sign in and a shopper home", async () => {
    const anonymous = renderAt("/merchant/products", "anonymous");
    await vi.waitFor(() => expect(anonymous.location.pathname).toBe("/auth"));
    expect(anonymous.location.search).toBe("?redirect=%2Fmerchant%2Fproducts");
    // Outside the merchant area the assistant is back.
    expect(await screen.findByRole("button", { name: "Open shopping assistant" })).toBeTruthy();
    cleanup();
    const shopper = renderAt("/merchant", "shopper");
    await vi.waitFor(() => expect(shopper.location.pathname).toBe("/"));
  });
});

describe("the shopping assistant's floating button", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("is hidden on the cart, negotiation and checkout pages, where it would cover the checkout buttons", async () => {
    renderAt("/cart", "shopper");
    expect(await screen.findByText("Your cart is empty", {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Open shopping assistant" })).toBeNull();
    cleanup();
    renderAt("/cart/negotiate", "shopper");
    expect(
      await screen.findByRole("heading", { name: "Negotiate with Ava" }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Open shopping assistant" })).toBeNull();
    cleanup();
    renderAt("/checkout", "shopper");
    expect(await screen.findByRole("heading", { name: "Checkout" }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Open shopping assistant" })).toBeNull();
    cleanup();
    renderAt("/orders", "shopper");
    expect(await screen.findByRole("button", { name: "Open shopping assistant" })).toBeTruthy();
  });
});
