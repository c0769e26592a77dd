import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { AgentActivityView } from "./agent-activity-view";

function renderView(calls: unknown[]) {
  const { fetchFn } = routeFetch({ "GET /api/merchant/agent-activity": () => jsonResponse(200, { calls }) });
  vi.stubGlobal("fetch", fetchFn);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AgentActivityView />
    </QueryClientProvider>,
  );
}

describe("the merchant's agent activity page", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists each tool call: tool, shopper and key, arguments, status and result", async () => {
    renderView([
      {
        id: "c1",
        createdAt: "2026-11-25T10:00:00.000Z",
        tool: "negotiate",
        shopper: "ada@example.com",
        keyName: "Shopping bot",
        arguments: '{"message":"10% off?"}',
        status: "ok",
        result: "counter: offer 7% ($3.91) standing",
        durationMs: 40,
      },
      {
        id: "c2",
        createdAt: "2026-11-25T09:59:00.000Z",
        tool: "get_cart",
        shopper: null,
        keyName: null,
        arguments: "{}",
        status: "refused",
        result: "get_cart acts for a shopper: it needs the shopper's API key.",
        durationMs: 2,
      },
    ]);
    const table = await screen.findByRole("table", { name: "Agent tool calls" });
    const rows = within(table).getAllByTestId("agent-call-row");
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain("negotiate");
    expect(rows[0]!.textContent).toContain("ada@example.com");
    expect(rows[0]!.textContent).toContain("key “Shopping bot”");
    expect(rows[0]!.textContent).toContain("counter: offer 7% ($3.91) standing");
    expect(within(rows[1]!).getByText("anonymous")).toBeTruthy();
    expect(within(rows[1]!).getByText("Refused")).toBeTruthy();
  });

  it("says when no agent has called yet", async () => {
    renderView([]);
    expect(await screen.findByText("No agent has called the shop yet.")).toBeTruthy();
  });
});
