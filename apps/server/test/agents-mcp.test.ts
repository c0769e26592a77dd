import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { agentToolCalls, apiKeys } from "../src/platform/db/schema.ts";
import { call, connectMcp, createKey, ok } from "./support/mcp-client.ts";
import {
  nearestPrice,
  signUpMerchant,
  signUpShopper,
  TEST_ADDRESS,
  useShop,
} from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const TOOLS = [
  "accept_offer",
  "apply_discount_code",
  "cancel_checkout_session",
  "complete_checkout_session",
  "create_checkout_session",
  "get_cart",
  "get_checkout_session",
  "get_order",
  "get_product",
  "list_orders",
  "negotiate",
  "search_products",
  "search_shop_policies_and_faqs",
  "start_checkout",
  "update_cart",
  "update_checkout_session",
];

describe.each(DB_KINDS)("MCP server for shoppers' agents (%s)", (kind) => {
  const shop = useShop(kind);
  let baseUrl: string;
  beforeAll(() => {
    baseUrl = shop.server.baseUrl;
  });

  it("the SDK client connects over Streamable HTTP and lists the tools and resources", async () => {
    const client = await connectMcp(baseUrl);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.description?.length).toBeGreaterThan(20);
    }
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(["haggle://categories", "haggle://policies"]);
    const policies = await client.readResource({ uri: "haggle://policies" });
    const text = (policies.contents[0] as { text: string }).text;
    expect(JSON.parse(text).shipping.flatRate).toBe(10);
    const categories = await client.readResource({ uri: "haggle://categories" });
    expect(JSON.parse((categories.contents[0] as { text: string }).text).categories.length).toBeGreaterThan(
      3,
    );
    await expect(client.readResource({ uri: "haggle://nothing" })).rejects.toThrow(/no resource/);
    await client.close();
  });

  it("a stateless server: GET and DELETE answer 405 (no empty stream to reopen); a foreign Origin is 403", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(`${baseUrl}/mcp`, { method, headers: { accept: "text/event-stream" } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/stateless/);
    }
    const list = (origin: string) =>
      fetch(`${baseUrl}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          origin,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
    // A rebound host name: the Host header would match it, the Origin check must not.
    const rebound = await list("http://attacker.example");
    expect(rebound.status).toBe(403);
    expect(((await rebound.json()) as { error: { message: string } }).error.message).toMatch(/origin/);
    expect((await list(new URL(baseUrl).origin)).status).toBe(200);
    expect((await list("http://localhost:6274")).status).toBe(200);
  });

  it("anonymous agents browse: search with filters and one product", async () => {
    const client = await connectMcp(baseUrl);
    const found = await ok(client, "search_products", { query: "running shoes", maxPrice: 120 });
    expect(found.products.length).toBeGreaterThan(0);
    for (const p of found.products) expect(p.price).toBeLessThanOrEqual(120);
    expect(found.products[0].url).toMatch(/\/products\//);
    const first = found.products[0];
    const product = await ok(client, "get_product", { productId: first.id });
    expect(product.product.name).toBe(first.name);
    expect(typeof product.product.description).toBe("string");

    // Filters alone, no words: the cheapest products of a category.
    const category = shop.catalogue[0]!.category;
    const cheapest = await ok(client, "search_products", { category, sort: "price-low", limit: 3 });
    expect(cheapest.products.length).toBeGreaterThan(0);
    for (const p of cheapest.products) expect(p.category).toBe(category);
    const prices = cheapest.products.map((p: { price: number }) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const bad = await call(client, "search_products", { limit: 500, sort: "cheapest" });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain("limit is from 1 to 20.");
    expect(bad.text).toContain("sort must be relevance, price-low, price-high or rating.");
    const missing = await call(client, "get_product", { productId: randomUUID() });
    expect(missing).toMatchObject({ isError: true, text: "No product has that id." });
    const malformed = await call(client, "get_product", { productId: "shoes" });
    expect(malformed.text).toContain("productId must be a product id from search_products.");
    // The shop's body limit (BODY_LIMIT_BYTES, 1 MB) holds at /mcp too, before anything is read.
    const huge = await fetch(`${baseUrl}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "search_products", arguments: { query: "x".repeat(2_000_000) } },
      }),
    });
    expect(huge.status).toBe(413);
    // An unknown tool is a JSON-RPC error (-32602, Invalid params), as the MCP spec says.
    await expect(client.callTool({ name: "hack_the_shop", arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("There is no tool named hack_the_shop"),
    });

    // Typos are tolerated as on the catalogue page; an impossible filter is a sentence, not [].
    const web = await fetch(`${baseUrl}/api/products?q=${encodeURIComponent("running shoos")}`);
    expect(((await web.json()) as { total: number }).total).toBeGreaterThan(0);
    const typo = await ok(client, "search_products", { query: "running shoos" });
    expect(typo.products.length).toBeGreaterThan(0);
    const noCategory = await call(client, "search_products", { category: "Spaceships" });
    expect(noCategory.isError).toBe(true);
    expect(noCategory.text).toContain('There is no category "Spaceships". The categories are:');
    const sameCategory = await ok(client, "search_products", { category: category.toUpperCase(), limit: 1 });
    expect(sameCategory.products[0].category).toBe(category);
    const inverted = await call(client, "search_products", { minPrice: 100, maxPrice: 20 });
    expect(inverted.isError).toBe(true);
    expect(inverted.text).toMatch(/minPrice \(\$100\) is more than maxPrice \(\$20\)/);
    await client.close();
  });

  it("every input field of every tool says what it is", async () => {
    const client = await connectMcp(baseUrl);
    const { tools } = await client.listTools();
    const undescribed: string[] = [];
    for (const tool of tools) {
      const root = tool.inputSchema as Record<string, unknown> & { $defs?: Record<string, unknown> };
      const visit = (schema: Record<string, unknown>, at: string) => {
        const ref = typeof schema.$ref === "string" ? schema.$ref.replace("#/$defs/", "") : null;
        const target = (ref ? root.$defs?.[ref] : schema) as Record<string, unknown>;
        const properties = (target?.properties ?? {}) as Record<string, Record<string, unknown>>;
        for (const [key, property] of Object.entries(properties)) {
          if (!property.description) undescribed.push(`${at}.${key}`);
          visit(property, `${at}.${key}`);
        }
      };
      visit(root, tool.name);
    }
    expect(undescribed).toEqual([]);
    await client.close();
  });

  it("an anonymous agent cannot touch a shopper's cart, negotiate or order", async () => {
    const client = await connectMcp(baseUrl);
    const cart = await call(client, "get_cart");
    expect(cart.isError).toBe(true);
    expect(cart.text).toContain("cartToken");
    for (const [tool, args] of [
      ["negotiate", { message: "10% off?" }],
      ["accept_offer", {}],
      ["start_checkout", {}],
      ["list_orders", {}],
      ["get_order", { orderId: randomUUID() }],
    ] as const) {
      const answer = await call(client, tool, args);
      expect(answer.isError, tool).toBe(true);
      expect(answer.text).toContain("needs a shopper account");
    }
    await client.close();
  });

  it("a shopper's agent fills the cart, haggles, accepts and checks out; orders read back", async () => {
    const { http } = await signUpShopper(baseUrl, "Agent Owner");
    const { key } = await createKey(http);
    expect(key).toMatch(/^hgl_/);
    const client = await connectMcp(baseUrl, key);
    const product = nearestPrice(
      shop.catalogue.filter((p) => p.inStock && p.stockLevel > 5),
      200,
    );

    const added = await ok(client, "update_cart", { productId: product.id, quantity: 2 });
    expect(added.cart.items).toEqual([expect.objectContaining({ productId: product.id, quantity: 2 })]);
    // The agent's cart is the shopper's cart: the web app sees the same.
    expect((await http.get("/api/cart")).json.items[0].quantity).toBe(2);
    const badQuantity = await call(client, "update_cart", { productId: product.id, quantity: -1 });
    expect(badQuantity.text).toContain("quantity is from 0 (remove) to 99.");
    const tooMany = await call(client, "update_cart", { productId: product.id, quantity: 99 });
    if (product.stockLevel < 99) expect(tooMany.text).toMatch(/left in stock/);
    expect((await ok(client, "get_cart")).cart.items[0].quantity).toBe(2);
    const notThere = await call(client, "update_cart", { productId: randomUUID(), quantity: 0 });
    expect(notThere.text).toBe("That product is not in the cart.");

    const noOffer = await call(client, "accept_offer");
    expect(noOffer).toMatchObject({ isError: true });
    const emptyMessage = await call(client, "negotiate", { message: "   " });
    expect(emptyMessage.text).toContain("message must not be empty.");

    const turn = await ok(client, "negotiate", { message: "Could you do a discount on these?" });
    expect(turn.reply.length).toBeGreaterThan(10);
    expect(turn.offer).not.toBeNull();
    expect(turn.offer.discountAmount).toBeGreaterThan(0);
    expect(Date.parse(turn.expiresAt)).toBeGreaterThan(Date.now());
    // The same negotiation the web page resumes.
    expect((await http.get("/api/negotiations/current")).json.id).toBe(turn.negotiationId);

    const accepted = await ok(client, "accept_offer");
    expect(accepted.cart.discount).toBeCloseTo(turn.offer.discountAmount, 2);
    // The lines read at the shop's price and add up to the subtotal; the discount is its own figure.
    const afterAccept = (await ok(client, "get_cart")).cart;
    for (const item of afterAccept.items) {
      expect(item.lineTotal).toBeCloseTo(item.unitPrice * item.quantity, 2);
      expect(item.discountedUnitPrice).toBeLessThanOrEqual(item.unitPrice);
    }
    expect(afterAccept.items[0].unitPrice).toBe(product.price);
    expect(afterAccept.subtotal - afterAccept.discount + afterAccept.shipping + afterAccept.tax).toBeCloseTo(
      afterAccept.total,
      2,
    );

    const badAddress = await call(client, "start_checkout", {
      address: { ...TEST_ADDRESS, postalCode: "ABC" },
    });
    expect(badAddress.isError).toBe(true);
    expect(badAddress.text).toMatch(/postalCode/);
    const noAddress = await call(client, "start_checkout", {});
    expect(noAddress.text).toContain("no saved address");
    expect((await ok(client, "get_cart")).cart.items).toHaveLength(1); // nothing was placed

    const link = await ok(client, "start_checkout", { mode: "link" });
    expect(link).toEqual({
      status: "link",
      order: null,
      checkoutUrl: `${baseUrl}/checkout`,
      checkoutSession: null,
    });

    const placed = await ok(client, "start_checkout", {
      address: TEST_ADDRESS,
      idempotencyKey: "agent-test-1",
    });
    expect(placed.status).toBe("placed");
    expect(placed.order.paymentMethod).toBe("manual");
    expect(placed.order.discount).toBeCloseTo(turn.offer.discountAmount, 2);
    const again = await ok(client, "start_checkout", { idempotencyKey: "agent-test-1" });
    expect(again.order.id).toBe(placed.order.id);
    // The same key with a cart filled since is another request: refused as ACP refuses it, nothing placed.
    await ok(client, "update_cart", { productId: product.id, quantity: 1 });
    const reused = await call(client, "start_checkout", { idempotencyKey: "agent-test-1" });
    expect(reused.isError).toBe(true);
    expect(reused.text).toMatch(/already been used with a different request/);
    expect((await ok(client, "get_cart")).cart.items).toHaveLength(1);
    await ok(client, "update_cart", { productId: product.id, quantity: 0 });

    const listed = await ok(client, "list_orders");
    expect(listed.orders.map((o: { id: string }) => o.id)).toEqual([placed.order.id]);
    const one = await ok(client, "get_order", { orderId: placed.order.id });
    expect(one.order.total).toBe(placed.order.total);
    const other = await call(client, "get_order", { orderId: randomUUID() });
    expect(other.text).toBe("Order not found");
    await client.close();
  });

  it("a cart change that voids Ava's offer says so", async () => {
    const { http } = await signUpShopper(baseUrl, "Voided Offer Owner");
    const client = await connectMcp(baseUrl, (await createKey(http)).key);
    const product = nearestPrice(
      shop.catalogue.filter((p) => p.inStock && p.stockLevel > 5),
      150,
    );
    await ok(client, "update_cart", { productId: product.id, quantity: 1 });
    expect((await ok(client, "negotiate", { message: "Could you do a discount?" })).offer).not.toBeNull();
    await ok(client, "accept_offer");
    const changed = await ok(client, "update_cart", { productId: product.id, quantity: 2 });
    expect(changed.cart.discount).toBe(0);
    expect(changed.cart.notice).toMatch(/offer no longer applies/);
    // The next change has no offer left to void.
    expect((await ok(client, "update_cart", { productId: product.id, quantity: 1 })).cart.notice).toBeNull();
    await client.close();
  });

  it("API keys: shown once, listed by prefix, another shopper's key cannot be revoked, a revoked key is refused at once", async () => {
    const { http } = await signUpShopper(baseUrl, "Key Owner");
    const created = await createKey(http, "Laptop agent");
    const listed = await http.get("/api/account/api-keys");
    expect(listed.json).toEqual([
      expect.objectContaining({ id: created.id, name: "Laptop agent", prefix: created.key.slice(0, 12) }),
    ]);
    expect(JSON.stringify(listed.json)).not.toContain(created.key);
    const rows = await shop.server.database.db.select().from(apiKeys);
    expect(rows.some((r) => r.keyHash === created.key)).toBe(false);
    expect((await http.post("/api/account/api-keys", { name: " " })).status).toBe(400);
    expect((await http.post("/api/account/api-keys", { name: "x".repeat(61) })).status).toBe(400);

    const stranger = await signUpShopper(baseUrl, "Stranger");
    expect((await stranger.http.request("DELETE", `/api/account/api-keys/${created.id}`)).status).toBe(404);

    const client = await connectMcp(baseUrl, created.key);
    expect((await ok(client, "get_cart")).cart.items).toEqual([]);
    const revoked = await http.request("DELETE", `/api/account/api-keys/${created.id}`);
    expect(revoked.status).toBe(200);
    await expect(client.callTool({ name: "get_cart", arguments: {} })).rejects.toThrow(
      /not valid or was revoked/,
    );
    // The refused call is audited under the revoked key's shopper.
    const merchant = await signUpMerchant(baseUrl);
    const refusedCalls = (await merchant.get("/api/merchant/agent-activity")).json.calls.filter(
      (c: { keyName: string | null; status: string }) =>
        c.keyName === "Laptop agent" && c.status === "refused",
    );
    expect(refusedCalls).toEqual([
      expect.objectContaining({ tool: "get_cart", result: "Refused: the API key was revoked." }),
    ]);
    await expect(connectMcp(baseUrl, created.key)).rejects.toThrow();
    await expect(connectMcp(baseUrl, "hgl_made-up")).rejects.toThrow();
    expect((await http.get("/api/account/api-keys")).json).toEqual([]);
    // Signed out: no keys.
    expect((await fetch(`${baseUrl}/api/account/api-keys`)).status).toBe(401);
  });

  it("every tool call is audited and the merchant lists them; shoppers may not", async () => {
    const { http, email } = await signUpShopper(baseUrl, "Audited Shopper");
    const { key } = await createKey(http, "Audit agent");
    const client = await connectMcp(baseUrl, key);
    await ok(client, "search_products", { query: "lamp", limit: 2 });
    await call(client, "update_cart", { productId: "nope", quantity: 1 });
    await client.close();
    const anonymous = await connectMcp(baseUrl);
    await call(anonymous, "list_orders");
    await anonymous.close();

    const rows = await shop.server.database.db.select().from(agentToolCalls);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const merchant = await signUpMerchant(baseUrl);
    const activity = await merchant.get("/api/merchant/agent-activity");
    expect(activity.status).toBe(200);
    const mine = activity.json.calls.filter((c: { shopper: string | null }) => c.shopper === email);
    expect(mine.map((c: { tool: string; status: string }) => [c.tool, c.status])).toEqual([
      ["update_cart", "error"],
      ["search_products", "ok"],
    ]);
    expect(mine[1].keyName).toBe("Audit agent");
    expect(JSON.parse(mine[1].arguments)).toEqual({ query: "lamp", limit: 2 });
    expect(mine[1].result).toMatch(/products/);
    expect(
      activity.json.calls.some(
        (c: { shopper: string | null; tool: string; status: string }) =>
          c.shopper === null && c.tool === "list_orders" && c.status === "refused",
      ),
    ).toBe(true);
    expect((await http.get("/api/merchant/agent-activity")).status).toBe(403);
  });
});

describe("MCP rate limits per key and per address", () => {
  const shop = useShop("embedded", { env: { MCP_RATE_LIMIT_PER_KEY_PER_MINUTE: "3" } });

  it("a key past its limit is refused with a sentence and the refusal is audited", async () => {
    const { http } = await signUpShopper(shop.server.baseUrl);
    const { key } = await createKey(http);
    const client = await connectMcp(shop.server.baseUrl, key);
    for (let i = 0; i < 3; i += 1) await ok(client, "get_cart");
    const refused = await call(client, "get_cart");
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/^Too many requests\. Wait \d+ seconds/);
    // Another key of the same address still works: the limit is per key.
    const other = await connectMcp(shop.server.baseUrl, (await createKey(http, "second")).key);
    await ok(other, "get_cart");
    const rows = await shop.server.database.db.select().from(agentToolCalls);
    expect(rows.filter((r) => r.status === "rate_limited")).toHaveLength(1);
  });
});
