import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeProduct } from "@/test/make-product";
import { ProductCarousel } from "./product-carousel";

const XSS = "<img src=x onerror=alert(1)>";

function renderCarousel(count: number, onAddToCart = vi.fn()) {
  const products = Array.from({ length: count }, (_, i) => makeProduct(`p${i}`, { name: `Product ${i}` }));
  render(
    <MemoryRouter>
      <ProductCarousel products={products} onAddToCart={onAddToCart} />
    </MemoryRouter>,
  );
  return { products, onAddToCart };
}

const scrollBy = vi.fn();
const originalScrollBy = HTMLElement.prototype.scrollBy;

// jsdom does no layout: give the scroller a width and room to scroll.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(1400);
  HTMLElement.prototype.scrollBy = scrollBy;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  scrollBy.mockReset();
  HTMLElement.prototype.scrollBy = originalScrollBy;
});

describe("the assistant's product carousel", () => {
  it.each([1, 2])("shows no arrows for %i product(s)", (count) => {
    renderCarousel(count);
    expect(screen.getAllByRole("article")).toHaveLength(count);
    expect(screen.queryByRole("button", { name: "Scroll products left" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Scroll products right" })).toBeNull();
  });

  it("shows arrows for more than two products; each click scrolls 300px", () => {
    renderCarousel(3);
    const right = screen.getByRole("button", { name: "Scroll products right" });
    const left = screen.getByRole("button", { name: "Scroll products left" });
    expect((left as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(right);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 300, behavior: "smooth" });

    const list = screen.getByRole("list");
    list.scrollLeft = 300;
    fireEvent.scroll(list);
    expect((left as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(left);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -300, behavior: "smooth" });
  });

  it("cards show brand, price, struck list price, rating, a link to the product page and Add to Cart", () => {
    const onAddToCart = vi.fn();
    const sale = makeProduct("sale", {
      name: "Trail Runner",
      brand: "Stride",
      price: 7999,
      listPrice: 9999,
    });
    const gone = makeProduct("gone", { name: "Sold Out Sock", inStock: false });
    render(
      <MemoryRouter>
        <ProductCarousel products={[sale, gone]} onAddToCart={onAddToCart} />
      </MemoryRouter>,
    );
    const [first, second] = screen.getAllByRole("article");
    const card = within(first!);
    expect(card.getByText("Stride")).toBeTruthy();
    expect(card.getByText("$79.99")).toBeTruthy();
    expect(card.getByText("$99.99").tagName).toBe("S");
    expect(card.getByText("-20%")).toBeTruthy();
    expect(card.getByText(/Rated 4\.0 out of 5/)).toBeTruthy();
    expect(card.getByRole("link", { name: "Trail Runner" }).getAttribute("href")).toBe(
      "/products/product-sale",
    );
    fireEvent.click(card.getByRole("button", { name: "Add to Cart" }));
    expect(onAddToCart).toHaveBeenCalledWith(sale);

    const out = within(second!);
    expect(out.getByText("Out of Stock")).toBeTruthy();
    expect((out.getByRole("button", { name: "Add to Cart" }) as HTMLButtonElement).disabled).toBe(true);
    expect(out.queryByText("$10.00", { selector: "s" })).toBeNull();
  });

  it("shows no stars and no rating for a product nobody has reviewed", () => {
    render(
      <MemoryRouter>
        <ProductCarousel
          products={[makeProduct("new", { reviewCount: 0, rating: 0 })]}
          onAddToCart={() => {}}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText("No reviews yet")).toBeTruthy();
    expect(screen.queryByText(/Rated/)).toBeNull();
  });

  it("renders a product name with markup as literal text", () => {
    render(
      <MemoryRouter>
        <ProductCarousel
          products={[makeProduct("x", { name: XSS, brand: "<b>Bold</b>" })]}
          onAddToCart={vi.fn()}
        />
      </MemoryRouter>,
    );
    const link = screen.getByRole("link", { name: XSS });
    expect(link.textContent).toBe(XSS);
    expect(screen.getByText("<b>Bold</b>")).toBeTruthy();
    const article = screen.getByRole("article");
    // The only image is the product photo; no element was created from the name.
    expect(article.querySelectorAll("img")).toHaveLength(1);
    expect(article.querySelector("img")?.getAttribute("src")).toBe("/images/products/x.svg");
    expect(article.querySelector("b")).toBeNull();
  });
});
