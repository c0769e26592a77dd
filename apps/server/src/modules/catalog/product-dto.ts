import type { Product } from "@haggle/contract/products";
import { toCents, toDollars } from "@haggle/domain/pricing/money";
import { products } from "../../platform/db/schema.ts";

/** The columns a product answer needs: not the embedding nor the search vector (large, internal). */
export const productColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  description: products.description,
  brand: products.brand,
  category: products.category,
  price: products.price,
  listPrice: products.listPrice,
  imageUrl: products.imageUrl,
  rating: products.rating,
  reviewCount: products.reviewCount,
  inStock: products.inStock,
  stockLevel: products.stockLevel,
  demandIndex: products.demandIndex,
  tags: products.tags,
};

type ProductRow = Pick<typeof products.$inferSelect, keyof typeof productColumns>;

/** A database numeric(12,2) value (a string) as exact JSON dollars. */
export function moneyOut(value: string | number): number {
  return toDollars(toCents(value));
}

export function toProductDto(row: ProductRow): Product {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    description: row.description,
    brand: row.brand,
    category: row.category,
    price: moneyOut(row.price),
    listPrice: moneyOut(row.listPrice),
    imageUrl: row.imageUrl,
    rating: Math.round(row.rating * 10) / 10,
    reviewCount: row.reviewCount,
    inStock: row.inStock,
    stockLevel: row.stockLevel,
    demandIndex: Math.round(row.demandIndex * 100) / 100,
    tags: row.tags,
  };
}
