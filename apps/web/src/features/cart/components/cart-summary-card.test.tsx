import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { makeCart, makeCartItem } from "@/test/make-cart";
import { CartLineItem } from "./cart-line-item";
import { CartSummaryCard } from "./cart-summary-card";

afterEach(cleanup);

describe("Ava's discount and line totals in the cart", () => {
  it("shows Ava's discount as its own line, apart from list-price savings", () => {
    const cart = makeCart([makeCartItem("p1", 2, { price: 5000, listPrice: 6000 })], {
      summary: {
        itemCount: 2,
        subtotal: 10000,
        discount: 500,
        shipping: 0,
        tax: 760,
        total: 10260,
        savings: 2500,
        currency: "USD",
      },
    });
    render(
      <CartSummaryCard summary={cart.summary} updating={false}>
        <span />
      </CartSummaryCard>,
    );
    expect(screen.getByText("Ava's discount")).toBeTruthy();
    expect(screen.getByTestId("summary-discount").textContent).toBe("−$5.00");
    expect(screen.getByTestId("summary-subtotal").textContent).toBe("$100.00");
    expect(screen.getByTestId("summary-total").textContent).toBe("$102.60");
  });

  it("has no discount line when Ava gave none", () => {
    const cart = makeCart([makeCartItem("p1", 1, { price: 5000 })], {
      summary: {
        itemCount: 1,
        subtotal: 5000,
        discount: 0,
        shipping: 0,
        tax: 400,
        total: 5400,
        savings: 0,
        currency: "USD",
      },
    });
    render(
      <CartSummaryCard summary={cart.summary} updating={false}>
        <span />
      </CartSummaryCard>,
    );
    expect(screen.queryByText("Ava's discount")).toBeNull();
    expect(screen.queryByTestId("summary-discount")).toBeNull();
  });

  it("shows a line's total at the shop's price, not only the price each", () => {
    const item = makeCartItem("p1", 3, { name: "Kettle", price: 2499 });
    render(
      <MemoryRouter>
        <ul>
          <CartLineItem item={item} busy={false} onQuantityChange={() => {}} onRemove={() => {}} />
        </ul>
      </MemoryRouter>,
    );
    const line = screen.getByTestId("cart-line");
    expect(within(line).getByTestId("line-unit-price").textContent).toBe("$24.99");
    expect(within(line).getByTestId("line-total").textContent).toBe("$74.97");
    expect(within(line).getByRole("link", { name: "Kettle" }).getAttribute("href")).toBe(
      "/products/product-p1",
    );
  });
});

describe("the cart's tax by place", () => {
  const summary = {
    itemCount: 1,
    subtotal: 11900,
    discount: 0,
    shipping: 0,
    tax: 1900,
    total: 11900,
    savings: 0,
    currency: "USD",
  };
  it("says the prices include VAT, and the total does not add it", () => {
    render(
      <CartSummaryCard summary={{ ...summary, taxIncluded: true, taxLabel: "VAT" }} updating={false}>
        <span />
      </CartSummaryCard>,
    );
    expect(screen.getByText("Includes VAT")).toBeTruthy();
    expect(screen.getByTestId("summary-tax").textContent).toBe("$19.00");
    expect(screen.getByTestId("summary-total").textContent).toBe("$119.00");
  });

  it("names a state's sales tax when it is added", () => {
    render(
      <CartSummaryCard
        summary={{ ...summary, total: 13800, taxIncluded: false, taxLabel: "Sales tax" }}
        updating={false}
      >
        <span />
      </CartSummaryCard>,
    );
    expect(screen.getByText("Sales tax")).toBeTruthy();
  });
});
