import type { Cart, CartItem } from "@haggle/contract/cart";
import type { Product } from "@haggle/contract/products";
import { makeProduct } from "./make-product";

/** A server cart line for tests; its prices are the product's. */
export function makeCartItem(productId: string, quantity: number, product: Partial<Product> = {}): CartItem {
  const p = makeProduct(productId, product);
  return {
    id: `item-${productId}`,
    productId,
    variantId: `variant-${productId}`,
    name: p.name,
    variantTitle: "",
    sku: p.sku,
    imageUrl: p.imageUrl,
    stockLevel: p.stockLevel,
    quantity,
    unitPrice: p.price,
    regularPrice: p.price,
    lineTotal: p.price * quantity,
    listPrice: p.listPrice,
    product: p,
  };
}

/** A server cart for tests. The summary is whatever the test says: the browser never computes it. */
export function makeCart(items: CartItem[], overrides: Partial<Cart> = {}): Cart {
  return {
    id: "cart-1",
    status: "active",
    items,
    summary: {
      itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
      subtotal: 0,
      discount: 0,
      shipping: 0,
      tax: 0,
      total: 0,
      savings: 0,
      currency: "USD",
    },
    offer: null,
    discountNotice: null,
    ...overrides,
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * A fetch stand-in answering "METHOD /path" routes; unknown routes answer 404. `calls` records
 * every request with its parsed JSON body.
 */
export function routeFetch(routes: Record<string, Handler>) {
  const calls: { route: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
    const route = `${init?.method ?? "GET"} ${url}`;
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ route, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const handler = routes[route];
    if (!handler) return jsonResponse(404, { error: { code: "NOT_FOUND", message: `No route ${route}` } });
    return handler(init);
  };
  return { fetchFn, calls };
}
