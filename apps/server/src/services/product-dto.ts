import type { Product } from "@haggle/contract/products";
import { toCents, toDollars } from "@haggle/domain/money";
import type { products } from "../db/schema.ts";

type ProductRow = typeof products.$inferSelect;

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
