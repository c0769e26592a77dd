import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadShopTerms } from "../../src/modules/cart/shop-terms.store.ts";
import {
  findRunningExperiment,
  insertExperiment,
  stopRunningExperiment,
} from "../../src/modules/experiments/experiments.store.ts";
import { loadSellerConfig } from "../../src/modules/settings/settings.store.ts";
import { insertZone, loadZones } from "../../src/modules/shipping/shipping.store.ts";
import { loadTaxChoices, saveTaxChoices } from "../../src/modules/taxes/taxes.store.ts";
import { DB_KINDS, useFreshTestDatabase } from "../support/test-server.ts";

/**
 * The shop's terms read in one statement answer what the four reads they replace answer: the
 * settings over their defaults, the tax choices, the zones with their methods in the merchant's
 * order, the running holdout experiment. Service tier: the stores against a database, no HTTP.
 */
describe.each(DB_KINDS)("the shop's terms in one statement (%s)", (kind) => {
  const fresh = useFreshTestDatabase(kind);

  async function separateReads() {
    const db = fresh.database.db;
    return {
      config: await loadSellerConfig(db),
      taxChoices: await loadTaxChoices(db),
      zones: await loadZones(db),
      experiment: await findRunningExperiment(db),
    };
  }

  it("answers a fresh shop as the separate reads do: no zones, no experiment", async () => {
    const terms = await loadShopTerms(fresh.database.db);
    expect(terms.zones).toEqual([]);
    expect(terms.experiment).toBeNull();
    expect(terms).toEqual(await separateReads());
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
    expect(terms).toEqual(await separateReads());

    await db.execute(sql`delete from tax_settings`);
    expect(await loadShopTerms(db)).toEqual(await separateReads());
  });

  it("answers the running holdout experiment as its own read does, and none once it stops", async () => {
    const db = fresh.database.db;
    const started = await insertExperiment(db, 1000);
    const terms = await loadShopTerms(db);
    expect(terms.experiment).toMatchObject({ id: started.id, holdoutShareBp: 1000, stoppedAt: null });
    expect(terms).toEqual(await separateReads());

    await stopRunningExperiment(db, new Date());
    expect((await loadShopTerms(db)).experiment).toBeNull();
    expect(await loadShopTerms(db)).toEqual(await separateReads());
  });
});
