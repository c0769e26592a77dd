import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STANDARD_TAX_RATES } from "./standard-tax-rates.ts";
import { taxAmount, taxComponentsFor, taxOn } from "./tax-by-place.ts";

describe("tax by place", () => {
  it("finds the rates of an address: country, region, added or replaced", () => {
    const names = (country: string, region?: string) =>
      taxComponentsFor({ country, region }, STANDARD_TAX_RATES).map(
        (c) => `${c.name} ${c.rateMilliPercent / 1000}%`,
      );
    expect(names("DE")).toEqual(["VAT 19%"]);
    expect(names("gb")).toEqual(["VAT 20%"]);
    expect(names("US", "CA")).toEqual(["Sales tax 7.25%"]);
    expect(names("US", "MN")).toEqual(["Sales tax 6.875%"]);
    expect(names("US", "OR")).toEqual([]);
    expect(names("CA", "ON")).toEqual(["HST 13%"]);
    expect(names("CA", "QC")).toEqual(["GST 5%", "QST 9.975%"]);
    expect(names("CA", "AB")).toEqual(["GST 5%"]);
    expect(names("JP")).toEqual([]);
  });

  it("every standard rate is a whole number of thousandths of a percent", () => {
    for (const rate of STANDARD_TAX_RATES) expect(Number.isInteger(rate.rateMilliPercent)).toBe(true);
  });

  it("rounds half up in the minor unit, added or included", () => {
    expect(taxOn(1000, 19_000, false)).toBe(190);
    expect(taxOn(1999, 7250, false)).toBe(145); // 144.93
    expect(taxOn(250, 20_000, false)).toBe(50);
    expect(taxOn(5, 10_000, false)).toBe(1); // 0.5 → 1
    expect(taxOn(1190, 19_000, true)).toBe(190);
    expect(taxOn(1000, 20_000, true)).toBe(167); // 166.67
    expect(taxOn(0, 20_000, true)).toBe(0);
  });

  it("an included tax never exceeds its amount, and amount − tax taxed again gives the tax back within one unit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 30_000 }), (amount, rate) => {
        const tax = taxOn(amount, rate, true);
        expect(tax).toBeGreaterThanOrEqual(0);
        expect(tax).toBeLessThanOrEqual(amount);
        expect(Math.abs(taxOn(amount - tax, rate, false) - tax)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("splits an included tax between components so the parts add up", () => {
    const components = taxComponentsFor({ country: "CA", region: "QC" }, STANDARD_TAX_RATES);
    const taxed = taxAmount(11_498, components, { included: true });
    expect(taxed.tax).toBe(1498);
    expect(taxed.taxes.reduce((s, t) => s + t.tax, 0)).toBe(taxed.tax);
    const added = taxAmount(10_000, components, { included: false });
    expect(added.taxes.map((t) => t.tax)).toEqual([500, 998]);
  });

  it("taxes shipping only where the rate says so", () => {
    const bc = taxComponentsFor({ country: "CA", region: "BC" }, STANDARD_TAX_RATES);
    expect(taxAmount(1000, bc, { included: false, shipping: true }).taxes.map((t) => t.name)).toEqual([
      "GST",
    ]);
  });
});
