import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { converse, type ShownProduct } from "./support/assistant-chat.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

/**
 * The assistant's documented examples (the chat's suggested prompts, the README's and the
 * product description's) and the shopper conversations the built-in engine must understand,
 * through the real server on the seeded catalogue. One embedded server: cheap.
 */

type P = ShownProduct;

const words = (p: P) => `${p.name} ${p.category} ${p.tags.join(" ")}`.toLowerCase();

describe("the shopping assistant's examples on the seeded catalogue", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("embedded", { env: { ASSISTANT_RATE_LIMIT_PER_MINUTE: "100000" } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("the suggested prompts: running shoes, gifts under $100, what's on sale", async () => {
    const shoes = await converse(server, ["Show me running shoes"]);
    expect(shoes.products.length).toBeGreaterThan(2);
    for (const p of shoes.products) expect(p.name).toMatch(/Running Shoe/);
    const gifts = await converse(server, ["Gifts under $100"]);
    expect(gifts.products.length).toBeGreaterThan(2);
    for (const p of gifts.products) {
      expect(p.tags).toContain("gift");
      expect(p.price).toBeLessThan(100);
    }
    const sale = await converse(server, ["What's on sale?"]);
    expect(sale.products.length).toBeGreaterThan(2);
    for (const p of sale.products) expect(p.price).toBeLessThan(p.listPrice);
  });

  it("'gifts under $100 for a runner' keeps running and the budget, relaxing the gift tag", async () => {
    const r = await converse(server, ["gifts under $100 for a runner"]);
    expect(r.products.length).toBeGreaterThan(2);
    for (const p of r.products) {
      expect(words(p)).toMatch(/run/);
      expect(p.price).toBeLessThan(100);
    }
    expect(r.text).toMatch(/relaxed the gift tag/);
  });

  it("the README's bounds and follow-ups: between, around, sneakers, cheaper, only Nike", async () => {
    const between = await converse(server, ["headphones between 50 and 80"]);
    for (const p of between.products) expect(p.price).toBeGreaterThanOrEqual(50);
    for (const p of between.products) expect(p.price).toBeLessThanOrEqual(80);
    const sneakers = await converse(server, ["sneakers"]);
    for (const p of sneakers.products) expect(p.category).toBe("Footwear");
    const shoes = await converse(server, ["running shoes"]);
    const dearest = Math.max(...shoes.products.map((p) => p.price));
    const cheaper = await converse(server, ["running shoes", "cheaper ones?"]);
    expect(cheaper.products.length).toBeGreaterThan(2);
    for (const p of cheaper.products) {
      expect(p.name).toMatch(/Running Shoe/);
      expect(p.price).toBeLessThan(dearest);
    }
    const prices = cheaper.products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const nike = await converse(server, ["running shoes", "only Nike"]);
    for (const p of nike.products) expect(p.brand).toBe("Nike");
  });

  it("in stock first: 'something for my kitchen' leads with products in stock", async () => {
    const r = await converse(server, ["something for my kitchen"]);
    expect(r.products.length).toBeGreaterThan(2);
    for (const p of r.products) expect(p.inStock).toBe(true);
  });

  it("a change of topic starts afresh and says what it dropped", async () => {
    const r = await converse(server, ["headphones under $100", "something for camping instead"]);
    expect(r.products.length).toBeGreaterThan(2);
    for (const p of r.products) expect(p.category).toBe("Outdoor");
    expect(r.products.some((p) => p.price > 100)).toBe(true);
    expect(r.text).toMatch(/I dropped headphone and under \$100\.00/);
  });

  it("exclusions: 'but not Sony' and 'not Nike' show none of them", async () => {
    const sony = await converse(server, ["headphones", "but not Sony"]);
    expect(sony.products.length).toBeGreaterThan(2);
    for (const p of sony.products) expect(p.brand).not.toBe("Sony");
    const sneakers = await converse(server, ["sneakers", "not Nike"]);
    for (const p of sneakers.products) expect(p.brand).not.toBe("Nike");
  });

  it("needs and occasions find the kinds that answer them, across categories", async () => {
    const rain = await converse(server, ["something for a rainy day"]);
    const rainy = rain.products.map((p) => p.name).join(" | ");
    expect(rainy).toMatch(/Umbrella/);
    expect(rainy).toMatch(/Rain Jacket/);
    const cold = await converse(server, ["I need something to keep my drinks cold"]);
    const coldNames = cold.products.map((p) => p.name).join(" | ");
    expect(coldNames).toMatch(/Cooler/);
    expect(coldNames).toMatch(/Insulated Water Bottle/);
    const home = await converse(server, ["gear for working from home"]);
    expect(home.products.filter((p) => p.tags.includes("work-from-home")).length).toBeGreaterThan(2);
  });

  it("refinements of what is shown: 'for cooking' after camping gear, a trait after headphones", async () => {
    const cooking = await converse(server, ["camping gear", "for cooking"]);
    expect(cooking.products.map((p) => p.name)).toContain("Ridgeway Compact Camp Stove");
    for (const p of cooking.products) expect(p.category).toBe("Outdoor");
    // Two headphones cancel noise: they lead, close ones follow, and the reply says so.
    const quiet = await converse(server, ["headphones", "noise cancelling"]);
    expect(quiet.products.slice(0, 2).map((p) => p.tags.includes("noise-cancelling"))).toEqual([true, true]);
    for (const p of quiet.products) expect(p.tags).toContain("headphones");
  });

  it("a price nothing of the kind fits keeps the kind and says so; a budget far below it finds nothing", async () => {
    // Tents start at $250.99: the cheapest tent, not a dry bag under $100.
    const tent = await converse(server, ["a tent under $100"]);
    expect(tent.products[0]?.name).toMatch(/Tent/);
    expect(tent.text).toMatch(/nothing of it under \$100\.00/);
    // Running shoes start at $55.99, no shoe is under $50: the cheapest running shoes, not sandals.
    const shoes = await converse(server, ["running shoes under $40"]);
    expect(shoes.products[0]?.name).toMatch(/Running Shoe/);
    expect(shoes.text).toMatch(/nothing under \$40\.00/);
    // Board games start at $50: other games within the budget before the kind far above it.
    const games = await converse(server, ["secret santa, max $25, coworker who loves board games"]);
    expect(games.products.length).toBeGreaterThan(1);
    for (const p of games.products) expect(p.price).toBeLessThanOrEqual(25);
    expect((await converse(server, ["headphones under $1"])).products).toEqual([]);
  });

  it("a sentence's kind words are what it asks for ('my desk chair is killing my back'); two words written as one", async () => {
    const chairs = await converse(server, ["my office chair is killing my back"]);
    expect(chairs.products.slice(0, 2).some((p) => /chair/i.test(p.name))).toBe(true);
    const sunglasses = await converse(server, ["have you got any sun glasses"]);
    expect(sunglasses.products[0]?.name).toMatch(/Sunglasses/);
  });

  it("the shown products: a question about the first one, more like the second one", async () => {
    const about = await converse(server, ["headphones", "is the first one wireless?"]);
    expect(about.products).toHaveLength(1);
    expect(about.text).toMatch(/wireless/);
    const like = await converse(server, ["headphones", "more like the second one"]);
    expect(like.products.length).toBeGreaterThan(1);
    for (const p of like.products) expect(words(p)).toMatch(/headphone/);
  });

  it("a word the catalogue does not contain is read by meaning ('picnic' finds camping things)", async () => {
    const r = await converse(server, ["anything for a picnic?"]);
    expect(r.products.length).toBeGreaterThan(0);
    expect(r.products.some((p) => p.category === "Outdoor")).toBe(true);
  });
  it("a brand or kind the shop lacks gets an honest no naming it; one it has is shown", async () => {
    const lulu = await converse(server, ["do u carry lululemon"]);
    expect(lulu.products).toEqual([]);
    expect(lulu.text).toMatch(/^We don't carry Lululemon\. We have /);
    const guitars = await converse(server, ["do you guys sell guitars?"]);
    expect(guitars.products).toEqual([]);
    expect(guitars.text).toMatch(/^We don't carry guitars\./i);
    const jackets = await converse(server, ["got any patagonia jackets?"]);
    expect(jackets.text).toMatch(/^We don't carry Patagonia/);
    for (const p of jackets.products.slice(0, 2)) expect(p.name).toMatch(/jacket/i);
    const nike = await converse(server, ["do you carry nike"]);
    expect(nike.products.length).toBeGreaterThan(0);
    for (const p of nike.products) expect(p.brand).toBe("Nike");
  });

  it("a goodbye in any words is answered, not searched", async () => {
    const bye = await converse(server, ["running shoes", "ok thats all thx"]);
    expect(bye.products).toEqual([]);
    expect(bye.text).toMatch(/welcome|happy to help/i);
  });
});
