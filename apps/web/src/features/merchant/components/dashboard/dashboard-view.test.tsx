import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { DashboardView } from "./dashboard-view";

function days(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, "0")}`,
    orders: i === 4 ? 2 : 0,
    revenue: i === 4 ? 250.5 : 0,
    negotiatedDiscount: i === 4 ? 20 : 0,
  }));
}

function stub(pendingApprovals: number) {
  const { fetchFn } = routeFetch({
    "GET /api/merchant/stats": () =>
      jsonResponse(200, {
        totalProducts: 180,
        activeNegotiations: 4,
        pendingApprovals,
        totalRevenue: 1234.5,
      }),
    "GET /api/merchant/dashboard?days=30": () =>
      jsonResponse(200, {
        days: days(30),
        negotiator: {
          negotiations: 8,
          deals: 3,
          dealRate: 0.375,
          averageDiscountPct: 7.5,
          totalDiscount: 45.25,
          escalations: 1,
        },
        channels: {
          web: { negotiations: 5, deals: 2, dealRate: 0.4, averageDiscountPct: 8.25 },
          agent: { negotiations: 3, deals: 1, dealRate: 0.3333, averageDiscountPct: 6 },
        },
        discountCodes: [
          { code: "WELCOME10", orders: 1234, discount: 2468.5, revenue: 45678.9 },
          { code: "FREESHIP", orders: 3, discount: 0, revenue: 120 },
        ],
        lowStock: {
          atMost: 5,
          countedUpTo: 1000,
          total: 3,
          variants: [
            {
              productId: "tee",
              variantId: "tee-s",
              productName: "Trail Tee",
              optionValues: ["S", "Black"],
              stockLevel: 0,
            },
            {
              productId: "tee",
              variantId: "tee-m",
              productName: "Trail Tee",
              optionValues: ["M", "Black"],
              stockLevel: 2,
            },
          ],
        },
      }),
  });
  vi.stubGlobal("fetch", fetchFn);
}

function renderDashboard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DashboardView />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the merchant dashboard", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the four cards, the chart with its accessible name and the negotiator's figures", async () => {
    stub(0);
    renderDashboard();
    expect(screen.getByRole("heading", { name: "Merchant Dashboard", level: 1 })).toBeTruthy();
    const card = async (name: string) => within(await screen.findByRole("region", { name }));
    expect((await card("Total Products")).getByText("180")).toBeTruthy();
    expect((await card("Active Negotiations")).getByText("4")).toBeTruthy();
    expect((await card("Total Revenue")).getByText("$1,234.50")).toBeTruthy();
    const pending = await screen.findByRole("region", { name: "Pending Approvals" });
    expect(within(pending).getByText("0")).toBeTruthy();
    expect(pending.dataset.highlighted).toBeUndefined();
    expect(within(pending).queryByRole("link")).toBeNull();

    const chart = await screen.findByRole("img", {
      name: "Revenue and negotiated discount per day, last 30 days",
    });
    expect(chart.tagName.toLowerCase()).toBe("svg");
    expect(chart.querySelectorAll("rect")).toHaveLength(30);
    expect(screen.getByText(/\$250\.50 revenue from 2 orders, \$20\.00 negotiated discount/)).toBeTruthy();
    expect(screen.getByRole("table", { name: /Revenue and negotiated discount per day/ })).toBeTruthy();
    const legend = screen.getByRole("list", { name: "Legend" });
    expect(within(legend).getByText("Revenue")).toBeTruthy();
    expect(within(legend).getByText("Negotiated discount")).toBeTruthy();

    expect(screen.getByTestId("deal-rate").textContent).toBe("37.5%");
    expect(screen.getByTestId("average-discount").textContent).toBe("7.5%");
    expect(screen.getByTestId("total-discount").textContent).toBe("$45.25");
    expect(screen.getByTestId("negotiations").textContent).toBe("8");
    expect(screen.getByTestId("escalations").textContent).toBe("1");
  });

  it("lists the variants low on stock by name, each linked to its product's variants, and counts the rest", async () => {
    stub(0);
    renderDashboard();
    const card = within(await screen.findByRole("region", { name: "Low stock" }));
    const links = card.getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual([
      "Trail Tee — S / Black: sold out",
      "Trail Tee — M / Black: 2 left",
    ]);
    expect(links[1]?.getAttribute("href")).toBe("/merchant/products/tee/variants");
    expect(card.getByText("and 1 more")).toBeTruthy();
  });

  it("lists the discount codes orders used, most used first, with orders, what they took off and revenue", async () => {
    stub(0);
    renderDashboard();
    const card = within(await screen.findByRole("region", { name: "Discount codes used" }));
    const rows = card.getAllByRole("row").slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      "WELCOME101,234$2,468.50$45,678.90",
      "FREESHIP3$0.00$120.00",
    ]);
    expect(card.getByRole("link", { name: "Manage codes" }).getAttribute("href")).toBe(
      "/merchant/discount-codes",
    );
  });

  it("shows agents' negotiations apart from people's in the 'AI agents' card", async () => {
    stub(0);
    renderDashboard();
    const card = within(await screen.findByRole("region", { name: "AI agents" }));
    const agents = card.getByRole("row", { name: /Shoppers' AI agents/ });
    expect(
      within(agents)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["3", "33.3%", "6%"]);
    const people = card.getByRole("row", { name: /People on the shop's page/ });
    expect(
      within(people)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["5", "40%", "8.3%"]);
    expect(card.getByRole("link", { name: /See what agents did/ }).getAttribute("href")).toBe(
      "/merchant/agent-activity",
    );
    // The negotiator's figures over everyone stay as they were.
    expect(screen.getByTestId("negotiations").textContent).toBe("8");
  });

  it("highlights Pending Approvals above 0, with a link to the approvals", async () => {
    stub(2);
    renderDashboard();
    const pending = await screen.findByRole("region", { name: "Pending Approvals" });
    expect(await within(pending).findByText("2")).toBeTruthy();
    expect(pending.dataset.highlighted).toBe("true");
    expect(pending.className).toMatch(/amber/);
    expect(
      within(pending)
        .getByRole("link", { name: /Review 2 requests/ })
        .getAttribute("href"),
    ).toBe("/merchant/approvals");
  });

  it("says when the figures cannot be loaded", async () => {
    vi.stubGlobal("fetch", routeFetch({}).fetchFn);
    renderDashboard();
    expect(await screen.findByText("The shop's figures could not be loaded.")).toBeTruthy();
    expect(await screen.findByText("The last 30 days could not be loaded.")).toBeTruthy();
  });
});
