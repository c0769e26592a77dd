import { spyOnToasts } from "@/test/spy-on-toasts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@/lib/toast";
import { describe, expect, it, vi } from "vitest";
import { CartSchema } from "@haggle/contract/cart";
import { jsonResponse } from "@/test/make-cart";
import {
  acceptButton,
  apiError,
  APPLIED_CART,
  BLOCK,
  box,
  callsTo,
  controlledStream,
  delta,
  NEGOTIATION_ID,
  ready,
  renderWorkspace,
  server,
  sse,
  typeAndEnter,
  installWorkspaceServer,
} from "./negotiation-workspace.test-harness";

spyOnToasts();

installWorkspaceServer();

describe("NegotiationWorkspace: offers, errors and the manager", () => {
  it("streams Ava's reply into the last bubble without the hidden block, then offers to accept", async () => {
    const stream = controlledStream();
    server.routes["POST /functions/v1/negotiate-cart"] = () => stream.response;
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

    server.stored = [
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
    server.routes["POST /functions/v1/negotiate-cart"] = () => sse("<b>bold</b> offer", BLOCK);
    const { container } = renderWorkspace();
    await ready();
    typeAndEnter('<img src=x onerror="alert(1)">');
    await waitFor(() => expect(box().disabled).toBe(false));
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(screen.getByText('<img src=x onerror="alert(1)">')).toBeTruthy();
  });

  it("applies the offer: toast, the returned cart handed up, the accept button gone, the review card shown", async () => {
    server.routes["POST /functions/v1/negotiate-cart"] = () => sse("Deal at 10% off.", BLOCK);
    server.routes[`POST /api/negotiations/${NEGOTIATION_ID}/accept`] = () => jsonResponse(200, APPLIED_CART);
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
    server.routes["POST /functions/v1/negotiate-cart"] = () => sse("10% off.", BLOCK);
    server.routes[`POST /api/negotiations/${NEGOTIATION_ID}/accept`] = () =>
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
    server.routes["POST /functions/v1/negotiate-cart"] = () =>
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
    server.routes["POST /functions/v1/negotiate-cart"] = response;
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
    server.routes["POST /functions/v1/negotiate-cart"] = () => sse("Let me check with my manager.");
    renderWorkspace();
    await ready();
    server.stored = [
      { role: "user", content: "20% off?", createdAt: "2030-01-01T00:00:00Z" },
      { role: "assistant", content: "Let me check with my manager.", createdAt: "2030-01-01T00:00:01Z" },
    ];
    server.negotiationBody = () => ({
      id: NEGOTIATION_ID,
      status: "active",
      messages: server.stored,
      offer: null,
      approval: { id: "a1", status: "pending" },
    });
    typeAndEnter("20% off?");
    await waitFor(() => expect(screen.getByText(/checking with the manager/)).toBeTruthy());
    expect(acceptButton()).toBeNull();
    expect(sources[0]?.url).toBe("/api/realtime");

    server.stored = [
      ...server.stored,
      { role: "assistant", content: `Good news: approved!${BLOCK}`, createdAt: "2030-01-01T00:01:00Z" },
    ];
    server.negotiationBody = () => ({
      id: NEGOTIATION_ID,
      status: "active",
      messages: server.stored,
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
