import type { Product, ProductList } from "@haggle/contract/products";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { makeProduct } from "@/test/make-product";
import { CatalogView } from "./catalog-view";
import { routesAt } from "@/test/routes-at";

const FIRST = "GET /api/products?sort=featured&page=1&pageSize=24";
const RATED = "GET /api/products?sort=rating&page=1&pageSize=24";

function productList(items: Product[], overrides: Partial<ProductList> = {}): ProductList {
  return {
    items,
    total: items.length,
    collectionTotal: items.length,
    page: 1,
    pageSize: 24,
    facets: {
      categories: [{ value: "Audio", count: items.length }],
      brands: [{ value: "Lumo", count: 1 }],
      options: [],
    },
    ...overrides,
  };
}

/** A response the test lets go when it is ready: the state while it is awaited is observable. */
function held() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { handler: () => promise, release };
}

function renderCatalog(routes: Parameters<typeof routeFetch>[0]) {
  const { fetchFn } = routeFetch(routes);
  vi.stubGlobal("fetch", fetchFn);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { element: routed, history: router } = routesAt([
    { path: "/", element: <CatalogView onAddToCart={() => {}} /> },
  ]);
  render(<QueryClientProvider client={client}>{routed}</QueryClientProvider>);
  return router;
}

const lamp = makeProduct("lamp", { name: "Desk Lamp", brand: "Lumo", category: "Audio" });

describe("the catalogue", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("writes the shop's tax note beside each card's price when the shop sets one", async () => {
    renderCatalog({
      [FIRST]: () => jsonResponse(200, productList([lamp])),
      "GET /api/shop/taxes": () => jsonResponse(200, { pricesIncludeTax: true, priceNote: "incl. VAT" }),
    });
    const card = await screen.findByRole("article", { name: "Desk Lamp" });
    expect(await within(card).findByText("incl. VAT")).toBeTruthy();
  });

  it("writes no tax note when the shop has none", async () => {
    renderCatalog({
      [FIRST]: () => jsonResponse(200, productList([lamp])),
      "GET /api/shop/taxes": () => jsonResponse(200, { pricesIncludeTax: false, priceNote: null }),
    });
    const card = await screen.findByRole("article", { name: "Desk Lamp" });
    await waitFor(() => expect(within(card).queryByText("+ tax")).toBeNull());
    expect(within(card).queryByText("incl. VAT")).toBeNull();
  });

  it("counts one product in the singular", async () => {
    renderCatalog({ [FIRST]: () => jsonResponse(200, productList([lamp])) });
    expect(await screen.findByText("Showing 1 of 1 product")).toBeTruthy();
    expect(screen.getByText("1 product in our collection")).toBeTruthy();
    expect(screen.queryByText(/1 products/)).toBeNull();
  });

  it("shows placeholders, not 'None', in the filter lists while the first page loads, and the brands only with their options", async () => {
    const first = held();
    renderCatalog({ [FIRST]: first.handler });
    const filters = screen.getByRole("complementary", { name: "Product filters" });
    // Below the lg breakpoint (jsdom has no width) the lists fold under a 'Filters' button.
    fireEvent.click(within(filters).getByRole("button", { name: "Filters" }));
    expect(within(filters).queryByText("None")).toBeNull();
    expect(within(filters).getByRole("status", { name: "Loading categories" })).toBeTruthy();
    // Below the categories' placeholders, the brands' list would move when they fill in.
    expect(within(filters).queryByRole("group", { name: "Brand" })).toBeNull();
    first.release(jsonResponse(200, productList([lamp])));
    expect(await within(filters).findByRole("checkbox", { name: "Audio" })).toBeTruthy();
    expect(within(filters).getByRole("group", { name: "Brand" })).toBeTruthy();
    expect(within(filters).queryByRole("status")).toBeNull();
  });

  it("keeps the old results on screen, marked busy, while a new sort loads", async () => {
    const rated = held();
    const router = renderCatalog({
      [FIRST]: () => jsonResponse(200, productList([lamp])),
      [RATED]: rated.handler,
    });
    expect(await screen.findByText("Desk Lamp")).toBeTruthy();
    act(() => router.push("/?sort=rating"));

    const results = screen.getByRole("region", { name: "Products" });
    await waitFor(() => expect(results.getAttribute("aria-busy")).toBe("true"));
    expect(within(results).getByRole("list", { name: "Product results" })).toBeTruthy();
    expect(within(results).getByText("Desk Lamp")).toBeTruthy();
    expect(screen.queryByRole("status", { name: "Loading products" })).toBeNull();

    rated.release(jsonResponse(200, productList([makeProduct("kettle", { name: "Kettle" })])));
    expect(await screen.findByText("Kettle")).toBeTruthy();
    expect(results.getAttribute("aria-busy")).toBe("false");
    expect(screen.queryByText("Desk Lamp")).toBeNull();
  });

  it("lists option facets, puts a chosen value in the address, and opens the matched variant", async () => {
    const tee = makeProduct("tee", {
      name: "Trail Tee",
      price: 2500,
      maxPrice: 2700,
      hasOptions: true,
      swatches: ["Black", "White"],
    });
    const sized = { ...tee, variantId: "tee-M-Black" };
    const withOptions = productList([tee], {
      facets: {
        categories: [],
        brands: [],
        options: [{ name: "Size", values: [{ value: "M", count: 12 }] }],
      },
    });
    const router = renderCatalog({
      [FIRST]: () => jsonResponse(200, withOptions),
      "GET /api/products?option=Size%3AM&sort=featured&page=1&pageSize=24": () =>
        jsonResponse(200, { ...withOptions, items: [sized] }),
    });
    const filters = screen.getByRole("complementary", { name: "Product filters" });
    fireEvent.click(within(filters).getByRole("button", { name: "Filters" }));
    const size = await within(filters).findByRole("group", { name: "Size" });
    expect(within(size).getByText("12 products")).toBeTruthy();
    fireEvent.click(within(size).getByRole("checkbox", { name: "M" }));
    await waitFor(() => expect(router.location.search).toBe("?option=Size%3AM"));
    const choose = await screen.findByRole("link", { name: "Choose options for Trail Tee" });
    await waitFor(() =>
      expect(choose.getAttribute("href")).toBe("/products/product-tee?variant=tee-M-Black"),
    );
    expect(screen.getByText("from")).toBeTruthy();
    expect(screen.getByRole("list", { name: "Colours: Black, White" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Add to Cart/ })).toBeNull();
  });
});
