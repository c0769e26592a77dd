import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { ExperimentCard } from "./dashboard-experiment";

const group = (visitors: number, buyers: number, revenue: number, discount: number) => ({
  visitors,
  buyers,
  orders: buyers,
  conversion: Math.round((buyers / visitors) * 10_000) / 10_000,
  revenue,
  averageOrderValue: 100,
  revenuePerCart: Math.round((revenue / visitors) * 100) / 100,
  discount,
});

const running = {
  id: "e1",
  holdoutPct: 10,
  startedAt: "2026-11-20T09:00:00.000Z",
  stoppedAt: null,
  running: true,
  ava: group(30, 10, 1000, 50),
  holdout: group(30, 6, 600, 0),
  enoughData: true,
  revenuePerCart: { difference: 13.33, low: -9.17, high: 35.83 },
  conversion: { difference: 0.1333, low: -0.0879, high: 0.3546 },
  sentence:
    "Ava's shoppers spend $13.33 more per cart (95% CI -$9.17 to $35.83). The difference is not yet clear of zero.",
};

function renderCard(routes: Parameters<typeof routeFetch>[0]) {
  const { fetchFn, calls } = routeFetch(routes);
  vi.stubGlobal("fetch", fetchFn);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ExperimentCard />
    </QueryClientProvider>,
  );
  return calls;
}

describe("the 'Measure Ava' card", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows both groups, the intervals and the sentence of a running experiment", async () => {
    renderCard({ "GET /api/merchant/experiment": () => jsonResponse(200, { experiment: running }) });
    const card = await screen.findByRole("region", { name: "Measure Ava" });
    expect((await within(card).findByTestId("experiment-sentence")).textContent).toContain(running.sentence);
    expect(within(card).getByTestId("ava-visitors").textContent).toContain("30");
    expect(within(card).getByTestId("holdout-conversion").textContent).toContain("20%");
    expect(within(card).getByTestId("ava-revenue-per-cart").textContent).toContain("$33.33");
    expect(within(card).getByTestId("ava-discount").textContent).toContain("$50.00");
    expect(within(card).getByTestId("experiment-revenue-ci").textContent).toContain(
      "$13.33 (-$9.17 to $35.83)",
    );
    expect(within(card).getByTestId("experiment-conversion-ci").textContent).toContain(
      "+13.3 (-8.8 to +35.5)",
    );
    expect(within(card).getByRole("button", { name: "Stop the experiment" })).toBeTruthy();
  });

  it("starts with the share typed, after checking it, when none runs", async () => {
    let current: typeof running | null = null;
    const calls = renderCard({
      "GET /api/merchant/experiment": () => jsonResponse(200, { experiment: current }),
      "POST /api/merchant/experiment": () => {
        current = { ...running, holdoutPct: 20 };
        return jsonResponse(201, { experiment: current });
      },
    });
    const share = await screen.findByLabelText("Share of shoppers held out (%)");
    expect((share as HTMLInputElement).value).toBe("10");
    fireEvent.change(share, { target: { value: "60" } });
    fireEvent.click(screen.getByRole("button", { name: "Start measuring Ava" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "The share held out must be a whole percent from 1 to 50.",
    );
    expect(share.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(share, { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Start measuring Ava" }));
    expect(await screen.findByText(/20% of shoppers held out/)).toBeTruthy();
    expect(calls.find((c) => c.route === "POST /api/merchant/experiment")?.body).toEqual({ holdoutPct: 20 });
  });
});
