/**
 * Tax by place: the rates that apply to an address, and each line's tax, rounded per line in the
 * currency's minor unit, half up. Rates are thousandths of a percent (20% = 20000, 6.875% = 6875),
 * fine enough for every published rate.
 */

export interface TaxRate {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** A subdivision ("CA", "ON"), or null for the whole country. */
  region: string | null;
  /** What the receipt calls it: "VAT", "Sales tax", "GST", "HST", "QST". */
  name: string;
  rateMilliPercent: number;
  /** Whether shipping is taxed at this rate too. */
  taxShipping: boolean;
  /** A region's rate that stands instead of its country's (Canada's HST includes GST); otherwise they add up. */
  replacesCountry?: boolean;
}

export interface TaxComponent {
  name: string;
  rateMilliPercent: number;
  taxShipping: boolean;
}

/** The rates that apply at an address: the country's and the region's, added (or the region's alone when it replaces). */
export function taxComponentsFor(
  address: { country: string; region?: string | null },
  rates: readonly TaxRate[],
): TaxComponent[] {
  const country = address.country.trim().toUpperCase();
  const region = (address.region ?? "").trim().toUpperCase();
  const ofCountry = rates.filter((r) => r.country.toUpperCase() === country);
  const national = ofCountry.filter((r) => r.region === null);
  const regional = region
    ? ofCountry.filter((r) => r.region !== null && r.region.toUpperCase() === region)
    : [];
  const chosen = regional.some((r) => r.replacesCountry) ? regional : [...national, ...regional];
  return chosen.map(({ name, rateMilliPercent, taxShipping }) => ({ name, rateMilliPercent, taxShipping }));
}

/** amount x rate (or the rate's part of an amount that includes it), half up, in whole minor units. */
export function taxOn(amount: number, rateMilliPercent: number, included: boolean): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Not a taxable amount: ${amount}`);
  if (!Number.isInteger(rateMilliPercent) || rateMilliPercent < 0)
    throw new RangeError(`Not a tax rate in thousandths of a percent: ${rateMilliPercent}`);
  const numerator = amount * rateMilliPercent;
  const denominator = included ? 100_000 + rateMilliPercent : 100_000;
  // Integer half-up: floor((2n + d) / 2d), exact while amount x rate stays a safe integer.
  if (Number.isSafeInteger(numerator * 2 + denominator))
    return Math.floor((numerator * 2 + denominator) / (denominator * 2));
  const big =
    (BigInt(amount) * BigInt(rateMilliPercent) * 2n + BigInt(denominator)) / (BigInt(denominator) * 2n);
  return Number(big);
}

export interface TaxedAmount {
  /** What was taxed (the line after discounts, or shipping), as charged. */
  amount: number;
  /** The tax in it (included) or on it (added), per component, rounded each. */
  taxes: { name: string; rateMilliPercent: number; tax: number }[];
  tax: number;
}

/** One line's (or the shipping's) tax under these components: rounded per line and per component. */
export function taxAmount(
  amount: number,
  components: readonly TaxComponent[],
  options: { included: boolean; shipping?: boolean },
): TaxedAmount {
  const applying = options.shipping ? components.filter((c) => c.taxShipping) : components;
  if (!options.included) {
    const taxes = applying.map((c) => ({
      name: c.name,
      rateMilliPercent: c.rateMilliPercent,
      tax: taxOn(amount, c.rateMilliPercent, false),
    }));
    return { amount, taxes, tax: taxes.reduce((s, t) => s + t.tax, 0) };
  }
  // Included: the whole tax is taken out of the amount at the summed rate, then shared between
  // the components by rate, the last taking the remainder, so the parts add up to the whole.
  const totalRate = applying.reduce((s, c) => s + c.rateMilliPercent, 0);
  const whole = taxOn(amount, totalRate, true);
  let left = whole;
  const taxes = applying.map((c, i) => {
    const tax =
      i === applying.length - 1 ? left : Math.floor((whole * c.rateMilliPercent) / Math.max(1, totalRate));
    left -= tax;
    return { name: c.name, rateMilliPercent: c.rateMilliPercent, tax };
  });
  return { amount, taxes, tax: whole };
}
