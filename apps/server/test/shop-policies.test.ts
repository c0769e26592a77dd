/**
 * The shop's policy pages over real HTTP on both databases: the merchant writes them, the
 * storefront, the sitemap and agents (MCP) read them, and nothing in them can run as script.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { converse } from "./support/assistant-chat.ts";
import { HttpClient } from "./support/http-client.ts";
import { connectMcp, ok } from "./support/mcp-client.ts";
import { signUpMerchant, signUpShopper } from "./support/shop-fixtures.ts";
import { DB_KINDS, startTestServer, type TestServer } from "./support/test-server.ts";
import { fakeWebDist } from "./support/web-dist.ts";

const RETURNS = [
  "We take returns within **30 days** of delivery, free of charge.",
  "",
  "## Shoes",
  "Unworn shoes in their original box can be returned for a full refund.",
  "",
  "## Sale items",
  "Items bought on sale are final.",
].join("\n");

describe.each(DB_KINDS)("the shop's policy pages on the %s database", (kind) => {
  let server: TestServer;
  let merchant: HttpClient;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { WEB_DIST_DIR: fakeWebDist() } });
    merchant = await signUpMerchant(server.baseUrl);
  });
  afterAll(async () => server?.close());

  it("lets only the merchant write a page, with sentences for bad input, and publishes it", async () => {
    const anonymous = new HttpClient(server.baseUrl);
    expect((await anonymous.request("PUT", "/api/merchant/policies/returns", { body: RETURNS })).status).toBe(
      401,
    );
    const { http: shopper } = await signUpShopper(server.baseUrl);
    expect((await shopper.request("PUT", "/api/merchant/policies/returns", { body: RETURNS })).status).toBe(
      403,
    );

    const unknown = await merchant.request("PUT", "/api/merchant/policies/privacy", { body: "x" });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe(
      "There is no such page: the shop's pages are shipping, returns, warranty and faq.",
    );
    const tooLong = await merchant.request("PUT", "/api/merchant/policies/faq", { body: "x".repeat(20_001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error.message).toBe("A policy page can be at most 20,000 characters.");
    const notText = await merchant.request("PUT", "/api/merchant/policies/faq", { body: 5 });
    expect(notText.status).toBe(400);
    expect(notText.json.error.message).toBe("body must be the page's text.");

    const before = (await anonymous.get("/api/policies")).json;
    expect(before.items).toEqual([]);
    const missing = await anonymous.get("/api/policies/returns");
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toBe("The shop has no returns page yet.");

    const saved = await merchant.request("PUT", "/api/merchant/policies/returns", { body: RETURNS });
    expect(saved.status).toBe(200);
    const returns = saved.json.items.find((p: { kind: string }) => p.kind === "returns");
    expect(returns).toMatchObject({ title: "Returns", path: "/policies/returns", body: RETURNS });
    expect(returns.updatedAt).not.toBeNull();
    expect(saved.json.items.map((p: { kind: string }) => p.kind)).toEqual([
      "shipping",
      "returns",
      "warranty",
      "faq",
    ]);

    const list = (await anonymous.get("/api/policies")).json;
    expect(list.items).toEqual([
      { kind: "returns", title: "Returns", path: "/policies/returns", updatedAt: returns.updatedAt },
    ]);
    const page = (await anonymous.get("/api/policies/returns")).json;
    expect(page.markdown).toBe(RETURNS);
    expect(page.html).toContain("<strong>30 days</strong>");
    expect(page.html).toContain("<h2>Shoes</h2>");
  });

  it("shows raw HTML and script links as text, never as markup", async () => {
    const hostile = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(2)">',
      "[click](javascript:alert(3))",
      "[ok](https://example.com/care)",
    ].join("\n\n");
    expect((await merchant.request("PUT", "/api/merchant/policies/warranty", { body: hostile })).status).toBe(
      200,
    );
    const { html } = (await new HttpClient(server.baseUrl).get("/api/policies/warranty")).json;
    expect(html).not.toMatch(/<script|<img|href="javascript:/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain(
      '<a href="https://example.com/care" rel="noopener noreferrer" target="_blank">ok</a>',
    );
  });

  it("unpublishes a page saved empty: gone from the list, its page 404", async () => {
    expect(
      (await merchant.request("PUT", "/api/merchant/policies/faq", { body: "## Do you ship abroad?\nNo." }))
        .status,
    ).toBe(200);
    expect((await new HttpClient(server.baseUrl).get("/api/policies/faq")).status).toBe(200);
    const cleared = await merchant.request("PUT", "/api/merchant/policies/faq", { body: "  \n" });
    expect(cleared.json.items.find((p: { kind: string }) => p.kind === "faq")).toMatchObject({
      body: "",
      updatedAt: null,
    });
    expect((await new HttpClient(server.baseUrl).get("/api/policies/faq")).status).toBe(404);
  });

  it("serves a written page's path as a page (200), an unwritten or unknown one as 404, and lists written ones in the sitemap", async () => {
    expect((await fetch(`${server.baseUrl}/policies/returns`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/policies/shipping`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/policies/privacy`)).status).toBe(404);
    const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${server.baseUrl}/policies/returns</loc>`);
    expect(sitemap).not.toContain("/policies/shipping");
  });

  it("answers a question from the pages: over HTTP and to an agent over MCP", async () => {
    const anonymous = new HttpClient(server.baseUrl);
    const answer = (
      await anonymous.get(`/api/policies-search?q=${encodeURIComponent("can I return shoes?")}`)
    ).json;
    expect(answer.results[0]).toMatchObject({
      kind: "returns",
      heading: "Shoes",
      text: "Unworn shoes in their original box can be returned for a full refund.",
      path: "/policies/returns",
    });
    const nothing = (await anonymous.get("/api/policies-search?q=xylophone")).json;
    expect(nothing.results).toEqual([]);
    const empty = await anonymous.get("/api/policies-search?q=%20");
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe("q must be a question, such as: can I return shoes.");

    const agent = await connectMcp(server.baseUrl);
    const value = await ok(agent, "search_shop_policies_and_faqs", {
      query: "what about sale items, can I return them",
    });
    expect(value.results[0]).toEqual({
      page: "Returns",
      heading: "Sale items",
      text: "Items bought on sale are final.",
      url: `${server.baseUrl}/policies/returns`,
    });
    await agent.close();
  });

  it("lets the shopping assistant answer a question about returns from the merchant's page", async () => {
    const reply = await converse(server, ["can I return shoes?"]);
    expect(reply.text).toContain(
      "Our Returns page says: “Unworn shoes in their original box can be returned for a full refund.”",
    );
    expect(reply.text).toContain("/policies/returns");
    expect(reply.products).toEqual([]);
  });

  it("answers a warranty question from the Warranty page, and without one says where it would be", async () => {
    const general = await converse(server, ["what happens if it breaks?"]);
    expect(general.text).toContain("I can't promise anything about warranties for the shop");
    expect(general.products).toEqual([]);
    expect(
      (
        await merchant.request("PUT", "/api/merchant/policies/warranty", {
          body: "## Kettles\nEvery kettle carries a two-year warranty against faults.",
        })
      ).status,
    ).toBe(200);
    const reply = await converse(server, ["is there a warranty on kettles?"]);
    expect(reply.text).toContain(
      "Our Warranty page says: “Every kettle carries a two-year warranty against faults.”",
    );
    expect(reply.text).toContain("/policies/warranty");
    expect(reply.products).toEqual([]);
  });
});
