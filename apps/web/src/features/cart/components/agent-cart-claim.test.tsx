import { spyOnToasts } from "@/test/spy-on-toasts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { jsonResponse, makeCart, makeCartItem, routeFetch } from "@/test/make-cart";
import { AgentCartClaim } from "./agent-cart-claim";

spyOnToasts();

const TOKEN = `hac_${"a".repeat(43)}`;

function renderClaim(token: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/agent-cart", element: <AgentCartClaim token={token} userId="user-1" /> },
      { path: "/checkout", element: <h1>Checkout</h1> },
    ],
    { initialEntries: ["/agent-cart"] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}

describe("the checkout link of an agent's cart", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("claims the cart once, keeps it as the shopper's cart, says what was not added, opens the checkout", async () => {
    const cart = { ...makeCart([makeCartItem("p1", 2)]), notices: ["Only 2 of Lamp left in stock."] };
    const { fetchFn, calls } = routeFetch({ "POST /api/cart/agent-cart": () => jsonResponse(200, cart) });
    vi.stubGlobal("fetch", fetchFn);
    const { client } = renderClaim(TOKEN);
    expect(await screen.findByRole("heading", { name: "Checkout" })).toBeTruthy();
    expect(calls.filter((c) => c.route === "POST /api/cart/agent-cart")).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: TOKEN });
    expect(client.getQueryData(["cart", "user-1"])).toMatchObject({
      items: [{ productId: "p1", quantity: 2 }],
    });
    expect(toast.warning).toHaveBeenCalledWith("Only 2 of Lamp left in stock.");
  });

  it("says why when the link names no cart, and offers a way on", async () => {
    const { fetchFn } = routeFetch({
      "POST /api/cart/agent-cart": () =>
        jsonResponse(404, {
          error: {
            code: "NOT_FOUND",
            message:
              "This cart link is not one the shop gave out, or its cart expired. Ask the agent for a new link.",
          },
        }),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderClaim(TOKEN);
    expect((await screen.findByRole("alert")).textContent).toMatch(
      /^This cart link is not one the shop gave out/,
    );
    expect(screen.getByRole("link", { name: "Go to your cart" }).getAttribute("href")).toBe("/cart");
  });

  it("a link without a token asks for the link again and calls nothing", async () => {
    const { fetchFn, calls } = routeFetch({});
    vi.stubGlobal("fetch", fetchFn);
    renderClaim(null);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This link carries no cart. Ask the agent for its checkout link again.",
    );
    expect(calls).toHaveLength(0);
  });
});
