import { spyOnToasts } from "@/test/spy-on-toasts";
import type { MerchantProduct } from "@haggle/contract/merchant";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { toast } from "@/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { makeProduct } from "@/test/make-product";
import { stubViewportWidth, stubResizeObserver } from "@/test/viewport";
import { ProductsView } from "./products-view";

spyOnToasts();

function merchantProduct(id: string, overrides: Partial<MerchantProduct> = {}): MerchantProduct {
  return { ...makeProduct(id), hidden: false, updatedAt: "2026-11-01T00:00:00.000Z", ...overrides };
}

const lamp = merchantProduct("lamp", {
  sku: "LAMP-1",
  name: "Desk Lamp",
  brand: "Lumo",
  category: "Home",
  price: 40,
  listPrice: 50,
  stockLevel: 7,
  tags: ["light", "desk"],
});
const kettle = merchantProduct("kettle", { name: "Kettle", inStock: false, stockLevel: 0, hidden: true });

const list =
  (items: MerchantProduct[], total = items.length) =>
  () =>
    jsonResponse(200, { items, total, page: 1, pageSize: 20 });

function renderView(routes: Parameters<typeof routeFetch>[0]) {
  const { fetchFn, calls } = routeFetch({
    "GET /api/merchant/products?page=1&pageSize=20": list([lamp, kettle]),
    ...routes,
  });
  vi.stubGlobal("fetch", fetchFn);
  const onCatalogChanged = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      {/* Each product links to its variants' page. */}
      <MemoryRouter>
        <ProductsView onCatalogChanged={onCatalogChanged} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, onCatalogChanged };
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label) as HTMLInputElement;

describe("the merchant products page", () => {
  beforeEach(() => {
    stubViewportWidth(1366);
    // The switch measures itself; jsdom has no layout.
    stubResizeObserver();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("lists products with stock labels and the Hidden badge, and searches after typing pauses", async () => {
    const { calls } = renderView({
      "GET /api/merchant/products?q=lamp&page=1&pageSize=20": list([lamp]),
    });
    expect(screen.getByRole("heading", { name: "Products", level: 1 })).toBeTruthy();
    const rows = await screen.findAllByTestId("product-row");
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText("LAMP-1")).toBeTruthy();
    expect(within(first).getByText("In Stock")).toBeTruthy();
    expect(within(first).getByText("$40.00")).toBeTruthy();
    expect(within(second).getByText("Out of Stock")).toBeTruthy();
    expect(within(second).getByText("Hidden")).toBeTruthy();
    expect(within(first).queryByText("Hidden")).toBeNull();
    const variants = within(first).getByRole("link", { name: `Variants of ${lamp.name}` });
    expect(variants.getAttribute("href")).toBe(`/merchant/products/${lamp.id}/variants`);

    fireEvent.change(screen.getByLabelText("Search products"), { target: { value: "lamp" } });
    await waitFor(() => expect(screen.getAllByTestId("product-row")).toHaveLength(1));
    expect(calls.some((c) => c.route === "GET /api/merchant/products?q=lamp&page=1&pageSize=20")).toBe(true);
  });

  it("shows each product as a card with Edit and Hide on a phone, not a table wider than the screen", async () => {
    stubViewportWidth(390);
    renderView({});
    const cards = await screen.findAllByTestId("product-row");
    expect(screen.queryByRole("table")).toBeNull();
    expect(within(screen.getByRole("list", { name: "Products" })).getAllByRole("listitem")).toHaveLength(2);
    const lampCard = cards[0] as HTMLElement;
    expect(within(lampCard).getByText("LAMP-1")).toBeTruthy();
    expect(within(lampCard).getByText("In Stock")).toBeTruthy();
    expect(within(lampCard).getByRole("button", { name: "Edit Desk Lamp" })).toBeTruthy();
    expect(within(lampCard).getByRole("button", { name: "Hide Desk Lamp from the shop" })).toBeTruthy();
    expect(
      within(cards[1] as HTMLElement).getByRole("button", { name: "Show Kettle in the shop" }),
    ).toBeTruthy();
  });

  it("validates the new product with the contract's sentences and shows the server's refusal in the form", async () => {
    const { calls, onCatalogChanged } = renderView({
      "POST /api/merchant/products": () =>
        jsonResponse(409, {
          error: { code: "DUPLICATE_SKU", message: "A product with SKU LAMP-1 already exists." },
        }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Add New Product" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Product" });
    for (const label of [
      "SKU",
      "Name",
      "Description",
      "Brand",
      "Category",
      "Price",
      "List price",
      "Stock",
      "Image URL (optional)",
      "Tags (comma separated)",
    ]) {
      expect(field(dialog, label)).toBeTruthy();
    }
    expect(within(dialog).getByRole("switch", { name: "Hidden from the shop" })).toBeTruthy();

    fireEvent.change(field(dialog, "Price"), { target: { value: "30" } });
    fireEvent.change(field(dialog, "Stock"), { target: { value: "2.5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create product" }));
    expect(await within(dialog).findByText("SKU is required.")).toBeTruthy();
    expect(within(dialog).getByText("Name is required.")).toBeTruthy();
    expect(within(dialog).getByText("List price must be a number.")).toBeTruthy();
    expect(within(dialog).getByText("Stock must be a whole number.")).toBeTruthy();
    expect(field(dialog, "SKU").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field(dialog, "SKU"));
    expect(calls.some((c) => c.route.startsWith("POST"))).toBe(false);

    fireEvent.change(field(dialog, "SKU"), { target: { value: "LAMP-1" } });
    fireEvent.change(field(dialog, "Name"), { target: { value: " Floor Lamp " } });
    fireEvent.change(field(dialog, "Brand"), { target: { value: "Lumo" } });
    fireEvent.change(field(dialog, "Category"), { target: { value: "Home" } });
    fireEvent.change(field(dialog, "List price"), { target: { value: "20" } });
    fireEvent.change(field(dialog, "Stock"), { target: { value: "3" } });
    fireEvent.change(field(dialog, "Tags (comma separated)"), { target: { value: "light, , floor " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create product" }));
    expect(await within(dialog).findByText("List price cannot be lower than the price.")).toBeTruthy();
    fireEvent.change(field(dialog, "List price"), { target: { value: "35" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create product" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "A product with SKU LAMP-1 already exists.",
    );
    const post = calls.find((c) => c.route === "POST /api/merchant/products");
    expect(post?.body).toEqual({
      sku: "LAMP-1",
      name: "Floor Lamp",
      description: "",
      brand: "Lumo",
      category: "Home",
      price: 30,
      listPrice: 35,
      stockLevel: 3,
      imageUrl: "",
      tags: ["light", "floor"],
      hidden: false,
    });
    expect(onCatalogChanged).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows a tag's problem under Tags, and editing the field clears it", async () => {
    renderView({});
    fireEvent.click(screen.getByRole("button", { name: "Add New Product" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Product" });
    const tags = field(dialog, "Tags (comma separated)");
    fireEvent.change(tags, { target: { value: `light, ${"x".repeat(41)}` } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create product" }));
    expect(await within(dialog).findByText("A tag can be at most 40 characters.")).toBeTruthy();
    expect(tags.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(tags, { target: { value: "light" } });
    await waitFor(() => expect(within(dialog).queryByText("A tag can be at most 40 characters.")).toBeNull());
    expect(within(dialog).getByText("SKU is required.")).toBeTruthy();
  });

  it("creates a product, says so and refreshes the shop", async () => {
    const { onCatalogChanged } = renderView({
      "POST /api/merchant/products": (init) =>
        jsonResponse(201, merchantProduct("new", JSON.parse(String(init?.body)) as Partial<MerchantProduct>)),
    });
    fireEvent.click(screen.getByRole("button", { name: "Add New Product" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Product" });
    const values: Record<string, string> = {
      SKU: "MUG-9",
      Name: "Mug",
      Brand: "Clay",
      Category: "Kitchen",
      Price: "12.5",
      "List price": "15",
      Stock: "10",
    };
    for (const [label, value] of Object.entries(values)) {
      fireEvent.change(field(dialog, label), { target: { value } });
    }
    fireEvent.click(within(dialog).getByRole("button", { name: "Create product" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toast.success).toHaveBeenCalledWith("Product created", expect.anything());
    expect(onCatalogChanged).toHaveBeenCalled();
  });

  it("offers the shop's brands and categories, keeps their spelling and says when a value is new", async () => {
    const { calls } = renderView({
      "GET /api/products?pageSize=1": () =>
        jsonResponse(200, {
          items: [],
          total: 0,
          collectionTotal: 180,
          page: 1,
          pageSize: 1,
          facets: {
            categories: [{ value: "Home", count: 3 }],
            brands: [
              { value: "Lumo", count: 2 },
              { value: "Nike", count: 5 },
            ],
            options: [],
          },
        }),
      "POST /api/merchant/products": (init) =>
        jsonResponse(201, merchantProduct("new", JSON.parse(String(init?.body)) as Partial<MerchantProduct>)),
    });
    fireEvent.click(screen.getByRole("button", { name: "Add New Product" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Product" });
    const brand = within(dialog).getByRole("combobox", { name: "Brand" }) as HTMLInputElement;
    const listId = brand.getAttribute("list") ?? "";
    await waitFor(() => {
      const options = [...(document.getElementById(listId)?.querySelectorAll("option") ?? [])];
      expect(options.map((o) => o.value)).toEqual(["Lumo", "Nike"]);
    });

    fireEvent.change(brand, { target: { value: "Nikee" } });
    expect(within(dialog).getByText(/New brand “Nikee” will be added/)).toBeTruthy();
    // The same brand in other letters keeps the shop's spelling: no second facet.
    fireEvent.change(brand, { target: { value: "nike" } });
    expect(within(dialog).queryByText(/New brand/)).toBeNull();
    fireEvent.blur(brand);
    await waitFor(() => expect(brand.value).toBe("Nike"));

    for (const [label, value] of Object.entries({
      SKU: "SHOE-9",
      Name: "Shoe",
      Category: "home",
      Price: "50",
      "List price": "60",
      Stock: "4",
    })) {
      fireEvent.change(field(dialog, label), { target: { value } });
      fireEvent.blur(field(dialog, label));
    }
    fireEvent.click(within(dialog).getByRole("button", { name: "Create product" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.route === "POST /api/merchant/products")?.body).toMatchObject({
      brand: "Nike",
      category: "Home",
    });
  });

  it("uploads a picture, checked first, and uses its URL as the image", async () => {
    const { calls } = renderView({
      "POST /api/merchant/images": () => jsonResponse(201, { url: "/images/uploads/pic.png" }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Add New Product" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Product" });
    const picker = within(dialog).getByLabelText("Upload a picture") as HTMLInputElement;

    const text = new File(["hello"], "notes.txt", { type: "text/plain" });
    fireEvent.change(picker, { target: { files: [text] } });
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Upload a PNG, JPEG, WebP or GIF picture.",
    );
    const huge = new File([new Uint8Array(2 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    fireEvent.change(picker, { target: { files: [huge] } });
    expect((await within(dialog).findByRole("alert")).textContent).toBe("The picture can be at most 2 MB.");
    expect(calls.some((c) => c.route === "POST /api/merchant/images")).toBe(false);

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "pic.png", { type: "image/png" });
    fireEvent.change(picker, { target: { files: [png] } });
    await waitFor(() => expect(field(dialog, "Image URL (optional)").value).toBe("/images/uploads/pic.png"));
    expect(calls.find((c) => c.route === "POST /api/merchant/images")?.headers["Content-Type"]).toBe(
      "image/png",
    );
    expect(within(dialog).getByRole("img", { name: "Preview" }).getAttribute("src")).toBe(
      "/images/uploads/pic.png",
    );
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });

  it("edits with a PATCH of only the changed fields", async () => {
    const { calls } = renderView({
      "PATCH /api/merchant/products/lamp": () => jsonResponse(200, { ...lamp, price: 35, tags: ["light"] }),
    });
    await screen.findAllByTestId("product-row");
    fireEvent.click(await screen.findByRole("button", { name: "Edit Desk Lamp" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit product" });
    expect(field(dialog, "SKU").value).toBe("LAMP-1");
    expect(field(dialog, "Tags (comma separated)").value).toBe("light, desk");

    fireEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Nothing has changed yet.");

    fireEvent.change(field(dialog, "Price"), { target: { value: "35.00" } });
    fireEvent.change(field(dialog, "Tags (comma separated)"), { target: { value: "light" } });
    fireEvent.change(field(dialog, "Name"), { target: { value: "Desk Lamp " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const patches = calls.filter((c) => c.route === "PATCH /api/merchant/products/lamp");
    expect(patches).toHaveLength(1);
    expect(patches[0]?.body).toEqual({ price: 35, tags: ["light"] });
    expect(toast.success).toHaveBeenCalledWith("Product updated", expect.anything());
  });

  it("edits a product with options without its price and stock fields, which are its variants'", async () => {
    const tee = merchantProduct("tee", {
      name: "Trail Tee",
      price: 25,
      listPrice: 30,
      stockLevel: 12,
      hasOptions: true,
    });
    const { calls } = renderView({
      "GET /api/merchant/products?page=1&pageSize=20": list([tee]),
      "PATCH /api/merchant/products/tee": () => jsonResponse(200, { ...tee, name: "Trail Tee II" }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Edit Trail Tee" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit product" });
    expect(dialog.textContent).toContain(
      "Its prices and stock are its variants' (from $25.00, 12 in stock in all):",
    );
    expect(within(dialog).getByRole("link", { name: "Options and variants" }).getAttribute("href")).toBe(
      "/merchant/products/tee/variants",
    );
    for (const label of ["Price", "List price", "Stock"])
      expect(within(dialog).queryByLabelText(label)).toBeNull();
    fireEvent.change(field(dialog, "Name"), { target: { value: "Trail Tee II" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const patches = calls.filter((c) => c.route === "PATCH /api/merchant/products/tee");
    expect(patches.map((c) => c.body)).toEqual([{ name: "Trail Tee II" }]);
  });

  it("hides a product from the shop and shows a hidden one again", async () => {
    const { calls, onCatalogChanged } = renderView({
      "PATCH /api/merchant/products/lamp": () => jsonResponse(200, { ...lamp, hidden: true }),
      "PATCH /api/merchant/products/kettle": () =>
        jsonResponse(400, { error: { code: "BAD", message: "Kettle cannot be shown." } }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Hide Desk Lamp from the shop" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Product hidden from the shop", expect.anything()),
    );
    expect(calls.find((c) => c.route === "PATCH /api/merchant/products/lamp")?.body).toEqual({
      hidden: true,
    });
    expect(onCatalogChanged).toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Show Kettle in the shop" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Kettle cannot be shown."));
  });
});
