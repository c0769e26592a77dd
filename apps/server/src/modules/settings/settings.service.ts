import type { ConfigType, MerchantConfig } from "@haggle/contract/merchant";
import { invalid } from "@haggle/domain/errors";
import { sellerConfigConflict } from "@haggle/domain/merchant/merge-seller-config";
import type { SellerConfig } from "@haggle/domain/merchant/seller-config";
import type { Db, Queryable } from "../../platform/db/client.ts";
import {
  insertMissingSections,
  loadSectionTimestamps,
  loadSellerConfig,
  lockSellerConfig,
  noteDemoSettingsChange,
  saveSection,
} from "./settings.store.ts";

async function configAnswer(db: Queryable): Promise<MerchantConfig> {
  // One query after the other: inside a transaction on the embedded database, never two at once.
  const config = await loadSellerConfig(db);
  const updatedAt = await loadSectionTimestamps(db);
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
  /** Who saves it; `demoOnly` when only demo mode lets them (the save is put back when it ends). */
  by: { email: string; demoOnly: boolean } = { email: "", demoOnly: false },
): Promise<MerchantConfig> {
  return db.transaction(async (tx) => {
    // One writer at a time, so two saves cannot each pass the cross-section rule against the other's old value.
    await lockSellerConfig(tx);
    const current = await loadSellerConfig(tx);
    const next: SellerConfig = { ...current, [type]: section };
    const conflict = sellerConfigConflict(next, type);
    if (conflict) throw invalid(conflict, "CONFIG_CONFLICT");
    await noteDemoSettingsChange(tx, type, by);
    await insertMissingSections(tx, current);
    await saveSection(tx, type, section);
    return configAnswer(tx);
  });
}
