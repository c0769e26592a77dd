/**
 * An agent's tool call is audited before it may change anything: text the database cannot hold
 * (NUL, a lone surrogate) is made storable, a database error never reaches the agent, and a call
 * whose audit row cannot be written does not run (no order placed unaudited).
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentToolCalls, orders, products } from "../src/platform/db/schema.ts";
import { call, connectMcp, createKey, ok } from "./support/mcp-client.ts";
import { signUpShopper, TEST_ADDRESS, useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const NUL = String.fromCharCode(0);
const LONE = String.fromCharCode(0xd800);
const SHOP_FAILED = "Something went wrong on the shop's side. Please try again in a moment.";

/** One JSON-RPC tools/call posted as is (no initialize: the server is stateless). */
async function rawToolCall(baseUrl: string, name: string, args: unknown, key?: string) {
  const res = await fetch(`${baseUrl}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  return { status: res.status, text: await res.text() };
}

describe.each(DB_KINDS)("agent tool calls are audited before they act (%s)", (kind) => {
  const shop = useShop(kind);

  it("NUL and lone surrogates in arguments: a sentence, never SQL, never a 500; the call is audited", async () => {
    const { baseUrl } = shop.server;
    const nulQuery = await rawToolCall(baseUrl, "search_products", { query: `shoes${NUL}` });
    expect(nulQuery.status).toBe(200);
    expect(nulQuery.text).not.toMatch(/insert into|Failed query|params:/i);
    expect(nulQuery.text).toContain("must not contain NUL characters");
    // A refused key with the same arguments: 401 with its sentence, not 500.
    const badKey = await rawToolCall(
      baseUrl,
      "search_products",
      { query: `x${NUL}`, [`k${LONE}`]: LONE },
      "hgl_nope",
    );
    expect(badKey.status).toBe(401);
    expect(badKey.text).toContain("not valid or was revoked");

    const rows = await shop.server.database.db
      .select()
      .from(agentToolCalls)
      .where(eq(agentToolCalls.tool, "search_products"));
    const stored = rows.map((r) => r.arguments);
    expect(stored).toContainEqual({ query: "shoes" });
    expect(stored).toContainEqual({ query: "x", "k\uFFFD": "\uFFFD" });
  });

  it("a lone surrogate in an extra argument: update_cart and start_checkout act, answer and are audited", async () => {
    const { http } = await signUpShopper(shop.server.baseUrl, "Surrogate Agent Owner");
    const { key } = await createKey(http, "Surrogate agent");
    const client = await connectMcp(shop.server.baseUrl, key);
    const product = shop.catalogue.find((p) => p.inStock && p.stockLevel > 3)!;
    const added = await ok(client, "update_cart", { productId: product.id, quantity: 1, note: `hi${LONE}` });
    expect(added.cart.items).toHaveLength(1);
    const placed = await ok(client, "start_checkout", { address: TEST_ADDRESS, extra: `${LONE}!` });
    expect(placed.status).toBe("placed");
    await client.close();

    const audited = await shop.server.database.db
      .select()
      .from(agentToolCalls)
      .where(eq(agentToolCalls.userId, await ownerOf(placed.order.id)));
    const byTool = Object.fromEntries(audited.map((r) => [r.tool, r]));
    expect(byTool.update_cart).toMatchObject({
      status: "ok",
      arguments: expect.objectContaining({ note: "hi\uFFFD" }),
    });
    expect(byTool.start_checkout).toMatchObject({
      status: "ok",
      result: expect.stringContaining(placed.order.number),
    });
  });

  async function ownerOf(orderId: string): Promise<string> {
    const [row] = await shop.server.database.db
      .select({ userId: orders.userId })
      .from(orders)
      .where(eq(orders.id, orderId));
    return row!.userId;
  }

  it("a call whose audit row cannot be written does not run: no order, no stock taken, no SQL in the answer", async () => {
    const { db } = shop.server.database;
    const { http } = await signUpShopper(shop.server.baseUrl, "Unaudited Agent Owner");
    const { key } = await createKey(http, "Unaudited agent");
    const client = await connectMcp(shop.server.baseUrl, key);
    const product = shop.catalogue.find((p) => p.inStock && p.stockLevel > 3)!;
    await ok(client, "update_cart", { productId: product.id, quantity: 1 });
    const stock = async () =>
      (await db.select({ n: products.stockLevel }).from(products).where(eq(products.id, product.id)))[0]!.n;
    const before = await stock();
    // The audit table refuses start_checkout rows, as a full disk or a broken row would.
    await db.execute(
      sql`alter table agent_tool_calls add constraint test_refuse_checkout check (tool <> 'start_checkout') not valid`,
    );
    try {
      const answer = await call(client, "start_checkout", { address: TEST_ADDRESS });
      expect(answer).toMatchObject({ isError: true, text: SHOP_FAILED });
    } finally {
      await db.execute(sql`alter table agent_tool_calls drop constraint test_refuse_checkout`);
    }
    expect(await stock()).toBe(before);
    expect((await ok(client, "list_orders")).orders).toEqual([]);
    expect((await ok(client, "get_cart")).cart.items).toHaveLength(1);
    await client.close();
  });
});
