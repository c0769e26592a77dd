import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DashboardChart } from "./dashboard-chart";

afterEach(cleanup);

/** The dollar figure an axis label reads ("$1.5K" -> 1500). */
function dollars(label: string): number {
  const match = /^\$([\d.]+)([KM]?)$/.exec(label.trim());
  if (!match) throw new Error(`not an axis label: ${label}`);
  const scale = match[2] === "K" ? 1_000 : match[2] === "M" ? 1_000_000 : 1;
  return Number(match[1]) * scale;
}

describe("the revenue chart", () => {
  it("draws a $128.00 day on an axis in dollars, its bar reaching $128 on that axis", () => {
    // The API client hands the chart cents: $128.00 is 12,800.
    const days = [
      { date: "2026-11-01", orders: 0, revenue: 0, negotiatedDiscount: 0 },
      { date: "2026-11-02", orders: 1, revenue: 12_800, negotiatedDiscount: 500 },
    ];
    const { container } = render(<DashboardChart days={days} />);
    const ticks = [...container.querySelectorAll("g[data-tick]")].map((g) => ({
      y: Number(g.querySelector("line")?.getAttribute("y1")),
      dollars: dollars(g.querySelector("text")?.textContent ?? ""),
    }));
    expect(ticks.map((t) => t.dollars)).toEqual([0, 50, 100, 150, 200]);
    const base = ticks[0];
    const top = ticks.at(-1);
    if (!base || !top) throw new Error("no ticks");
    const bar = container.querySelector('rect[data-day="2026-11-02"]');
    const barTop = Number(bar?.getAttribute("y"));
    const barValue = ((base.y - barTop) / (base.y - top.y)) * top.dollars;
    expect(barValue).toBeCloseTo(128, 5);
    expect(Number(bar?.getAttribute("height"))).toBeCloseTo(base.y - barTop, 5);
    const point = container.querySelectorAll("circle")[1];
    const pointValue = ((base.y - Number(point?.getAttribute("cy"))) / (base.y - top.y)) * top.dollars;
    expect(pointValue).toBeCloseTo(5, 5);
    expect(bar?.querySelector("title")?.textContent).toContain("$128.00 revenue");
  });
});
