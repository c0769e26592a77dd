import { toDecimalString } from "@haggle/domain/pricing/money";
import { count } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { products, sellerConfig } from "../../platform/db/schema.ts";
import { buildCatalogue } from "../../platform/db/seed/catalogue.ts";
import { loadSellerConfig } from "../settings/settings.store.ts";

export interface SeedResult {
  productsCreated: number;
  productsTotal: number;
  configCreated: number;
}

export const productImagePath = (sku: string) => `/images/products/${encodeURIComponent(sku)}.svg`;

/**
 * Creates the seeded catalogue and the seller configuration defaults. Idempotent: rows that
 * exist (by SKU, by config type) are left as they are, so a merchant's edits survive a re-seed.
 */
export async function seedCatalogue(db: Db): Promise<SeedResult> {
  const catalogue = buildCatalogue();
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(products)
      .values(
        catalogue.map((p) => ({
          sku: p.sku,
          name: p.name,
          description: p.description,
          brand: p.brand,
          category: p.category,
          price: toDecimalString(p.priceCents),
          listPrice: toDecimalString(p.listPriceCents),
          imageUrl: productImagePath(p.sku),
          rating: p.rating,
          reviewCount: p.reviewCount,
          stockLevel: p.stockLevel,
          demandIndex: p.demandIndex,
          tags: p.tags,
        })),
      )
      .onConflictDoNothing({ target: products.sku })
      .returning({ id: products.id });
    // Missing sections get the values in force now (the defaults, or an older database's
    // shipping and tax from global_rules), so seeding never changes how the shop prices.
    const current = await loadSellerConfig(tx);
    const configs = await tx
      .insert(sellerConfig)
      .values(
        Object.entries(current).map(([configType, configData]) => ({
          configType,
          configData,
          active: true,
        })),
      )
      .onConflictDoNothing({ target: sellerConfig.configType })
      .returning({ id: sellerConfig.id });
    const [total] = await tx.select({ n: count() }).from(products);
    return { productsCreated: inserted.length, productsTotal: total?.n ?? 0, configCreated: configs.length };
  });
}

/** First start: seed only when the shop has no products at all. */
export async function seedIfEmpty(db: Db): Promise<SeedResult | null> {
  const [row] = await db.select({ n: count() }).from(products);
  if ((row?.n ?? 0) > 0) return null;
  return seedCatalogue(db);
}
