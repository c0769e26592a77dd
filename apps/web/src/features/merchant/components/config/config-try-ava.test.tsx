import { spyOnToasts } from "@/test/spy-on-toasts";
import type { MerchantConfig } from "@haggle/contract/merchant";
import { DEFAULT_SELLER_CONFIG } from "@haggle/domain/merchant/seller-config";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { NegotiationConfigPage } from "./config-page";
import { routesAt } from "@/test/routes-at";
import { stubResizeObserver } from "@/test/viewport";

spyOnToasts();

beforeEach(() => {
  // The agents card's switch measures itself; jsdom has no layout.
  stubResizeObserver();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const config: MerchantConfig = {
  config: structuredClone(DEFAULT_SELLER_CONFIG),
  updatedAt: {
    negotiation_limits: null,
    tier_benefits: null,
    escalation_rules: null,
    global_rules: null,
    pricing: null,
    agents: null,
  },
};

/** Ava's answer on the wire (dollars), one turn per message sent. */
function answer(messages: string[]) {
  return {
    cart: { items: [{ productId: "p1", name: "Trail Shoes", quantity: 1, unitPrice: 116 }], subtotal: 116 },
    tier: "NONE",
    turns: messages.map((message) => ({
      message,
      reply: `I hear you on "${message}". What would move me further: telling me your budget.`,
      decision: "offer",
      offer: { discountPercent: 0.49, discountAmount: 0.58, total: 126.96, newItems: [] },
      escalation: null,
    })),
  };
}

function renderPage(reject = false) {
  const server = routeFetch({
    "GET /api/merchant/config": () => jsonResponse(200, config),
    "POST /api/merchant/try-ava": (init) => {
      const body = JSON.parse(String(init?.body));
      if (reject) {
        return jsonResponse(400, {
          error: {
            code: "CONFIG_CONFLICT",
            message:
              "Max auto discount cannot be above the escalation ceiling (25%). Raise the ceiling first.",
          },
        });
      }
      return jsonResponse(200, answer(body.messages));
    },
  });
  vi.stubGlobal("fetch", server.fetchFn);
  const { element: routed } = routesAt([{ path: "/", element: <NegotiationConfigPage /> }]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{routed}</QueryClientProvider>);
  return server;
}

describe("Try Ava on the negotiation settings page", () => {
  it("sends the unsaved settings and the whole conversation, shows her answers and offers, saves nothing", async () => {
    const { calls } = renderPage();
    fireEvent.change(await screen.findByLabelText("Max auto discount (%)"), { target: { value: "5" } });
    const panel = screen.getByRole("region", { name: "Try Ava" });
    const input = within(panel).getByLabelText("Message as a shopper");
    fireEvent.change(input, { target: { value: "10% off?" } });
    // Enter in the field sends, as the form's submit.
    fireEvent.submit(input);
    // 0.49 from the API reads "0.5%", as Ava says it in the chat.
    await within(panel).findByText("Offer: 0.5% off ($0.58), total $126.96");
    expect(within(panel).getByText(/What would move me further/)).toBeTruthy();
    expect(within(panel).getByTestId("try-ava-cart").textContent).toContain("1 × Trail Shoes ($116.00)");

    fireEvent.change(input, { target: { value: "come on, 10%?" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Send" }));
    await waitFor(() => expect(within(panel).getAllByText(/^Offer:/)).toHaveLength(2));

    const tries = calls.filter((c) => c.route === "POST /api/merchant/try-ava");
    expect(tries.map((c) => c.body)).toEqual([
      {
        settings: {
          negotiation_limits: {
            max_auto_discount_pct: 5,
            max_auto_discount_amount: 150,
            bundling_discount_bonus: 5,
            stance: "balanced",
          },
        },
        tier: "NONE",
        messages: ["10% off?"],
      },
      expect.objectContaining({ messages: ["10% off?", "come on, 10%?"] }),
    ]);
    expect(calls.some((c) => c.route.startsWith("PUT "))).toBe(false);
    // The edit is still unsaved.
    expect(screen.getByText("You have unsaved changes.")).toBeTruthy();

    fireEvent.click(within(panel).getByRole("button", { name: "Start over" }));
    expect(within(panel).queryByText(/^Offer:/)).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it("shows why the server refused the settings, keeping what was typed", async () => {
    renderPage(true);
    const panel = await screen.findByRole("region", { name: "Try Ava" });
    const input = within(panel).getByLabelText("Message as a shopper");
    fireEvent.change(input, { target: { value: "10% off?" } });
    fireEvent.submit(input);
    expect((await within(panel).findByRole("alert")).textContent).toBe(
      "Max auto discount cannot be above the escalation ceiling (25%). Raise the ceiling first.",
    );
    expect((input as HTMLInputElement).value).toBe("10% off?");
  });
});
