import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findProfile } from "../../src/modules/accounts/accounts.store.ts";
import { addCartItem } from "../../src/modules/cart/cart.service.ts";
import { checkout } from "../../src/modules/orders/checkout.service.ts";
import { paymentProviders } from "../../src/platform/payments/payment-providers.ts";
import { products } from "../../src/platform/db/schema.ts";
import { SEEDED_WITH_OPTIONS } from "../../src/platform/db/seed/catalogue-variants.ts";
import { DB_KINDS } from "../support/test-server.ts";
import { KEPT_MAIL, makeShopper, useServiceDatabase } from "../support/service-shop.ts";
import type { CheckoutBody } from "@haggle/contract/orders";
import { TEST_ADDRESS } from "../support/shop-fixtures.ts";

/** The HTTP fixtures' checkout, as the route hands it to the service once parsed. */
const CHECKOUT_BODY: CheckoutBody = {
  address: { ...TEST_ADDRESS, line2: undefined },
  paymentMethod: "manual",
};

/** Checkout's service and stores against a database, no HTTP: one transaction, stock, idempotency. */
describe.each(DB_KINDS)("checkout, the service (%s)", (kind) => {
  const shop = useServiceDatabase(kind, { seed: true });
  const options = () => ({ appliedOfferTtlMinutes: 30, payments: paymentProviders(), mail: KEPT_MAIL });

  async function inStock(min: number) {
    const rows = await shop.database.db.select().from(products).limit(50);
    const product = rows.find(
      (p) => p.stockLevel >= min && !p.hidden && !SEEDED_WITH_OPTIONS.includes(p.name),
    );
    if (!product) throw new Error("no product in stock");
    return product;
  }

  it("places the order at the server's price, takes the stock and counts it in the profile", async () => {
    const who = await makeShopper(shop.database);
    const product = await inStock(3);
    await addCartItem(shop.database.db, who.id, { productId: product.id, quantity: 2 });
    const placed = await checkout(shop.database.db, who, randomUUID(), CHECKOUT_BODY, options());
    expect(placed.created).toBe(true);
    expect(placed.order.status).toBe("confirmed");
    expect(placed.order.items).toHaveLength(1);
    expect(placed.order.subtotal).toBe(product.price * 2);
    const [after] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(after?.stockLevel).toBe(product.stockLevel - 2);
    const profile = await findProfile(shop.database.db, who.id);
    expect(profile?.ordersCount).toBe(1);
    expect(profile?.lifetimeValue).toBe(placed.order.total);
  });

  it("answers a repeated Idempotency-Key with the first order, taking nothing twice", async () => {
    const who = await makeShopper(shop.database);
    const product = await inStock(2);
    await addCartItem(shop.database.db, who.id, { productId: product.id, quantity: 1 });
    const key = randomUUID();
    const first = await checkout(shop.database.db, who, key, CHECKOUT_BODY, options());
    const again = await checkout(shop.database.db, who, key, CHECKOUT_BODY, options());
    expect(again.created).toBe(false);
    expect(again.order.id).toBe(first.order.id);
    const [after] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(after?.stockLevel).toBe(product.stockLevel - 1);
  });

  it("refuses more than is in stock with a sentence, and changes nothing", async () => {
    const who = await makeShopper(shop.database);
    const product = await inStock(1);
    await addCartItem(shop.database.db, who.id, { productId: product.id, quantity: 1 });
    await shop.database.db.update(products).set({ stockLevel: 0 }).where(eq(products.id, product.id));
    await expect(
      checkout(shop.database.db, who, randomUUID(), CHECKOUT_BODY, options()),
    ).rejects.toMatchObject({
      code: "INSUFFICIENT_STOCK",
      message: `${product.name} is out of stock.`,
    });
    await shop.database.db
      .update(products)
      .set({ stockLevel: product.stockLevel })
      .where(eq(products.id, product.id));
    expect((await findProfile(shop.database.db, who.id))?.ordersCount).toBe(0);
  });

  it("refuses a shopper without a cart, and a payment method the shop does not take", async () => {
    const who = await makeShopper(shop.database);
    await expect(
      checkout(shop.database.db, who, randomUUID(), CHECKOUT_BODY, options()),
    ).rejects.toMatchObject({
      code: "NO_ACTIVE_CART",
    });
    await expect(
      checkout(shop.database.db, who, randomUUID(), { ...CHECKOUT_BODY, paymentMethod: "stripe" }, options()),
    ).rejects.toMatchObject({ code: "PAYMENT_METHOD_UNAVAILABLE" });
  });

  // A flash sale: more buyers of one product than the pool has connections, its row held meanwhile.
  it.runIf(kind === "postgres")(
    "queues a held product's buyers without their connections: another product's checkout goes through meanwhile, then each buyer gets its unit",
    async () => {
      const pool = shop.database.pool!;
      const buyers = pool.options.max + 2;
      const [hot, other] = (await shop.database.db.select().from(products).limit(60)).filter(
        (p) => p.stockLevel >= buyers && !p.hidden && !SEEDED_WITH_OPTIONS.includes(p.name),
      );
      if (!hot || !other) throw new Error("no two products in stock");
      const hotShoppers = await Promise.all(
        Array.from({ length: buyers }, async (_, i) => {
          const who = await makeShopper(shop.database, `Hot Buyer ${i}`);
          await addCartItem(shop.database.db, who.id, { productId: hot.id, quantity: 1 });
          return who;
        }),
      );
      const otherShopper = await makeShopper(shop.database, "Other Buyer");
      await addCartItem(shop.database.db, otherShopper.id, { productId: other.id, quantity: 1 });

      const holder = await pool.connect();
      let hotSettled = 0;
      let hotPlaced: Promise<unknown[]>;
      try {
        await holder.query("begin");
        await holder.query("select id from products where id = $1 for no key update", [hot.id]);
        hotPlaced = Promise.all(
          hotShoppers.map((who) =>
            checkout(shop.database.db, who, randomUUID(), CHECKOUT_BODY, options()).finally(
              () => hotSettled++,
            ),
          ),
        );
        const placed = await checkout(shop.database.db, otherShopper, randomUUID(), CHECKOUT_BODY, options());
        expect(placed.created).toBe(true);
        expect(hotSettled).toBe(0);
      } finally {
        await holder.query("rollback");
        holder.release();
      }
      const hotOrders = (await hotPlaced) as { created: boolean }[];
      expect(hotOrders.every((o) => o.created)).toBe(true);
      const [after] = await shop.database.db.select().from(products).where(eq(products.id, hot.id));
      expect(after?.stockLevel).toBe(hot.stockLevel - buyers);
    },
    60_000,
  );
});
