import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../src/platform/db/schema.ts";
import { HttpClient } from "./support/http-client.ts";
import { cents, postCheckout, signUpShopper, TEST_ADDRESS, useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("cart, checkout and orders on the %s database", (kind) => {
  const shop = useShop(kind);

  const shopper = async (name = "Shopper") => (await signUpShopper(shop.server.baseUrl, name)).http;
  const inStock = (min = 5) => shop.catalogue.filter((p) => p.inStock && p.stockLevel >= min);
  async function setStock(productId: string, stockLevel: number) {
    await shop.server.database.db.update(products).set({ stockLevel }).where(eq(products.id, productId));
  }

  it("needs a signed-in shopper for every cart, checkout and order route", async () => {
    const anon = new HttpClient(shop.server.baseUrl);
    for (const [method, path] of [
      ["GET", "/api/cart"],
      ["POST", "/api/cart/items"],
      ["PATCH", `/api/cart/items/${randomUUID()}`],
      ["DELETE", `/api/cart/items/${randomUUID()}`],
      ["DELETE", "/api/cart"],
      ["POST", "/api/cart/merge"],
      ["POST", "/api/checkout"],
      ["GET", "/api/orders"],
      ["GET", `/api/orders/${randomUUID()}`],
    ] as const) {
      const res = await anon.request(method, path, method === "GET" ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json.error.message).toBe("Not authenticated");
    }
  });

  it("creates one active cart and reuses it", async () => {
    const http = await shopper();
    const first = await http.get("/api/cart");
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ status: "active", items: [], offer: null });
    expect(first.json.summary).toEqual({
      itemCount: 0,
      subtotal: 0,
      discount: 0,
      shipping: 0,
      tax: 0,
      total: 0,
      savings: 0,
      currency: "USD",
    });
    const again = await Promise.all([http.get("/api/cart"), http.get("/api/cart"), http.get("/api/cart")]);
    for (const r of again) expect(r.json.id).toBe(first.json.id);
  });

  it("adds, grows, sets, removes and clears lines, priced by the one rule", async () => {
    const http = await shopper();
    const [a, b] = inStock(10);
    const added = await http.post("/api/cart/items", { productId: a!.id });
    expect(added.status).toBe(200);
    expect(added.json.items).toHaveLength(1);
    expect(added.json.items[0]).toMatchObject({
      productId: a!.id,
      quantity: 1,
      unitPrice: a!.price,
      listPrice: a!.listPrice,
    });
    const grown = await http.post("/api/cart/items", { productId: a!.id, quantity: 2 });
    expect(grown.json.items[0].quantity).toBe(3);
    const both = await http.post("/api/cart/items", { productId: b!.id, quantity: 1 });
    expect(both.json.items).toHaveLength(2);

    const subtotal = cents(a!.price) * 3 + cents(b!.price);
    const shipping = subtotal >= 10000 ? 0 : 1000;
    const tax = Math.floor(subtotal / 10 + 0.5);
    expect(both.json.summary).toEqual({
      itemCount: 4,
      subtotal: subtotal / 100,
      discount: 0,
      shipping: shipping / 100,
      tax: tax / 100,
      total: (subtotal + shipping + tax) / 100,
      savings: ((cents(a!.listPrice) - cents(a!.price)) * 3 + cents(b!.listPrice) - cents(b!.price)) / 100,
      currency: "USD",
    });

    const lineA = both.json.items.find((i: { productId: string }) => i.productId === a!.id);
    const set = await http.request("PATCH", `/api/cart/items/${lineA.id}`, { quantity: 5 });
    expect(set.json.items.find((i: { id: string }) => i.id === lineA.id).quantity).toBe(5);
    const zero = await http.request("PATCH", `/api/cart/items/${lineA.id}`, { quantity: 0 });
    expect(zero.json.items.map((i: { productId: string }) => i.productId)).toEqual([b!.id]);
    const lineB = zero.json.items[0];
    const removed = await http.request("DELETE", `/api/cart/items/${lineB.id}`);
    expect(removed.json.items).toEqual([]);
    await http.post("/api/cart/items", { productId: a!.id });
    const negative = await http.request(
      "PATCH",
      `/api/cart/items/${(await http.get("/api/cart")).json.items[0].id}`,
      { quantity: -3 },
    );
    expect(negative.json.items).toEqual([]);
    await http.post("/api/cart/items", { productId: a!.id });
    await http.post("/api/cart/items", { productId: b!.id });
    const cleared = await http.request("DELETE", "/api/cart");
    expect(cleared.json.items).toEqual([]);
  });

  it("refuses out-of-stock products and more than the stock with a 409 naming the product", async () => {
    const http = await shopper();
    const soldOut = shop.catalogue.find((p) => !p.inStock)!;
    const res = await http.post("/api/cart/items", { productId: soldOut.id });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(`${soldOut.name} is out of stock.`);
    const scarce = inStock(1)[3]!;
    await setStock(scarce.id, 2);
    expect((await http.post("/api/cart/items", { productId: scarce.id, quantity: 2 })).status).toBe(200);
    const over = await http.post("/api/cart/items", { productId: scarce.id });
    expect(over.status).toBe(409);
    expect(over.json.error.message).toBe(`Only 2 of ${scarce.name} left in stock.`);
    // The refused change changed nothing.
    expect((await http.get("/api/cart")).json.items[0].quantity).toBe(2);
    await setStock(scarce.id, scarce.stockLevel);
  });

  it("caps a line at 99 units however it is reached", async () => {
    const http = await shopper();
    const plenty = shop.catalogue.find((p) => p.inStock)!;
    await setStock(plenty.id, 500);
    expect((await http.post("/api/cart/items", { productId: plenty.id, quantity: 99 })).status).toBe(200);
    const over = await http.post("/api/cart/items", { productId: plenty.id });
    expect(over.status).toBe(409);
    expect(over.json.error.message).toBe(`You can have at most 99 of ${plenty.name} in your cart.`);
    const merged = await http.post("/api/cart/merge", { items: [{ productId: plenty.id, quantity: 5 }] });
    expect(merged.json.items[0].quantity).toBe(99);
    expect(merged.json.notices).toEqual([`You can have at most 99 of ${plenty.name} in your cart.`]);
    await setStock(plenty.id, plenty.stockLevel);
  });

  it("answers bad bodies with a 400 and changes nothing", async () => {
    const http = await shopper();
    const [a] = inStock();
    await http.post("/api/cart/items", { productId: a!.id });
    const line = (await http.get("/api/cart")).json.items[0];
    const cases: [string, string, unknown][] = [
      ["POST", "/api/cart/items", {}],
      ["POST", "/api/cart/items", { productId: "nope" }],
      ["POST", "/api/cart/items", { productId: a!.id, quantity: 0 }],
      ["POST", "/api/cart/items", { productId: a!.id, quantity: 1.5 }],
      ["POST", "/api/cart/items", { productId: a!.id, quantity: "2" }],
      ["POST", "/api/cart/items", { productId: a!.id, quantity: 1000 }],
      ["POST", "/api/cart/items", "not json"],
      ["PATCH", `/api/cart/items/${line.id}`, {}],
      ["PATCH", `/api/cart/items/${line.id}`, { quantity: "many" }],
      ["POST", "/api/cart/merge", { items: "x" }],
      ["POST", "/api/cart/merge", { items: [{ productId: a!.id, quantity: -1 }] }],
    ];
    for (const [method, path, body] of cases) {
      const res = await http.request(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(typeof res.json.error.message).toBe("string");
    }
    expect((await http.post("/api/cart/items", { productId: randomUUID() })).status).toBe(404);
    const after = await http.get("/api/cart");
    expect(after.json.items).toHaveLength(1);
    expect(after.json.items[0].quantity).toBe(1);
  });

  it("merges the anonymous cart: quantities add, capped at stock, sold-out skipped with notices", async () => {
    const http = await shopper();
    const [a, b] = inStock(10);
    const soldOut = shop.catalogue.find((p) => !p.inStock)!;
    const scarce = inStock(1)[5]!;
    await setStock(scarce.id, 3);
    await http.post("/api/cart/items", { productId: a!.id, quantity: 2 });
    const merged = await http.post("/api/cart/merge", {
      items: [
        { productId: a!.id, quantity: 3 },
        { productId: b!.id, quantity: 1 },
        { productId: soldOut.id, quantity: 1 },
        { productId: scarce.id, quantity: 5 },
      ],
    });
    expect(merged.status).toBe(200);
    const qty = Object.fromEntries(
      merged.json.items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity]),
    );
    expect(qty).toEqual({ [a!.id]: 5, [b!.id]: 1, [scarce.id]: 3 });
    expect(merged.json.notices).toEqual(
      expect.arrayContaining([
        `${soldOut.name} is out of stock and was not added.`,
        `Only 3 of ${scarce.name} left in stock.`,
      ]),
    );
    await setStock(scarce.id, scarce.stockLevel);
  });

  it("rolls back a merge that fails part-way, leaving the cart as it was", async () => {
    const http = await shopper();
    const [a, b] = inStock(10);
    await http.post("/api/cart/items", { productId: a!.id, quantity: 1 });
    const before = (await http.get("/api/cart")).json;
    const bad = await http.post("/api/cart/merge", {
      items: [
        { productId: b!.id, quantity: 1 },
        { productId: "not-a-uuid", quantity: 1 },
      ],
    });
    expect(bad.status).toBe(400);
    expect((await http.get("/api/cart")).json.items).toEqual(before.items);
  });

  it("checks out: order with lines, stock taken, cart converted, profile and tier updated", async () => {
    const http = await shopper("Checkout Shopper");
    const expensive = inStock(5).sort((x, y) => y.price - x.price)[0]!;
    const onSale = inStock(5).find((p) => p.price < p.listPrice && p.id !== expensive.id)!;
    await http.post("/api/cart/items", { productId: expensive.id, quantity: 2 });
    await http.post("/api/cart/items", { productId: onSale.id, quantity: 1 });
    const cart = (await http.get("/api/cart")).json;
    const stockBefore = (await http.get(`/api/products/${expensive.id}`)).json.stockLevel;

    const res = await postCheckout(http);
    expect(res.status).toBe(201);
    const order = res.json;
    expect(order).toMatchObject({
      status: "confirmed",
      // Paid manually (the default): the money is due until the merchant marks it paid.
      paymentStatus: "pending",
      paymentMethod: "manual",
      address: { ...TEST_ADDRESS, line2: null },
      subtotal: cart.summary.subtotal,
      shipping: cart.summary.shipping,
      tax: cart.summary.tax,
      total: cart.summary.total,
      discountApplied: cart.summary.savings,
      negotiatedDiscount: 0,
      negotiationId: null,
    });
    expect(order.number).toBe(`ORD-${order.id.slice(-8).toUpperCase()}`);
    expect(order.items.map((i: { productId: string }) => i.productId)).toEqual([expensive.id, onSale.id]);
    expect(order.items).toEqual(
      expect.arrayContaining([
        {
          id: expect.any(String),
          productId: expensive.id,
          variantId: expect.any(String),
          name: expensive.name,
          quantity: 2,
          listPrice: expensive.listPrice,
          unitPrice: expensive.price,
          regularPrice: expensive.price,
          lineTotal: (cents(expensive.price) * 2) / 100,
          refundedQuantity: 0,
          imageUrl: expensive.imageUrl,
          slug: expensive.slug,
          amount: (cents(expensive.price) * 2) / 100,
          tax: expect.any(Number),
          taxRatePercent: 10,
        },
        {
          id: expect.any(String),
          productId: onSale.id,
          variantId: expect.any(String),
          name: onSale.name,
          quantity: 1,
          listPrice: onSale.listPrice,
          unitPrice: onSale.price,
          regularPrice: onSale.price,
          lineTotal: onSale.price,
          refundedQuantity: 0,
          imageUrl: onSale.imageUrl,
          slug: onSale.slug,
          amount: onSale.price,
          tax: expect.any(Number),
          taxRatePercent: 10,
        },
      ]),
    );
    // The shop's single rate on the subtotal, shared over the lines: their taxes add up to it.
    expect(order.items.reduce((s: number, i: { tax: number }) => s + cents(i.tax), 0)).toBe(cents(order.tax));
    // Placed, and paid later (manual payment): the timeline so far is the placing alone.
    expect(order.timeline).toEqual([{ kind: "placed", at: order.createdAt, amount: null, note: null }]);
    expect((await http.get(`/api/products/${expensive.id}`)).json.stockLevel).toBe(stockBefore - 2);

    const next = (await http.get("/api/cart")).json;
    expect(next.id).not.toBe(cart.id);
    expect(next.items).toEqual([]);

    const me = (await http.get("/api/me")).json.profile;
    expect(me.ordersCount).toBe(1);
    expect(me.lifetimeValue).toBe(order.total);
    expect(me.totalSavings).toBe(order.discountApplied);
    expect(me.loyaltyTier).toBe(order.total >= 500 ? "SILVER" : "BRONZE");

    const list = (await http.get("/api/orders")).json;
    expect(list.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect((await http.get(`/api/orders/${order.id}`)).json).toEqual(order);
  });

  it("raises the tier as lifetime value crosses the thresholds", async () => {
    const http = await shopper();
    const priciest = inStock(20).sort((x, y) => y.price - x.price)[0]!;
    const perUnit = cents(priciest.price);
    const units = Math.min(20, Math.ceil(55_000 / perUnit));
    await http.post("/api/cart/items", { productId: priciest.id, quantity: units });
    expect((await postCheckout(http)).status).toBe(201);
    const me = (await http.get("/api/me")).json.profile;
    expect(me.ordersCount).toBe(1);
    expect(me.lifetimeValue).toBeGreaterThanOrEqual(500);
    expect(me.loyaltyTier).toBe(
      me.lifetimeValue >= 2000 ? (me.lifetimeValue >= 5000 ? "PLATINUM" : "GOLD") : "SILVER",
    );
  });

  it("returns the first order for a repeated Idempotency-Key", async () => {
    const http = await shopper();
    await http.post("/api/cart/items", { productId: inStock()[0]!.id });
    const key = randomUUID();
    const first = await postCheckout(http, key);
    expect(first.status).toBe(201);
    const again = await postCheckout(http, key);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect((await http.get("/api/orders")).json).toHaveLength(1);
  });

  it("refuses checkout without a key, with an empty cart, and with no active cart", async () => {
    const http = await shopper();
    const noKey = await http.post("/api/checkout", {});
    expect(noKey.status).toBe(400);
    await http.get("/api/cart");
    const empty = await postCheckout(http);
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe("Cart is empty");
    // No cart at all yet: a fresh shopper who never opened one.
    const fresh = await shopper();
    const none = await postCheckout(fresh);
    expect(none.status).toBe(400);
    expect(none.json.error.message).toBe("No active cart found");
  });

  it("20 parallel checkouts of one cart make exactly one order", async () => {
    const http = await shopper();
    const product = inStock(10)[1]!;
    await http.post("/api/cart/items", { productId: product.id, quantity: 1 });
    const stock = (await http.get(`/api/products/${product.id}`)).json.stockLevel;
    const results = await Promise.all(Array.from({ length: 20 }, () => postCheckout(http)));
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    // A loser that waited on the cart finds it converted; one that came after finds the
    // shopper's next cart, made empty with the order.
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(400);
      expect(["No active cart found", "Cart is empty"]).toContain(r.json.error.message);
    }
    expect((await http.get("/api/orders")).json).toHaveLength(1);
    expect((await http.get(`/api/products/${product.id}`)).json.stockLevel).toBe(stock - 1);
  });

  it("20 parallel retries with one key make one order and all see it", async () => {
    const http = await shopper();
    await http.post("/api/cart/items", { productId: inStock(10)[2]!.id });
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, () => postCheckout(http, key)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.every((r) => r.json.id === results[0]!.json.id)).toBe(true);
    expect((await http.get("/api/orders")).json).toHaveLength(1);
  });

  it("50 shoppers racing for the last 10 units: exactly 10 sold, 40 clear refusals, stock never negative", async () => {
    const product = inStock(10)[3]!;
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopper()));
    for (const s of shoppers)
      expect((await s.post("/api/cart/items", { productId: product.id })).status).toBe(200);
    await setStock(product.id, 10);
    const results = await Promise.all(shoppers.map((s) => postCheckout(s)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.json.error.message).toContain(product.name);
    }
    const [row] = await shop.server.database.db
      .select({ s: products.stockLevel })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row!.s).toBe(0);
    // The refused shoppers keep their cart, untouched.
    expect(
      (await shoppers.find((_, i) => results[i]!.status === 409)!.get("/api/cart")).json.items,
    ).toHaveLength(1);
  }, 300_000); // 50 sign-ups hash 50 passwords: minutes on a busy two-core machine

  it("keeps shoppers apart: B cannot read, change or check out A's cart or orders", async () => {
    const a = await shopper("A");
    const b = await shopper("B");
    const product = inStock(10)[4]!;
    await a.post("/api/cart/items", { productId: product.id, quantity: 2 });
    const aLine = (await a.get("/api/cart")).json.items[0];
    expect((await b.request("PATCH", `/api/cart/items/${aLine.id}`, { quantity: 9 })).status).toBe(404);
    expect((await b.request("DELETE", `/api/cart/items/${aLine.id}`)).status).toBe(404);
    expect((await b.get("/api/cart")).json.items).toEqual([]);
    const bCheckout = await postCheckout(b);
    expect(bCheckout.status).toBe(400);
    expect((await a.get("/api/cart")).json.items[0].quantity).toBe(2);

    const order = (await postCheckout(a)).json;
    const peek = await b.get(`/api/orders/${order.id}`);
    expect(peek.status).toBe(404);
    expect(peek.json.error.message).toBe("Order not found");
    expect((await b.get("/api/orders")).json).toEqual([]);
    // Replaying A's idempotency key as B makes nothing of A's.
    expect((await b.get("/api/orders/not-a-uuid")).status).toBe(404);
  });
});
