/**
 * Shipping zones, both databases, real HTTP: a shop without zones keeps its flat fee and
 * threshold; with a zone, checkout offers its methods cheapest first, charges the chosen one and
 * the order records it; an address no zone serves is refused with its sentence before payment;
 * checkouts racing a merchant's edit each charge a method that stood when they priced.
 */
import { describe, expect, it } from "vitest";
import { HttpClient } from "./support/http-client.ts";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { CHECKOUT_BODY, cents, postCheckout, signUpShopper } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const SHIPPING = "/api/merchant/shipping";
const OPTIONS = "/api/checkout/shipping-options";
const TOKYO = {
  name: "Aiko Sato",
  line1: "1-1 Chiyoda",
  city: "Tokyo",
  postalCode: "100-0001",
  country: "JP",
};
const NORTH_AMERICA = {
  name: "North America",
  places: [{ country: "US" }, { country: "CA" }],
  methods: [
    {
      name: "Express",
      price: { kind: "flat", amount: 25 },
      freeOver: null,
      days: { min: 1, max: 2 },
    },
    {
      name: "Standard",
      price: {
        kind: "value",
        bands: [
          { upTo: 50, amount: 7.5 },
          { upTo: null, amount: 4 },
        ],
      },
      freeOver: 1000,
      days: { min: 3, max: 6 },
    },
  ],
};
type Option = {
  methodId: string;
  name: string;
  amount: number;
  days: { min: number; max: number };
};

describe.each(DB_KINDS)("shipping zones on the %s database", (kind) => {
  const { shop, near, shopper } = useMerchantShop(kind);

  it("keeps the flat fee and threshold while the shop has no zone", async () => {
    const settings = (await shop.merchant.get(SHIPPING)).json;
    expect(settings.zones).toEqual([]);
    expect(settings.productsWithoutWeight).toBeGreaterThan(0);
    const { http } = await shopper([near(20)]);
    expect((await http.post(OPTIONS, { address: TOKYO })).json).toEqual({
      zones: false,
      options: [],
      unserved: null,
    });
    const cartShipping = (await http.get("/api/cart")).json.summary.shipping;
    const order = (await postCheckout(http, undefined, { address: TOKYO, paymentMethod: "manual" })).json;
    // The flat fee the cart showed (a $20 cart is under the free-over threshold).
    expect(order.shipping).toBeGreaterThan(0);
    expect(order.shipping).toBe(cartShipping);
    expect(order.shippingMethod).toBeNull();
  });

  it("lets only the merchant edit zones, and says what is wrong", async () => {
    const { http: someone } = await signUpShopper(shop.server.baseUrl);
    expect((await new HttpClient(shop.server.baseUrl).get(SHIPPING)).status).toBe(401);
    expect((await someone.get(SHIPPING)).status).toBe(403);
    const noCountry = await shop.merchant.post(`${SHIPPING}/zones`, {
      ...NORTH_AMERICA,
      places: [],
    });
    expect(noCountry.status).toBe(400);
    expect(JSON.stringify(noCountry.json)).toContain("A zone ships somewhere: add a country.");
    const backwards = await shop.merchant.post(`${SHIPPING}/zones`, {
      ...NORTH_AMERICA,
      methods: [{ ...NORTH_AMERICA.methods[0], days: { min: 4, max: 2 } }],
    });
    expect(backwards.status).toBe(400);
    expect(backwards.json.error.message).toContain("the delivery estimate must run from fewer days to more");
    const missing = await shop.merchant.request(
      "PUT",
      `${SHIPPING}/zones/00000000-0000-4000-8000-000000000000`,
      NORTH_AMERICA,
    );
    expect(missing.status).toBe(404);
  });

  it("offers the zone's methods cheapest first, charges the chosen one, records it, refuses Japan", async () => {
    const created = await shop.merchant.post(`${SHIPPING}/zones`, NORTH_AMERICA);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const zone = created.json.zones[0];
    expect(zone.methods.map((m: { name: string }) => m.name)).toEqual(["Express", "Standard"]);

    const { http } = await shopper([near(30)]);
    const offered = (await http.post(OPTIONS, { address: CHECKOUT_BODY.address })).json;
    expect(offered.zones).toBe(true);
    expect(offered.options.map((o: Option) => [o.name, o.amount])).toEqual([
      ["Standard", 7.5],
      ["Express", 25],
    ]);
    const express = offered.options.find((o: Option) => o.name === "Express") as Option;
    expect(express.days).toEqual({ min: 1, max: 2 });

    const unserved = (await http.post(OPTIONS, { address: TOKYO })).json;
    expect(unserved).toEqual({
      zones: true,
      options: [],
      unserved: "We don't ship to JP yet.",
    });
    const refused = await postCheckout(http, undefined, {
      address: TOKYO,
      paymentMethod: "manual",
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({
      code: "SHIPPING_UNSERVED",
      message: "We don't ship to JP yet.",
    });

    const wrong = await postCheckout(http, undefined, {
      ...CHECKOUT_BODY,
      shippingMethodId: "nope",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toBe(
      "That shipping method does not serve this address. Choose another.",
    );

    const placed = await postCheckout(http, undefined, {
      ...CHECKOUT_BODY,
      shippingMethodId: express.methodId,
    });
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    const order = placed.json;
    expect(order).toMatchObject({ shipping: 25, shippingMethod: "Express" });
    const goods = cents(order.subtotal) - cents(order.negotiatedDiscount) - cents(order.codeDiscount);
    expect(cents(order.total)).toBe(
      goods + cents(order.shipping) + (order.taxIncluded ? 0 : cents(order.tax)),
    );
    expect((await http.get(`/api/orders/${order.id}`)).json).toMatchObject({
      shippingMethod: "Express",
    });
  });

  it("charges the cheapest when none is chosen, and each racing checkout a method that stood", async () => {
    const zones = (await shop.merchant.get(SHIPPING)).json.zones;
    const zone = zones.find((z: { name: string }) => z.name === "North America");
    const shoppers = await Promise.all([shopper([near(30)]), shopper([near(30)]), shopper([near(30)])]);
    const cheaper = {
      ...NORTH_AMERICA,
      methods: [{ ...NORTH_AMERICA.methods[1], price: { kind: "flat", amount: 3 } }],
    };
    const [edit, ...orders] = await Promise.all([
      shop.merchant.request("PUT", `${SHIPPING}/zones/${zone.id}`, cheaper),
      ...shoppers.map(({ http }) => postCheckout(http)),
    ]);
    expect(edit!.status, JSON.stringify(edit!.json)).toBe(200);
    for (const placed of orders) {
      expect(placed.status, JSON.stringify(placed.json)).toBe(201);
      expect(placed.json.shippingMethod).toBe("Standard");
      expect([3, 7.5]).toContain(placed.json.shipping);
    }
    const after = (await shop.merchant.get(SHIPPING)).json.zones;
    expect(after.find((z: { id: string }) => z.id === zone.id).methods).toHaveLength(1);
  });
  it("keeps a method's id through an edit, so a shopper who chose it still checks out with it", async () => {
    for (const old of (await shop.merchant.get(SHIPPING)).json.zones)
      await shop.merchant.request("DELETE", `${SHIPPING}/zones/${old.id}`);
    const created = await shop.merchant.post(`${SHIPPING}/zones`, { ...NORTH_AMERICA, name: "Kept" });
    const zone = created.json.zones.find((z: { name: string }) => z.name === "Kept");
    const [express, standard] = zone.methods as { id: string; name: string }[];
    const renamed = {
      ...NORTH_AMERICA,
      name: "Kept",
      methods: [
        {
          ...NORTH_AMERICA.methods[0],
          id: express!.id,
          name: "Express 24h",
          price: { kind: "flat", amount: 20 },
        },
        { ...NORTH_AMERICA.methods[1], name: "Economy" },
      ],
    };
    const edited = await shop.merchant.request("PUT", `${SHIPPING}/zones/${zone.id}`, renamed);
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    const after = edited.json.zones.find((z: { id: string }) => z.id === zone.id);
    expect(after.methods.map((m: { name: string }) => m.name)).toEqual(["Express 24h", "Economy"]);
    expect(after.methods[0].id).toBe(express!.id);
    expect(after.methods[1].id).not.toBe(standard!.id);

    const { http } = await shopper([near(30)]);
    const placed = await postCheckout(http, undefined, { ...CHECKOUT_BODY, shippingMethodId: express!.id });
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    expect(placed.json).toMatchObject({ shippingMethod: "Express 24h" });

    const stranger = await shop.merchant.request("PUT", `${SHIPPING}/zones/${zone.id}`, {
      ...renamed,
      methods: [{ ...renamed.methods[1], id: standard!.id }],
    });
    expect(stranger.status).toBe(400);
    expect(stranger.json.error.message).toBe(
      "A method's id is not one of this zone's methods. Reload the zone and save it again.",
    );
    const unchanged = (await shop.merchant.get(SHIPPING)).json.zones.find(
      (z: { id: string }) => z.id === zone.id,
    );
    expect(unchanged.methods.map((m: { name: string }) => m.name)).toEqual(["Express 24h", "Economy"]);
    await shop.merchant.request("DELETE", `${SHIPPING}/zones/${zone.id}`);
  });
});
