import { CONFIG_TYPES, type ConfigType, type MerchantConfig } from "@haggle/contract/merchant";
import { sellerConfigConflict } from "@haggle/domain/merchant/merge-seller-config";
import type { SellerConfig } from "@haggle/domain/merchant/seller-config";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.ts";
import { sellerConfig } from "../../platform/db/schema.ts";
import { badRequest } from "../../http/http-error.ts";
import { loadSellerConfig } from "./settings.store.ts";

async function configAnswer(db: Db | Tx): Promise<MerchantConfig> {
  // One query after the other: inside a transaction on the embedded database, never two at once.
  const config = await loadSellerConfig(db);
  const rows = await db
    .select({ type: sellerConfig.configType, updatedAt: sellerConfig.updatedAt, active: sellerConfig.active })
    .from(sellerConfig);
  const updatedAt: Record<string, string | null> = {};
  for (const type of CONFIG_TYPES) {
    const row = rows.find((r) => r.type === type && r.active);
    updatedAt[type] = row ? row.updatedAt.toISOString() : null;
  }
  return { config, updatedAt };
}

/** Every section of the merchant's settings as the negotiator and the pricing rule read them. */
export async function getMerchantConfig(db: Db): Promise<MerchantConfig> {
  return configAnswer(db);
}

/**
 * Saves one whole section (already validated against its schema). The ceiling may not fall
 * below the automatic limits (400 naming what to change first). Sections that were never saved
 * are written first with the values in force, so that rewriting global_rules does not lose the
 * shipping and tax an older database kept there.
 */
export async function saveConfigSection<T extends ConfigType>(
  db: Db,
  type: T,
  section: SellerConfig[T],
): Promise<MerchantConfig> {
  return db.transaction(async (tx) => {
    // One writer at a time, so two saves cannot each pass the cross-section rule against the other's old value.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('haggle_seller_config'))`);
    const current = await loadSellerConfig(tx);
    const next: SellerConfig = { ...current, [type]: section };
    const conflict = sellerConfigConflict(next, type);
    if (conflict) throw badRequest(conflict, "CONFIG_CONFLICT");
    await tx
      .insert(sellerConfig)
      .values(CONFIG_TYPES.map((t) => ({ configType: t, configData: current[t], active: true })))
      .onConflictDoNothing({ target: sellerConfig.configType });
    await tx
      .insert(sellerConfig)
      .values({ configType: type, configData: section, active: true })
      .onConflictDoUpdate({
        target: sellerConfig.configType,
        set: { configData: section, active: true, updatedAt: new Date() },
      });
    return configAnswer(tx);
  });
}
