import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { MethodPrice, ZonePlace } from "@haggle/domain/markets/shipping-zones";
import { createdAt, updatedAt } from "./columns.ts";

/**
 * The shop's shipping zones. A shop with none charges its flat fee and free-over threshold (the
 * pricing settings), as before zones existed. `places` lists where the zone ships: a country (or
 * "*" for the rest of the world), optionally narrowed to regions or postal-code prefixes.
 */
export const shippingZones = pgTable("shipping_zones", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  places: jsonb("places").$type<ZonePlace[]>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A zone's shipping methods (Standard, Express...). Amounts are integers in the currency's minor
 * unit, in `price` (flat, weight bands or value bands) and `free_over` (null: never free).
 */
export const shippingMethods = pgTable(
  "shipping_methods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    zoneId: uuid("zone_id")
      .notNull()
      .references(() => shippingZones.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    price: jsonb("price").$type<MethodPrice>().notNull(),
    freeOver: integer("free_over"),
    daysMin: integer("days_min").notNull(),
    daysMax: integer("days_max").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("shipping_methods_days", sql`${t.daysMin} >= 0 and ${t.daysMax} >= ${t.daysMin}`),
    check("shipping_methods_free_over", sql`${t.freeOver} is null or ${t.freeOver} >= 0`),
  ],
);
