import type { Db } from "../../platform/db/client.ts";
import { buildCatalogue } from "../../platform/db/seed/catalogue.ts";
import { seedVariantsOf } from "../../platform/db/seed/catalogue-variants.ts";
import { countAllProducts, giveProductOptions, insertSeedProducts } from "../catalog/index.ts";
import { insertMissingSections, loadSellerConfig } from "../settings/index.ts";

export interface SeedResult {
  productsCreated: number;
  productsTotal: number;
  configCreated: number;
}

/**
 * Creates the seeded catalogue and the seller configuration defaults. Idempotent: rows that
 * exist (by SKU, by config type) are left as they are, so a merchant's edits survive a re-seed.
 */
export async function seedCatalogue(db: Db): Promise<SeedResult> {
  const catalogue = buildCatalogue();
  return db.transaction(async (tx) => {
    const inserted = await insertSeedProducts(tx, catalogue);
    // A few clothes and shoes come in sizes and colours: only those inserted now get them, so a
    // merchant's own edits of an existing product survive a re-seed.
    const bySku = new Map(catalogue.map((p) => [p.sku, p]));
    for (const { id, sku } of inserted) {
      const product = bySku.get(sku);
      const planned = product ? seedVariantsOf(product) : null;
      if (!planned) continue;
      await giveProductOptions(
        tx,
        id,
        planned.options,
        planned.variants.map((v) => ({
          optionValues: v.optionValues,
          sku: v.sku,
          price: v.priceCents,
          listPrice: v.listPriceCents,
          stockLevel: v.stockLevel,
        })),
      );
    }
    const productsCreated = inserted.length;
    // Missing sections get the values in force now (the defaults, or an older database's
    // shipping and tax from global_rules), so seeding never changes how the shop prices.
    const configCreated = await insertMissingSections(tx, await loadSellerConfig(tx));
    return { productsCreated, productsTotal: await countAllProducts(tx), configCreated };
  });
}

/** First start: seed only when the shop has no products at all. */
export async function seedIfEmpty(db: Db): Promise<SeedResult | null> {
  if ((await countAllProducts(db)) > 0) return null;
  return seedCatalogue(db);
}
