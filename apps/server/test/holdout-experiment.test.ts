/**
 * The merchant's holdout experiment ("measure Ava"). Held-out shoppers cannot
 * reach a negotiation through the API or the MCP tools (a 403 / a tool error with a sentence,
 * nothing changed); the dashboard's figures equal a hand-computed fixture of seeded carts and
 * orders; starting a new experiment starts a new measurement period.
 */
import { HELD_OUT_MESSAGE } from "@haggle/domain/merchant/holdout-assignment";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  holdoutAssignments,
  holdoutExperiments,
  negotiations,
  orders,
  profiles,
  user,
} from "../src/platform/db/schema.ts";
import type { HttpClient } from "./support/http-client.ts";
import { call, connectMcp, createKey, ok } from "./support/mcp-client.ts";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { checkedOut, fillCart, shopperWithCart, startNegotiation } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("the holdout experiment (%s)", (kind) => {
  const { shop, near, say } = useMerchantShop(kind);
  const db = () => shop.server.database.db;

  const start = (holdoutPct?: number) =>
    shop.merchant.post("/api/merchant/experiment", holdoutPct === undefined ? {} : { holdoutPct });
  const stop = () => shop.merchant.post("/api/merchant/experiment/stop", {});
  async function restart(holdoutPct: number) {
    await stop();
    const started = await start(holdoutPct);
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    return started.json.experiment;
  }
  const offered = async (http: HttpClient) => (await http.get("/api/me")).json.negotiation as boolean;

  async function userIdOf(email: string) {
    const [row] = await db().select().from(profiles).where(eq(profiles.email, email));
    return row!.userId;
  }

  it("refuses bad input and a second running experiment with a sentence, and only to merchants", async () => {
    expect((await start(0)).json.error.message).toBe(
      "The share held out must be a whole percent from 1 to 50.",
    );
    expect((await start(51)).status).toBe(400);
    expect((await start(12.5)).status).toBe(400);
    const shopper = await shopperWithCart(shop.server.baseUrl, [near(100)]);
    expect((await shopper.http.post("/api/merchant/experiment", {})).status).toBe(403);
    const first = await start();
    expect(first.status).toBe(201);
    expect(first.json.experiment).toMatchObject({ holdoutPct: 10, running: true, stoppedAt: null });
    const again = await start(20);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(
      "An experiment is already running: stop it before starting a new one.",
    );
    expect((await stop()).json.experiment.running).toBe(false);
    const twice = await stop();
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toBe("No experiment is running.");
  });

  it("keeps held-out shoppers from every way to a negotiation, the page's API and the MCP tools alike", async () => {
    // Before any experiment, a shopper begins a negotiation and holds Ava's offer.
    const product = near(300);
    const shopper = await shopperWithCart(shop.server.baseUrl, [product], "Held Out");
    const negotiationId = await startNegotiation(shopper.http);
    expect((await say(shopper.http, negotiationId, "Can I get a discount?")).result).not.toBeNull();
    const client = await connectMcp(shop.server.baseUrl, (await createKey(shopper.http)).key);
    const cartBefore = (await shopper.http.get("/api/cart")).json;

    // Half held out: new experiments (new assignments) until this account is held out.
    let experiment = await restart(50);
    for (let i = 0; i < 30 && (await offered(shopper.http)); i++) experiment = await restart(50);
    expect(await offered(shopper.http)).toBe(false);

    const refused = [
      await shopper.http.post("/api/negotiations", {}),
      await shopper.http.post("/api/negotiations", { restart: true }),
      await shopper.http.post(`/api/negotiations/${negotiationId}/accept`, {}),
      await shopper.http.request("POST", "/functions/v1/negotiate-cart", {
        negotiationId,
        messages: [{ role: "user", content: "I accept" }],
      }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.json.error.message).toBe(HELD_OUT_MESSAGE);
    }
    for (const tool of ["negotiate", "accept_offer"]) {
      const answer = await call(client, tool, tool === "negotiate" ? { message: "10% off?" } : {});
      expect(answer.isError).toBe(true);
      expect(answer.text).toContain(HELD_OUT_MESSAGE);
    }
    // Nothing changed: the one negotiation, its messages, the cart's figures.
    const rows = await db()
      .select()
      .from(negotiations)
      .where(eq(negotiations.userId, await userIdOf(shopper.email)));
    expect(rows.map((n) => [n.id, n.rounds, n.status])).toEqual([[negotiationId, 1, "active"]]);
    const cartAfter = (await shopper.http.get("/api/cart")).json;
    expect(cartAfter.summary).toEqual(cartBefore.summary);
    expect(cartAfter.items.map((i: { unitPrice: number }) => i.unitPrice)).toEqual(
      cartBefore.items.map((i: { unitPrice: number }) => i.unitPrice),
    );
    // The cart and checkout still work.
    expect((await checkedOut(shopper.http)).total).toBe(cartBefore.summary.total);

    // Visiting the cart made the account a visitor with a cart, in the holdout group.
    const [assigned] = await db()
      .select()
      .from(holdoutAssignments)
      .where(eq(holdoutAssignments.experimentId, experiment.id));
    expect(assigned).toMatchObject({ group: "holdout" });

    // A shopper in Ava's group negotiates as usual; stopping the experiment gives everyone Ava back.
    let inGroup = await shopperWithCart(shop.server.baseUrl, [product], "With Ava");
    for (let i = 0; i < 30 && !(await offered(inGroup.http)); i++)
      inGroup = await shopperWithCart(shop.server.baseUrl, [product], "With Ava");
    expect(await offered(inGroup.http)).toBe(true);
    expect((await inGroup.http.post("/api/negotiations", {})).status).toBe(201);
    await stop();
    expect(await offered(shopper.http)).toBe(true);
    await fillCart(shopper.http, [product]);
    expect((await ok(client, "negotiate", { message: "Any discount?" })).negotiationId).toBeTruthy();
  });

  it("counts both groups since the experiment started: the hand-computed fixture", async () => {
    await stop();
    const started = new Date(Date.now() - 3_600_000);
    const [experiment] = await db()
      .insert(holdoutExperiments)
      .values({ holdoutShareBp: 5_000, startedAt: started })
      .returning();
    const assignedAt = new Date(started.getTime() + 60_000);
    const ordered = new Date(started.getTime() + 120_000);
    // 30 visitors with a cart in each group: with Ava 10 bought one $100.00 order (Ava's discount
    // $5.00), held out 6 did (no discount). By hand (as in the domain's holdout-figures test):
    // conversion 33.33% and 20%, AOV $100.00 both, revenue per cart $33.33 and $20.00, difference
    // $13.33 with the 95% interval -$9.17 to $35.83.
    const people = Array.from({ length: 62 }, (_, i) => ({
      id: `fixture-${kind}-${i}`,
      name: `Fixture ${i}`,
      email: `fixture.${kind}.${i}@example.com`,
    }));
    await db().insert(user).values(people);
    const group = (i: number) => (i < 30 ? "ava" : "holdout");
    await db()
      .insert(holdoutAssignments)
      .values(
        people
          .slice(0, 60)
          .map((p, i) => ({ experimentId: experiment!.id, userId: p.id, group: group(i), assignedAt })),
      );
    const order = (userId: string, extra: Partial<typeof orders.$inferInsert> = {}) => ({
      userId,
      subtotal: 10_000,
      total: 10_000,
      currency: "USD",
      createdAt: ordered,
      ...extra,
    });
    await db()
      .insert(orders)
      .values([
        ...people.slice(0, 10).map((p) => order(p.id, { subtotal: 10_500, negotiatedDiscount: 500 })),
        ...people.slice(30, 36).map((p) => order(p.id)),
        // Not counted: an order before the account's assignment, a cancelled order, and orders of
        // accounts that were never visitors with a cart (61 and 62 have no assignment).
        order(people[0]!.id, { createdAt: started }),
        order(people[12]!.id, { status: "cancelled", refundedTotal: 10_000 }),
        order(people[60]!.id),
        order(people[61]!.id, { total: 99_999 }),
      ]);

    const answer = await shop.merchant.get("/api/merchant/experiment");
    expect(answer.status).toBe(200);
    const figures = answer.json.experiment;
    expect(figures).toMatchObject({ id: experiment!.id, holdoutPct: 50, running: true, enoughData: true });
    expect(figures.ava).toEqual({
      visitors: 30,
      buyers: 10,
      orders: 10,
      conversion: 0.3333,
      revenue: 1000,
      averageOrderValue: 100,
      revenuePerCart: 33.33,
      discount: 50,
    });
    expect(figures.holdout).toEqual({
      visitors: 30,
      buyers: 6,
      orders: 6,
      conversion: 0.2,
      revenue: 600,
      averageOrderValue: 100,
      revenuePerCart: 20,
      discount: 0,
    });
    expect(figures.revenuePerCart).toEqual({ difference: 13.33, low: -9.17, high: 35.83 });
    expect(figures.conversion).toEqual({ difference: 0.1333, low: -0.0879, high: 0.3546 });
    expect(figures.sentence).toBe(
      "Ava's shoppers spend $13.33 more per cart (95% CI -$9.17 to $35.83). The difference is not yet clear of zero.",
    );

    // Stopped, the figures stay; a new experiment is a new measurement period with nobody in it yet.
    expect((await stop()).json.experiment).toMatchObject({ running: false, ava: { visitors: 30 } });
    const fresh = (await start()).json.experiment;
    expect(fresh.id).not.toBe(experiment!.id);
    expect(fresh.ava.visitors + fresh.holdout.visitors).toBe(0);
    expect(fresh.sentence).toBe(
      "Not enough data yet: each group needs at least 30 visitors with a cart and 5 buyers (now 0 and 0 with Ava, 0 and 0 held out).",
    );
    await stop();
  });
});
