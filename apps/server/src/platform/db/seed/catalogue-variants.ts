/**
 * The seeded catalogue's products with options: a few clothes and shoes come in sizes (and
 * colours), generated here so a new shop shows variants at once. Each variant's price is the
 * product's seeded price (a larger size a little more), its stock a deterministic share of the
 * product's; one combination of the tee is sold out and one is not sold at all, so the product
 * page shows both. Keyed by product name, like the catalogue they extend.
 */
import type { SeedProduct } from "./catalogue.ts";

export interface SeedOption {
  name: string;
  values: string[];
}

export interface SeedVariant {
  optionValues: string[];
  sku: string;
  priceCents: number;
  listPriceCents: number;
  stockLevel: number;
}

interface VariantPlan {
  options: SeedOption[];
  /** A combination the shop does not sell (left out of the variants). */
  notSold?: (values: readonly string[]) => boolean;
  /** A combination sold out (stock 0). */
  soldOut?: (values: readonly string[]) => boolean;
  /** Cents added to the product's price for this combination (larger sizes). */
  surcharge?: (values: readonly string[]) => number;
}

const SHOE_SIZES = ["7", "7.5", "8", "8.5", "9", "9.5", "10", "10.5", "11", "11.5", "12"];

const PLANS: Readonly<Record<string, VariantPlan>> = {
  "Fernway Organic Cotton Crew Tee": {
    options: [
      { name: "Size", values: ["S", "M", "L", "XL"] },
      { name: "Colour", values: ["Black", "White", "Navy"] },
    ],
    notSold: ([size, colour]) => size === "XL" && colour === "Navy",
    soldOut: ([size, colour]) => size === "S" && colour === "Black",
    surcharge: ([size]) => (size === "XL" ? 200 : 0),
  },
  "Nike Breeze Running T-Shirt": {
    options: [{ name: "Size", values: ["XS", "S", "M", "L", "XL", "XXL"] }],
    soldOut: ([size]) => size === "XS",
    surcharge: ([size]) => (size === "XXL" ? 300 : 0),
  },
  "Coastline Flannel Shirt": {
    options: [
      { name: "Size", values: ["S", "M", "L"] },
      { name: "Colour", values: ["Red Plaid", "Green Plaid"] },
    ],
  },
  "Stridelab Cadence Daily Running Shoe": {
    options: [{ name: "Size", values: SHOE_SIZES }],
    soldOut: ([size]) => size === "9",
  },
};

/** The seeded products that have options, by name. */
export const SEEDED_WITH_OPTIONS: readonly string[] = Object.keys(PLANS);

function combinations(options: readonly SeedOption[]): string[][] {
  return options.reduce<string[][]>(
    (acc, option) => acc.flatMap((values) => option.values.map((v) => [...values, v])),
    [[]],
  );
}

const skuPart = (value: string) => value.replace(/[^a-z0-9.]/gi, "").toUpperCase();

/** A seeded product's options and variants; null for a product without options. */
export function seedVariantsOf(
  product: SeedProduct,
): { options: SeedOption[]; variants: SeedVariant[] } | null {
  const plan = PLANS[product.name];
  if (!plan) return null;
  const sold = combinations(plan.options).filter((values) => !plan.notSold?.(values));
  const open = sold.filter((values) => !plan.soldOut?.(values));
  // The product's seeded stock spread over the combinations in stock, at least 2 each.
  const each = Math.max(2, Math.floor(product.stockLevel / Math.max(1, open.length)));
  return {
    options: plan.options,
    variants: sold.map((values, i) => {
      const surcharge = plan.surcharge?.(values) ?? 0;
      return {
        optionValues: values,
        sku: [product.sku, ...values.map(skuPart)].join("-"),
        priceCents: product.priceCents + surcharge,
        listPriceCents: product.listPriceCents + surcharge,
        // A little uneven, as real stock is, and the same on every machine; a product the
        // catalogue seeds sold out stays sold out in every size.
        stockLevel: plan.soldOut?.(values) || product.stockLevel === 0 ? 0 : each + (i % 3),
      };
    }),
  };
}
