import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { OrderItemList } from "./order-item-list";
import { formatEventTime, OrderTimeline } from "./order-timeline";

afterEach(cleanup);

describe("OrderTimeline", () => {
  it("tells what happened, oldest first, with when, the money given back and why", () => {
    render(
      <OrderTimeline
        timeline={[
          { kind: "placed", at: "2026-11-25T10:00:00.000Z", amount: null, note: null },
          { kind: "paid", at: "2026-11-25T10:05:00.000Z", amount: null, note: null },
          { kind: "refunded", at: "2026-11-26T09:00:00.000Z", amount: 1250, note: null },
          { kind: "cancelled", at: "2026-11-26T09:00:00.000Z", amount: null, note: "The payment failed." },
        ]}
      />,
    );
    const list = screen.getByRole("list");
    const steps = within(list).getAllByRole("listitem");
    expect(steps.map((s) => s.dataset.kind)).toEqual(["placed", "paid", "refunded", "cancelled"]);
    expect(steps[0]!.textContent).toContain("Order placed");
    expect(steps[1]!.textContent).toContain("Payment received");
    expect(steps[2]!.textContent).toContain("Refunded · $12.50");
    expect(steps[3]!.textContent).toContain("The payment failed.");
    const time = steps[0]!.querySelector("time")!;
    expect(time.getAttribute("datetime")).toBe("2026-11-25T10:00:00.000Z");
    expect(time.textContent).toContain(formatEventTime("2026-11-25T10:00:00.000Z"));
    expect(screen.getByRole("heading", { name: "Order timeline" })).toBeTruthy();
  });

  it("shows a date it cannot read as it came", () => {
    expect(formatEventTime("not a date")).toBe("not a date");
    expect(formatEventTime("2026-11-25T10:00:00.000Z")).toMatch(/Nov 25, 2026/);
  });
});

describe("OrderItemList", () => {
  const line = {
    id: "00000000-0000-4000-8000-000000000009",
    productId: "p1",
    variantId: null,
    name: "Trail Runner",
    quantity: 2,
    listPrice: 12000,
    unitPrice: 9999,
    regularPrice: 9999,
    lineTotal: 19998,
    refundedQuantity: 0,
    amount: null,
    tax: null,
    taxRatePercent: null,
    imageUrl: "/images/products/trail-runner.svg",
    slug: "trail-runner",
  };

  it("shows each line's picture and links the name to the product's page by its address", () => {
    render(
      <MemoryRouter>
        <OrderItemList items={[line]} paymentStatus="paid" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("order-line-image").getAttribute("src")).toBe(line.imageUrl);
    expect(screen.getByRole("link", { name: "Trail Runner" }).getAttribute("href")).toBe(
      "/products/trail-runner",
    );
  });

  it("keeps a line whose product is gone: no picture, no link", () => {
    render(
      <MemoryRouter>
        <OrderItemList
          items={[{ ...line, productId: null, imageUrl: null, slug: null }]}
          paymentStatus="paid"
        />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId("order-line-image")).toBeNull();
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByText("Trail Runner")).toBeTruthy();
  });
});
