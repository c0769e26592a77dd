import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns.ts";

export const sellerConfig = pgTable("seller_config", {
  id: uuid("id").primaryKey().defaultRandom(),
  configType: text("config_type").notNull().unique(),
  active: boolean("active").notNull().default(true),
  configData: jsonb("config_data").notNull(),
  updatedAt: updatedAt(),
});

/** Fixed-window counters shared by every server process (sign-in attempts, assistant calls). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/** Values every process must agree on, such as a generated session secret. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
