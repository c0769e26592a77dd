import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money } from "../column-values.ts";
import { createdAt, updatedAt } from "./columns.ts";
import { user } from "./auth.ts";

// --- accounts: the shopper profile, roles and API keys (the accounts module's) ---
export const profiles = pgTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  loyaltyTier: text("loyalty_tier").notNull().default("NONE"),
  ordersCount: integer("orders_count").notNull().default(0),
  lifetimeValue: money("lifetime_value").notNull().default(0),
  totalSavings: money("total_savings").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const userRoles = pgTable(
  "user_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    /**
     * How the role was granted: 'claim' (the setup code), 'admin' (by an admin, or written
     * into the table by hand) or 'demo' (while DEMO_MODE was on, or before roles were
     * audited: the migration marks older roles so). Demo roles end with demo mode.
     */
    source: text("source").notNull().default("admin"),
    grantedBy: text("granted_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_roles_user_role_uq").on(t.userId, t.role)],
);

/** Every grant and revocation of a role: whose, which, by whom (null: the server itself), why. */
export const roleAudit = pgTable(
  "role_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    action: text("action").notNull(),
    role: text("role").notNull(),
    userId: text("user_id").notNull(),
    userEmail: text("user_email").notNull(),
    byUserId: text("by_user_id"),
    byEmail: text("by_email"),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("role_audit_created_idx").on(t.createdAt),
    check("role_audit_action", sql`${t.action} in ('grant', 'revoke')`),
  ],
);

/**
 * A shopper's API key for an AI agent. Only the SHA-256 of the key is kept (a key is 32 random
 * bytes, so a fast hash is enough); `prefix` is its first characters, shown to tell keys apart.
 * A revoked key keeps its row (the audit names it) and is refused from the next request on.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("api_keys_user_idx").on(t.userId)],
);
