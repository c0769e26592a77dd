import type { TaxRate } from "./tax-by-place.ts";

/**
 * Standard rates a new shop starts from, as published by each tax authority and known to us on
 * the date below. They are a starting point the merchant edits in settings, not tax advice: rates
 * change, reduced rates (food, books) and US local taxes are not included, and nothing here is
 * looked up over the network.
 */
export const STANDARD_RATES_DATED = "2026-01-01";

const vat = (country: string, percent: number): TaxRate => ({
  country,
  region: null,
  name: "VAT",
  rateMilliPercent: Math.round(percent * 1000),
  taxShipping: true,
});

/** EU member states' standard VAT rates, and the UK's. */
const EUROPE: readonly TaxRate[] = [
  vat("AT", 20),
  vat("BE", 21),
  vat("BG", 20),
  vat("HR", 25),
  vat("CY", 19),
  vat("CZ", 21),
  vat("DK", 25),
  vat("EE", 24),
  vat("FI", 25.5),
  vat("FR", 20),
  vat("DE", 19),
  vat("GR", 24),
  vat("HU", 27),
  vat("IE", 23),
  vat("IT", 22),
  vat("LV", 21),
  vat("LT", 21),
  vat("LU", 17),
  vat("MT", 18),
  vat("NL", 21),
  vat("PL", 23),
  vat("PT", 23),
  vat("RO", 21),
  vat("SK", 23),
  vat("SI", 22),
  vat("ES", 21),
  vat("SE", 25),
  vat("GB", 20),
];

/** US states' base (state-level) sales tax; shipping taxed where the state generally taxes it. */
const US_STATE_PERCENT: Readonly<Record<string, number>> = {
  AL: 4,
  AZ: 5.6,
  AR: 6.5,
  CA: 7.25,
  CO: 2.9,
  CT: 6.35,
  DC: 6,
  FL: 6,
  GA: 4,
  HI: 4,
  ID: 6,
  IL: 6.25,
  IN: 7,
  IA: 6,
  KS: 6.5,
  KY: 6,
  LA: 5,
  ME: 5.5,
  MD: 6,
  MA: 6.25,
  MI: 6,
  MN: 6.875,
  MS: 7,
  MO: 4.225,
  NE: 5.5,
  NV: 6.85,
  NJ: 6.625,
  NM: 4.875,
  NY: 4,
  NC: 4.75,
  ND: 5,
  OH: 5.75,
  OK: 4.5,
  PA: 6,
  RI: 7,
  SC: 6,
  SD: 4.2,
  TN: 7,
  TX: 6.25,
  UT: 4.85,
  VT: 6,
  VA: 4.3,
  WA: 6.5,
  WV: 6,
  WI: 5,
  WY: 4,
};
const US_TAXES_SHIPPING = new Set([
  "AR",
  "CT",
  "DC",
  "GA",
  "HI",
  "IN",
  "KS",
  "KY",
  "MI",
  "MN",
  "MS",
  "NE",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "VT",
  "WA",
  "WV",
  "WI",
]);

const US: readonly TaxRate[] = Object.entries(US_STATE_PERCENT).map(([region, percent]) => ({
  country: "US",
  region,
  name: "Sales tax",
  rateMilliPercent: Math.round(percent * 1000),
  taxShipping: US_TAXES_SHIPPING.has(region),
}));

/** Canada: GST everywhere; HST replaces it in five provinces; PST or QST adds to it in four. */
const CANADA: readonly TaxRate[] = [
  { country: "CA", region: null, name: "GST", rateMilliPercent: 5000, taxShipping: true },
  ...(
    [
      ["ON", 13],
      ["NB", 15],
      ["NL", 15],
      ["NS", 14],
      ["PE", 15],
    ] as const
  ).map(([region, percent]) => ({
    country: "CA",
    region,
    name: "HST",
    rateMilliPercent: percent * 1000,
    taxShipping: true,
    replacesCountry: true,
  })),
  { country: "CA", region: "BC", name: "PST", rateMilliPercent: 7000, taxShipping: false },
  { country: "CA", region: "MB", name: "RST", rateMilliPercent: 7000, taxShipping: true },
  { country: "CA", region: "SK", name: "PST", rateMilliPercent: 6000, taxShipping: true },
  { country: "CA", region: "QC", name: "QST", rateMilliPercent: 9975, taxShipping: true },
];

export const STANDARD_TAX_RATES: readonly TaxRate[] = [...EUROPE, ...US, ...CANADA];
