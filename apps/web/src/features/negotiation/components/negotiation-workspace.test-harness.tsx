import { type Profile, ProfileSchema } from "@haggle/contract/account";
import { type Cart, CartSchema } from "@haggle/contract/cart";
import { type NegotiationResult, negotiationDataBlock } from "@haggle/contract/negotiation";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { toast } from "@/lib/toast";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { jsonResponse, makeCart, makeCartItem } from "@/test/make-cart";
import { NegotiationWorkspace } from "./negotiation-workspace";

/** What both negotiation-workspace test files share: the cart, the fake server, the page. */
export const NEGOTIATION_ID = "6f1c2d9e-1111-4a2b-9c3d-000000000001";
export const RESULT: NegotiationResult = {
  negotiation_complete: true,
  item_adjustments: [{ cart_item_id: "item-p1", new_price: 90 }],
  total_discount_percent: 10,
  total_discount_amount: 10,
  new_items: [],
};
export const BLOCK = negotiationDataBlock(RESULT);

export const PROFILE: Profile = {
  name: "Nora Negotiator",
  email: "nora@example.com",
  loyaltyTier: "NONE",
  ordersCount: 0,
  lifetimeValue: 0,
  totalSavings: 0,
};

export const CART: Cart = makeCart([makeCartItem("p1", 1, { name: "Kettle", price: 100, listPrice: 120 })], {
  summary: {
    itemCount: 1,
    subtotal: 100,
    discount: 0,
    shipping: 0,
    tax: 10,
    total: 110,
    savings: 20,
    currency: "USD",
  },
});
export const APPLIED_CART: Cart = {
  ...CART,
  items: [{ ...makeCartItem("p1", 1, { name: "Kettle", price: 100, listPrice: 120 }), unitPrice: 90 }],
  summary: {
    itemCount: 1,
    subtotal: 90,
    discount: 0.01,
    shipping: 0,
    tax: 9,
    total: 98.99,
    savings: 30.01,
    currency: "USD",
  },
};

export const delta = (text: string) =>
  `data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\n`;

/** An SSE body the test feeds chunk by chunk. */
export function controlledStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } }),
    push: (chunk: string) => controller.enqueue(encoder.encode(chunk)),
    close: () => controller.close(),
  };
}

export function sse(...texts: string[]) {
  const s = controlledStream();
  for (const t of texts) s.push(delta(t));
  s.push("data: [DONE]\n\n");
  s.close();
  return s.response;
}

export const apiError = (status: number, code: string, message: string) =>
  jsonResponse(status, { error: { code, message } });

type Handler = (init?: RequestInit) => Response | Promise<Response>;

/** The fake server the workspace talks to; a test changes its routes and stored messages. */
export const server = {
  routes: {} as Record<string, Handler>,
  stored: [] as { role: "user" | "assistant"; content: string; createdAt: string }[],
  negotiationBody: (): unknown => null,
};
export const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
  const route = `${init?.method ?? "GET"} ${url}`;
  const handler = server.routes[route];
  if (!handler) return apiError(404, "NOT_FOUND", `No route ${route}`);
  return handler(init);
});

export function callsTo(route: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) => `${init?.method ?? "GET"} ${String(input)}` === route,
  );
}

export function renderWorkspace(strict = false, cart: Cart = CART) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const onCartApplied = vi.fn();
  const onCartStale = vi.fn();
  const onCheckout = vi.fn();
  const tree = (shown: Cart) => (
    <QueryClientProvider client={client}>
      <NegotiationWorkspace
        cart={CartSchema.parse(shown)}
        profile={ProfileSchema.parse(PROFILE)}
        onCartApplied={onCartApplied}
        onCartStale={onCartStale}
        onCheckout={onCheckout}
      />
    </QueryClientProvider>
  );
  const view = render(strict ? <StrictMode>{tree(cart)}</StrictMode> : tree(cart));
  /** The page's cart as the server now answers it. */
  const showCart = (next: Cart) => view.rerender(tree(next));
  return { ...view, onCartApplied, onCartStale, onCheckout, showCart };
}

export const box = () => screen.getByLabelText("Message Ava") as HTMLTextAreaElement;
export const acceptButton = () => screen.queryByRole("button", { name: "Accept Offer & Apply to Cart" });

export async function ready() {
  await waitFor(() => expect(box().disabled).toBe(false));
}

export function typeAndEnter(text: string) {
  fireEvent.change(box(), { target: { value: text } });
  fireEvent.keyDown(box(), { key: "Enter" });
}

/** Registers the fake server and the clean-up around every test of the calling file. */
export function installWorkspaceServer() {
  beforeEach(() => {
    server.stored = [];
    server.negotiationBody = () => ({
      id: NEGOTIATION_ID,
      status: "active",
      messages: server.stored,
      offer: null,
      approval: null,
    });
    server.routes = {
      "GET /api/negotiations/current": () => jsonResponse(200, { id: null }),
      "POST /api/negotiations": () => jsonResponse(201, { id: NEGOTIATION_ID }),
      [`GET /api/negotiations/${NEGOTIATION_ID}`]: () => jsonResponse(200, server.negotiationBody()),
    };
    vi.stubGlobal("fetch", fetchMock);
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  afterEach(() => {
    cleanup();
    fetchMock.mockClear();
    vi.mocked(toast.error).mockClear();
    vi.mocked(toast.success).mockClear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
