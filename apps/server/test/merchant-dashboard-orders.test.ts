/**
 * The merchant's dashboard figures and order handling over real HTTP on the real database. The
 * dashboard test runs first: it checks exact figures on a fresh shop.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { negotiationMessages, negotiations } from "../src/platform/db/schema.ts";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { openEvents } from "./support/realtime-client.ts";
import { cents } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const today = () => new Date().toISOString().slice(0, 10);

describe.each(DB_KINDS)("merchant dashboard and orders on the %s database", (kind) => {
  const { shop, near, shopper, negotiating, say, checkout, patch } = useMerchantShop(kind);

  // ---------------------------------------------------------------- dashboard (first: exact figures on a fresh shop)

  it("stats and dashboard add up real orders, a negotiated deal and an escalation", async () => {
    const empty = (await shop.merchant.get("/api/merchant/stats")).json;
    expect(empty).toEqual({
      totalProducts: 180,
      activeNegotiations: 0,
      pendingApprovals: 0,
      totalRevenue: 0,
    });

    // A deal: an offer, accepted, checked out.
    const deal = await negotiating(near(300));
    const offered = await say(deal.http, deal.id, "Can I get a discount?");
    const accepted = await deal.http.post(`/api/negotiations/${deal.id}/accept`, {});
    expect(accepted.status).toBe(200);
    // Ava's whole discount is one figure on the cart: the offer's amount, whether the
    // policy wrote it as line prices or an order-level remainder; the lines show the shop's prices.
    const agreed = cents(offered.result!.total_discount_amount);
    expect(agreed).toBeGreaterThan(0);
    expect(cents(accepted.json.summary.discount)).toBe(agreed);
    expect(
      accepted.json.items.reduce((sum: number, i: { lineTotal: number }) => sum + cents(i.lineTotal), 0),
    ).toBe(cents(accepted.json.summary.subtotal));
    const dealOrder = await checkout(deal.http);
    // Stored on the order, and the order's figures add up with it as its own line.
    expect(cents(dealOrder.negotiatedDiscount)).toBe(agreed);
    expect(cents(dealOrder.subtotal) - agreed + cents(dealOrder.shipping) + cents(dealOrder.tax)).toBe(
      cents(dealOrder.total),
    );
    expect(
      dealOrder.items.reduce((sum: number, i: { lineTotal: number }) => sum + cents(i.lineTotal), 0),
    ).toBe(cents(dealOrder.subtotal));
    // A plain order.
    const plain = await shopper([near(40)]);
    const plainOrder = await checkout(plain.http);
    // An escalation, left pending (its negotiation stays active).
    const asking = await negotiating(near(400, 1));
    expect((await say(asking.http, asking.id, "Could you do 20% off?")).display).toMatch(/manager/i);
    // A negotiation nobody spoke in counts neither as active nor for the negotiator.
    await negotiating(near(100));

    const stats = (await shop.merchant.get("/api/merchant/stats")).json;
    const revenue = cents(dealOrder.total) + cents(plainOrder.total);
    expect(stats).toEqual({
      totalProducts: 180,
      activeNegotiations: 1,
      pendingApprovals: 1,
      totalRevenue: revenue / 100,
    });

    const dashboard = await shop.merchant.get("/api/merchant/dashboard");
    expect(dashboard.status).toBe(200);
    const { days, negotiator } = dashboard.json;
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({
      date: today(),
      orders: 2,
      revenue: revenue / 100,
      negotiatedDiscount: (cents(dealOrder.negotiatedDiscount) + cents(plainOrder.negotiatedDiscount)) / 100,
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
    // One definition: the chart's day, the negotiator card and the order agree.
    expect(days.at(-1).negotiatedDiscount).toBe(negotiator.totalDiscount);
    expect(cents(plainOrder.negotiatedDiscount)).toBe(0);
    expect((await shop.merchant.get("/api/merchant/dashboard?days=7")).json.days).toHaveLength(7);
    const bad = await shop.merchant.get("/api/merchant/dashboard?days=5");
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe("days must be a whole number from 7 to 90.");
  });

  it("counts only orders that stand in every figure, and only open negotiations as active", async () => {
    const before = (await shop.merchant.get("/api/merchant/stats")).json;
    const beforeDay = (await shop.merchant.get("/api/merchant/dashboard")).json.days.at(-1);

    // An order called off: it counts for no figure, neither revenue nor the number of orders.
    const cancelling = await shopper([near(60)]);
    const cancelledOrder = await checkout(cancelling.http);
    expect((await cancelling.http.post(`/api/orders/${cancelledOrder.id}/cancel`, {})).status).toBe(200);

    // Three negotiations that ended without an accepted offer: checked out, emptied, abandoned.
    const checkedOutTalk = await negotiating(near(200));
    await say(checkedOutTalk.http, checkedOutTalk.id, "Can I get a discount?");
    const keptOrder = await checkout(checkedOutTalk.http);
    const emptied = await negotiating(near(150));
    await say(emptied.http, emptied.id, "Can I get a discount?");
    expect((await emptied.http.request("DELETE", "/api/cart")).status).toBeLessThan(300);
    const abandoned = await negotiating(near(120));
    await say(abandoned.http, abandoned.id, "Can I get a discount?");
    const db = shop.server.database.db;
    const dayAndAHourAgo = sql`now() - interval '25 hours'`;
    await db
      .update(negotiationMessages)
      .set({ createdAt: dayAndAHourAgo })
      .where(eq(negotiationMessages.negotiationId, abandoned.id));
    await db.update(negotiations).set({ startedAt: dayAndAHourAgo }).where(eq(negotiations.id, abandoned.id));
    // And one still under way.
    const open = await negotiating(near(90));
    await say(open.http, open.id, "Can I get a discount?");

    const stats = (await shop.merchant.get("/api/merchant/stats")).json;
    expect(stats.activeNegotiations).toBe(before.activeNegotiations + 1);
    expect(cents(stats.totalRevenue)).toBe(cents(before.totalRevenue) + cents(keptOrder.total));
    const day = (await shop.merchant.get("/api/merchant/dashboard")).json.days.at(-1);
    expect(day.orders).toBe(beforeDay.orders + 1);
    expect(cents(day.revenue)).toBe(cents(beforeDay.revenue) + cents(keptOrder.total));
  });

  // ---------------------------------------------------------------- orders

  it("lists every shopper's orders and moves them forward only; the shopper sees it live and in /orders", async () => {
    const { http, email } = await shopper([near(80)], "Olive Orders");
    const order = await checkout(http);
    const list = await shop.merchant.get("/api/merchant/orders?pageSize=5");
    expect(list.status).toBe(200);
    expect(list.json.items[0]).toMatchObject({
      id: order.id,
      status: "confirmed",
      total: order.total,
      customer: { name: "Olive Orders", email },
    });
    expect(list.json.total).toBeGreaterThanOrEqual(1);
    expect(
      (await shop.merchant.get("/api/merchant/orders?status=shipped")).json.items.every(
        (o: { status: string }) => o.status === "shipped",
      ),
    ).toBe(true);
    expect((await shop.merchant.get("/api/merchant/orders?status=lost")).status).toBe(400);

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
