import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { ensureProfile } from "../../src/modules/accounts/accounts.store.ts";
import { seedIfEmpty } from "../../src/modules/admin/seed.service.ts";
import type { Database } from "../../src/platform/db/client.ts";
import { user } from "../../src/platform/db/schema.ts";
import { createLogger } from "../../src/platform/logger.ts";
import type { MailSettings } from "../../src/platform/mail/mail-settings.ts";
import { type DbKind, openFreshTestDatabase } from "./test-server.ts";

/**
 * A service test's shop: a fresh migrated database of that kind (seeded with the catalogue when
 * asked), opened before the suite and dropped after it. Service tests call a module's service
 * and store on it directly, no HTTP.
 */
export function useServiceDatabase(
  kind: DbKind,
  options: { seed?: boolean } = {},
): { readonly database: Database } {
  const shop = { database: null as unknown as Database };
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const opened = await openFreshTestDatabase(kind);
    shop.database = opened.database;
    drop = opened.drop;
    if (options.seed) await seedIfEmpty(opened.database.db);
  });
  afterAll(async () => {
    await shop.database?.close();
    await drop();
  });
  return shop;
}

/** A shopper account with its profile, as sign-up makes them. */
export async function makeShopper(database: Database, name = "Sam Shopper") {
  const id = randomUUID();
  const who = { id, name, email: `${id.slice(0, 8)}@shopper.test` };
  await database.db.insert(user).values(who);
  await ensureProfile(database.db, who);
  return who;
}

/** E-mail kept in the outbox (no SMTP), as a shop without SMTP_URL runs. */
export const KEPT_MAIL: MailSettings = {
  delivery: "keep",
  from: "Haggle <shop@haggle.test>",
  merchantEmails: ["merchant@haggle.test"],
  publicUrl: "http://shop.test",
  shopName: "Haggle",
  demoMode: false,
  logger: createLogger("silent"),
};
