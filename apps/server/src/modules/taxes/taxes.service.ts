import type {
  ShopTaxDisplay,
  TaxChoicesBody,
  TaxRate,
  TaxRateBody,
  TaxRateResetBody,
  TaxSettings,
} from "@haggle/contract/taxes";
import { notFound } from "@haggle/domain/errors";
import { type CartTax, priceTaxNote, taxForPlace } from "@haggle/domain/markets/cart-tax";
import { STANDARD_TAX_RATES } from "@haggle/domain/markets/standard-tax-rates";
import type { TaxRate as DomainRate } from "@haggle/domain/markets/tax-by-place";
import { pricingRulesFrom } from "@haggle/domain/pricing/quote-cart";
import type { Queryable } from "../../platform/db/client.ts";
import { listAddressRows } from "../addresses/index.ts";
import { loadSellerConfig } from "../settings/index.ts";
import {
  deleteTaxRateRow,
  listTaxRateRows,
  loadTaxChoices,
  saveTaxChoices,
  type TaxChoicesRow as TaxChoices,
  type TaxRateRow,
  taxRateRowsOf,
  upsertTaxRateRow,
} from "./taxes.store.ts";

const percent = (milli: number) => milli / 1000;
const milli = (pct: number) => Math.round(pct * 1000);
const placeName = (p: { country: string; region: string | null }) =>
  p.region ? `${p.country}-${p.region}` : p.country;

function toDomainRate(row: TaxRateRow): DomainRate {
  return {
    country: row.country,
    region: row.region === "" ? null : row.region,
    name: row.name,
    rateMilliPercent: row.rateMilliPercent,
    taxShipping: row.taxShipping,
    replacesCountry: row.replacesCountry,
  };
}

function toDto(row: TaxRateRow): TaxRate {
  const standard = row.standardRateMilliPercent;
  return {
    country: row.country,
    region: row.region === "" ? null : row.region,
    name: row.name,
    ratePercent: percent(row.rateMilliPercent),
    taxShipping: row.taxShipping,
    replacesCountry: row.replacesCountry,
    standardRatePercent: standard === null ? null : percent(standard),
    edited:
      standard === null || standard !== row.rateMilliPercent || row.standardTaxShipping !== row.taxShipping,
  };
}

/** The tax a quote applies at this address (none yet: the shop's single rate), by the shop's choices. */
export async function cartTaxFor(
  db: Queryable,
  address: { country: string; region?: string | null } | null,
  fallbackBasisPoints: number,
  /** The shop's tax choices when the caller read them already (loadTaxChoices), else read here. */
  known?: TaxChoices,
): Promise<CartTax> {
  const choices = known ?? (await loadTaxChoices(db));
  const country = address?.country.trim().toUpperCase() ?? "";
  const rows = choices.byPlace && country ? await taxRateRowsOf(db, country) : [];
  return taxForPlace({ ...choices, fallbackBasisPoints }, address, rows.map(toDomainRate));
}

/**
 * The tax a cart shows before checkout: at the shopper's last used address when the shop prices
 * by place (the checkout charges the address it ships to), else the shop's single rate.
 */
export async function cartTaxForShopper(
  db: Queryable,
  userId: string | null,
  fallbackBasisPoints: number,
  /** The shop's tax choices when the caller read them already (loadTaxChoices), else read here. */
  known?: TaxChoices,
): Promise<CartTax> {
  const choices = known ?? (await loadTaxChoices(db));
  if (!choices.byPlace || !userId) return taxForPlace({ ...choices, fallbackBasisPoints }, null, []);
  const [last] = await listAddressRows(db, userId);
  const rows = last ? await taxRateRowsOf(db, last.country.toUpperCase()) : [];
  return taxForPlace({ ...choices, fallbackBasisPoints }, last ?? null, rows.map(toDomainRate));
}

/** What the storefront writes beside a price: whether prices include tax, and the note. */
export async function shopTaxDisplay(db: Queryable): Promise<ShopTaxDisplay> {
  const choices = await loadTaxChoices(db);
  return { pricesIncludeTax: choices.pricesIncludeTax, priceNote: priceTaxNote(choices) };
}

export async function taxSettingsView(db: Queryable): Promise<TaxSettings> {
  const [choices, rows, config] = [
    await loadTaxChoices(db),
    await listTaxRateRows(db),
    await loadSellerConfig(db),
  ];
  return {
    byPlace: choices.byPlace,
    pricesIncludeTax: choices.pricesIncludeTax,
    fallbackRatePercent: pricingRulesFrom(config.pricing).taxRateBasisPoints / 100,
    standardRatesDated: choices.standardRatesDated,
    rates: rows.map(toDto),
  };
}

/** Chooses whether prices include tax, keeping rates by place as they are. */
export async function savePricesIncludeTax(db: Queryable, pricesIncludeTax: boolean): Promise<void> {
  const { byPlace } = await loadTaxChoices(db);
  await saveTaxChoices(db, { byPlace, pricesIncludeTax });
}

export async function saveTaxSettings(db: Queryable, body: TaxChoicesBody): Promise<TaxSettings> {
  await saveTaxChoices(db, body);
  return await taxSettingsView(db);
}

/** Writes one place's rate (created or replaced), without answering the table. */
export async function writeTaxRate(db: Queryable, body: TaxRateBody): Promise<void> {
  await upsertTaxRateRow(db, {
    country: body.country,
    region: body.region ?? "",
    name: body.name,
    rateMilliPercent: milli(body.ratePercent),
    taxShipping: body.taxShipping,
    replacesCountry: body.region !== null && body.replacesCountry,
  });
}

export async function saveTaxRate(db: Queryable, body: TaxRateBody): Promise<TaxSettings> {
  await writeTaxRate(db, body);
  return await taxSettingsView(db);
}

/** A place back to the standard table's rate (written again if the merchant removed it). */
export async function resetTaxRate(db: Queryable, place: TaxRateResetBody): Promise<TaxSettings> {
  const standard = STANDARD_TAX_RATES.find(
    (r) => r.country === place.country && (r.region ?? null) === (place.region ?? null),
  );
  if (!standard) throw notFound(`The standard table has no rate for ${placeName(place)}.`);
  await upsertTaxRateRow(db, {
    country: standard.country,
    region: standard.region ?? "",
    name: standard.name,
    rateMilliPercent: standard.rateMilliPercent,
    taxShipping: standard.taxShipping,
    replacesCountry: standard.replacesCountry ?? false,
  });
  return await taxSettingsView(db);
}

export async function removeTaxRate(db: Queryable, place: TaxRateResetBody): Promise<TaxSettings> {
  const gone = await deleteTaxRateRow(db, { country: place.country, region: place.region ?? "" });
  if (!gone) throw notFound(`There is no rate for ${placeName(place)}.`);
  return await taxSettingsView(db);
}
