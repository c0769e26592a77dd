import type { Product, ProductDetail } from "@haggle/contract/products";

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

/** A product as one product's answers show it: without options, its one default variant. */
export function withDefaultVariant(product: Product): ProductDetail {
  return {
    ...product,
    options: [],
    variants: [
      {
        id: `variant-${product.id}`,
        sku: product.sku,
        optionValues: [],
        title: "",
        price: product.price,
        listPrice: product.listPrice,
        stockLevel: product.stockLevel,
        inStock: product.inStock,
        imageUrl: product.imageUrl,
      },
    ],
  };
}
