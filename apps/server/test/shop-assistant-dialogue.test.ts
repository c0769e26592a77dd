import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { converse } from "./support/assistant-chat.ts";
import { DB_KINDS, startTestServer, type TestServer } from "./support/test-server.ts";

/**
 * The built-in assistant follows a conversation on the seeded catalogue: talk in between keeps
 * the request, a trait few products have is followed by the rest of the kind (said so), and
 * "cheaper" with little cheaper of the kind shows what the things shown have in common.
 */

describe.each(DB_KINDS)("the assistant follows a conversation on the %s database", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ASSISTANT_RATE_LIMIT_PER_MINUTE: "1000" } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a question answered as talk keeps the request: 'not Kestrel' after it still means running shoes", async () => {
    const r = await converse(server, [
      "running shoes",
      "wait, who am I talking to?",
      "ok, not Kestrel or Nike",
    ]);
    expect(r.products.length).toBeGreaterThan(0);
    for (const p of r.products) {
      expect(p.name).toMatch(/running shoe/i);
      expect(["Kestrel", "Nike"]).not.toContain(p.brand);
    }
  });

  it("'the classic kind' of watches: the classic one first, then the other watches, said so", async () => {
    const r = await converse(server, ["show me watches", "the classic kind, not smart ones"]);
    expect(r.products[0]?.tags).toContain("classic");
    expect(r.products.length).toBeGreaterThan(1);
    for (const p of r.products) expect(p.name).toMatch(/\bwatch\b/i);
    expect(r.text).toContain('Only a few matched everything; after them I relaxed "classic"');
  });

  it("'cheaper' after cookware: the cheaper skillet, then kitchen things, all cheaper than the set", async () => {
    const r = await converse(server, ["cookware", "cheaper options please"]);
    expect(r.products[0]?.name).toMatch(/skillet/i);
    expect(r.products.length).toBeGreaterThan(2);
    for (const p of r.products.slice(0, 4)) expect(p.tags).toContain("kitchen");
    for (const p of r.products) expect(p.price).toBeLessThan(186.99);
  });

  it("'cheaper than the second one': everything shown costs less than the second product shown", async () => {
    const first = await converse(server, ["sneakers"]);
    const second = first.products[1];
    expect(second).toBeDefined();
    const r = await converse(server, ["sneakers", "anything cheaper than the second one?"]);
    expect(r.products.length).toBeGreaterThan(0);
    for (const p of r.products) expect(p.price).toBeLessThan(second?.price ?? 0);
  });

  it("'something more premium': nothing as cheap as the cheapest shown fills the answer", async () => {
    const first = await converse(server, ["smartwatches"]);
    const cheapest = Math.min(...first.products.map((p) => p.price));
    const r = await converse(server, ["smartwatches", "something more premium"]);
    for (const p of r.products) expect(p.price).toBeGreaterThan(cheapest);
  });

  it("'more premium' after smartwatches is above the cheapest smartwatch shown, not the other things after them", async () => {
    const first = await converse(server, ["a smartwatch"]);
    const watches = first.products.filter((p) => /watch/i.test(`${p.name} ${p.tags.join(" ")}`));
    const cheapestWatch = Math.min(...watches.map((p) => p.price));
    const r = await converse(server, ["a smartwatch", "hmm, something more premium"]);
    expect(r.products.length).toBeGreaterThan(0);
    for (const p of r.products) expect(p.price).toBeGreaterThan(cheapestWatch);
  });

  it("'any waterproof ones?' after running shoes narrows the shoes: no waterproof earbuds among them", async () => {
    const r = await converse(server, ["running shoes", "any waterproof ones?"]);
    expect(r.products[0]?.tags).toEqual(expect.arrayContaining(["waterproof", "running"]));
    for (const p of r.products.slice(0, 4)) expect(p.category).toBe("Footwear");
  });

  it("'how much is it?' after a kettlebell is answered with its price", async () => {
    const r = await converse(server, ["a kettlebell", "how much is it?"]);
    expect(r.text).toMatch(/Kettlebell.*\$\d/);
  });

  it("'not the second one' shows the same kind without that product", async () => {
    const first = await converse(server, ["bluetooth speakers"]);
    const second = first.products[1];
    const r = await converse(server, ["bluetooth speakers", "nah not the second one"]);
    expect(r.products.length).toBeGreaterThan(1);
    expect(r.products.map((p) => p.id)).not.toContain(second?.id);
    for (const p of r.products.slice(0, 2)) expect(p.name).toMatch(/speaker/i);
  });

  it("'something completely different' starts afresh and is not searched", async () => {
    const r = await converse(server, ["yoga mats", "ok now something completely different: a board game"]);
    expect(r.text).toMatch(/I dropped yoga mat/);
    expect(r.products.length).toBeGreaterThan(1);
    for (const p of r.products) expect(p.category).toBe("Toys & Games");
  });
});
