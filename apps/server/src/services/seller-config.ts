import { DEFAULT_SELLER_CONFIG, type SellerConfig } from "@haggle/domain/seller-config";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { sellerConfig } from "../db/schema.ts";

/**
 * The merchant's active settings, each section over its defaults, so a section that was never
 * saved (or lacks a newer key) still has every value.
 */
export async function loadSellerConfig(db: Db | Tx): Promise<SellerConfig> {
  const rows = await db.select().from(sellerConfig).where(eq(sellerConfig.active, true));
  const config = structuredClone(DEFAULT_SELLER_CONFIG);
  for (const row of rows) {
    const key = row.configType as keyof SellerConfig;
    if (!(key in config) || typeof row.configData !== "object" || row.configData === null) continue;
    Object.assign(config[key], row.configData);
  }
  return config;
}
