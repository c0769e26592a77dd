/**
 * The API spec's routes for the shop, tax rates, discount codes, shipping options and the cart's
 * code, both databases: their shapes, who may call them, a bad body's sentence, and that each
 * changes the same state as the route the web app uses (GET /api/shop/currency, /api/merchant/taxes,
 * /api/merchant/discount-codes/{id}, POST /api/checkout/shipping-options, PUT /api/cart/discount-code).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { HttpClient } from "./support/http-client.ts";
import {
  TEST_ADDRESS,
  checkedOut,
  shopperWithCart,
  signUpMerchant,
  signUpShopper,
  useShop,
} from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const CODES = "/api/merchant/discount-codes";
const ZONES = "/api/merchant/shipping-zones";
const SPEC_ZONE = {
  name: "West coast",
  countries: ["US", "CA"],
  regions: ["US-CA", "US-OR", "CA-BC"],
  postalPrefixes: ["9"],
  methods: [
    { name: "Ground", kind: "flat", bands: [{ from: 0, price: 7.5 }], deliveryDays: { min: 2, max: 6 } },
    {
      name: "By weight",
      kind: "weight",
      bands: [
        { from: 0, to: 1000, price: 5 },
        { from: 1000, price: 12 },
      ],
      freeOver: 100,
      deliveryDays: { min: 3, max: 5 },
    },
  ],
};
const ZONE = {
  name: "United States",
  places: [{ country: "US" }],
  methods: [
    { name: "Express", price: { kind: "flat", amount: 22 }, freeOver: null, days: { min: 1, max: 2 } },
    { name: "Standard", price: { kind: "flat", amount: 6 }, freeOver: null, days: { min: 3, max: 5 } },
  ],
};
const message = (res: { json: { error?: { message?: string } } }) => res.json.error?.message;

describe.each(DB_KINDS)("the API spec's shop routes (%s)", (kind) => {
  const shop = useShop(kind);
  let merchant: HttpClient | undefined;
  const asMerchant = async () => (merchant ??= await signUpMerchant(shop.server.baseUrl));
  const url = () => shop.server.baseUrl;

  it("lets only merchants change the shop, its rates and codes, and only shoppers ask for options", async () => {
    const anon = new HttpClient(url());
    const { http: shopper } = await signUpShopper(url());
    const id = randomUUID();
    for (const [method, path] of [
      ["PUT", "/api/merchant/shop"],
      ["GET", "/api/merchant/tax-rates"],
      ["PUT", "/api/merchant/tax-rates"],
      ["PATCH", `${CODES}/${id}`],
      ["DELETE", `${CODES}/${id}`],
      ["GET", ZONES],
      ["POST", ZONES],
      ["PATCH", `${ZONES}/${id}`],
      ["DELETE", `${ZONES}/${id}`],
    ] as const) {
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      expect((await anon.request(method, path, body)).status, path).toBe(401);
      expect((await shopper.request(method, path, body)).status, path).toBe(403);
    }
    expect((await anon.get("/api/checkout/shipping-options?country=US")).status).toBe(401);
    expect((await anon.post("/api/cart/discount-code", { code: "X" })).status).toBe(401);
    expect((await anon.get("/api/shop")).status).toBe(200);
  });

  it("answers and changes the shop as Settings → Currency and Taxes do", async () => {
    const http = await asMerchant();
    const before = (await new HttpClient(url()).get("/api/shop")).json;
    expect(before).toEqual({ name: "Haggle", currency: "USD", pricesIncludeTax: false, locale: "en-US" });

    const empty = await http.request("PUT", "/api/merchant/shop", {});
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.json)).toContain("Give currency, pricesIncludeTax or locale to change.");
    const unknown = await http.request("PUT", "/api/merchant/shop", {
      currency: "XYZ",
      pricesIncludeTax: true,
    });
    expect(unknown.status).toBe(400);
    expect((await http.get("/api/shop")).json).toEqual(before);

    const changed = await http.request("PUT", "/api/merchant/shop", {
      currency: "EUR",
      locale: "de-DE",
      pricesIncludeTax: true,
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json).toEqual({
      name: "Haggle",
      currency: "EUR",
      pricesIncludeTax: true,
      locale: "de-DE",
    });
    expect((await http.get("/api/shop/currency")).json).toMatchObject({ currency: "EUR", locale: "de-DE" });
    expect((await http.get("/api/shop/taxes")).json.pricesIncludeTax).toBe(true);

    const back = await http.request("PUT", "/api/merchant/shop", {
      currency: "USD",
      locale: "en-US",
      pricesIncludeTax: false,
    });
    expect(back.json).toEqual(before);
  });

  it("reads and replaces the table of tax rates as Settings → Taxes keeps it", async () => {
    const http = await asMerchant();
    const original = (await http.get("/api/merchant/tax-rates")).json;
    const table = (await http.get("/api/merchant/taxes")).json.rates;
    expect(original.length).toBe(table.length);
    expect(original[0]).toEqual({
      country: table[0].country,
      region: table[0].region,
      ratePercent: table[0].ratePercent,
      appliesToShipping: table[0].taxShipping,
      name: table[0].name,
    });

    const bad = await http.request("PUT", "/api/merchant/tax-rates", [
      { country: "Germany", ratePercent: 19, appliesToShipping: true },
    ]);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain("A country is its two-letter ISO code, such as DE or US.");
    const twice = await http.request("PUT", "/api/merchant/tax-rates", [
      { country: "DE", ratePercent: 19, appliesToShipping: true },
      { country: "de", ratePercent: 7, appliesToShipping: true },
    ]);
    expect(twice.status).toBe(400);
    expect(message(twice)).toBe("The rate for DE is listed twice.");
    expect((await http.get("/api/merchant/tax-rates")).json).toEqual(original);

    const two = [
      { country: "DE", region: null, ratePercent: 19, appliesToShipping: true, name: "VAT" },
      { country: "US", region: "CA", ratePercent: 7.25, appliesToShipping: false, name: "Tax" },
    ];
    const replaced = await http.request("PUT", "/api/merchant/tax-rates", [
      { country: "DE", ratePercent: 19, appliesToShipping: true },
      { country: "US", region: "CA", ratePercent: 7.25, appliesToShipping: false, name: "Tax" },
    ]);
    expect(replaced.status, JSON.stringify(replaced.json)).toBe(200);
    expect(replaced.json).toEqual(two);
    const rates = (await http.get("/api/merchant/taxes")).json.rates;
    expect(rates.map((r: { country: string; region: string | null }) => [r.country, r.region])).toEqual([
      ["DE", null],
      ["US", "CA"],
    ]);

    const restored = await http.request("PUT", "/api/merchant/tax-rates", original);
    expect(restored.json).toEqual(original);
  });

  it("edits part of a code and deletes an unused one", async () => {
    const http = await asMerchant();
    const text = `SPEC${randomUUID().slice(0, 6).toUpperCase()}`;
    const created = (await http.post(CODES, { code: text, kind: "percent", percentOff: 10, totalUses: 5 }))
      .json;
    const patched = await http.request("PATCH", `${CODES}/${created.id}`, { percentOff: 20 });
    expect(patched.status, JSON.stringify(patched.json)).toBe(200);
    expect(patched.json).toMatchObject({ code: text, kind: "percent", percentOff: 20, totalUses: 5 });
    expect((await http.get(`${CODES}/${created.id}`)).json).toEqual(patched.json);

    const noAmount = await http.request("PATCH", `${CODES}/${created.id}`, { kind: "amount" });
    expect(noAmount.status).toBe(400);
    expect(JSON.stringify(noAmount.json)).toContain("An amount-off code needs its amount.");
    const noUses = await http.request("PATCH", `${CODES}/${created.id}`, { totalUses: 0 });
    expect(noUses.status).toBe(400);
    expect(JSON.stringify(noUses.json)).toContain("Total uses must be at least 1.");
    expect((await http.request("PATCH", `${CODES}/${randomUUID()}`, { active: false })).status).toBe(404);

    // The spec's names on the same routes: read into ours, answered beside ours.
    const spec = await http.post(CODES, {
      code: `${text}B`,
      kind: "amount",
      value: 7.5,
      minSubtotal: 30,
      usageLimit: 3,
      perCustomerLimit: 1,
      combinesWithNegotiation: true,
    });
    expect(spec.status, JSON.stringify(spec.json)).toBe(201);
    expect(spec.json).toMatchObject({
      amountOff: 7.5,
      minimumSubtotal: 30,
      totalUses: 3,
      usesPerCustomer: 1,
    });
    expect(spec.json).toMatchObject({ value: 7.5, minSubtotal: 30, usageLimit: 3, timesUsed: 0 });
    expect(spec.json.combinesWithNegotiation).toBe(true);
    const valued = await http.request("PATCH", `${CODES}/${spec.json.id}`, { value: 9, usageLimit: 4 });
    expect(valued.json).toMatchObject({ kind: "amount", amountOff: 9, value: 9, totalUses: 4 });
    const twice = await http.request("PATCH", `${CODES}/${spec.json.id}`, { usageLimit: 4, totalUses: 5 });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.json)).toContain("Give usageLimit or totalUses, not both.");
    const tooMuch = await http.request("PATCH", `${CODES}/${created.id}`, { value: 120 });
    expect(message(tooMuch)).toBe("Percent off must be from 0.01% to 100%.");
    expect((await http.request("DELETE", `${CODES}/${spec.json.id}`)).json.deleted).toBe(true);

    const gone = await http.request("DELETE", `${CODES}/${created.id}`);
    expect(gone.json).toEqual({ id: created.id, deleted: true, code: null });
    expect((await http.get(`${CODES}/${created.id}`)).status).toBe(404);
    expect((await http.request("DELETE", `${CODES}/${created.id}`)).status).toBe(404);
  });

  it("answers the cart's shipping options by place, takes a code by POST, and keeps a used code", async () => {
    const http = await asMerchant();
    const zone = await http.post("/api/merchant/shipping/zones", ZONE);
    expect(zone.status, JSON.stringify(zone.json)).toBe(201);
    const product = shop.catalogue.find((p) => p.inStock && p.price >= 20)!;
    const { http: shopper } = await shopperWithCart(url(), [product]);

    const options = await shopper.get(
      "/api/checkout/shipping-options?country=us&region=US-CA&postalCode=94105",
    );
    expect(options.status, JSON.stringify(options.json)).toBe(200);
    const ours = (await shopper.post("/api/checkout/shipping-options", { address: TEST_ADDRESS })).json
      .options;
    expect(options.json).toEqual(
      ours.map((o: { methodId: string; name: string; amount: number; days: unknown }) => ({
        id: o.methodId,
        name: o.name,
        price: o.amount,
        deliveryDays: o.days,
      })),
    );
    expect(options.json.map((o: { name: string; price: number }) => [o.name, o.price])).toEqual([
      ["Standard", 6],
      ["Express", 22],
    ]);
    expect(options.json[0].deliveryDays).toEqual({ min: 3, max: 5 });
    expect((await shopper.get("/api/checkout/shipping-options?country=JP")).json).toEqual([]);
    const saved = (await shopper.post("/api/addresses", TEST_ADDRESS)).json;
    expect((await shopper.get(`/api/checkout/shipping-options?addressId=${saved.id}`)).json).toEqual(
      options.json,
    );
    const none = await shopper.get("/api/checkout/shipping-options");
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.json)).toContain("Give addressId, or country");
    const country = await shopper.get("/api/checkout/shipping-options?country=Japan");
    expect(country.status).toBe(400);
    expect(JSON.stringify(country.json)).toContain("A country is its two-letter ISO code");

    const text = `USED${randomUUID().slice(0, 6).toUpperCase()}`;
    const code = (await http.post(CODES, { code: text, kind: "free_shipping" })).json;
    const unknown = await shopper.post("/api/cart/discount-code", { code: "NOSUCHCODE" });
    expect(unknown.status).toBe(400);
    expect(message(unknown)).toBe("We don't know the code NOSUCHCODE. Check it and try again.");
    const entered = await shopper.post("/api/cart/discount-code", { code: text.toLowerCase() });
    expect(entered.status, JSON.stringify(entered.json)).toBe(200);
    expect(entered.json.discountCode).toMatchObject({ code: text, applied: true, freeShipping: true });
    expect((await shopper.get("/api/cart")).json.discountCode.code).toBe(text);
    await checkedOut(shopper);

    const kept = await http.request("DELETE", `${CODES}/${code.id}`);
    expect(kept.json).toMatchObject({ id: code.id, deleted: false, code: { active: false, usedCount: 1 } });
    const fixed = await http.request("PUT", "/api/merchant/shop", { currency: "EUR" });
    expect(fixed.status).toBe(409);
    expect(message(fixed)).toBe("The shop's currency can't change once it has orders.");
    await http.request("DELETE", `/api/merchant/shipping/zones/${zone.json.zones[0].id}`);
  });

  it("keeps shipping zones in the spec's shape in the same table as Settings → Shipping", async () => {
    const http = await asMerchant();
    const bad = await http.post(ZONES, { ...SPEC_ZONE, countries: [] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain("A zone ships somewhere: add a country.");
    const noName = await http.post(ZONES, { ...SPEC_ZONE, name: " " });
    expect(noName.status).toBe(400);
    expect(JSON.stringify(noName.json)).toContain("A zone needs a name, such as Europe.");

    const bare = await http.post(ZONES, { ...SPEC_ZONE, regions: ["BC"] });
    expect(bare.status).toBe(400);
    expect(JSON.stringify(bare.json)).toContain("a region is its ISO 3166-2 code, such as US-CA.");

    const created = await http.post(ZONES, SPEC_ZONE);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const zone = created.json;
    expect(zone).toMatchObject({
      name: "West coast",
      countries: ["US", "CA"],
      regions: ["US-CA", "US-OR", "CA-BC"],
      postalPrefixes: ["9"],
    });
    expect(zone.methods.map((m: { kind: string; bands: unknown }) => [m.kind, m.bands])).toEqual([
      ["flat", [{ from: 0, to: null, price: 7.5 }]],
      [
        "weight",
        [
          { from: 0, to: 1000, price: 5 },
          { from: 1000, to: null, price: 12 },
        ],
      ],
    ]);
    expect(zone.methods[1]).toMatchObject({ freeOver: 100, deliveryDays: { min: 3, max: 5 } });
    const ours = (await http.get("/api/merchant/shipping")).json.zones;
    const mine = ours.find((z: { id: string }) => z.id === zone.id);
    expect(mine.places).toEqual([
      { country: "US", regions: ["CA", "OR"], postalPrefixes: ["9"] },
      { country: "CA", regions: ["BC"], postalPrefixes: ["9"] },
    ]);
    expect(mine.methods[0].price).toEqual({ kind: "flat", amount: 7.5 });
    expect((await http.get(ZONES)).json).toContainEqual(zone);

    const renamed = await http.request("PATCH", `${ZONES}/${zone.id}`, { name: "Pacific" });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(renamed.json).toEqual({ ...zone, name: "Pacific" });
    const half = await http.request("PATCH", `${ZONES}/${zone.id}`, { regions: ["US-WA"] });
    expect(half.status).toBe(400);
    expect(JSON.stringify(half.json)).toContain("Give countries with regions or postalPrefixes");
    expect((await http.request("PATCH", `${ZONES}/${randomUUID()}`, { name: "X" })).status).toBe(404);

    const gone = await http.request("DELETE", `${ZONES}/${zone.id}`);
    expect(gone.json).toEqual({ id: zone.id, deleted: true });
    expect(
      (await http.get("/api/merchant/shipping")).json.zones.map((z: { id: string }) => z.id),
    ).not.toContain(zone.id);
  });

  it("exports the catalogue at the spec's address as the CSV export does", async () => {
    const http = await asMerchant();
    const { http: shopper } = await signUpShopper(url());
    expect((await shopper.get("/api/merchant/exports?format=csv")).status).toBe(403);
    const spec = await http.get("/api/merchant/exports?format=csv");
    expect(spec.status).toBe(200);
    expect(spec.text).toBe((await http.get("/api/merchant/exports/products.csv")).text);
    const jsonl = await http.get("/api/merchant/exports?format=jsonl");
    expect(jsonl.status).toBe(400);
    expect(message(jsonl)).toBe("The catalogue exports as CSV for now: ask for format=csv.");
    expect(message(await http.get("/api/merchant/exports?format=xml"))).toBe("format is csv or jsonl.");
  });
});
