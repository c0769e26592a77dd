import type { ProductDetail, ProductPage } from "@haggle/contract/products";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeProduct } from "@/test/make-product";
import { ProductDetails } from "./product-details";

/** Size × Colour: S / Black sold out, L / White not sold, L dearer; a shoe's eight sizes. */
const sizes = ["S", "M", "L"];
const colours = ["Black", "White"];
const base = makeProduct("tee", { name: "Trail Tee", price: 2500, listPrice: 3000, stockLevel: 30 });
const tee: ProductDetail = {
  ...base,
  options: [
    { name: "Size", values: sizes },
    { name: "Colour", values: colours },
  ],
  variants: sizes.flatMap((size) =>
    colours
      .filter((colour) => !(size === "L" && colour === "White"))
      .map((colour) => {
        const stockLevel = size === "S" && colour === "Black" ? 0 : 10;
        return {
          id: `tee-${size}-${colour}`,
          sku: `TEE-${size}-${colour}`,
          optionValues: [size, colour],
          title: `${size} / ${colour}`,
          price: size === "L" ? 2900 : 2500,
          listPrice: 3000,
          stockLevel,
          inStock: stockLevel > 0,
          imageUrl: `/images/tee-${colour}.svg`,
        };
      }),
  ),
};

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function renderPage(product: ProductDetail, path = "/products/tee") {
  const onAddToCart = vi.fn(async () => true);
  const page: ProductPage = { product, frequentlyBoughtTogether: [] };
  render(
    <MemoryRouter initialEntries={[path]}>
      <ProductDetails page={page} onAddToCart={onAddToCart} />
      <Address />
    </MemoryRouter>,
  );
  return { onAddToCart };
}

afterEach(cleanup);

describe("choosing a variant on the product page", () => {
  it("opens at the first variant in stock, greys and labels sold-out and unsold values", () => {
    renderPage(tee);
    const size = screen.getByRole("group", { name: /Size/ });
    expect(within(size).getByRole("button", { name: "S" }).getAttribute("aria-pressed")).toBe("true");
    const colour = screen.getByRole("group", { name: /Colour/ });
    expect(within(colour).getByRole("button", { name: "White" }).getAttribute("aria-pressed")).toBe("true");
    // With White chosen, L is not sold; with S chosen, Black is sold out.
    expect((within(size).getByRole("button", { name: "L not sold" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      (within(colour).getByRole("button", { name: "Black sold out" }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it("follows the choice with price, picture, stock and the address, and adds that variant", async () => {
    const { onAddToCart } = renderPage(tee);
    fireEvent.click(screen.getByRole("button", { name: "Black sold out" }));
    expect(screen.getByTestId("product-stock").textContent).toContain("Out of stock");
    expect((screen.getByRole("button", { name: "Add to Cart" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "L" }));
    expect(screen.getByTestId("product-price").textContent).toContain("$29.00");
    expect(screen.getByTestId("product-stock").textContent).toContain("In stock");
    expect(screen.getByRole("img", { name: "Trail Tee — L / Black" }).getAttribute("src")).toBe(
      "/images/tee-Black.svg",
    );
    expect(screen.getByTestId("address").textContent).toContain("?variant=tee-L-Black");
    fireEvent.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(onAddToCart).toHaveBeenCalledWith(tee, 1, { id: "tee-L-Black", title: "L / Black" });
  });

  it("opens at the variant the address names, and a sold-out variant's page says so", () => {
    renderPage(tee, "/products/tee?variant=tee-S-Black");
    expect(screen.getByTestId("product-stock").textContent).toContain("Out of stock");
  });

  it("offers many values in a select, unsold ones disabled", () => {
    const shoe: ProductDetail = {
      ...makeProduct("shoe", { name: "Runner" }),
      options: [{ name: "Size", values: ["7", "8", "9", "10", "11", "12", "13"] }],
      variants: ["7", "8", "9", "10", "11", "12"].map((size) => ({
        id: `shoe-${size}`,
        sku: `SHOE-${size}`,
        optionValues: [size],
        title: size,
        price: 1000,
        listPrice: 1000,
        stockLevel: size === "9" ? 0 : 3,
        inStock: size !== "9",
        imageUrl: "/images/shoe.svg",
      })),
    };
    renderPage(shoe);
    const select = screen.getByRole("combobox", { name: "Size" });
    expect((within(select).getByRole("option", { name: "9 (sold out)" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(
      (within(select).getByRole("option", { name: "13 (not sold)" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.change(select, { target: { value: "12" } });
    expect(screen.getByTestId("address").textContent).toContain("?variant=shoe-12");
  });
});
