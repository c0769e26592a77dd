/**
 * The shop's currency against its first order: the order records the currency it was charged in,
 * and on the server database (where transactions run side by side) a currency change and a first
 * order racing each other cannot both pass: whichever waits sees the other.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { postCheckout, shopperWithCart } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";
import type { Db } from "../src/platform/db/client.ts";

/** The rows a plain query answers (both drivers answer `rows`). */
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A promise and the function that settles it: the test holds a transaction open until it calls it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Whether `promise` is still pending after `ms` (it waits for a lock the test holds). */
async function stillWaiting(promise: Promise<unknown>, ms = 400): Promise<boolean> {
  const pending = Symbol("pending");
  const first = await Promise.race([promise, new Promise((r) => setTimeout(() => r(pending), ms))]);
  return first === pending;
}

describe.each(DB_KINDS)("the shop's currency and its first order on the %s database", (kind) => {
  const { shop } = useMerchantShop(kind);
  const db = () => shop.server.database.db;
  const choose = (currency: string) => shop.merchant.request("PUT", "/api/merchant/currency", { currency });
  const orderCurrencies = async () =>
    (await rowsOf<{ currency: string }>(db(), sql`select currency from orders`)).map((r) => r.currency);

  it("records the currency the order was charged in", async () => {
    expect((await choose("JPY")).status).toBe(200);
    const shopper = await shopperWithCart(shop.server.baseUrl, [shop.catalogue[0]!]);
    const placed = await postCheckout(shopper.http);
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    expect(await orderCurrencies()).toEqual(["JPY"]);
    expect((await choose("EUR")).status).toBe(409);
  });
});

describe.each(DB_KINDS.filter((kind) => kind === "postgres"))(
  "a currency change racing the first order on the %s database",
  (kind) => {
    const { shop } = useMerchantShop(kind);
    const db = () => shop.server.database.db;
    const choose = (currency: string) => shop.merchant.request("PUT", "/api/merchant/currency", { currency });

    it("a change waits for an order being written, then is refused", async () => {
      const [someone] = await rowsOf<{ id: string }>(db(), sql`select id from "user" limit 1`);
      const held = gate();
      let written: () => void = () => {};
      const orderWritten = new Promise<void>((r) => {
        written = r;
      });
      const order = db().transaction(async (tx) => {
        await tx.execute(
          sql`insert into orders (user_id, subtotal, total, currency) values (${someone!.id}, 10, 10, 'USD')`,
        );
        written();
        await held.opened;
      });
      await orderWritten;
      const change = choose("EUR");
      expect(await stillWaiting(change)).toBe(true);
      held.open();
      await order;
      const answer = await change;
      expect(answer.status).toBe(409);
      expect(answer.json.error.message).toBe("The shop's currency can't change once it has orders.");
      await db().execute(sql`delete from orders`);
    });

    it("an order priced in the old currency while a change commits is refused, and nothing is recorded", async () => {
      const shopper = await shopperWithCart(shop.server.baseUrl, [shop.catalogue[0]!]);
      const held = gate();
      let locked: () => void = () => {};
      const changeLocked = new Promise<void>((r) => {
        locked = r;
      });
      // The change as the merchant's service makes it, held open before its commit.
      const change = db().transaction(async (tx) => {
        await tx.execute(sql`lock table orders in share mode`);
        await tx.execute(
          sql`insert into app_settings (key, value) values ('shop_currency', 'EUR') on conflict (key) do update set value = 'EUR'`,
        );
        locked();
        await held.opened;
      });
      await changeLocked;
      const checkout = postCheckout(shopper.http);
      expect(await stillWaiting(checkout)).toBe(true);
      held.open();
      await change;
      const answer = await checkout;
      expect(answer.status).toBe(409);
      expect(answer.json.error).toMatchObject({
        code: "CURRENCY_CHANGED",
        message: "The shop's prices are now in EUR: look at your cart again before you check out.",
      });
      expect(await rowsOf(db(), sql`select id from orders`)).toEqual([]);
      // The cart is still the shopper's, to check out again in the new currency.
      expect((await shopper.http.get("/api/cart")).json.items).toHaveLength(1);
    });
  },
);
