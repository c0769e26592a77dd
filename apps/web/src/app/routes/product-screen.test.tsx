import type { ProductPage } from "@haggle/contract/products";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeCart, makeCartItem } from "@/test/make-cart";
import { makeProduct, withDefaultVariant } from "@/test/make-product";
import { renderApp } from "../render-app.test-harness";

const ID = "0b6f3c1e-7a5d-4c1a-9f57-2f1d4b8a9c10";
const kettle = makeProduct(ID, {
  name: "Brewhaus Gooseneck Kettle",
  slug: "brewhaus-gooseneck-kettle",
  brand: "Brewhaus",
  category: "Kitchen",
  description: "Pours slowly and exactly.",
  price: 59.99,
  listPrice: 79.99,
  rating: 4.5,
  reviewCount: 120,
  stockLevel: 3,
});
/** As the wire carries it (dollars); the API client decodes it to cents. */
const page: ProductPage = {
  product: withDefaultVariant(kettle),
  frequentlyBoughtTogether: [
    makeProduct("filters", { name: "Paper Filters", slug: "paper-filters", reviewCount: 0 }),
  ],
};

function renderAt(path: string, signedIn: boolean) {
  return renderApp(
    path,
    {
      "POST /api/cart/items": () => jsonResponse(200, makeCart([makeCartItem(ID, 2, kettle)])),
      [`GET /api/products/by-slug/${kettle.slug}`]: () => jsonResponse(200, page),
      [`GET /api/products/by-slug/${ID}`]: () => jsonResponse(200, page),
      "GET /api/products/by-slug/nothing-here": () =>
        jsonResponse(404, { error: { code: "NOT_FOUND", message: "No product has that address." } }),
    },
    signedIn ? "user-1" : null,
  );
}

describe("the product page", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the product: breadcrumbs, brand, name, prices, rating, stock, description, what is bought with it", async () => {
    renderAt(`/products/${kettle.slug}`, false);
    expect(
      await screen.findByRole("heading", { level: 1, name: kettle.name }, { timeout: 10_000 }),
    ).toBeTruthy();
    const crumbs = within(screen.getByRole("navigation", { name: "Breadcrumb" }));
    expect(crumbs.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/");
    expect(crumbs.getByRole("link", { name: "Kitchen" }).getAttribute("href")).toBe("/?category=Kitchen");
    const price = within(screen.getByTestId("product-price"));
    expect(price.getByText("$59.99")).toBeTruthy();
    expect(price.getByText("$79.99").tagName).toBe("S");
    expect(screen.getAllByText("-25%").length).toBeGreaterThan(0);
    expect(screen.getByRole("img", { name: "Rated 4.5 out of 5" })).toBeTruthy();
    expect(screen.getByTestId("product-stock").textContent).toBe("Only 3 left in stock");
    expect(screen.getByText("Pours slowly and exactly.")).toBeTruthy();
    const together = within(
      screen.getByRole("heading", { name: "Frequently bought together" }).closest("section")!,
    );
    expect(together.getByRole("link", { name: "Paper Filters" }).getAttribute("href")).toBe(
      "/products/paper-filters",
    );
    // A product nobody reviewed shows no stars.
    expect(together.getByText("No reviews yet")).toBeTruthy();
    expect(document.title).toBe(`${kettle.name} · Haggle`);
    // Anonymous visitors are asked to sign in to negotiate.
    expect(screen.queryByRole("button", { name: "Negotiate with Ava" })).toBeNull();
    expect(
      screen.getByRole("link", { name: "Sign in to negotiate the price with Ava" }).getAttribute("href"),
    ).toBe(`/auth?redirect=%2Fproducts%2F${kettle.slug}`);
  });

  it("adds the chosen quantity, never more than the stock, and a signed-in shopper can negotiate it", async () => {
    const { router, calls } = renderAt(`/products/${kettle.slug}`, true);
    await screen.findByRole("heading", { level: 1, name: kettle.name }, { timeout: 10_000 });
    const more = screen.getByRole("button", { name: `Increase quantity of ${kettle.name}` });
    for (let i = 0; i < 5; i++) fireEvent.click(more);
    expect(
      (screen.getByRole("spinbutton", { name: `Quantity of ${kettle.name}` }) as HTMLInputElement).value,
    ).toBe("3");
    fireEvent.click(screen.getByRole("button", { name: `Decrease quantity of ${kettle.name}` }));
    fireEvent.click(screen.getByRole("button", { name: "Negotiate with Ava" }));
    await vi.waitFor(() => expect(router.location.pathname).toBe("/cart/negotiate"));
    expect(calls.find((c) => c.route === "POST /api/cart/items")?.body).toEqual({
      productId: ID,
      quantity: 2,
    });
  });

  it("moves an id address to the product's own", async () => {
    const { router } = renderAt(`/products/${ID}`, false);
    await vi.waitFor(() => expect(router.location.pathname).toBe(`/products/${kettle.slug}`), {
      timeout: 10_000,
    });
  });

  it("says 'Oops! Page not found' for a product that does not exist", async () => {
    renderAt("/products/nothing-here", false);
    expect(await screen.findByText("Oops! Page not found", {}, { timeout: 10_000 })).toBeTruthy();
  });
});
