import type { ConfigType } from "@haggle/contract/merchant";
import { mergeSellerConfig } from "@haggle/domain/merchant/merge-seller-config";
import { SELLER_CONFIG_TYPES, type SellerConfig } from "@haggle/domain/merchant/seller-config";
import { eq, like, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { appSettings, sellerConfig } from "../../platform/db/schema.ts";

/**
 * When the merchant last saved a section, kept apart from the row's updated_at: seeding a shop, or
 * saving one section, writes the rows of the others with the values in force, and nobody saved those.
 */
const SAVED_AT_KEY = "seller_config_saved_at:";

/**
 * The merchant's active settings, each section over its defaults, so a section that was never
 * saved (or lacks a newer key) still has every value. An older database that kept shipping and
 * tax in global_rules still prices by them until a pricing section is saved.
 */
export async function loadSellerConfig(db: Queryable): Promise<SellerConfig> {
  const rows = await db
    .select({ configType: sellerConfig.configType, configData: sellerConfig.configData })
    .from(sellerConfig)
    .where(eq(sellerConfig.active, true));
  return mergeSellerConfig(rows);
}

/** When the merchant last saved each section; null for a section nobody saved (or an inactive one). */
export async function loadSectionTimestamps(db: Queryable): Promise<Record<ConfigType, string | null>> {
  const rows = await db
    .select({ type: sellerConfig.configType, updatedAt: sellerConfig.updatedAt, active: sellerConfig.active })
    .from(sellerConfig);
  const saved = await db
    .select({ key: appSettings.key, value: appSettings.value })
    .from(appSettings)
    .where(like(appSettings.key, `${SAVED_AT_KEY}%`));
  const updatedAt = {} as Record<ConfigType, string | null>;
  for (const type of SELLER_CONFIG_TYPES) {
    const row = rows.find((r) => r.type === type && r.active);
    const at = saved.find((s) => s.key === `${SAVED_AT_KEY}${type}`)?.value;
    // A save writes its time after the row's; a row written later (seeded again) was not saved.
    updatedAt[type] = row && at && at >= row.updatedAt.toISOString() ? at : null;
  }
  return updatedAt;
}

/** One writer of the settings at a time, until the transaction ends. */
export async function lockSellerConfig(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('haggle_seller_config'))`);
}

/**
 * Writes every section that has no row yet with the given values (the ones in force), leaving
 * saved sections as they are. Returns how many sections it wrote.
 */
export async function insertMissingSections(db: Queryable, values: SellerConfig): Promise<number> {
  const created = await db
    .insert(sellerConfig)
    .values(SELLER_CONFIG_TYPES.map((type) => ({ configType: type, configData: values[type], active: true })))
    .onConflictDoNothing({ target: sellerConfig.configType })
    .returning({ id: sellerConfig.id });
  return created.length;
}

/** Replaces one section (or creates it), active from now on. */
export async function saveSection<T extends ConfigType>(
  tx: Tx,
  type: T,
  section: SellerConfig[T],
): Promise<void> {
  await tx
    .insert(sellerConfig)
    .values({ configType: type, configData: section, active: true })
    .onConflictDoUpdate({
      target: sellerConfig.configType,
      set: { configData: section, active: true, updatedAt: new Date() },
    });
  const savedAt = new Date().toISOString();
  await tx
    .insert(appSettings)
    .values({ key: `${SAVED_AT_KEY}${type}`, value: savedAt })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: savedAt } });
}
