import type { DemoSettingsReset } from "@haggle/contract/admin";
import type { ConfigType } from "@haggle/contract/merchant";
import { mergeSellerConfig } from "@haggle/domain/merchant/merge-seller-config";
import {
  type DemoSettingsChanges,
  demoSettingsToRestore,
  noteSettingsChange,
} from "@haggle/domain/merchant/demo-settings";
import {
  DEFAULT_SELLER_CONFIG,
  SELLER_CONFIG_TYPES,
  type SellerConfig,
} from "@haggle/domain/merchant/seller-config";
import { eq, like, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { preparedStatement } from "../../platform/db/prepared.ts";
import { appSettings, sellerConfig } from "../../platform/db/schema/settings.ts";

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
  return mergeSellerConfig(await activeConfigStatement(db, {}));
}

/**
 * The merchant's active settings as one JSON value of a larger statement (the shop's terms read at
 * once): `sql` reads them, `read` merges them over the defaults as loadSellerConfig does.
 */
export const sellerConfigPart = {
  sql: sql`(select coalesce(json_agg(json_build_object('configType', ${sellerConfig.configType}, 'configData', ${sellerConfig.configData})), '[]') from ${sellerConfig} where ${sellerConfig.active})`,
  read: (value: unknown): SellerConfig => mergeSellerConfig(value as Parameters<typeof mergeSellerConfig>[0]),
};

// Every quote reads it: its SQL is built once (preparedStatement).
const activeConfigStatement = preparedStatement("settings_active_config", (q) =>
  q
    .select({ configType: sellerConfig.configType, configData: sellerConfig.configData })
    .from(sellerConfig)
    .where(eq(sellerConfig.active, true)),
);

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

/** The section as stored (null: never saved, the defaults are in force), not merged over them. */
async function loadStoredSection(db: Queryable, type: ConfigType): Promise<unknown | null> {
  const [row] = await db
    .select({ configData: sellerConfig.configData, active: sellerConfig.active })
    .from(sellerConfig)
    .where(eq(sellerConfig.configType, type));
  return row?.active ? row.configData : null;
}

/** Puts a section back as it was stored: `null` removes it, so the defaults are in force again. */
async function restoreSection(tx: Tx, type: ConfigType, stored: unknown | null): Promise<void> {
  if (stored === null) {
    await tx.delete(sellerConfig).where(eq(sellerConfig.configType, type));
    return;
  }
  await tx
    .insert(sellerConfig)
    .values({ configType: type, configData: stored, active: true })
    .onConflictDoUpdate({
      target: sellerConfig.configType,
      set: { configData: stored, active: true, updatedAt: new Date() },
    });
}

/** Values kept as JSON in app_settings: the demo-mode changes and the last reset of them. */
async function loadJsonSetting<T>(db: Queryable, key: string): Promise<T | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return row ? (JSON.parse(row.value) as T) : null;
}

async function saveJsonSetting(db: Queryable, key: string, value: unknown | null): Promise<void> {
  if (value === null) {
    await db.delete(appSettings).where(eq(appSettings.key, key));
    return;
  }
  const text = JSON.stringify(value);
  await db
    .insert(appSettings)
    .values({ key, value: text })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: text } });
}

/** Notes a section's save for demo mode's end (the caller holds the settings lock). */
export async function noteDemoSettingsChange(
  tx: Tx,
  type: ConfigType,
  by: { email: string; demoOnly: boolean },
): Promise<void> {
  const changes = (await loadJsonSetting<DemoSettingsChanges>(tx, DEMO_CHANGES_KEY)) ?? {};
  const noted = noteSettingsChange(changes, { section: type, before: await loadStoredSection(tx, type), by });
  if (JSON.stringify(noted) !== JSON.stringify(changes))
    await saveJsonSetting(tx, DEMO_CHANGES_KEY, Object.keys(noted).length > 0 ? noted : null);
}

/** The sections demo visitors changed, and what each was before (settings.store's JSON setting). */
const DEMO_CHANGES_KEY = "demo_settings_changes";
/** The last time ending demo mode put settings back. */
const DEMO_RESET_KEY = "demo_settings_reset";

/**
 * Demo mode ended: every section its visitors changed goes back to what it was before them (the
 * defaults, or what a real merchant or admin saved), in the caller's transaction; what was put
 * back is kept for the admin page. Answers it, or null when nothing was changed. Safe to run by
 * every process of a cluster at start: the first takes the record, the others find none.
 */
export async function restoreDemoSettings(tx: Tx, now = new Date()): Promise<DemoSettingsReset | null> {
  await lockSellerConfig(tx);
  const changes = await loadJsonSetting<DemoSettingsChanges>(tx, DEMO_CHANGES_KEY);
  if (!changes) return null;
  const restored = demoSettingsToRestore(changes, DEFAULT_SELLER_CONFIG);
  for (const { section, value } of restored)
    if (SELLER_CONFIG_TYPES.includes(section as ConfigType))
      await restoreSection(tx, section as ConfigType, value);
  await saveJsonSetting(tx, DEMO_CHANGES_KEY, null);
  if (restored.length === 0) return null;
  const reset: DemoSettingsReset = {
    at: now.toISOString(),
    sections: restored.map(({ section, changedBy, restoredTo }) => ({ section, changedBy, restoredTo })),
  };
  await saveJsonSetting(tx, DEMO_RESET_KEY, reset);
  return reset;
}

/** What the admin page shows of the last time demo mode ended and put settings back. */
export async function lastDemoSettingsReset(db: Queryable): Promise<DemoSettingsReset | null> {
  return loadJsonSetting<DemoSettingsReset>(db, DEMO_RESET_KEY);
}
