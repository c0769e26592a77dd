import { createHash } from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { apiKeys } from "../../platform/db/schema/accounts.ts";
import { user } from "../../platform/db/schema/auth.ts";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A shopper's keys still in force, newest first. */
export async function listActiveKeys(db: Queryable, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
}

export async function countActiveKeys(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertApiKey(
  db: Queryable,
  values: { userId: string; name: string; prefix: string; keyHash: string },
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  if (!row) throw new Error("api key insert returned nothing");
  return row;
}

/** Revokes one of the shopper's keys; false when it is not theirs or already revoked. */
export async function revokeApiKey(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/**
 * Revokes every key of the account still in force (a password reset, "sign out everywhere"):
 * refused from the next request on. Answers how many were revoked.
 */
export async function revokeAllApiKeys(db: Queryable, userId: string): Promise<number> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length;
}

/** The key in force with this hash and the account it belongs to; a revoked key finds nothing. */
export async function findKeyOwner(db: Queryable, keyHash: string) {
  const [row] = await db
    .select({ keyId: apiKeys.id, userId: user.id, email: user.email, name: user.name })
    .from(apiKeys)
    .innerJoin(user, eq(user.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row ?? null;
}

/** Notes when a key was last used (at most once a minute, so a busy agent writes little). */
export async function touchApiKey(db: Queryable, id: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
}

/** A key by its hash whatever its state: who tried a revoked key, for the audit. */
export async function findKeyByHash(db: Queryable, keyHash: string) {
  const [row] = await db
    .select({ keyId: apiKeys.id, userId: apiKeys.userId, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, keyHash));
  return row ?? null;
}

/** Every key starts so, so a leaked one is recognisable (and secret scanners can match it). */
export const API_KEY_PREFIX = "hgl_";

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/**
 * The shopper and key an Authorization bearer key names; null for an unknown or revoked key.
 * A store (not the service) so every door an agent uses (MCP, ACP) checks keys the same way.
 */
export async function authenticateApiKey(
  db: Queryable,
  key: string,
): Promise<{ keyId: string; shopper: { id: string; email: string; name: string } } | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
  const owner = await findKeyOwner(db, hashApiKey(key));
  if (!owner) return null;
  await touchApiKey(db, owner.keyId);
  return { keyId: owner.keyId, shopper: { id: owner.userId, email: owner.email, name: owner.name } };
}
