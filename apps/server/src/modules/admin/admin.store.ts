import { and, count, eq } from "drizzle-orm";
import type { Db, Queryable } from "../../platform/db/client.ts";
import { appSettings } from "../../platform/db/schema/settings.ts";
import { productsRead as products } from "../catalog/index.ts";

/** Products shoppers can see: the first figure of the admin panel. */
export async function countVisibleProducts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.hidden, false));
  return row?.n ?? 0;
}

const SETUP_CODE_KEY = "setup_code_sha256";

/** Keeps the hash of the shop's one-time setup code (the code itself is only ever printed). */
export async function storeSetupCodeHash(db: Queryable, hash: string): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: SETUP_CODE_KEY, value: hash })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: hash } });
}

export async function forgetSetupCode(db: Queryable): Promise<void> {
  await db.delete(appSettings).where(eq(appSettings.key, SETUP_CODE_KEY));
}

/** Uses the code up when its hash matches: true for exactly one caller, however many race. */
export async function takeSetupCode(db: Queryable, hash: string): Promise<boolean> {
  const taken = await db
    .delete(appSettings)
    .where(and(eq(appSettings.key, SETUP_CODE_KEY), eq(appSettings.value, hash)))
    .returning({ key: appSettings.key });
  return taken.length > 0;
}
