import { spyOnToasts } from "@/test/spy-on-toasts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@/lib/toast";
import { describe, expect, it } from "vitest";
import { jsonResponse } from "@/test/make-cart";
import {
  acceptButton,
  apiError,
  APPLIED_CART,
  BLOCK,
  box,
  callsTo,
  CART,
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

describe("NegotiationWorkspace", () => {
  it("creates nothing on a visit, even under StrictMode; the first message starts the negotiation", async () => {
    server.routes["POST /functions/v1/negotiate-cart"] = () => sse("Let's talk.");
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
    server.routes["POST /api/negotiations"] = () => apiError(400, "CART_EMPTY", "Cart is empty");
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
    server.routes["POST /api/negotiations"] = () => jsonResponse(201, { id: NEGOTIATION_ID });
    server.routes["POST /functions/v1/negotiate-cart"] = () => sse("Sure.");
    await ready();
    typeAndEnter("Can I get a discount?");
    await waitFor(() => expect(callsTo("POST /functions/v1/negotiate-cart")).toHaveLength(1));
  });

  it("resumes the cart's negotiation after a reload: its messages and the standing offer", async () => {
    server.routes["GET /api/negotiations/current"] = () => jsonResponse(200, { id: NEGOTIATION_ID });
    server.stored = [
      { role: "user", content: "Can I get a discount?", createdAt: "2030-01-01T00:00:00Z" },
      { role: "assistant", content: `I can take 10% off.${BLOCK}`, createdAt: "2030-01-01T00:00:01Z" },
    ];
    server.negotiationBody = () => ({
      id: NEGOTIATION_ID,
      status: "active",
      messages: server.stored,
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
    server.routes["POST /functions/v1/negotiate-cart"] = () => sse("Still 10%.", BLOCK);
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
    server.routes["POST /functions/v1/negotiate-cart"] = () =>
      sse("Wonderful, we have a deal. I've applied it to your cart.");
    const { onCartStale } = renderWorkspace();
    await ready();
    server.stored = [
      { role: "user", content: "deal", createdAt: "2030-01-01T00:00:00Z" },
      {
        role: "assistant",
        content: "Wonderful, we have a deal. I've applied it to your cart.",
        createdAt: "2030-01-01T00:00:01Z",
      },
    ];
    server.negotiationBody = () => ({
      id: NEGOTIATION_ID,
      status: "completed",
      messages: server.stored,
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
    server.routes["GET /api/negotiations/current"] = () => jsonResponse(200, { id: NEGOTIATION_ID });
    renderWorkspace();
    await waitFor(() =>
      expect(screen.getByText("Ava: Wonderful, we have a deal. I've applied it to your cart.")).toBeTruthy(),
    );
    expect(screen.getByRole("region", { name: "Review your negotiated order" })).toBeTruthy();
    expect(acceptButton()).toBeNull();
    expect(box().disabled).toBe(true);
  });

  it("when Ava's applied discount lapses under the page: the notice, no review, and a fresh chat to negotiate again", async () => {
    server.routes["GET /api/negotiations/current"] = () => jsonResponse(200, { id: NEGOTIATION_ID });
    server.stored = [
      { role: "user", content: "deal", createdAt: "2030-01-01T00:00:00Z" },
      { role: "assistant", content: "Deal! Applied to your cart.", createdAt: "2030-01-01T00:00:01Z" },
    ];
    server.negotiationBody = () => ({
      id: NEGOTIATION_ID,
      status: "completed",
      messages: server.stored,
      offer: null,
      approval: null,
    });
    const { showCart } = renderWorkspace(false, APPLIED_CART);
    await waitFor(() =>
      expect(screen.getByRole("region", { name: "Review your negotiated order" })).toBeTruthy(),
    );
    expect(box().disabled).toBe(true);

    // A price changed: the server voided the discount, and its cart says so (checkout refused, or a reload).
    server.routes["GET /api/negotiations/current"] = () => jsonResponse(200, { id: null });
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
    server.routes["POST /api/negotiations"] = () => jsonResponse(201, { id: again });
    server.routes[`GET /api/negotiations/${again}`] = () =>
      jsonResponse(200, { id: again, status: "active", messages: [], offer: null, approval: null });
    server.routes["POST /functions/v1/negotiate-cart"] = () => sse("Deal at 10% off.", BLOCK);
    server.routes[`POST /api/negotiations/${again}/accept`] = () => jsonResponse(200, APPLIED_CART);
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
});
