/**
 * The merchant's settings and pairings over real HTTP on the real database, each setting proven
 * to govern the server code that reads it.
 */
import { randomUUID } from "node:crypto";
import type { Product } from "@haggle/contract/products";
import { beforeEach, describe, expect, it } from "vitest";
import { insertMissingSections, loadSellerConfig } from "../src/modules/settings/settings.store.ts";
import { sellerConfig } from "../src/platform/db/schema.ts";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { cents } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("merchant settings and pairings on the %s database", (kind) => {
  const { shop, near, shopper, negotiating, say, checkout, put, putOk, patch, pair } = useMerchantShop(kind);
  // Every test starts from the default settings (no rows: each section is its defaults), as
  // the first one asserts: no section was ever saved.
  beforeEach(async () => {
    await shop.server.database.db.delete(sellerConfig);
  });

  // ---------------------------------------------------------------- settings

  it("reads and saves settings whole, with sentences for bad input and the ceiling rule", async () => {
    const initial = (await shop.merchant.get("/api/merchant/config")).json;
    expect(initial.config.global_rules).toEqual({ offer_expiry_minutes: 30, max_rounds: 8 });
    expect(initial.config.pricing).toEqual({
      free_shipping_threshold: 100,
      flat_shipping: 10,
      tax_rate_pct: 10,
    });
    expect(initial.updatedAt.pricing).toBeNull();

    const unknown = await put("shipping_rules", {});
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toBe(
      "The configuration type must be one of: negotiation_limits, tier_benefits, escalation_rules, global_rules, pricing, agents.",
    );
    const bad = await put("negotiation_limits", {
      max_auto_discount_pct: 120,
      max_auto_discount_amount: 150,
      bundling_discount_bonus: 5,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe("Max auto discount must be from 0% to 90%.");
    const partial = await put("pricing", { free_shipping_threshold: 50 });
    expect(partial.status).toBe(400);
    const aboveCeiling = await put("negotiation_limits", {
      max_auto_discount_pct: 30,
      max_auto_discount_amount: 150,
      bundling_discount_bonus: 5,
    });
    expect(aboveCeiling.status).toBe(400);
    expect(aboveCeiling.json.error.message).toBe(
      "Max auto discount cannot be above the escalation ceiling (25%). Raise the ceiling first.",
    );
    const belowLimits = await put("escalation_rules", { ceiling_pct: 10, ceiling_amount: 400 });
    expect(belowLimits.status).toBe(400);
    expect(belowLimits.json.error.message).toBe(
      "Escalation ceiling cannot be below the max auto discount (15%). Lower the max auto discount first.",
    );
    const thresholds = await put("tier_benefits", {
      ...initial.config.tier_benefits,
      thresholds: { SILVER: 3000, GOLD: 2000, PLATINUM: 5000 },
    });
    expect(thresholds.json.error.message).toBe(
      "Tier thresholds must rise: Silver below Gold below Platinum.",
    );

    const saved = await putOk("pricing", {
      free_shipping_threshold: 75.5,
      flat_shipping: 6.25,
      tax_rate_pct: 8.5,
    });
    expect(saved.config.pricing).toEqual({
      free_shipping_threshold: 75.5,
      flat_shipping: 6.25,
      tax_rate_pct: 8.5,
    });
    expect(saved.updatedAt.pricing).not.toBeNull();
    expect((await shop.merchant.get("/api/merchant/config")).json.config.pricing.flat_shipping).toBe(6.25);
  });

  it("says a section was saved only once the merchant saved it, not when seeding or saving another wrote its row", async () => {
    const db = shop.server.database.db;
    // What seeding a shop writes: every section with the values in force.
    await insertMissingSections(db, await loadSellerConfig(db));
    const seeded = (await shop.merchant.get("/api/merchant/config")).json;
    expect(Object.values(seeded.updatedAt).every((at) => at === null)).toBe(true);
    const saved = await putOk("negotiation_limits", seeded.config.negotiation_limits);
    expect(saved.updatedAt.negotiation_limits).not.toBeNull();
    expect(
      Object.entries(saved.updatedAt).filter(([type, at]) => type !== "negotiation_limits" && at !== null),
    ).toEqual([]);
  });

  it("an older database's shipping and tax in global_rules still price carts, and survive saving global_rules", async () => {
    await shop.server.database.db.insert(sellerConfig).values({
      configType: "global_rules",
      configData: {
        offer_expiry_minutes: 30,
        max_rounds: 8,
        free_shipping_threshold: 5000,
        flat_shipping: 4,
        tax_rate_pct: 0,
      },
    });
    const product = near(60);
    const { http } = await shopper([product]);
    const before = (await http.get("/api/cart")).json.summary;
    expect(before).toMatchObject({ shipping: 4, tax: 0 });
    expect((await shop.merchant.get("/api/merchant/config")).json.config.pricing).toEqual({
      free_shipping_threshold: 5000,
      flat_shipping: 4,
      tax_rate_pct: 0,
    });
    await putOk("global_rules", { offer_expiry_minutes: 20, max_rounds: 6 });
    expect((await http.get("/api/cart")).json.summary).toMatchObject({ shipping: 4, tax: 0 });
  });

  it("Configuration changes change the negotiator's behaviour (a lower cap yields lower offers)", async () => {
    const product = near(300);
    // One round: Ava's first offer is her best (the reserve), so the cap shows at once.
    await putOk("global_rules", { offer_expiry_minutes: 30, max_rounds: 1 });
    const wide = await negotiating(product);
    const wideOffer = (await say(wide.http, wide.id, "Can I get a discount?")).result!;
    await putOk("negotiation_limits", {
      max_auto_discount_pct: 5,
      max_auto_discount_amount: 150,
      bundling_discount_bonus: 5,
    });
    const narrow = await negotiating(product);
    const narrowOffer = (await say(narrow.http, narrow.id, "Can I get a discount?")).result!;
    expect(narrowOffer.total_discount_amount).toBeGreaterThan(0);
    expect(narrowOffer.total_discount_amount).toBeLessThan(wideOffer.total_discount_amount);
    expect(narrowOffer.total_discount_percent).toBeLessThanOrEqual(5);
  });

  it("max_auto_discount_amount caps the offer in dollars", async () => {
    await putOk("global_rules", { offer_expiry_minutes: 30, max_rounds: 1 });
    await putOk("negotiation_limits", {
      max_auto_discount_pct: 15,
      max_auto_discount_amount: 7.5,
      bundling_discount_bonus: 5,
    });
    const s = await negotiating(near(300));
    for (const message of ["discount please", "more", "Could you do 10% off?"]) {
      const offer = (await say(s.http, s.id, message)).result;
      if (offer) expect(offer.total_discount_amount).toBeLessThanOrEqual(7.5);
    }
    expect((await s.http.get("/api/cart")).json.offer.discountAmount).toBe(7.5);
  });

  it("max_rounds: with one round the first offer is already the best, larger than the default opening", async () => {
    const product = near(300);
    const opening = await negotiating(product);
    const first = (await say(opening.http, opening.id, "Can I get a discount?")).result!;
    await putOk("global_rules", { offer_expiry_minutes: 30, max_rounds: 1 });
    const oneRound = await negotiating(product);
    const best = (await say(oneRound.http, oneRound.id, "Can I get a discount?")).result!;
    expect(best.total_discount_amount).toBeGreaterThan(first.total_discount_amount);
  });

  it("offer_expiry_minutes sets when the offer expires", async () => {
    await putOk("global_rules", { offer_expiry_minutes: 3, max_rounds: 8 });
    const s = await negotiating(near(200));
    const before = Date.now();
    const offer = (await say(s.http, s.id, "discount please")).result!;
    const expires = Date.parse(offer.expires_at!);
    expect(expires).toBeGreaterThanOrEqual(before + 3 * 60_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3 * 60_000 + 1000);
  });

  it("tier extra points raise the offer of a shopper of that tier", async () => {
    const product = near(300);
    await putOk("global_rules", { offer_expiry_minutes: 30, max_rounds: 1 });
    const plain = await negotiating(product);
    const without = (await say(plain.http, plain.id, "discount please")).result!;
    const config = (await shop.merchant.get("/api/merchant/config")).json.config;
    await putOk("tier_benefits", {
      ...config.tier_benefits,
      extra_points: { ...config.tier_benefits.extra_points, NONE: 10 },
    });
    const loyal = await negotiating(product);
    const withPoints = (await say(loyal.http, loyal.id, "discount please")).result!;
    expect(withPoints.total_discount_amount).toBeGreaterThan(without.total_discount_amount);
    expect(withPoints.total_discount_percent).toBeLessThanOrEqual(15);
  });

  it("the stance: balanced by default, saved and read back, and it changes Ava's offers", async () => {
    const limits = (await shop.merchant.get("/api/merchant/config")).json.config.negotiation_limits;
    expect(limits.stance).toBe("balanced");
    const unknown = await put("negotiation_limits", { ...limits, stance: "reckless" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toBe(
      "The stance must be one of: protect-margin, balanced, maximise-conversion.",
    );

    const product = near(300);
    const offersAfter = async () => {
      const s = await negotiating(product);
      const offers: number[] = [];
      for (const message of ["Can I get a discount?", "Is that your best price?"]) {
        offers.push((await say(s.http, s.id, message)).result!.total_discount_amount);
      }
      return offers;
    };
    const balanced = await offersAfter();
    const saved = await putOk("negotiation_limits", { ...limits, stance: "maximise-conversion" });
    expect(saved.config.negotiation_limits.stance).toBe("maximise-conversion");
    expect((await shop.merchant.get("/api/merchant/config")).json.config.negotiation_limits.stance).toBe(
      "maximise-conversion",
    );
    const generous = await offersAfter();
    await putOk("negotiation_limits", { ...limits, stance: "protect-margin" });
    const careful = await offersAfter();
    expect(generous[1]!).toBeGreaterThan(balanced[1]!);
    expect(careful[1]!).toBeLessThanOrEqual(balanced[1]!);
    expect(careful[0]!).toBeLessThan(generous[0]!);

    // A client that sends the section without the stance (written before it existed) gets the default.
    const old = await putOk("negotiation_limits", {
      max_auto_discount_pct: 15,
      max_auto_discount_amount: 150,
      bundling_discount_bonus: 5,
    });
    expect(old.config.negotiation_limits.stance).toBe("balanced");
  });

  it("the escalation ceiling: an ask inside the band escalates; lower the ceiling and the same ask is declined", async () => {
    const product = near(400);
    const first = await negotiating(product);
    expect((await say(first.http, first.id, "Could you do 20% off?")).display).toMatch(/manager/i);
    expect((await first.http.get(`/api/negotiations/${first.id}`)).json.approval.status).toBe("pending");

    await putOk("escalation_rules", { ceiling_pct: 18, ceiling_amount: 400 });
    const second = await negotiating(product);
    const turn = await say(second.http, second.id, "Could you do 20% off?");
    expect(turn.display).not.toMatch(/manager/i);
    expect((await second.http.get(`/api/negotiations/${second.id}`)).json.approval).toBeNull();
    expect(turn.result?.total_discount_percent ?? 0).toBeLessThanOrEqual(15);
  });

  it("pricing settings (free-shipping threshold, flat shipping, tax rate) price the cart and the order", async () => {
    const product = near(60);
    await putOk("pricing", { free_shipping_threshold: 1000, flat_shipping: 7.25, tax_rate_pct: 5 });
    const { http } = await shopper([product]);
    const summary = (await http.get("/api/cart")).json.summary;
    const subtotal = cents(product.price);
    expect(summary.shipping).toBe(7.25);
    expect(cents(summary.tax)).toBe(Math.floor((subtotal * 500) / 10_000 + 0.5));
    const order = await checkout(http);
    expect(order.shipping).toBe(7.25);
    expect(order.tax).toBe(summary.tax);
    expect(order.total).toBe(summary.total);

    await putOk("pricing", { free_shipping_threshold: 10, flat_shipping: 7.25, tax_rate_pct: 0 });
    const { http: second } = await shopper([product]);
    expect((await second.get("/api/cart")).json.summary).toMatchObject({ shipping: 0, tax: 0 });
  });

  it("tier thresholds decide the loyalty tier after checkout", async () => {
    const product = near(60);
    const config = (await shop.merchant.get("/api/merchant/config")).json.config;
    const { http: bronze } = await shopper([product]);
    await checkout(bronze);
    expect((await bronze.get("/api/me")).json.profile.loyaltyTier).toBe("BRONZE");
    await putOk("tier_benefits", {
      ...config.tier_benefits,
      thresholds: { SILVER: 1, GOLD: 100_000, PLATINUM: 200_000 },
    });
    const { http: silver } = await shopper([product]);
    await checkout(silver);
    expect((await silver.get("/api/me")).json.profile.loyaltyTier).toBe("SILVER");
  });

  // ---------------------------------------------------------------- pairings

  it("manages pairings: 201, 409 duplicate, 404 naming the unknown product, 400 self, list by kind, delete", async () => {
    const [a, b] = [near(100), near(30)];
    const created = await pair("cross_sell", a.id, b.id);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      kind: "cross_sell",
      product: { id: a.id, hidden: false },
      paired: { id: b.id, price: b.price },
    });
    const again = await pair("cross_sell", a.id, b.id);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe("These two products already have this cross-sell pairing.");
    const upsell = await pair("upsell", a.id, b.id);
    expect(upsell.status).toBe(201);
    const missing = await pair("upsell", a.id, randomUUID());
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toBe("No product has the id given as pairedProductId.");
    const self = await pair("upsell", a.id, a.id);
    expect(self.status).toBe(400);
    expect(self.json.error.message).toBe("A product cannot be paired with itself.");
    expect((await pair("bundle", a.id, b.id)).json.error.message).toBe("kind must be cross_sell or upsell.");
    expect(
      (await shop.merchant.get("/api/merchant/pairings?kind=upsell")).json.map((p: { id: string }) => p.id),
    ).toEqual([upsell.json.id]);
    expect((await shop.merchant.get("/api/merchant/pairings?kind=nope")).status).toBe(400);
    expect((await shop.merchant.request("DELETE", `/api/merchant/pairings/${upsell.json.id}`)).status).toBe(
      204,
    );
    expect((await shop.merchant.request("DELETE", `/api/merchant/pairings/${upsell.json.id}`)).status).toBe(
      404,
    );
    expect((await shop.merchant.request("DELETE", "/api/merchant/pairings/zzz")).status).toBe(404);
    expect((await shop.merchant.request("DELETE", `/api/merchant/pairings/${created.json.id}`)).status).toBe(
      204,
    );
    expect((await shop.merchant.get("/api/merchant/pairings")).json).toEqual([]);
  });

  it("a cross-sell pairing makes Ava propose exactly that product as the bundle, with the bundling bonus", async () => {
    const product = near(300);
    // Picks the heuristic cannot make: it wants at least 3% of the cart ($9) and at most 30% ($90).
    const paired: Product = (
      await shop.merchant.post("/api/merchant/products", {
        sku: "MERCH-BUNDLE-1",
        name: "Tiny Cleaning Cloth",
        brand: "Haggle",
        category: "Accessories",
        price: 5,
        listPrice: 5,
        stockLevel: 50,
      })
    ).json;
    const upsell = near(120);
    await pair("upsell", product.id, upsell.id);
    const pairing = await pair("cross_sell", product.id, paired.id);
    expect(pairing.status).toBe(201);
    await putOk("global_rules", { offer_expiry_minutes: 30, max_rounds: 1 });

    // The bundling bonus is what the bundle adds on top of Ava's best percent.
    await putOk("negotiation_limits", {
      max_auto_discount_pct: 15,
      max_auto_discount_amount: 150,
      bundling_discount_bonus: 0,
    });
    const noBonus = await negotiating(product);
    await say(noBonus.http, noBonus.id, "discount please");
    const plainBundle = (await say(noBonus.http, noBonus.id, "more")).result!;
    expect(plainBundle.new_items.map((n) => n.product_id)).toEqual([paired.id]);

    await putOk("negotiation_limits", {
      max_auto_discount_pct: 15,
      max_auto_discount_amount: 150,
      bundling_discount_bonus: 5,
    });
    const s = await negotiating(product);
    const reserve = (await say(s.http, s.id, "discount please")).result!;
    const bundle = (await say(s.http, s.id, "more")).result!;
    expect(bundle.new_items).toEqual([{ product_id: paired.id, quantity: 1, price: expect.any(Number) }]);
    expect(bundle.total_discount_percent).toBeGreaterThan(reserve.total_discount_percent);
    expect(bundle.total_discount_percent - plainBundle.total_discount_percent).toBeCloseTo(5, 1);
    const cart = (await s.http.post(`/api/negotiations/${s.id}/accept`, {})).json;
    expect(cart.items.map((i: { productId: string }) => i.productId).sort()).toEqual(
      [product.id, paired.id].sort(),
    );

    // A hidden paired product is never proposed: the upsell comes next.
    await patch(`/api/merchant/products/${paired.id}`, { hidden: true });
    try {
      const t = await negotiating(product);
      await say(t.http, t.id, "discount please");
      const next = (await say(t.http, t.id, "more")).result!;
      expect(next.new_items.map((n) => n.product_id)).toEqual([upsell.id]);
    } finally {
      await patch(`/api/merchant/products/${paired.id}`, { hidden: false });
    }
  });
});
