import type { Db } from "../../platform/db/client.ts";
import { buildCatalogue } from "../../platform/db/seed/catalogue.ts";
import { countAllProducts, insertSeedProducts } from "../catalog/index.ts";
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
    const productsCreated = await insertSeedProducts(tx, catalogue);
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
