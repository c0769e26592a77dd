import { mergeSellerConfig } from "@haggle/domain/merchant/merge-seller-config";
import type { SellerConfig } from "@haggle/domain/merchant/seller-config";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.ts";
import { sellerConfig } from "../../platform/db/schema.ts";

/**
 * The merchant's active settings, each section over its defaults, so a section that was never
 * saved (or lacks a newer key) still has every value. An older database that kept shipping and
 * tax in global_rules still prices by them until a pricing section is saved.
 */
export async function loadSellerConfig(db: Db | Tx): Promise<SellerConfig> {
  const rows = await db
    .select({ configType: sellerConfig.configType, configData: sellerConfig.configData })
    .from(sellerConfig)
    .where(eq(sellerConfig.active, true));
  return mergeSellerConfig(rows);
}
