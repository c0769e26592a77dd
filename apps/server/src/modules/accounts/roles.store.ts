import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { userRoles } from "../../platform/db/schema.ts";

export type Role = "merchant";

export async function hasRole(db: Db, userId: string, role: Role): Promise<boolean> {
  const rows = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .limit(1);
  return rows.length > 0;
}

/** Grants the role; false when the user already had it. */
export async function grantRole(db: Db, userId: string, role: Role): Promise<boolean> {
  const inserted = await db
    .insert(userRoles)
    .values({ userId, role })
    .onConflictDoNothing()
    .returning({ id: userRoles.id });
  return inserted.length > 0;
}
