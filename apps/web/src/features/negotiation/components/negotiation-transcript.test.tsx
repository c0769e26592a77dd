import { negotiationDataBlock } from "@haggle/contract/negotiation";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { NegotiationTranscript } from "./negotiation-transcript";

function renderTranscript() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <NegotiationTranscript negotiationId="neg-1" />
    </QueryClientProvider>,
  );
}

describe("NegotiationTranscript", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says there is no chat when the negotiation is not found", async () => {
    const { fetchFn } = routeFetch({
      "GET /api/negotiations/neg-1": () =>
        jsonResponse(404, { error: { code: "NOT_FOUND", message: "Negotiation not found" } }),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderTranscript();
    expect(await screen.findByText("No negotiation chat for this order")).toBeTruthy();
  });

  it("shows the messages as text, never as HTML, without the hidden result block", async () => {
    const { fetchFn } = routeFetch({
      "GET /api/negotiations/neg-1": () =>
        jsonResponse(200, {
          id: "neg-1",
          status: "completed",
          messages: [
            {
              role: "user",
              content: '<img src=x onerror="alert(1)">10% off?',
              createdAt: "2025-01-01T10:00:00Z",
            },
            {
              role: "assistant",
              content: `I can do 8%.${negotiationDataBlock({
                negotiation_complete: true,
                item_adjustments: [],
                total_discount_percent: 8,
                total_discount_amount: 4,
                new_items: [],
              })}`,
              createdAt: "2025-01-01T10:00:05Z",
            },
          ],
          offer: null,
          approval: null,
        }),
    });
    vi.stubGlobal("fetch", fetchFn);
    const { container } = renderTranscript();
    expect(await screen.findByText('<img src=x onerror="alert(1)">10% off?')).toBeTruthy();
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByText("I can do 8%.")).toBeTruthy();
    expect(container.textContent).not.toContain("NEGOTIATION_DATA");
    expect(screen.getByText("You said:")).toBeTruthy();
    expect(screen.getByText("Ava said:")).toBeTruthy();
  });
});
