import { type Profile, ProfileSchema } from "@haggle/contract/account";
import { type Cart, CartSchema } from "@haggle/contract/cart";
import { type NegotiationResult, negotiationDataBlock } from "@haggle/contract/negotiation";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { StrictMode } from "react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeCart, makeCartItem } from "@/test/make-cart";
import { NegotiationWorkspace } from "./negotiation-workspace";

vi.mock("sonner", () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const NEGOTIATION_ID = "6f1c2d9e-1111-4a2b-9c3d-000000000001";
const RESULT: NegotiationResult = {
  negotiation_complete: true,
  item_adjustments: [{ cart_item_id: "item-p1", new_price: 90 }],
  total_discount_percent: 10,
  total_discount_amount: 10,
  new_items: [],
};
const BLOCK = negotiationDataBlock(RESULT);

const PROFILE: Profile = {
  name: "Nora Negotiator",
  email: "nora@example.com",
  loyaltyTier: "NONE",
  ordersCount: 0,
  lifetimeValue: 0,
  totalSavings: 0,
};

const CART: Cart = makeCart([makeCartItem("p1", 1, { name: "Kettle", price: 100, listPrice: 120 })], {
  summary: { itemCount: 1, subtotal: 100, discount: 0, shipping: 0, tax: 10, total: 110, savings: 20 },
});
const APPLIED_CART: Cart = {
  ...CART,
  items: [{ ...makeCartItem("p1", 1, { name: "Kettle", price: 100, listPrice: 120 }), unitPrice: 90 }],
  summary: { itemCount: 1, subtotal: 90, discount: 0.01, shipping: 0, tax: 9, total: 98.99, savings: 30.01 },
};

const delta = (text: string) => `data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\n`;

/** An SSE body the test feeds chunk by chunk. */
function controlledStream() {
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

function sse(...texts: string[]) {
  const s = controlledStream();
  for (const t of texts) s.push(delta(t));
  s.push("data: [DONE]\n\n");
  s.close();
  return s.response;
}

const apiError = (status: number, code: string, message: string) =>
  jsonResponse(status, { error: { code, message } });

type Handler = (init?: RequestInit) => Response | Promise<Response>;
let routes: Record<string, Handler>;
let stored: { role: "user" | "assistant"; content: string; createdAt: string }[];
let negotiationBody: () => unknown;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
  const route = `${init?.method ?? "GET"} ${url}`;
  const handler = routes[route];
  if (!handler) return apiError(404, "NOT_FOUND", `No route ${route}`);
  return handler(init);
});

function callsTo(route: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) => `${init?.method ?? "GET"} ${String(input)}` === route,
  );
}

function renderWorkspace(strict = false, cart: Cart = CART) {
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
        isCheckingOut={false}
      />
    </QueryClientProvider>
  );
  const view = render(strict ? <StrictMode>{tree(cart)}</StrictMode> : tree(cart));
  /** The page's cart as the server now answers it. */
  const showCart = (next: Cart) => view.rerender(tree(next));
  return { ...view, onCartApplied, onCartStale, onCheckout, showCart };
}

const box = () => screen.getByLabelText("Message Ava") as HTMLTextAreaElement;
const acceptButton = () => screen.queryByRole("button", { name: "Accept Offer & Apply to Cart" });

async function ready() {
  await waitFor(() => expect(box().disabled).toBe(false));
}

function typeAndEnter(text: string) {
  fireEvent.change(box(), { target: { value: text } });
  fireEvent.keyDown(box(), { key: "Enter" });
}

beforeEach(() => {
  stored = [];
  negotiationBody = () => ({
    id: NEGOTIATION_ID,
    status: "active",
    messages: stored,
    offer: null,
    approval: null,
  });
  routes = {
    "GET /api/negotiations/current": () => jsonResponse(200, { id: null }),
    "POST /api/negotiations": () => jsonResponse(201, { id: NEGOTIATION_ID }),
    [`GET /api/negotiations/${NEGOTIATION_ID}`]: () => jsonResponse(200, negotiationBody()),
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

describe("NegotiationWorkspace", () => {
  it("creates nothing on a visit, even under StrictMode; the first message starts the negotiation", async () => {
    routes["POST /functions/v1/negotiate-cart"] = () => sse("Let's talk.");
    renderWorkspace(true);
    await ready();
    expect(callsTo("GET /api/negotiations/current").length).toBeGreaterThan(0);
    expect(callsTo("POST /api/negotiations")).toHaveLength(0);
    expect(screen.getByText("Start negotiating to get the best price!")).toBeTruthy();
    expect(screen.getByText("Try asking about discounts or special offers.")).toBeTruthy();

    typeAndEnter("Hello");
    await waitFor(() => expect(callsTo("POST /functions/v1/negotiate-cart")).toHaveLength(1));
    expect(callsTo("POST /api/negotiations")).toHaveLength(1);
    const body = JSON.parse(String(callsTo("POST /functions/v1/negotiate-cart")[0]?.[1]?.body));
    expect(body.negotiationId).toBe(NEGOTIATION_ID);
  });

  it("says 'Failed to initialize negotiation' when the first message cannot start it, and keeps the text", async () => {
    routes["POST /api/negotiations"] = () => apiError(400, "CART_EMPTY", "Cart is empty");
    renderWorkspace();
    await ready();
    typeAndEnter("Can I get a discount?");
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to initialize negotiation", {
        description: "Cart is empty",
      }),
    );
    await waitFor(() => expect(box().value).toBe("Can I get a discount?"));
    expect(callsTo("POST /functions/v1/negotiate-cart")).toHaveLength(0);
    routes["POST /api/negotiations"] = () => jsonResponse(201, { id: NEGOTIATION_ID });
    routes["POST /functions/v1/negotiate-cart"] = () => sse("Sure.");
    await ready();
    typeAndEnter("Can I get a discount?");
    await waitFor(() => expect(callsTo("POST /functions/v1/negotiate-cart")).toHaveLength(1));
  });

  it("resumes the cart's negotiation after a reload: its messages and the standing offer", async () => {
    routes["GET /api/negotiations/current"] = () => jsonResponse(200, { id: NEGOTIATION_ID });
    stored = [
      { role: "user", content: "Can I get a discount?", createdAt: "2030-01-01T00:00:00Z" },
      { role: "assistant", content: `I can take 10% off.${BLOCK}`, createdAt: "2030-01-01T00:00:01Z" },
    ];
    negotiationBody = () => ({
      id: NEGOTIATION_ID,
      status: "active",
      messages: stored,
      offer: {
        id: "6f1c2d9e-1111-4a2b-9c3d-0000000000aa",
        discountPercent: 10,
        discountAmount: 10,
        itemAdjustments: [{ cartItemId: "item-p1", newPrice: 90 }],
        newItems: [],
        expiresAt: "2030-01-01T00:30:00Z",
        status: "standing",
      },
      approval: null,
    });
    routes["POST /functions/v1/negotiate-cart"] = () => sse("Still 10%.", BLOCK);
    renderWorkspace();
    await ready();
    expect(screen.getByText("Ava: I can take 10% off.")).toBeTruthy();
    expect(acceptButton()).toBeTruthy();
    typeAndEnter("More?");
    await waitFor(() => expect(callsTo("POST /functions/v1/negotiate-cart")).toHaveLength(1));
    expect(callsTo("POST /api/negotiations")).toHaveLength(0);
    const body = JSON.parse(String(callsTo("POST /functions/v1/negotiate-cart")[0]?.[1]?.body));
    expect(body.negotiationId).toBe(NEGOTIATION_ID);
  });

  it("after a typed 'deal' the server applied, or on revisiting an applied negotiation: the chat and the review", async () => {
    routes["POST /functions/v1/negotiate-cart"] = () =>
      sse("Wonderful, we have a deal. I've applied it to your cart.");
    const { onCartStale } = renderWorkspace();
    await ready();
    stored = [
      { role: "user", content: "deal", createdAt: "2030-01-01T00:00:00Z" },
      {
        role: "assistant",
        content: "Wonderful, we have a deal. I've applied it to your cart.",
        createdAt: "2030-01-01T00:00:01Z",
      },
    ];
    negotiationBody = () => ({
      id: NEGOTIATION_ID,
      status: "completed",
      messages: stored,
      offer: {
        id: "6f1c2d9e-1111-4a2b-9c3d-0000000000aa",
        discountPercent: 10,
        discountAmount: 10,
        itemAdjustments: [{ cartItemId: "item-p1", newPrice: 90 }],
        newItems: [],
        expiresAt: "2030-01-01T00:30:00Z",
        status: "applied",
      },
      approval: null,
    });
    typeAndEnter("deal");
    await waitFor(() =>
      expect(screen.getByRole("region", { name: "Review your negotiated order" })).toBeTruthy(),
    );
    expect(onCartStale).toHaveBeenCalled();
    expect(acceptButton()).toBeNull();
    expect(screen.getByText(/The offer is applied to your cart/)).toBeTruthy();
    cleanup();

    // Revisiting: the same conversation, and the discount applied.
    routes["GET /api/negotiations/current"] = () => jsonResponse(200, { id: NEGOTIATION_ID });
    renderWorkspace();
    await waitFor(() =>
      expect(screen.getByText("Ava: Wonderful, we have a deal. I've applied it to your cart.")).toBeTruthy(),
    );
    expect(screen.getByRole("region", { name: "Review your negotiated order" })).toBeTruthy();
    expect(acceptButton()).toBeNull();
    expect(box().disabled).toBe(true);
  });

  it("when Ava's applied discount lapses under the page: the notice, no review, and a fresh chat to negotiate again", async () => {
    routes["GET /api/negotiations/current"] = () => jsonResponse(200, { id: NEGOTIATION_ID });
    stored = [
      { role: "user", content: "deal", createdAt: "2030-01-01T00:00:00Z" },
      { role: "assistant", content: "Deal! Applied to your cart.", createdAt: "2030-01-01T00:00:01Z" },
    ];
    negotiationBody = () => ({
      id: NEGOTIATION_ID,
      status: "completed",
      messages: stored,
      offer: null,
      approval: null,
    });
    const { showCart } = renderWorkspace(false, APPLIED_CART);
    await waitFor(() =>
      expect(screen.getByRole("region", { name: "Review your negotiated order" })).toBeTruthy(),
    );
    expect(box().disabled).toBe(true);

    // A price changed: the server voided the discount, and its cart says so (checkout refused, or a reload).
    routes["GET /api/negotiations/current"] = () => jsonResponse(200, { id: null });
    const notice =
      "Ava's discount lapsed because a price changed; your cart shows today's prices. You can negotiate again.";
    showCart({ ...CART, discountNotice: notice });
    expect(screen.getByTestId("negotiation-discount-notice").textContent).toBe(notice);
    expect(screen.queryByRole("region", { name: "Review your negotiated order" })).toBeNull();
    expect(screen.queryByText(/The offer is applied to your cart/)).toBeNull();
    // The page asks the server again which negotiation is current (none) and starts afresh.
    await waitFor(() => expect(screen.queryByText("Ava: Deal! Applied to your cart.")).toBeNull());
    await ready();
    expect(screen.getByText("Start negotiating to get the best price!")).toBeTruthy();
    const again = "6f1c2d9e-1111-4a2b-9c3d-000000000002";
    routes["POST /api/negotiations"] = () => jsonResponse(201, { id: again });
    routes[`GET /api/negotiations/${again}`] = () =>
      jsonResponse(200, { id: again, status: "active", messages: [], offer: null, approval: null });
    routes["POST /functions/v1/negotiate-cart"] = () => sse("Deal at 10% off.", BLOCK);
    routes[`POST /api/negotiations/${again}/accept`] = () => jsonResponse(200, APPLIED_CART);
    typeAndEnter("Can I get a discount again?");
    await waitFor(() => expect(callsTo("POST /api/negotiations")).toHaveLength(1));

    // The new offer applies while the page's cart still carries the old notice: nothing starts over.
    await waitFor(() => expect(acceptButton()).toBeTruthy());
    fireEvent.click(acceptButton() as HTMLElement);
    const review = await screen.findByRole("region", { name: "Review your negotiated order" });
    await waitFor(() => expect(document.activeElement).toBe(within(review).getByRole("heading")));
    showCart(APPLIED_CART);
    expect(screen.queryByTestId("negotiation-discount-notice")).toBeNull();
    expect(screen.getByRole("region", { name: "Review your negotiated order" })).toBe(review);
  });

  it("streams Ava's reply into the last bubble without the hidden block, then offers to accept", async () => {
    const stream = controlledStream();
    routes["POST /functions/v1/negotiate-cart"] = () => stream.response;
    const { onCartStale } = renderWorkspace();
    await ready();
    expect(acceptButton()).toBeNull();

    typeAndEnter("Can I get a discount?");
    expect(box().value).toBe("");
    const list = await screen.findByRole("list", { name: "Negotiation messages" });
    expect(within(list).getByText("Can I get a discount?")).toBeTruthy();
    expect(screen.queryByText("Start negotiating to get the best price!")).toBeNull();
    expect(box().disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Send message" }) as HTMLButtonElement).disabled).toBe(true);

    const bubbles = () =>
      list.querySelectorAll('li[data-role="assistant"] [data-testid="negotiation-bubble"]');
    await act(async () => stream.push(delta("I can take ")));
    await waitFor(() => expect(bubbles()[0]?.textContent).toBe("Ava: I can take"));
    // The words and the start of the block arrive in one piece: the words show, the block does not.
    await act(async () => stream.push(delta('10% off.\n<NEGOTIATION_DATA>{"negotiation_complete":')));
    await waitFor(() => expect(bubbles()[0]?.textContent).toBe("Ava: I can take 10% off."));
    expect(document.body.textContent).not.toContain("NEGOTIATION");
    expect(acceptButton()).toBeNull();

    stored = [
      { role: "user", content: "Can I get a discount?", createdAt: "2030-01-01T00:00:00Z" },
      { role: "assistant", content: `I can take 10% off.${BLOCK}`, createdAt: "2030-01-01T00:00:01Z" },
    ];
    await act(async () => {
      stream.push(delta(`${BLOCK.slice(BLOCK.indexOf('"negotiation_complete":') + 23)}`));
      stream.push("data: [DONE]\n\n");
      stream.close();
    });
    await waitFor(() => expect(box().disabled).toBe(false));
    expect(bubbles()[0]?.textContent).toBe("Ava: I can take 10% off.");
    expect(document.body.textContent).not.toContain("NEGOTIATION_DATA");
    expect(acceptButton()).toBeTruthy();
    expect(onCartStale).toHaveBeenCalled();
    // The whole conversation goes, the new message last.
    const body = JSON.parse(String(callsTo("POST /functions/v1/negotiate-cart")[0]?.[1]?.body));
    expect(body).toEqual({
      negotiationId: NEGOTIATION_ID,
      messages: [{ role: "user", content: "Can I get a discount?" }],
    });
    await waitFor(() => expect(screen.getByText("Ava: I can take 10% off.")).toBeTruthy());
  });

  it("renders messages as text, never as HTML", async () => {
    routes["POST /functions/v1/negotiate-cart"] = () => sse("<b>bold</b> offer", BLOCK);
    const { container } = renderWorkspace();
    await ready();
    typeAndEnter('<img src=x onerror="alert(1)">');
    await waitFor(() => expect(box().disabled).toBe(false));
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(screen.getByText('<img src=x onerror="alert(1)">')).toBeTruthy();
  });

  it("applies the offer: toast, the returned cart handed up, the accept button gone, the review card shown", async () => {
    routes["POST /functions/v1/negotiate-cart"] = () => sse("Deal at 10% off.", BLOCK);
    routes[`POST /api/negotiations/${NEGOTIATION_ID}/accept`] = () => jsonResponse(200, APPLIED_CART);
    const { onCartApplied, onCheckout } = renderWorkspace();
    await ready();
    typeAndEnter("Deal?");
    await waitFor(() => expect(acceptButton()).toBeTruthy());

    // A double click applies once.
    fireEvent.click(acceptButton() as HTMLElement);
    fireEvent.click(acceptButton() as HTMLElement);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Negotiation applied to your cart!"));
    expect(onCartApplied).toHaveBeenCalledWith(CartSchema.parse(APPLIED_CART));
    expect(callsTo(`POST /api/negotiations/${NEGOTIATION_ID}/accept`)).toHaveLength(1);
    expect(toast.error).not.toHaveBeenCalled();
    await waitFor(() => expect(acceptButton()).toBeNull());
    const review = screen.getByRole("region", { name: "Review your negotiated order" });
    expect(review).toBeTruthy();
    expect(box().disabled).toBe(true);
    fireEvent.click(within(review).getByRole("button", { name: "Proceed to Checkout" }));
    expect(onCheckout).toHaveBeenCalled();
  });

  it("says 'Failed to apply negotiation' with the server's sentence when accepting is refused", async () => {
    routes["POST /functions/v1/negotiate-cart"] = () => sse("10% off.", BLOCK);
    routes[`POST /api/negotiations/${NEGOTIATION_ID}/accept`] = () =>
      apiError(409, "OFFER_EXPIRED", "This offer has expired. Ask Ava for a new one.");
    const { onCartApplied } = renderWorkspace();
    await ready();
    typeAndEnter("Deal?");
    await waitFor(() => expect(acceptButton()).toBeTruthy());
    fireEvent.click(acceptButton() as HTMLElement);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to apply negotiation", {
        description: "This offer has expired. Ask Ava for a new one.",
      }),
    );
    expect(onCartApplied).not.toHaveBeenCalled();
    expect(screen.queryByRole("region", { name: "Review your negotiated order" })).toBeNull();
  });

  it("429: the spec's 'Rate Limit' toast, and the message back in the box", async () => {
    routes["POST /functions/v1/negotiate-cart"] = () =>
      apiError(429, "RATE_LIMITED", "Too many messages to Ava in a minute. Please wait a moment.");
    renderWorkspace();
    await ready();
    typeAndEnter("Can I get a discount?");
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Rate Limit", {
        description: "Too many requests. Please wait a moment and try again.",
      }),
    );
    await waitFor(() => expect(box().disabled).toBe(false));
    expect(box().value).toBe("Can I get a discount?");
  });

  it.each([
    [
      "a stream that cannot start",
      () => new Response(null, { status: 200 }),
      "Failed to get response from AI negotiator",
    ],
    [
      "a server failure",
      () => apiError(500, "NEGOTIATOR_FAILED", "x"),
      "Failed to get response from AI negotiator",
    ],
    ["401", () => apiError(401, "UNAUTHENTICATED", "Sign in first"), "Not authenticated"],
    [
      "409",
      () =>
        apiError(
          409,
          "NEGOTIATION_COMPLETED",
          "This negotiation is complete. Start a new one to negotiate again.",
        ),
      "This negotiation is complete. Start a new one to negotiate again.",
    ],
  ])("%s: the toast, and the message back in the box", async (_, response, message) => {
    routes["POST /functions/v1/negotiate-cart"] = response;
    renderWorkspace();
    await ready();
    typeAndEnter("Can I get a discount?");
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    await waitFor(() => expect(box().disabled).toBe(false));
    expect(box().value).toBe("Can I get a discount?");
    expect(screen.queryByRole("list", { name: "Negotiation messages" })).toBeNull();
  });

  it("shows Ava's answer when the manager decides, without a reload", async () => {
    const sources: FakeEventSource[] = [];
    class FakeEventSource extends EventTarget {
      constructor(readonly url: string) {
        super();
        sources.push(this);
      }
      close() {}
    }
    vi.stubGlobal("EventSource", FakeEventSource);
    routes["POST /functions/v1/negotiate-cart"] = () => sse("Let me check with my manager.");
    renderWorkspace();
    await ready();
    stored = [
      { role: "user", content: "20% off?", createdAt: "2030-01-01T00:00:00Z" },
      { role: "assistant", content: "Let me check with my manager.", createdAt: "2030-01-01T00:00:01Z" },
    ];
    negotiationBody = () => ({
      id: NEGOTIATION_ID,
      status: "active",
      messages: stored,
      offer: null,
      approval: { id: "a1", status: "pending" },
    });
    typeAndEnter("20% off?");
    await waitFor(() => expect(screen.getByText(/checking with the manager/)).toBeTruthy());
    expect(acceptButton()).toBeNull();
    expect(sources[0]?.url).toBe("/api/realtime");

    stored = [
      ...stored,
      { role: "assistant", content: `Good news: approved!${BLOCK}`, createdAt: "2030-01-01T00:01:00Z" },
    ];
    negotiationBody = () => ({
      id: NEGOTIATION_ID,
      status: "active",
      messages: stored,
      offer: null,
      approval: { id: "a1", status: "approved" },
    });
    const decided = {
      type: "approval.decided",
      approvalId: "a1",
      negotiationId: NEGOTIATION_ID,
      status: "approved",
      userId: "u1",
    };
    await act(async () => {
      sources[0]?.dispatchEvent(
        new MessageEvent("approval.decided", {
          data: JSON.stringify({ ...decided, negotiationId: "other" }),
        }),
      );
      sources[0]?.dispatchEvent(new MessageEvent("approval.decided", { data: JSON.stringify(decided) }));
    });
    await waitFor(() => expect(screen.getByText("Good news: approved!")).toBeTruthy());
    expect(acceptButton()).toBeTruthy();
    expect(screen.queryByText(/checking with the manager/)).toBeNull();
  });

  it("shows the customer card and the server's summary", async () => {
    renderWorkspace();
    await ready();
    const customer = screen.getByRole("region", { name: "Nora Negotiator" });
    expect(within(customer).getByText("nora@example.com")).toBeTruthy();
    expect(within(customer).getByText("New Customer")).toBeTruthy();
    expect(screen.getByTestId("negotiation-total").textContent).toBe("$110.00");
    expect(screen.getByTestId("negotiation-tax").textContent).toBe("$10.00");
  });
});
