import { STANDARD_RATES_DATED } from "@haggle/domain/markets/standard-tax-rates";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { preparedStatement } from "../../platform/db/prepared.ts";
import { taxRates, taxSettings } from "../../platform/db/schema/taxes.ts";

export type TaxRateRow = typeof taxRates.$inferSelect;
export interface TaxChoicesRow {
  byPlace: boolean;
  pricesIncludeTax: boolean;
  standardRatesDated: string;
}

/** The shop's tax choices (the migration writes the row; a missing one reads as the shop before places). */
export async function loadTaxChoices(db: Queryable): Promise<TaxChoicesRow> {
  const [row] = await taxChoicesStatement(db, {});
  return row ?? taxChoicesPart.read(null);
}

/**
 * The shop's tax choices as one JSON value of a larger statement (the shop's terms read at once):
 * `sql` reads them, `read` answers them as loadTaxChoices does.
 */
export const taxChoicesPart = {
  sql: sql`(select json_build_object('byPlace', ${taxSettings.byPlace}, 'pricesIncludeTax', ${taxSettings.pricesIncludeTax}, 'standardRatesDated', ${taxSettings.standardRatesDated}) from ${taxSettings} where ${taxSettings.id} = 1)`,
  read: (value: unknown): TaxChoicesRow =>
    (value as TaxChoicesRow | null) ?? {
      byPlace: false,
      pricesIncludeTax: false,
      standardRatesDated: STANDARD_RATES_DATED,
    },
};

// Every quote reads it: its SQL is built once (preparedStatement).
const taxChoicesStatement = preparedStatement("taxes_choices", (q) =>
  q
    .select({
      byPlace: taxSettings.byPlace,
      pricesIncludeTax: taxSettings.pricesIncludeTax,
      standardRatesDated: taxSettings.standardRatesDated,
    })
    .from(taxSettings)
    .where(eq(taxSettings.id, 1)),
);

export async function saveTaxChoices(
  db: Queryable,
  choices: { byPlace: boolean; pricesIncludeTax: boolean },
): Promise<void> {
  await db
    .insert(taxSettings)
    .values({ id: 1, ...choices, standardRatesDated: STANDARD_RATES_DATED })
    .onConflictDoUpdate({ target: taxSettings.id, set: { ...choices, updatedAt: new Date() } });
}

/** Every rate, by country then region (the country's own first). */
export async function listTaxRateRows(db: Queryable): Promise<TaxRateRow[]> {
  return await db.select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.region));
}

/** The rates of one country (its own and its regions'): what an address there can pay. */
export async function taxRateRowsOf(db: Queryable, country: string): Promise<TaxRateRow[]> {
  return await db.select().from(taxRates).where(eq(taxRates.country, country));
}

export async function findTaxRateRow(
  db: Queryable,
  place: { country: string; region: string },
): Promise<TaxRateRow | undefined> {
  const [row] = await db
    .select()
    .from(taxRates)
    .where(and(eq(taxRates.country, place.country), eq(taxRates.region, place.region)));
  return row;
}

/** Creates or replaces a place's rate, keeping the standard rate it was seeded with. */
export async function upsertTaxRateRow(
  db: Queryable,
  rate: Pick<
    TaxRateRow,
    "country" | "region" | "name" | "rateMilliPercent" | "taxShipping" | "replacesCountry"
  >,
): Promise<void> {
  const { country, region, ...rest } = rate;
  await db
    .insert(taxRates)
    .values(rate)
    .onConflictDoUpdate({
      target: [taxRates.country, taxRates.region],
      set: { ...rest, updatedAt: new Date() },
    });
}

export async function deleteTaxRateRow(
  db: Queryable,
  place: { country: string; region: string },
): Promise<boolean> {
  const gone = await db
    .delete(taxRates)
    .where(and(eq(taxRates.country, place.country), eq(taxRates.region, place.region)))
    .returning({ country: taxRates.country });
  return gone.length > 0;
}
