/**
 * Cancel and refund, both databases, real HTTP: a shopper cancels before shipping, a
 * merchant cancels or refunds (a line, or everything), stock returns, the money adds up to the
 * total, and the loyalty figures and tier keep only what was kept.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { cents, postCheckout } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("cancel and refund on the %s database", (kind) => {
  const { shop, near, shopper, patch } = useMerchantShop(kind);
  const stockOf = async (id: string) =>
    (await shop.merchant.get(`/api/products/${id}`)).json.stockLevel as number;
  const merchantPost = (path: string, body?: unknown) => shop.merchant.request("POST", path, body ?? {});

  it("lets a shopper cancel an order until it ships: stock returns, nothing is due, the profile forgets it", async () => {
    const product = near(50);
    const { http } = await shopper([product]);
    const before = await stockOf(product.id);
    const order = (await postCheckout(http)).json;
    expect(await stockOf(product.id)).toBe(before - 1);
    expect((await http.get("/api/me")).json.profile).toMatchObject({ ordersCount: 1, loyaltyTier: "BRONZE" });

    const cancelled = await http.post(`/api/orders/${order.id}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect(cancelled.json).toMatchObject({ status: "cancelled", paymentStatus: "voided", refundedTotal: 0 });
    expect(cancelled.json.items[0].refundedQuantity).toBe(1);
    expect(cancelled.json.timeline.map((e: { kind: string }) => e.kind)).toEqual(["placed", "cancelled"]);
    expect(await stockOf(product.id)).toBe(before);
    expect((await http.get("/api/me")).json.profile).toMatchObject({
      ordersCount: 0,
      lifetimeValue: 0,
      loyaltyTier: "NONE",
    });

    // The shopper is told by e-mail (kept in the merchant's outbox without SMTP_URL).
    const mails = (await shop.merchant.get("/api/merchant/outbox?pageSize=100")).json.items as {
      kind: string;
      orderId: string | null;
    }[];
    expect(
      mails
        .filter((m) => m.orderId === order.id)
        .map((m) => m.kind)
        .sort(),
    ).toEqual(["new-order", "order-cancelled", "order-confirmation"]);

    const again = await http.post(`/api/orders/${order.id}/cancel`, {});
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe("This order was already cancelled.");
    // Nobody can pay or move a cancelled order.
    expect((await merchantPost(`/api/merchant/orders/${order.id}/mark-paid`)).status).toBe(409);
    const moved = await patch(`/api/merchant/orders/${order.id}`, { status: "shipped" });
    expect(moved.status).toBe(409);
    expect(moved.json.error.message).toBe("This order was cancelled; it does not move any more.");
  });

  it("refuses a shopper's cancel once the order shipped, and another shopper's at all", async () => {
    const { http } = await shopper([near(45)]);
    const order = (await postCheckout(http)).json;
    const other = await shopper([]);
    expect((await other.http.post(`/api/orders/${order.id}/cancel`, {})).status).toBe(404);
    expect((await patch(`/api/merchant/orders/${order.id}`, { status: "shipped" })).status).toBe(200);
    const late = await http.post(`/api/orders/${order.id}/cancel`, {});
    expect(late.status).toBe(409);
    expect(late.json.error.message).toBe(
      "This order has shipped, so it can no longer be cancelled. Contact the shop to send it back.",
    );
    // The merchant may: what was paid comes back.
    expect((await merchantPost(`/api/merchant/orders/${order.id}/mark-paid`)).status).toBe(200);
    const called = await merchantPost(`/api/merchant/orders/${order.id}/cancel`);
    expect(called.status).toBe(200);
    expect(called.json).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
      refundedTotal: order.total,
    });
  });

  it("takes a refunded line's list-price savings off the shopper's total savings, and the rest with the last refund", async () => {
    const onSale = shop.catalogue.find(
      (p) => p.inStock && p.stockLevel >= 20 && cents(p.listPrice) - cents(p.price) >= 100,
    );
    if (!onSale) throw new Error("the seeded catalogue has no product below its list price");
    const other = near(40);
    const { http } = await shopper([onSale, other]);
    const order = (await postCheckout(http)).json;
    expect((await merchantPost(`/api/merchant/orders/${order.id}/mark-paid`)).status).toBe(200);
    const savingsOf = async () => cents((await http.get("/api/me")).json.profile.totalSavings);
    expect(await savingsOf()).toBe(cents(order.discountApplied));
    const line = order.items.find((i: { productId: string }) => i.productId === onSale.id);
    const lineSavings = cents(line.listPrice) - cents(line.unitPrice);
    expect(lineSavings).toBeGreaterThan(0);

    const refunded = await merchantPost(`/api/merchant/orders/${order.id}/refund`, {
      lines: [{ orderItemId: line.id, quantity: 1 }],
    });
    expect(refunded.status, JSON.stringify(refunded.json)).toBe(200);
    expect(await savingsOf()).toBe(cents(order.discountApplied) - lineSavings);
    expect((await merchantPost(`/api/merchant/orders/${order.id}/refund`, {})).status).toBe(200);
    expect(await savingsOf()).toBe(0);
  });

  it("refunds one line of a paid order by its share of the line's charge, then the rest: the refunds add up to the total", async () => {
    const [a, b] = [near(40), near(90)];
    const { http } = await shopper([a, b]);
    await http.request("PATCH", `/api/cart/items/${(await http.get("/api/cart")).json.items[0].id}`, {
      quantity: 2,
    });
    const order = (await postCheckout(http)).json;
    const revenueBefore = cents((await shop.merchant.get("/api/merchant/stats")).json.totalRevenue);
    const stockA = await stockOf(a.id);
    const lineA = order.items.find((i: { productId: string }) => i.productId === a.id);

    const unpaid = await merchantPost(`/api/merchant/orders/${order.id}/refund`, {});
    expect(unpaid.status).toBe(409);
    expect(unpaid.json.error.message).toBe(
      "This order is not paid yet: cancel it instead, or mark it paid first.",
    );
    expect((await merchantPost(`/api/merchant/orders/${order.id}/mark-paid`)).status).toBe(200);

    const tooMany = await merchantPost(`/api/merchant/orders/${order.id}/refund`, {
      lines: [{ orderItemId: lineA.id, quantity: 3 }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error.message).toBe(`Only 2 of ${a.name} can still be refunded.`);
    const unknown = await merchantPost(`/api/merchant/orders/${order.id}/refund`, {
      lines: [{ orderItemId: randomUUID(), quantity: 1 }],
    });
    expect(unknown.status).toBe(400);

    const one = await merchantPost(`/api/merchant/orders/${order.id}/refund`, {
      lines: [{ orderItemId: lineA.id, quantity: 1 }],
    });
    expect(one.status, JSON.stringify(one.json)).toBe(200);
    // One unit's share of what the line was charged: its amount after discounts and its tax.
    const share = Math.floor((cents(lineA.amount) + cents(lineA.tax)) / lineA.quantity);
    expect(cents(one.json.refundedTotal)).toBe(share);
    expect(one.json).toMatchObject({ status: "confirmed", paymentStatus: "partially_refunded" });
    expect(await stockOf(a.id)).toBe(stockA + 1);
    expect(cents((await http.get("/api/me")).json.profile.lifetimeValue)).toBe(cents(order.total) - share);
    expect(cents((await shop.merchant.get("/api/merchant/stats")).json.totalRevenue)).toBe(
      revenueBefore - share,
    );

    const rest = await merchantPost(`/api/merchant/orders/${order.id}/refund`, {});
    expect(rest.status).toBe(200);
    expect(rest.json).toMatchObject({
      status: "refunded",
      paymentStatus: "refunded",
      refundedTotal: order.total,
    });
    expect(
      rest.json.items.every(
        (i: { quantity: number; refundedQuantity: number }) => i.refundedQuantity === i.quantity,
      ),
    ).toBe(true);
    expect(await stockOf(a.id)).toBe(stockA + 2);
    expect((await http.get("/api/me")).json.profile).toMatchObject({
      ordersCount: 0,
      lifetimeValue: 0,
      loyaltyTier: "NONE",
    });
    expect(cents((await shop.merchant.get("/api/merchant/stats")).json.totalRevenue)).toBe(
      revenueBefore - cents(order.total),
    );
    const refundMails = (await shop.merchant.get("/api/merchant/outbox?pageSize=100")).json.items.filter(
      (m: { orderId: string | null; kind: string }) => m.orderId === order.id && m.kind === "order-refunded",
    );
    expect(refundMails).toHaveLength(2);
    const done = await merchantPost(`/api/merchant/orders/${order.id}/refund`, {});
    expect(done.status).toBe(409);
    expect(done.json.error.message).toBe("This order is already fully refunded.");

    // The status timeline tells it in order: placed, paid, one line refunded, then the rest.
    const timeline = rest.json.timeline as { kind: string; at: string; amount: number | null }[];
    expect(timeline.map((e) => [e.kind, e.amount === null ? null : cents(e.amount)])).toEqual([
      ["placed", null],
      ["paid", null],
      ["refunded", share],
      ["refunded", cents(order.total) - share],
    ]);
    const times = timeline.map((e) => Date.parse(e.at));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect((await http.get(`/api/orders/${order.id}`)).json.timeline).toEqual(timeline);
  });

  it("keeps the order's timeline as it moves: paid, processing, shipped, delivered", async () => {
    const { http } = await shopper([near(35)]);
    const order = (await postCheckout(http)).json;
    expect(order.timeline.map((e: { kind: string }) => e.kind)).toEqual(["placed"]);
    expect((await merchantPost(`/api/merchant/orders/${order.id}/mark-paid`)).status).toBe(200);
    for (const status of ["processing", "shipped", "delivered"]) {
      expect((await patch(`/api/merchant/orders/${order.id}`, { status })).status).toBe(200);
    }
    const seen = (await http.get(`/api/orders/${order.id}`)).json;
    expect(seen.timeline.map((e: { kind: string }) => e.kind)).toEqual([
      "placed",
      "paid",
      "processing",
      "shipped",
      "delivered",
    ]);
    expect(seen.timeline[0].at).toBe(order.createdAt);
    // The merchant's view of the order tells the same story.
    const listed = (await shop.merchant.get("/api/merchant/orders?pageSize=100")).json.items.find(
      (o: { id: string }) => o.id === order.id,
    );
    expect(listed.timeline).toEqual(seen.timeline);
  });

  it("recomputes the tier from what was kept", async () => {
    const { http } = await shopper([near(300), near(300, 1)]);
    const big = (await postCheckout(http)).json;
    expect(cents(big.total)).toBeGreaterThanOrEqual(50_000);
    expect((await http.get("/api/me")).json.profile.loyaltyTier).toBe("SILVER");
    await http.post("/api/cart/items", { productId: near(20).id });
    const small = (await postCheckout(http)).json;
    expect((await merchantPost(`/api/merchant/orders/${big.id}/mark-paid`)).status).toBe(200);
    const line = big.items[0];
    expect(
      (
        await merchantPost(`/api/merchant/orders/${big.id}/refund`, {
          lines: [{ orderItemId: line.id, quantity: 1 }],
        })
      ).status,
    ).toBe(200);
    const profile = (await http.get("/api/me")).json.profile;
    expect(profile.ordersCount).toBe(2);
    expect(cents(profile.lifetimeValue)).toBeLessThan(50_000);
    expect(profile.loyaltyTier).toBe("BRONZE");
    expect(small.status).toBe("confirmed");
  });
});
