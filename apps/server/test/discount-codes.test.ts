import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartItems, discountRedemptions, orders, productVariants } from "../src/platform/db/schema.ts";
import { HttpClient } from "./support/http-client.ts";
import {
  cents,
  checkedOut,
  postCheckout,
  shopperWithCart,
  signUpMerchant,
  signUpShopper,
  useShop,
} from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const CODES = "/api/merchant/discount-codes";

describe.each(DB_KINDS)("discount codes on the %s database", (kind) => {
  const shop = useShop(kind);
  let merchant: HttpClient | undefined;
  const asMerchant = async () => (merchant ??= await signUpMerchant(shop.server.baseUrl));
  /** A product in stock for many shoppers, priced at least $20. */
  const goods = () =>
    shop.catalogue.filter((p) => p.inStock && p.stockLevel >= 5 && p.price >= 20 && p.price < 90);

  async function createCode(body: Record<string, unknown>) {
    const created = await (await asMerchant()).post(CODES, body);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return created.json;
  }
  const uniqueCode = (prefix: string) => `${prefix}${randomUUID().slice(0, 6).toUpperCase()}`;
  const enter = (http: HttpClient, code: string) => http.request("PUT", "/api/cart/discount-code", { code });

  it("lets only merchants manage codes, and only signed-in shoppers enter one", async () => {
    const anon = new HttpClient(shop.server.baseUrl);
    const { http: shopper } = await signUpShopper(shop.server.baseUrl);
    for (const [method, path] of [
      ["GET", CODES],
      ["POST", CODES],
      ["GET", `${CODES}/${randomUUID()}`],
      ["PUT", `${CODES}/${randomUUID()}`],
    ] as const) {
      expect((await anon.request(method, path, method === "GET" ? undefined : {})).status, path).toBe(401);
      expect((await shopper.request(method, path, method === "GET" ? undefined : {})).status, path).toBe(403);
    }
    expect((await anon.request("PUT", "/api/cart/discount-code", { code: "X" })).status).toBe(401);
    expect((await anon.request("DELETE", "/api/cart/discount-code")).status).toBe(401);
  });

  it("creates, lists, edits and deactivates a code, with sentences for bad terms", async () => {
    const http = await asMerchant();
    const code = uniqueCode("WELCOME");
    const created = await createCode({ code: ` ${code.toLowerCase()} `, kind: "percent", percentOff: 10 });
    expect(created).toMatchObject({
      code,
      kind: "percent",
      percentOff: 10,
      amountOff: null,
      active: true,
      usedCount: 0,
    });

    const again = await http.post(CODES, { code, kind: "amount", amountOff: 5 });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(`A discount code ${code} already exists.`);

    const noAmount = await http.post(CODES, { code: uniqueCode("AMT"), kind: "amount" });
    expect(noAmount.status).toBe(400);
    expect(JSON.stringify(noAmount.json)).toContain("An amount-off code needs its amount.");
    const backwards = await http.post(CODES, {
      code: uniqueCode("WHEN"),
      kind: "free_shipping",
      startsAt: "2030-01-02T00:00:00Z",
      endsAt: "2030-01-01T00:00:00Z",
    });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.json)).toContain("A code must end after it starts.");

    const edited = await http.request("PUT", `${CODES}/${created.id}`, {
      code,
      kind: "amount",
      amountOff: 7.5,
      minimumSubtotal: 30,
      active: false,
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(edited.json).toMatchObject({
      kind: "amount",
      amountOff: 7.5,
      percentOff: null,
      minimumSubtotal: 30,
      active: false,
    });
    const list = await http.get(CODES);
    expect(list.json.items.find((c: { id: string }) => c.id === created.id)).toMatchObject({ active: false });
    expect((await http.get(`${CODES}/${randomUUID()}`)).status).toBe(404);
  });

  it("shows the code's line on the cart, or the exact sentence why it does not apply, and removes it", async () => {
    const [a] = goods();
    const { http } = await shopperWithCart(shop.server.baseUrl, [a!]);
    const unknown = await enter(http, "no such code");
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toBe("We don't know the code NOSUCHCODE. Check it and try again.");

    const code = uniqueCode("TENOFF");
    await createCode({ code, kind: "percent", percentOff: 10 });
    const entered = await enter(http, code.toLowerCase());
    expect(entered.status, JSON.stringify(entered.json)).toBe(200);
    const price = cents(a!.price);
    const off = Math.floor(price / 10 + 0.5);
    expect(entered.json.discountCode).toEqual({
      code,
      applied: true,
      discount: off / 100,
      freeShipping: false,
      message: null,
    });
    expect(cents(entered.json.summary.codeDiscount)).toBe(off);
    const discounted = price - off;
    expect(cents(entered.json.summary.total)).toBe(
      discounted + (discounted >= 10000 ? 0 : 1000) + Math.floor(discounted / 10 + 0.5),
    );
    expect((await http.get("/api/cart")).json.discountCode.code).toBe(code);

    const refusals: [Record<string, unknown>, (code: string) => string][] = [
      [{ endsAt: "2020-01-01T00:00:00Z" }, (c) => `The code ${c} has expired.`],
      [{ startsAt: "2099-01-01T00:00:00Z" }, (c) => `The code ${c} is not active yet.`],
      [{ minimumSubtotal: 100000 }, (c) => `The code ${c} needs a subtotal of at least $100,000.00.`],
      [{ productIds: [randomUUID()] }, (c) => `The code ${c} doesn't apply to anything in your cart.`],
      [{ categories: ["No Such Category"] }, (c) => `The code ${c} doesn't apply to anything in your cart.`],
      [{ active: false }, (c) => `The code ${c} is no longer available.`],
    ];
    for (const [terms, sentence] of refusals) {
      const refused = uniqueCode("NO");
      await createCode({ code: refused, kind: "amount", amountOff: 5, ...terms });
      const answer = await enter(http, refused);
      expect(answer.status).toBe(200);
      expect(answer.json.discountCode).toEqual({
        code: refused,
        applied: false,
        discount: 0,
        freeShipping: false,
        message: sentence(refused),
      });
      expect(answer.json.summary.codeDiscount).toBe(0);
      const checkout = await postCheckout(http);
      expect(checkout.status).toBe(409);
      expect(checkout.json.error.message).toBe(sentence(refused));
    }

    const removed = await http.request("DELETE", "/api/cart/discount-code");
    expect(removed.status).toBe(200);
    expect(removed.json.discountCode).toBeNull();
    expect(removed.json.summary.codeDiscount).toBeUndefined();
  });

  it("applies a code to its category only, and records it with the order and its e-mail", async () => {
    const [a, b] = goods().filter((p, _, all) => all.some((q) => q.category !== p.category));
    const other = goods().find((p) => p.category !== a!.category)!;
    const code = uniqueCode("CAT");
    await createCode({ code, kind: "amount", amountOff: 1000, categories: [a!.category] });
    const { http } = await shopperWithCart(shop.server.baseUrl, [a!, other]);
    const cart = (await enter(http, code)).json;
    expect(cents(cart.discountCode.discount)).toBe(cents(a!.price)); // never more than the line it applies to
    expect(b).toBeDefined();

    const order = await checkedOut(http);
    expect(order).toMatchObject({ discountCode: code, codeDiscount: a!.price });
    expect(
      cents(order.subtotal) -
        cents(order.negotiatedDiscount) -
        cents(order.codeDiscount) +
        cents(order.shipping) +
        cents(order.tax),
    ).toBe(cents(order.total));
    const read = await http.get(`/api/orders/${order.id}`);
    expect(read.json).toMatchObject({ discountCode: code, codeDiscount: a!.price });
    const [redemption] = await shop.server.database.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.orderId, order.id));
    expect(redemption).toMatchObject({ code, amount: cents(a!.price) });
    const listed = (await (await asMerchant()).get(CODES)).json.items.find(
      (c: { code: string }) => c.code === code,
    );
    expect(listed.usedCount).toBe(1);
    // The dashboard counts the code's use over its window, with what it took off and the order's revenue.
    const dashboard = (await (await asMerchant()).get("/api/merchant/dashboard?days=7")).json;
    expect(dashboard.discountCodes.find((c: { code: string }) => c.code === code)).toEqual({
      code,
      orders: 1,
      discount: a!.price,
      revenue: order.total,
    });
    const outbox = (await (await asMerchant()).get("/api/merchant/outbox")).json.items as {
      kind: string;
      orderId: string;
      text: string;
    }[];
    const confirmation = outbox.find((m) => m.kind === "order-confirmation" && m.orderId === order.id);
    expect(confirmation?.text).toContain(`Code ${code}`);
  });

  it("gives the better of the code and Ava's price by default, and says which", async () => {
    const [a] = goods();
    const { http } = await shopperWithCart(shop.server.baseUrl, [a!]);
    const price = cents(a!.price);
    // Ava's agreed price: 5% off the line.
    const cart = (await http.get("/api/cart")).json;
    await shop.server.database.db
      .update(cartItems)
      .set({ priceSnapshot: price - Math.floor(price / 20) })
      .where(eq(cartItems.id, cart.items[0].id));
    const small = uniqueCode("SMALL");
    await createCode({ code: small, kind: "amount", amountOff: 0.01 });
    const kept = (await enter(http, small)).json;
    expect(kept.discountCode).toMatchObject({ applied: false, discount: 0 });
    expect(kept.discountCode.message).toBe(
      "The price you agreed with Ava saves more than this code, so the agreed price stays.",
    );
    expect(cents(kept.summary.discount)).toBe(Math.floor(price / 20));

    const big = uniqueCode("BIG");
    await createCode({ code: big, kind: "percent", percentOff: 50 });
    const won = (await enter(http, big)).json;
    expect(won.discountCode).toMatchObject({ applied: true, discount: Math.floor(price / 2 + 0.5) / 100 });
    expect(won.discountCode.message).toBe(
      "Your code saves more than the price you agreed with Ava, so the code applies instead.",
    );
    expect(won.summary.discount).toBe(0);
    expect(won.items[0].unitPrice).toBe(a!.price);
    const order = await checkedOut(http);
    expect(order).toMatchObject({ discountCode: big, negotiatedDiscount: 0 });
    expect(order.items[0].unitPrice).toBe(a!.price);
  });

  it("counts uses per customer", async () => {
    const [a] = goods();
    const code = uniqueCode("ONCE");
    await createCode({ code, kind: "amount", amountOff: 1, usesPerCustomer: 1 });
    const { http } = await shopperWithCart(shop.server.baseUrl, [a!]);
    await enter(http, code);
    await checkedOut(http);
    await http.post("/api/cart/items", { productId: a!.id });
    const again = (await enter(http, code)).json;
    expect(again.discountCode.message).toBe(`You have already used the code ${code}.`);
  });

  it("limits how fast a shopper tries codes", async () => {
    const { http } = await signUpShopper(shop.server.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await enter(http, `GUESS${i}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    const limited = await enter(http, "GUESS11");
    expect(limited.status).toBe(429);
    expect(limited.json.error.message).toBe(
      "Too many discount codes tried. Please wait a minute and try again.",
    );
  });

  it("gives exactly 5 redemptions to 20 shoppers checking out at once with a code that has 5 uses left", async () => {
    const [a] = goods();
    await shop.server.database.db
      .update(productVariants)
      .set({ stockLevel: 1000 })
      .where(eq(productVariants.productId, a!.id));
    const code = uniqueCode("RACE");
    await createCode({ code, kind: "percent", percentOff: 20, totalUses: 6 });
    const first = await shopperWithCart(shop.server.baseUrl, [a!]);
    await enter(first.http, code);
    await checkedOut(first.http); // 5 uses left
    const shoppers = [];
    for (let i = 0; i < 20; i++) {
      const s = await shopperWithCart(shop.server.baseUrl, [a!], `Racer ${i}`);
      expect((await enter(s.http, code)).json.discountCode.applied).toBe(true);
      shoppers.push(s.http);
    }
    const answers = await Promise.all(shoppers.map((http) => postCheckout(http)));
    const placed = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status !== 201);
    expect(placed).toHaveLength(5);
    for (const r of placed) expect(r.json.discountCode).toBe(code);
    for (const r of refused) {
      expect(r.status, JSON.stringify(r.json)).toBe(409);
      expect(r.json.error.message).toBe(`The code ${code} has been used up.`);
    }
    const db = shop.server.database.db;
    const counting = (await db.execute(
      sql`select count(*)::int as n from discount_redemptions where code = ${code}`,
    )) as unknown as { rows: { n: number }[] };
    const [counted] = counting.rows;
    expect(Number(counted!.n)).toBe(6);
    const withCode = await db.select({ id: orders.id }).from(orders).where(eq(orders.discountCode, code));
    expect(withCode).toHaveLength(6);
    const listed = (await (await asMerchant()).get(CODES)).json.items.find(
      (c: { code: string }) => c.code === code,
    );
    expect(listed.usedCount).toBe(6);
  }, 120_000);
});
