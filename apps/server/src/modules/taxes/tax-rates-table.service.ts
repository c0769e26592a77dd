import type { SpecTaxRatesBody } from "@haggle/contract/shop";
import { invalid } from "@haggle/domain/errors";
import type { Db, Queryable } from "../../platform/db/client.ts";
import { taxSettingsView, writeTaxRate } from "./taxes.service.ts";
import { deleteTaxRateRow, listTaxRateRows } from "./taxes.store.ts";

/** A rate as GET/PUT /api/merchant/tax-rates show it. */
export interface SpecTaxRate {
  country: string;
  region: string | null;
  ratePercent: number;
  appliesToShipping: boolean;
  name: string;
}

const placeKey = (p: { country: string; region?: string | null }) => `${p.country}-${p.region ?? ""}`;

/** The shop's table of rates by place, in the API spec's shape. */
export async function specTaxRates(db: Queryable): Promise<SpecTaxRate[]> {
  const { rates } = await taxSettingsView(db);
  return rates.map((r) => ({
    country: r.country,
    region: r.region,
    ratePercent: r.ratePercent,
    appliesToShipping: r.taxShipping,
    name: r.name,
  }));
}

/**
 * Makes the table exactly these rates, in one transaction: each written as Settings → Taxes writes
 * one (a place's name and "replaces its country" kept when not given; a new place is called "Tax"),
 * and the places not listed removed. A place listed twice is refused (400) and nothing changes.
 */
export async function replaceTaxRates(db: Db, body: SpecTaxRatesBody): Promise<SpecTaxRate[]> {
  const seen = new Set<string>();
  for (const rate of body) {
    const key = placeKey(rate);
    if (seen.has(key)) throw invalid(`The rate for ${key.replace(/-$/, "")} is listed twice.`);
    seen.add(key);
  }
  return await db.transaction(async (tx) => {
    const before = new Map((await listTaxRateRows(tx)).map((row) => [placeKey(row), row]));
    for (const rate of body) {
      const was = before.get(placeKey(rate));
      await writeTaxRate(tx, {
        country: rate.country,
        region: rate.region ?? null,
        name: rate.name ?? was?.name ?? "Tax",
        ratePercent: rate.ratePercent,
        taxShipping: rate.appliesToShipping,
        replacesCountry: was?.replacesCountry ?? false,
      });
    }
    for (const row of before.values())
      if (!seen.has(placeKey(row))) await deleteTaxRateRow(tx, { country: row.country, region: row.region });
    return await specTaxRates(tx);
  });
}
