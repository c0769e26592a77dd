import type { PolicyKind } from "@haggle/domain/policies/policy-pages";
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { shopPolicies } from "../../platform/db/schema/policies.ts";

export interface StoredPolicy {
  kind: PolicyKind;
  body: string;
  updatedAt: Date;
}

/** Every page the merchant has written (a page without text has no row). */
export async function loadPolicies(db: Queryable): Promise<StoredPolicy[]> {
  const rows = await db.select().from(shopPolicies);
  return rows as StoredPolicy[];
}

export async function loadPolicy(db: Queryable, kind: PolicyKind): Promise<StoredPolicy | null> {
  const [row] = await db.select().from(shopPolicies).where(eq(shopPolicies.kind, kind)).limit(1);
  return (row as StoredPolicy | undefined) ?? null;
}

/** Writes a page's text; an empty text removes the page (unpublished). */
export async function savePolicy(
  db: Queryable,
  kind: PolicyKind,
  body: string,
): Promise<StoredPolicy | null> {
  if (body.trim() === "") {
    await db.delete(shopPolicies).where(eq(shopPolicies.kind, kind));
    return null;
  }
  const [row] = await db
    .insert(shopPolicies)
    .values({ kind, body })
    .onConflictDoUpdate({ target: shopPolicies.kind, set: { body, updatedAt: sql`now()` } })
    .returning();
  return row as StoredPolicy;
}
