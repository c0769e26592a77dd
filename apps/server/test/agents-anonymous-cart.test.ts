import { createHash } from "node:crypto";
import { MAX_AGENT_CART_LINES } from "@haggle/contract/agents";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { agentCarts, agentToolCalls } from "../src/platform/db/schema.ts";
import { HttpClient, uniqueEmail } from "./support/http-client.ts";
import { call, connectMcp, createKey, ok } from "./support/mcp-client.ts";
import { signUpShopper, useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

/**
 * Carts an agent fills over MCP without an account: a cart token names the cart across
 * stateless calls, its checkout link opens the web checkout, and a signed-in shopper claims it
 * into their own cart. Through the official MCP SDK client over real HTTP, on both databases.
 */

const TOKEN = /^hac_[A-Za-z0-9_-]{43}$/;

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

describe.each(DB_KINDS)("anonymous agent carts over MCP (%s)", (kind) => {
  const shop = useShop(kind);
  let baseUrl: string;
  beforeAll(() => {
    baseUrl = shop.server.baseUrl;
  });
  const inStock = (n: number) => shop.catalogue.filter((p) => p.inStock && p.stockLevel >= 5)[n]!;

  it("creates, adds, views; the link opens the checkout; sign-in merges it into the shopper's cart", async () => {
    const agent = await connectMcp(baseUrl);
    const [a, b] = [inStock(0), inStock(1)];
    const started = await ok(agent, "update_cart", { productId: a.id, quantity: 2 });
    const { cartToken, checkoutUrl, expiresAt } = started.anonymousCart;
    expect(cartToken).toMatch(TOKEN);
    expect(checkoutUrl).toBe(`${baseUrl}/agent-cart?token=${cartToken}`);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 71 * 3600_000);
    expect(started.cart.items).toMatchObject([{ productId: a.id, quantity: 2 }]);

    await ok(agent, "update_cart", { productId: b.id, quantity: 1, cartToken });
    const changed = await ok(agent, "update_cart", { productId: a.id, quantity: 1, cartToken });
    expect(changed.anonymousCart.cartToken).toBe(cartToken);
    expect(changed.cart.items.map((i: { quantity: number }) => i.quantity)).toEqual([1, 1]);
    const viewed = await ok(agent, "get_cart", { cartToken });
    expect(viewed.cart).toEqual(changed.cart);
    const lineTotals = viewed.cart.items.reduce(
      (sum: number, i: { lineTotal: number }) => sum + i.lineTotal,
      0,
    );
    expect(viewed.cart.subtotal).toBeCloseTo(lineTotals, 2);
    expect(viewed.cart.total).toBeGreaterThan(0);
    await agent.close();

    // Only the token's hash is stored, and the audit keeps no usable token.
    const [row] = await shop.server.database.db
      .select()
      .from(agentCarts)
      .where(eq(agentCarts.tokenHash, tokenHash(cartToken)));
    expect(row?.ip).toBeTruthy();
    const audited = await shop.server.database.db.select().from(agentToolCalls);
    expect(JSON.stringify(audited.map((r) => r.arguments))).not.toContain(cartToken);

    // The link opens the web app's /agent-cart page (the browser journey: e2e/agent-cart.spec.ts).

    // A shopper with a line of their own signs in there: quantities add, the agent's cart ends.
    const email = uniqueEmail("claimer");
    const { http: first } = await signUpShopper(baseUrl, "Claimer", email);
    expect((await first.post("/api/cart/items", { productId: a.id, quantity: 1 })).status).toBe(200);
    const http = new HttpClient(baseUrl);
    expect((await http.signIn(email)).status).toBe(200);
    const claimed = await http.post("/api/cart/agent-cart", { token: cartToken });
    expect(claimed.status, claimed.text).toBe(200);
    const quantities = Object.fromEntries(
      claimed.json.items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity]),
    );
    expect(quantities).toEqual({ [a.id]: 2, [b.id]: 1 });
    // Opening the link again as the same shopper does not add it twice.
    const again = await http.post("/api/cart/agent-cart", { token: cartToken });
    expect(again.status).toBe(200);
    expect(again.json.items).toHaveLength(2);
    expect(again.json.summary.itemCount).toBe(3);

    // Another account cannot take it; the agent is told the cart moved on.
    const { http: other } = await signUpShopper(baseUrl, "Other");
    const stolen = await other.post("/api/cart/agent-cart", { token: cartToken });
    expect(stolen.status).toBe(409);
    expect(stolen.json.error.message).toBe("This cart was already moved into another account.");
    const late = await connectMcp(baseUrl);
    const refused = await call(late, "update_cart", { productId: b.id, quantity: 3, cartToken });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain("already moved into a shopper's account");
    await late.close();
  });

  it("a new shopper signing up at the link gets the cart", async () => {
    const agent = await connectMcp(baseUrl);
    const product = inStock(2);
    const { anonymousCart } = await ok(agent, "update_cart", { productId: product.id, quantity: 3 });
    await agent.close();
    const { http } = await signUpShopper(baseUrl, "New at the link");
    const claimed = await http.post("/api/cart/agent-cart", { token: anonymousCart.cartToken });
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.json.items).toMatchObject([{ productId: product.id, quantity: 3 }]);
    expect((await http.get("/api/cart")).json.summary.itemCount).toBe(3);
  });

  it("an expired, forged or malformed token is refused with a sentence", async () => {
    const agent = await connectMcp(baseUrl);
    const product = inStock(3);
    const { anonymousCart } = await ok(agent, "update_cart", { productId: product.id, quantity: 1 });
    const token = anonymousCart.cartToken as string;
    await shop.server.database.db
      .update(agentCarts)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(agentCarts.tokenHash, tokenHash(token)));
    const forged = `hac_${"x".repeat(43)}`;
    for (const cartToken of [token, forged]) {
      for (const [tool, args] of [
        ["get_cart", { cartToken }],
        ["update_cart", { productId: product.id, quantity: 2, cartToken }],
      ] as const) {
        const answer = await call(agent, tool, args);
        expect(answer.isError, tool).toBe(true);
        expect(answer.text).toMatch(/^That cartToken names no cart: .* Call update_cart without cartToken/);
      }
    }
    const malformed = await call(agent, "get_cart", { cartToken: "hac_short" });
    expect(malformed.text).toBe(
      "Invalid arguments. cartToken: cartToken must be the cartToken an earlier update_cart answered.",
    );
    const noToken = await call(agent, "get_cart");
    expect(noToken.isError).toBe(true);
    expect(noToken.text).toContain("start one with update_cart");
    await agent.close();

    const { http } = await signUpShopper(baseUrl, "Late claimer");
    for (const t of [token, forged]) {
      const res = await http.post("/api/cart/agent-cart", { token: t });
      expect(res.status).toBe(404);
      expect(res.json.error.message).toBe(
        "This cart link is not one the shop gave out, or its cart expired. Ask the agent for a new link.",
      );
    }
    const bad = await http.post("/api/cart/agent-cart", { token: "nope" });
    expect(bad.status).toBe(400);
    expect((await new HttpClient(baseUrl).post("/api/cart/agent-cart", { token })).status).toBe(401);
  });

  it("negotiation without an account is refused with a sentence saying how to link one", async () => {
    const agent = await connectMcp(baseUrl);
    for (const [tool, args] of [
      ["negotiate", { message: "10% off?" }],
      ["accept_offer", {}],
    ] as const) {
      const answer = await call(agent, tool, args);
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(/^Negotiating with Ava needs a shopper account/);
      expect(answer.text).toContain("/.well-known/oauth-protected-resource/mcp");
      expect(answer.text).toContain("checkoutUrl");
    }
    await agent.close();
  });

  it("with a key, the cart tools act on the shopper's own cart and answer no cart token", async () => {
    const { http } = await signUpShopper(baseUrl, "Key holder");
    const agent = await connectMcp(baseUrl, (await createKey(http)).key);
    const answer = await ok(agent, "update_cart", { productId: inStock(4).id, quantity: 1 });
    expect(answer.anonymousCart).toBeUndefined();
    expect((await http.get("/api/cart")).json.items).toHaveLength(1);
    await agent.close();
  });

  it(`a cart without an account holds at most ${MAX_AGENT_CART_LINES} lines; bad lines start no cart`, async () => {
    const agent = await connectMcp(baseUrl);
    const products = shop.catalogue.filter((p) => p.inStock).slice(0, MAX_AGENT_CART_LINES + 1);
    expect(products).toHaveLength(MAX_AGENT_CART_LINES + 1);
    const before = (await shop.server.database.db.select().from(agentCarts)).length;
    const soldOut = shop.catalogue.find((p) => !p.inStock);
    if (soldOut) {
      const refused = await call(agent, "update_cart", { productId: soldOut.id, quantity: 1 });
      expect(refused.text).toBe(`${soldOut.name} is out of stock.`);
    }
    const removed = await call(agent, "update_cart", { productId: products[0]!.id, quantity: 0 });
    expect(removed.text).toBe("That product is not in the cart.");
    expect((await shop.server.database.db.select().from(agentCarts)).length).toBe(before);

    const { anonymousCart } = await ok(agent, "update_cart", { productId: products[0]!.id, quantity: 1 });
    const cartToken = anonymousCart.cartToken;
    for (const p of products.slice(1, MAX_AGENT_CART_LINES)) {
      await ok(agent, "update_cart", { productId: p.id, quantity: 1, cartToken });
    }
    const full = await call(agent, "update_cart", {
      productId: products[MAX_AGENT_CART_LINES]!.id,
      quantity: 1,
      cartToken,
    });
    expect(full.isError).toBe(true);
    expect(full.text).toMatch(/^A cart without an account holds at most 20 different items\./);
    // Changing a line it holds still works.
    await ok(agent, "update_cart", { productId: products[0]!.id, quantity: 2, cartToken });
    await agent.close();
  });
});

describe("anonymous agent carts: carts per address per hour, expired carts dropped", () => {
  const shop = useShop("embedded", { env: { AGENT_CARTS_PER_IP_PER_HOUR: "2", AGENT_CART_TTL_HOURS: "1" } });

  it("the third cart from one address in an hour is refused with a sentence; a known token still works", async () => {
    const agent = await connectMcp(shop.server.baseUrl);
    const product = shop.catalogue.find((p) => p.inStock && p.stockLevel >= 5)!;
    const first = await ok(agent, "update_cart", { productId: product.id, quantity: 1 });
    expect(new Date(first.anonymousCart.expiresAt).getTime()).toBeLessThan(Date.now() + 3600_000 + 60_000);
    await ok(agent, "update_cart", { productId: product.id, quantity: 1 });
    const third = await call(agent, "update_cart", { productId: product.id, quantity: 1 });
    expect(third.isError).toBe(true);
    expect(third.text).toMatch(
      /^This address started 2 carts without an account in the last hour, the most allowed\. Pass the cartToken of a cart already started, wait \d+ minutes?, or use the shopper's account\.$/,
    );
    const kept = await ok(agent, "update_cart", {
      productId: product.id,
      quantity: 2,
      cartToken: first.anonymousCart.cartToken,
    });
    expect(kept.cart.items[0].quantity).toBe(2);

    // Starting a cart drops the expired ones (their lines go with them).
    const db = shop.server.database.db;
    await db.update(agentCarts).set({ expiresAt: sql`now() - interval '1 minute'` });
    await db.execute(sql`delete from rate_limits where key like 'agent-cart:%'`);
    await ok(agent, "update_cart", { productId: product.id, quantity: 1 });
    expect(await db.select().from(agentCarts)).toHaveLength(1);
    await agent.close();
  });
});
