import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadShopTerms } from "../../src/modules/cart/shop-terms.store.ts";
import { loadSellerConfig } from "../../src/modules/settings/settings.store.ts";
import { insertZone, loadZones } from "../../src/modules/shipping/shipping.store.ts";
import { loadTaxChoices, saveTaxChoices } from "../../src/modules/taxes/taxes.store.ts";
import { DB_KINDS, useFreshTestDatabase } from "../support/test-server.ts";

/**
 * The shop's terms read in one statement answer what the three reads they replace answer: the
 * settings over their defaults, the tax choices, the zones with their methods in the merchant's
 * order. Service tier: the stores against a database, no HTTP.
 */
describe.each(DB_KINDS)("the shop's terms in one statement (%s)", (kind) => {
  const fresh = useFreshTestDatabase(kind);

  async function threeReads() {
    const db = fresh.database.db;
    return {
      config: await loadSellerConfig(db),
      taxChoices: await loadTaxChoices(db),
      zones: await loadZones(db),
    };
  }

  it("answers a fresh shop as the three reads do: no zones", async () => {
    const terms = await loadShopTerms(fresh.database.db);
    expect(terms.zones).toEqual([]);
    expect(terms).toEqual(await threeReads());
  });

  it("answers zones with their methods, prices and days, tax choices and a missing tax row alike", async () => {
    const db = fresh.database.db;
    await insertZone(db, {
      name: "Europe",
      places: [{ country: "DE" }, { country: "FR", postalPrefixes: ["75"] }],
      methods: [
        { name: "Standard", price: { kind: "flat", amount: 490 }, freeOver: 5000, days: { min: 2, max: 4 } },
        {
          name: "By weight",
          price: {
            kind: "weight",
            bands: [
              { upToGrams: 1000, amount: 300 },
              { upToGrams: null, amount: 900 },
            ],
          },
          freeOver: null,
          days: { min: 1, max: 1 },
        },
      ],
    });
    await insertZone(db, {
      name: "Rest of the world",
      places: [{ country: "*" }],
      methods: [
        { name: "Post", price: { kind: "flat", amount: 1500 }, freeOver: null, days: { min: 5, max: 10 } },
      ],
    });
    await saveTaxChoices(db, { byPlace: true, pricesIncludeTax: true });
    const terms = await loadShopTerms(db);
    expect(terms.zones.map((z) => [z.name, z.methods.length])).toEqual([
      ["Europe", 2],
      ["Rest of the world", 1],
    ]);
    expect(terms.taxChoices).toMatchObject({ byPlace: true, pricesIncludeTax: true });
    expect(terms).toEqual(await threeReads());

    await db.execute(sql`delete from tax_settings`);
    expect(await loadShopTerms(db)).toEqual(await threeReads());
  });
});
