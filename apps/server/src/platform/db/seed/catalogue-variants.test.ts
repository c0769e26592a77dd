import { describe, expect, it } from "vitest";
import { buildCatalogue } from "./catalogue.ts";
import { SEEDED_WITH_OPTIONS, seedVariantsOf } from "./catalogue-variants.ts";

describe("the seeded catalogue's variants", () => {
  const catalogue = buildCatalogue();

  it("gives options to products the catalogue has, with SKUs unique in the shop", () => {
    const names = new Set(catalogue.map((p) => p.name));
    for (const name of SEEDED_WITH_OPTIONS) expect(names.has(name), name).toBe(true);
    const skus = catalogue.flatMap((p) => [p.sku, ...(seedVariantsOf(p)?.variants.map((v) => v.sku) ?? [])]);
    expect(new Set(skus).size).toBe(skus.length);
  });

  it("sells a tee in sizes and colours: one combination sold out, one not sold, XL dearer", () => {
    const tee = catalogue.find((p) => p.name === "Fernway Organic Cotton Crew Tee")!;
    const planned = seedVariantsOf(tee)!;
    expect(planned.options.map((o) => o.name)).toEqual(["Size", "Colour"]);
    expect(planned.variants).toHaveLength(11);
    expect(planned.variants.find((v) => v.optionValues.join("/") === "XL/Navy")).toBeUndefined();
    expect(planned.variants.find((v) => v.optionValues.join("/") === "S/Black")?.stockLevel).toBe(0);
    const xl = planned.variants.find((v) => v.optionValues.join("/") === "XL/Black")!;
    expect(xl.priceCents).toBe(tee.priceCents + 200);
    expect(Math.min(...planned.variants.map((v) => v.priceCents))).toBe(tee.priceCents);
    for (const v of planned.variants) expect(v.optionValues).toHaveLength(2);
  });

  it("leaves every other product without options, and is the same on every call", () => {
    expect(catalogue.filter((p) => seedVariantsOf(p) !== null)).toHaveLength(SEEDED_WITH_OPTIONS.length);
    expect(buildCatalogue().map(seedVariantsOf)).toEqual(catalogue.map(seedVariantsOf));
  });
});
