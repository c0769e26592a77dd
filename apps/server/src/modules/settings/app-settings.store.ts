import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { appSettings } from "../../platform/db/schema/settings.ts";

/*
 * The shop's own rows of app_settings that other modules keep there: the session secret
 * (accounts) and the admin setup codes (admin). The settings module owns the table, so they ask
 * these functions rather than write it themselves.
 */

/**
 * The session secret kept in the database: the first process to start stores `candidate`, and
 * every process sharing the database answers the one stored.
 */
export async function storedAuthSecret(db: Queryable, candidate: string): Promise<string> {
  await db.insert(appSettings).values({ key: "auth_secret", value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "auth_secret"));
  if (!row) throw new Error("could not store the session secret");
  return row.value;
}

/**
 * One row per live setup code: `setup_code_sha256:<hash>`, valued with when it was made. Every
 * replica (or process) that starts while the shop has no admin adds the code it prints, so the
 * code in any replica's log works whichever replica answers; claiming with one uses them all up.
 */
const SETUP_CODE_PREFIX = "setup_code_sha256";
/** Codes kept at most (the newest): restarts before the claim must not pile them up. */
export const SETUP_CODES_KEPT = 16;

const isSetupCode = sql`starts_with(${appSettings.key}, ${SETUP_CODE_PREFIX})`;
const setupCodeKey = (hash: string) => `${SETUP_CODE_PREFIX}:${hash}`;

/** Keeps the hash of a one-time setup code (the code itself is only ever printed) beside the others. */
export async function storeSetupCodeHash(db: Queryable, hash: string): Promise<void> {
  const made = new Date().toISOString();
  await db
    .insert(appSettings)
    .values({ key: setupCodeKey(hash), value: made })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: made } });
  const kept = db
    .select({ key: appSettings.key })
    .from(appSettings)
    .where(isSetupCode)
    .orderBy(desc(appSettings.value))
    .limit(SETUP_CODES_KEPT);
  await db.delete(appSettings).where(and(isSetupCode, notInArray(appSettings.key, kept)));
}

export async function forgetSetupCode(db: Queryable): Promise<void> {
  await db.delete(appSettings).where(isSetupCode);
}

/**
 * Uses every setup code up when this one is among them: true for exactly one caller, however many
 * race with the same or different codes (one statement: a racer blocked on the rows finds them gone).
 */
export async function takeSetupCode(db: Queryable, hash: string): Promise<boolean> {
  const key = setupCodeKey(hash);
  const taken = await db
    .delete(appSettings)
    .where(and(isSetupCode, sql`exists (select 1 from ${appSettings} where ${appSettings.key} = ${key})`))
    .returning({ key: appSettings.key });
  return taken.some((row) => row.key === key);
}
