import { pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns.ts";

/**
 * The shop's policy pages as the merchant writes them (Markdown): shipping, returns, warranty and
 * FAQ, one row per page that has text. A page without a row is not published.
 */
export const shopPolicies = pgTable("shop_policies", {
  kind: text("kind").primaryKey(),
  body: text("body").notNull(),
  updatedAt: updatedAt(),
});
