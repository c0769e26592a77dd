import type { Product } from "@haggle/contract/products";

/** A valid Product for tests; override any field. */
export function makeProduct(id: string, overrides: Partial<Product> = {}): Product {
  return {
    id,
    sku: `SKU-${id}`,
    name: `Product ${id}`,
    slug: `product-${id}`,
    description: "",
    brand: "Brand",
    category: "Category",
    price: 10,
    listPrice: 10,
    imageUrl: `/images/products/${id}.svg`,
    rating: 4,
    reviewCount: 1,
    inStock: true,
    stockLevel: 5,
    demandIndex: 0.5,
    tags: [],
    ...overrides,
  };
}
