/**
 * The merchant API over real HTTP on the real database: access, dashboard figures, products,
 * settings (each one proven to govern the server code that reads it), pairings and orders.
 */
import { randomUUID } from "node:crypto";
import { splitNegotiationData } from "@haggle/contract/negotiation";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { productEmbeddingText } from "../src/platform/ai/embeddings.ts";
import { embedLocal } from "../src/platform/ai/local-embedder.ts";
import { products, sellerConfig } from "../src/platform/db/schema.ts";
import { HttpClient, readChatStream, uniqueEmail } from "./support/http-client.ts";
import { openEvents } from "./support/realtime-client.ts";
import { DB_KINDS, startTestServer, type TestServer } from "./support/test-server.ts";

interface P {
  id: string;
  sku: string;
  name: string;
  price: number;
  listPrice: number;
  inStock: boolean;
  stockLevel: number;
  demandIndex: number;
}

const cents = (dollars: number) => Math.round(dollars * 100);
const today = () => new Date().toISOString().slice(0, 10);

describe.each(DB_KINDS)("merchant API on the %s database", (kind) => {
  let server: TestServer;
  let catalogue: P[];
  let merchant: HttpClient;

  beforeAll(async () => {
    server = await startTestServer(kind);
    catalogue = (await new HttpClient(server.baseUrl).get("/api/products?pageSize=200")).json.items;
    merchant = new HttpClient(server.baseUrl);
    await merchant.signUp(uniqueEmail("merchant"), "secret123", "Mia Merchant");
    expect((await merchant.post("/functions/v1/assign-merchant-role")).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });
  // Every test starts from the default settings (no rows: each section is its defaults).
  afterEach(async () => {
    await server.database.db.delete(sellerConfig);
  });

  /** A calm product (stock to spare, some demand but not hot) priced close to `target` dollars. */
  function near(target: number, skip = 0): P {
    const found = catalogue
      .filter((p) => p.inStock && p.stockLevel >= 20 && p.demandIndex >= 0.2 && p.demandIndex < 0.7)
      .sort((a, b) => Math.abs(a.price - target) - Math.abs(b.price - target))[skip];
    if (!found) throw new Error(`no product near $${target}`);
    return found;
  }

  async function shopper(items: P[], name = "Sam Shopper") {
    const http = new HttpClient(server.baseUrl);
    const email = uniqueEmail("shopper");
    expect((await http.signUp(email, "secret123", name)).status).toBe(200);
    for (const product of items)
      expect((await http.post("/api/cart/items", { productId: product.id })).status).toBe(200);
    return { http, email };
  }

  async function negotiating(product: P) {
    const s = await shopper([product]);
    const started = await s.http.post("/api/negotiations", {});
    expect(started.status).toBe(201);
    return { ...s, id: started.json.id as string };
  }

  async function say(http: HttpClient, id: string, message: string) {
    const turn = await http.say(id, message);
    expect(turn.status).toBe(200);
    return { display: turn.display, result: splitNegotiationData(turn.text).result };
  }

  async function checkout(http: HttpClient) {
    const order = await http.post("/api/checkout", {}, { "idempotency-key": randomUUID() });
    expect(order.status, JSON.stringify(order.json)).toBe(201);
    return order.json;
  }

  async function put(type: string, body: unknown) {
    return merchant.request("PUT", `/api/merchant/config/${type}`, body);
  }
  async function putOk(type: string, body: unknown) {
    const res = await put(type, body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json;
  }
  const patch = (path: string, body: unknown) => merchant.request("PATCH", path, body);

  // ---------------------------------------------------------------- dashboard (first: exact figures on a fresh shop)

  it("stats and dashboard add up real orders, a negotiated deal and an escalation", async () => {
    const empty = (await merchant.get("/api/merchant/stats")).json;
    expect(empty).toEqual({
      totalProducts: 180,
      activeNegotiations: 0,
      pendingApprovals: 0,
      totalRevenue: 0,
    });

    // A deal: an offer, accepted, checked out.
    const deal = await negotiating(near(300));
    const offered = await say(deal.http, deal.id, "Can I get a discount?");
    expect((await deal.http.post(`/api/negotiations/${deal.id}/accept`, {})).status).toBe(200);
    const dealOrder = await checkout(deal.http);
    // A plain order.
    const plain = await shopper([near(40)]);
    const plainOrder = await checkout(plain.http);
    // An escalation, left pending (its negotiation stays active).
    const asking = await negotiating(near(400, 1));
    expect((await say(asking.http, asking.id, "Could you do 20% off?")).display).toMatch(/manager/i);
    // A negotiation nobody spoke in does not count for the negotiator.
    await negotiating(near(100));

    const stats = (await merchant.get("/api/merchant/stats")).json;
    const revenue = cents(dealOrder.total) + cents(plainOrder.total);
    expect(stats).toEqual({
      totalProducts: 180,
      activeNegotiations: 2,
      pendingApprovals: 1,
      totalRevenue: revenue / 100,
    });

    const dashboard = await merchant.get("/api/merchant/dashboard");
    expect(dashboard.status).toBe(200);
    const { days, negotiator } = dashboard.json;
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({
      date: today(),
      orders: 2,
      revenue: revenue / 100,
      negotiatedDiscount: (cents(dealOrder.extraDiscount) + cents(plainOrder.extraDiscount)) / 100,
    });
    expect(
      days.slice(0, -1).every((d: { orders: number; revenue: number }) => d.orders === 0 && d.revenue === 0),
    ).toBe(true);
    expect(days[0].date < days[1].date).toBe(true);
    expect(negotiator).toEqual({
      negotiations: 2,
      deals: 1,
      dealRate: 0.5,
      averageDiscountPct: offered.result!.total_discount_percent,
      totalDiscount: offered.result!.total_discount_amount,
      escalations: 1,
    });
    expect((await merchant.get("/api/merchant/dashboard?days=7")).json.days).toHaveLength(7);
    const bad = await merchant.get("/api/merchant/dashboard?days=5");
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe("days must be a whole number from 7 to 90.");
  });

  // ---------------------------------------------------------------- access

  it("requires the merchant role: 401 anonymous, 403 a shopper, 200 the merchant; every route documented", async () => {
    const anonymous = new HttpClient(server.baseUrl);
    const { http: someone } = await shopper([]);
    const reads = [
      "/api/merchant/stats",
      "/api/merchant/dashboard",
      "/api/merchant/products",
      "/api/merchant/config",
      "/api/merchant/pairings",
      "/api/merchant/orders",
    ];
    for (const path of reads) {
      expect((await anonymous.get(path)).status, path).toBe(401);
      expect((await someone.get(path)).status, path).toBe(403);
      expect((await merchant.get(path)).status, path).toBe(200);
    }
    const product = catalogue[0]!;
    for (const [method, path, body] of [
      ["POST", "/api/merchant/products", { sku: "X-1" }],
      ["PATCH", `/api/merchant/products/${product.id}`, { hidden: true }],
      ["PUT", "/api/merchant/config/global_rules", { offer_expiry_minutes: 1, max_rounds: 1 }],
      ["POST", "/api/merchant/pairings", {}],
      ["DELETE", `/api/merchant/pairings/${randomUUID()}`, undefined],
      ["PATCH", `/api/merchant/orders/${randomUUID()}`, { status: "shipped" }],
    ] as const) {
      expect((await anonymous.request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await someone.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await merchant.get(`/api/merchant/products/${product.id}`)).json.hidden).toBe(false);
    const docs = (await anonymous.get("/api/openapi.json")).json.paths;
    for (const [path, method] of [
      ["/api/merchant/dashboard", "get"],
      ["/api/merchant/products/{id}", "patch"],
      ["/api/merchant/config/{configType}", "put"],
      ["/api/merchant/pairings/{id}", "delete"],
      ["/api/merchant/orders/{id}", "patch"],
    ] as const) {
      expect(docs[path][method]["x-access"], `${method} ${path}`).toBe("merchant");
    }
  });

  // ---------------------------------------------------------------- products

  it("creates a product with a generated image, refuses a duplicate SKU and a list price below the price", async () => {
    const body = {
      sku: "MERCH-TRAIL-1",
      name: "Quokka Trail Lantern",
      description: "A rechargeable camping lantern with a warm glow.",
      brand: "Quokka",
      category: "Outdoors",
      price: 49.99,
      listPrice: 59.99,
      stockLevel: 12,
      tags: ["camping", "light"],
    };
    const created = await merchant.post("/api/merchant/products", body);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      ...body,
      inStock: true,
      hidden: false,
      imageUrl: "/images/products/MERCH-TRAIL-1.svg",
    });
    const image = await fetch(`${server.baseUrl}${created.json.imageUrl}`);
    expect(image.status).toBe(200);
    expect(await image.text()).toContain("Quokka Trail Lantern");

    const duplicate = await merchant.post("/api/merchant/products", { ...body, name: "Another" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.error.message).toBe("A product with SKU MERCH-TRAIL-1 already exists.");
    const below = await merchant.post("/api/merchant/products", {
      ...body,
      sku: "MERCH-TRAIL-2",
      listPrice: 10,
    });
    expect(below.status).toBe(400);
    expect(below.json.error.message).toBe("List price cannot be lower than the price.");
    const badSku = await merchant.post("/api/merchant/products", { ...body, sku: "no spaces" });
    expect(badSku.status).toBe(400);
    expect(badSku.json.error.message).toBe(
      "SKU may contain only letters, digits, dots, dashes and underscores.",
    );
    expect((await merchant.post("/api/merchant/products", "{not json")).status).toBe(400);

    // In the shop at once, found by the catalogue search and embedded for AI search.
    const shop = (await new HttpClient(server.baseUrl).get("/api/products?q=quokka")).json;
    expect(shop.items.map((p: P) => p.id)).toEqual([created.json.id]);
    const [row] = await server.database.db
      .select({ model: products.embeddingModel })
      .from(products)
      .where(eq(products.id, created.json.id));
    expect(row?.model).toBe("haggle-local-v1");
    const listed = (await merchant.get("/api/merchant/products?q=merch-trail")).json;
    expect(listed.items.map((p: P) => p.sku)).toEqual(["MERCH-TRAIL-1"]);
    // q matches the category and brand too, case-insensitively; the list is ordered by name.
    const outdoors = (await merchant.get("/api/merchant/products?q=OUTDOORS&pageSize=200")).json.items as P[];
    expect(outdoors.map((p) => p.id)).toContain(created.json.id);
    expect(outdoors.map((p) => p.name)).toEqual(
      [...outdoors.map((p) => p.name)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)),
    );
    expect((await merchant.get("/api/merchant/products?q=quokka")).json.total).toBe(1);
    expect((await merchant.get("/api/merchant/products?pageSize=500")).json.error.message).toBe(
      "Page size must be a whole number from 1 to 200.",
    );
  });

  it("edits a product (re-embedded, found by its new name), checks the merged prices, hides it from the shop", async () => {
    const created = (
      await merchant.post("/api/merchant/products", {
        sku: "MERCH-EDIT-1",
        name: "Plain Thing",
        brand: "Nobody",
        category: "Home & Kitchen",
        price: 20,
        listPrice: 25,
        stockLevel: 30,
      })
    ).json;
    const edited = await patch(`/api/merchant/products/${created.id}`, {
      name: "Zephyrine Pour-Over Kettle",
      description: "A gooseneck kettle for pour-over coffee.",
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ name: "Zephyrine Pour-Over Kettle", price: 20, listPrice: 25 });
    expect(edited.json.updatedAt > created.updatedAt).toBe(true);
    // Renaming the SKU to one another product has: 409, and nothing of the edit is kept.
    const other = await merchant.post("/api/merchant/products", {
      sku: "MERCH-EDIT-0",
      name: "Other Thing",
      brand: "Nobody",
      category: "Home & Kitchen",
      price: 5,
      listPrice: 5,
      stockLevel: 1,
    });
    expect(other.status).toBe(201);
    const clash = await patch(`/api/merchant/products/${created.id}`, { sku: "MERCH-EDIT-0", price: 21 });
    expect(clash.status).toBe(409);
    expect(clash.json.error.message).toBe("A product with SKU MERCH-EDIT-0 already exists.");
    expect((await merchant.get(`/api/merchant/products/${created.id}`)).json).toMatchObject({
      sku: "MERCH-EDIT-1",
      price: 20,
    });

    // The stored vector is the one of the new text, by the current (built-in) model.
    const [row] = await server.database.db
      .select({ embedding: products.embedding })
      .from(products)
      .where(eq(products.id, created.id));
    const expected = embedLocal(
      productEmbeddingText({
        name: "Zephyrine Pour-Over Kettle",
        brand: "Nobody",
        category: "Home & Kitchen",
        description: "A gooseneck kettle for pour-over coffee.",
        tags: [],
      }),
    );
    const cosine = expected.reduce((s, v, i) => s + v * (row?.embedding?.[i] ?? 0), 0);
    expect(cosine).toBeGreaterThan(0.9999);
    // The shopping assistant finds it by its new name.
    const assistant = await fetch(`${server.baseUrl}/functions/v1/shop-assistant`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: "zephyrine kettle" }] }),
    });
    const chat = await readChatStream(assistant);
    const found = chat.events.filter((e) => e.type === "tool_result").flatMap((e) => e.products as P[]);
    expect(found.map((p) => p.id)).toContain(created.id);

    const merged = await patch(`/api/merchant/products/${created.id}`, { price: 30 });
    expect(merged.status).toBe(400);
    expect(merged.json.error.message).toBe("List price cannot be lower than the price.");
    expect((await patch(`/api/merchant/products/${created.id}`, {})).json.error.message).toBe(
      "Send at least one field to change.",
    );
    expect((await patch(`/api/merchant/products/${randomUUID()}`, { price: 1 })).status).toBe(404);
    const notUuid = await patch("/api/merchant/products/not-a-uuid", { price: 1 });
    expect(notUuid.status).toBe(404);
    expect(notUuid.json.error.message).toBe("No product has that id.");
    expect((await merchant.get("/api/merchant/products/not-a-uuid")).status).toBe(404);

    // Hidden: gone from the list, the detail, search and the cart; still in the merchant's list.
    const { http: buyer } = await shopper([]);
    expect((await buyer.post("/api/cart/items", { productId: created.id })).status).toBe(200);
    expect((await patch(`/api/merchant/products/${created.id}`, { hidden: true })).json.hidden).toBe(true);
    const anonymous = new HttpClient(server.baseUrl);
    expect((await anonymous.get("/api/products?q=zephyrine")).json.total).toBe(0);
    expect((await anonymous.get(`/api/products/${created.id}`)).status).toBe(404);
    const added = await buyer.post("/api/cart/items", { productId: created.id });
    expect(added.status).toBe(404);
    const refused = await buyer.post("/api/checkout", {}, { "idempotency-key": randomUUID() });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(
      "Zephyrine Pour-Over Kettle is no longer sold. Remove it from your cart to check out.",
    );
    const hiddenList = (await merchant.get("/api/merchant/products?visibility=hidden")).json;
    expect(hiddenList.items.map((p: P) => p.id)).toContain(created.id);
    expect((await merchant.get("/api/merchant/products?visibility=visible&pageSize=200")).json.total).toBe(
      (await anonymous.get("/api/products?pageSize=1")).json.collectionTotal,
    );
  });

  // ---------------------------------------------------------------- settings

  it("reads and saves settings whole, with sentences for bad input and the ceiling rule", async () => {
    const initial = (await merchant.get("/api/merchant/config")).json;
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
      "The configuration type must be one of: negotiation_limits, tier_benefits, escalation_rules, global_rules, pricing.",
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
    expect((await merchant.get("/api/merchant/config")).json.config.pricing.flat_shipping).toBe(6.25);
  });

  it("an older database's shipping and tax in global_rules still price carts, and survive saving global_rules", async () => {
    await server.database.db.insert(sellerConfig).values({
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
    expect((await merchant.get("/api/merchant/config")).json.config.pricing).toEqual({
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
    const config = (await merchant.get("/api/merchant/config")).json.config;
    await putOk("tier_benefits", {
      ...config.tier_benefits,
      extra_points: { ...config.tier_benefits.extra_points, NONE: 10 },
    });
    const loyal = await negotiating(product);
    const withPoints = (await say(loyal.http, loyal.id, "discount please")).result!;
    expect(withPoints.total_discount_amount).toBeGreaterThan(without.total_discount_amount);
    expect(withPoints.total_discount_percent).toBeLessThanOrEqual(15);
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
    const config = (await merchant.get("/api/merchant/config")).json.config;
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
    const created = await merchant.post("/api/merchant/pairings", {
      kind: "cross_sell",
      productId: a.id,
      pairedProductId: b.id,
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      kind: "cross_sell",
      product: { id: a.id, hidden: false },
      paired: { id: b.id, price: b.price },
    });
    const again = await merchant.post("/api/merchant/pairings", {
      kind: "cross_sell",
      productId: a.id,
      pairedProductId: b.id,
    });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe("These two products already have this cross-sell pairing.");
    const upsell = await merchant.post("/api/merchant/pairings", {
      kind: "upsell",
      productId: a.id,
      pairedProductId: b.id,
    });
    expect(upsell.status).toBe(201);
    const missing = await merchant.post("/api/merchant/pairings", {
      kind: "upsell",
      productId: a.id,
      pairedProductId: randomUUID(),
    });
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toBe("No product has the id given as pairedProductId.");
    const self = await merchant.post("/api/merchant/pairings", {
      kind: "upsell",
      productId: a.id,
      pairedProductId: a.id,
    });
    expect(self.status).toBe(400);
    expect(self.json.error.message).toBe("A product cannot be paired with itself.");
    expect(
      (
        await merchant.post("/api/merchant/pairings", {
          kind: "bundle",
          productId: a.id,
          pairedProductId: b.id,
        })
      ).json.error.message,
    ).toBe("kind must be cross_sell or upsell.");
    expect(
      (await merchant.get("/api/merchant/pairings?kind=upsell")).json.map((p: { id: string }) => p.id),
    ).toEqual([upsell.json.id]);
    expect((await merchant.get("/api/merchant/pairings?kind=nope")).status).toBe(400);
    expect((await merchant.request("DELETE", `/api/merchant/pairings/${upsell.json.id}`)).status).toBe(204);
    expect((await merchant.request("DELETE", `/api/merchant/pairings/${upsell.json.id}`)).status).toBe(404);
    expect((await merchant.request("DELETE", "/api/merchant/pairings/zzz")).status).toBe(404);
    expect((await merchant.request("DELETE", `/api/merchant/pairings/${created.json.id}`)).status).toBe(204);
    expect((await merchant.get("/api/merchant/pairings")).json).toEqual([]);
  });

  it("a cross-sell pairing makes Ava propose exactly that product as the bundle, with the bundling bonus", async () => {
    const product = near(300);
    // Picks the heuristic cannot make: it wants at least 3% of the cart ($9) and at most 30% ($90).
    const paired: P = (
      await merchant.post("/api/merchant/products", {
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
    await merchant.post("/api/merchant/pairings", {
      kind: "upsell",
      productId: product.id,
      pairedProductId: upsell.id,
    });
    const pairing = await merchant.post("/api/merchant/pairings", {
      kind: "cross_sell",
      productId: product.id,
      pairedProductId: paired.id,
    });
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

  // ---------------------------------------------------------------- orders

  it("lists every shopper's orders and moves them forward only; the shopper sees it live and in /orders", async () => {
    const { http, email } = await shopper([near(80)], "Olive Orders");
    const order = await checkout(http);
    const list = await merchant.get("/api/merchant/orders?pageSize=5");
    expect(list.status).toBe(200);
    expect(list.json.items[0]).toMatchObject({
      id: order.id,
      status: "confirmed",
      total: order.total,
      customer: { name: "Olive Orders", email },
    });
    expect(list.json.total).toBeGreaterThanOrEqual(1);
    expect(
      (await merchant.get("/api/merchant/orders?status=shipped")).json.items.every(
        (o: { status: string }) => o.status === "shipped",
      ),
    ).toBe(true);
    expect((await merchant.get("/api/merchant/orders?status=lost")).status).toBe(400);

    const events = await openEvents(http);
    try {
      const moved = await patch(`/api/merchant/orders/${order.id}`, { status: "processing" });
      expect(moved.status).toBe(200);
      expect(moved.json).toMatchObject({
        id: order.id,
        status: "processing",
        customer: { name: "Olive Orders" },
      });
      expect(await events.next("order.updated")).toMatchObject({ orderId: order.id, status: "processing" });
      expect((await http.get("/api/orders")).json[0]).toMatchObject({ id: order.id, status: "processing" });

      const same = await patch(`/api/merchant/orders/${order.id}`, { status: "processing" });
      expect(same.status).toBe(409);
      expect(same.json.error.message).toBe("This order is already processing; orders only move forward.");
      expect((await patch(`/api/merchant/orders/${order.id}`, { status: "delivered" })).status).toBe(200);
      expect(await events.next("order.updated")).toMatchObject({ orderId: order.id, status: "delivered" });
      const back = await patch(`/api/merchant/orders/${order.id}`, { status: "shipped" });
      expect(back.status).toBe(409);
      expect((await http.get(`/api/orders/${order.id}`)).json.status).toBe("delivered");
    } finally {
      events.close();
    }
    const badStatus = await patch(`/api/merchant/orders/${order.id}`, { status: "cancelled" });
    expect(badStatus.status).toBe(400);
    expect(badStatus.json.error.message).toBe("status must be processing, shipped or delivered.");
    expect((await patch(`/api/merchant/orders/${randomUUID()}`, { status: "shipped" })).status).toBe(404);
    expect((await patch("/api/merchant/orders/123", { status: "shipped" })).status).toBe(404);
  });
});
