import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { vi } from "vitest";
import { CartProvider } from "@/features/cart/components/cart-provider";
import { type Handler, jsonResponse, makeCart, routeFetch } from "@/test/make-cart";
import { appRoutes } from "./router";
import { routesAt } from "@/test/routes-at";

/** GET /api/me for the signed-in test shopper "Mona" (user-1) with these roles. */
export function meAnswer(roles: string[] = []) {
  return {
    user: { id: "user-1", email: "mona@example.com", name: "Mona", emailVerified: true },
    profile: {
      name: "Mona",
      email: "mona@example.com",
      loyaltyTier: "NONE",
      ordersCount: 0,
      lifetimeValue: 0,
      totalSavings: 0,
    },
    roles,
  };
}

/**
 * The whole app at `path` over a fake server: `routes` answer the API ("METHOD /path"), with a
 * signed-out /api/me and an empty cart unless the test gives its own. Returns the router (where
 * the app went) and the requests made.
 */
export function renderApp(path: string, routes: Record<string, Handler>, userId: string | null = null) {
  const { fetchFn, calls } = routeFetch({
    "GET /api/me": () => jsonResponse(200, userId ? meAnswer() : { user: null }),
    "GET /api/cart": () => jsonResponse(200, makeCart([])),
    ...routes,
  });
  vi.stubGlobal("fetch", fetchFn);
  const { element: routed, history: router } = routesAt(appRoutes, path);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CartProvider userId={userId}>{routed}</CartProvider>
    </QueryClientProvider>,
  );
  return { router, calls };
}
