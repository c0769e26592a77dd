import { boolean, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns.ts";

/**
 * The shop's tax rates by place, seeded from the standard table (dated in `tax_settings`) and
 * edited by the merchant. `region` '' is the whole country (a primary key cannot hold null).
 * `standard_rate_milli_percent` is the seeded rate a reset returns to (null for a rate the
 * merchant added).
 */
export const taxRates = pgTable(
  "tax_rates",
  {
    country: text("country").notNull(),
    region: text("region").notNull().default(""),
    name: text("name").notNull(),
    rateMilliPercent: integer("rate_milli_percent").notNull(),
    taxShipping: boolean("tax_shipping").notNull(),
    replacesCountry: boolean("replaces_country").notNull().default(false),
    standardRateMilliPercent: integer("standard_rate_milli_percent"),
    standardTaxShipping: boolean("standard_tax_shipping"),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.country, t.region] })],
);

/**
 * The shop's tax choices, one row (id 1). A shop from before tax by place keeps `by_place` off,
 * so its single rate (the pricing settings' tax rate) still applies to every address.
 */
export const taxSettings = pgTable("tax_settings", {
  id: integer("id").primaryKey().default(1),
  byPlace: boolean("by_place").notNull().default(false),
  pricesIncludeTax: boolean("prices_include_tax").notNull().default(false),
  /** The date of the standard table the rates were seeded from. */
  standardRatesDated: text("standard_rates_dated").notNull(),
  updatedAt: updatedAt(),
});
