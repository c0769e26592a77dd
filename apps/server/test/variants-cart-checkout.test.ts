/**
 * A cart line is a variant, on both databases over HTTP: a product with options needs its
 * variant (400 with a sentence without one), each variant has its own line, price and stock,
 * checkout takes stock from the variant (never below zero, under a race for its last units),
 * orders name the variant, a cancel returns the units to it, and an applied negotiated price
 * lapses when the price of a variant it was computed on moves (and only then).
 */
import type { Product } from "@haggle/contract/products";
import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { giveProductOptions } from "../src/modules/catalog/index.ts";
import { renderOrderMailRow } from "../src/modules/mail/order-mail-render.store.ts";
import { mailOutbox, products, productVariants } from "../src/platform/db/schema.ts";
import { HttpClient } from "./support/http-client.ts";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { cents, postCheckout, signUpShopper, startNegotiation } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const PRICE_CHANGED =
  "Ava's discount lapsed because a price changed; your cart shows today's prices. You can negotiate again.";

/** Size × Colour, each with its price in cents and stock; S / White is sold out. */
const TEE = [
  { values: ["S", "Black"], price: 2_500, stock: 5 },
  { values: ["S", "White"], price: 2_500, stock: 0 },
  { values: ["M", "Black"], price: 2_500, stock: 30 },
  { values: ["M", "White"], price: 2_500, stock: 30 },
  { values: ["L", "Black"], price: 2_900, stock: 30 },
  { values: ["L", "White"], price: 2_900, stock: 30 },
] as const;

describe.each(DB_KINDS)("a cart line is a variant, on the %s database", (kind) => {
  const { shop, near, say } = useMerchantShop(kind);
  const db = () => shop.server.database.db;
  let tee: Product;
  const variant: Record<string, string> = {};

  beforeAll(async () => {
    // A seeded product becomes a tee in sizes and colours: its default variant turns into S / Black.
    tee = near(25, 3);
    await db().transaction((tx) =>
      giveProductOptions(
        tx,
        tee.id,
        [
          { name: "Size", values: ["S", "M", "L"] },
          { name: "Colour", values: ["Black", "White"] },
        ],
        TEE.map((v) => ({
          optionValues: [...v.values],
          sku: `${tee.sku}-${v.values.join("-")}`,
          price: v.price,
          listPrice: 3_500,
          stockLevel: v.stock,
        })),
      ),
    );
    const rows = await db().select().from(productVariants).where(eq(productVariants.productId, tee.id));
    for (const row of rows) variant[row.optionValues.join(" / ")] = row.id;
  });

  const shopper = async () => (await signUpShopper(shop.server.baseUrl, "Vera Variant")).http;
  const add = (http: HttpClient, size: string, quantity = 1) =>
    http.post("/api/cart/items", { productId: tee.id, variantId: variant[size], quantity });
  async function stockOf(size: string) {
    const [row] = await db()
      .select({ s: productVariants.stockLevel })
      .from(productVariants)
      .where(eq(productVariants.id, variant[size]!));
    return row!.s;
  }
  async function productStock() {
    const [row] = await db().select({ s: products.stockLevel }).from(products).where(eq(products.id, tee.id));
    return row!.s;
  }
  const setVariant = (size: string, set: { stockLevel?: number; price?: number }) =>
    db().update(productVariants).set(set).where(eq(productVariants.id, variant[size]!));

  it("answers a product with its options and variants, and a variant's change reaches the cached answer", async () => {
    const anon = new HttpClient(shop.server.baseUrl);
    const first = await anon.get(`/api/products/${tee.id}`);
    expect(first.status).toBe(200);
    expect(first.json.options).toEqual([
      { name: "Size", values: ["S", "M", "L"] },
      { name: "Colour", values: ["Black", "White"] },
    ]);
    expect(first.json.variants).toHaveLength(TEE.length);
    expect(first.json.variants[1]).toEqual({
      id: variant["S / White"],
      sku: `${tee.sku}-S-White`,
      optionValues: ["S", "White"],
      title: "S / White",
      price: 25,
      listPrice: 35,
      stockLevel: 0,
      inStock: false,
      imageUrl: tee.imageUrl,
    });
    // The product's from price is its cheapest variant's.
    expect(first.json.price).toBe(25);
    const page = await anon.get(`/api/products/by-slug/${tee.slug}`);
    expect(page.json.product.variants.map((v: { title: string }) => v.title)).toEqual(
      TEE.map((v) => v.values.join(" / ")),
    );
    // A variant's price moves without moving the from price: the answer is not served stale.
    await setVariant("L / Black", { price: 3_000 });
    await expect
      .poll(async () => {
        const again = await anon.get(`/api/products/${tee.id}`);
        return again.json.variants.find((v: { id: string }) => v.id === variant["L / Black"]).price;
      })
      .toBe(30);
    await setVariant("L / Black", { price: 2_900 });
    const plain = await anon.get(`/api/products/${near(40).id}`);
    expect(plain.json.options).toEqual([]);
    expect(plain.json.variants).toEqual([
      expect.objectContaining({ optionValues: [], title: "", price: near(40).price }),
    ]);
  });

  it("needs the variant of a product with options, with a sentence; a product without options needs none", async () => {
    const http = await shopper();
    const none = await http.post("/api/cart/items", { productId: tee.id });
    expect(none.status).toBe(400);
    expect(none.json.error.message).toBe(`Choose a size and colour of ${tee.name}.`);
    const [another] = await db()
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(ne(productVariants.productId, tee.id))
      .limit(1);
    const wrong = await http.post("/api/cart/items", { productId: tee.id, variantId: another!.id });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toBe(`${tee.name} has no variant with that id.`);
    const malformed = await http.post("/api/cart/items", { productId: tee.id, variantId: "M" });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.message).toBe("variantId must be the id of one of the product's variants.");
    const plain = near(40);
    const added = await http.post("/api/cart/items", { productId: plain.id });
    expect(added.status).toBe(200);
    expect(added.json.items[0]).toMatchObject({ productId: plain.id, name: plain.name, variantTitle: "" });
  });

  it("keeps a line per variant at its own price and stock, and the order names each variant", async () => {
    const http = await shopper();
    expect((await add(http, "M / Black", 2)).status).toBe(200);
    expect((await add(http, "L / White")).status).toBe(200);
    const grown = await add(http, "M / Black");
    expect(grown.status).toBe(200);
    const lines = grown.json.items as {
      name: string;
      variantId: string;
      quantity: number;
      unitPrice: number;
    }[];
    expect(lines.map((l) => [l.name, l.quantity, cents(l.unitPrice)])).toEqual([
      [`${tee.name} — M / Black`, 3, 2_500],
      [`${tee.name} — L / White`, 1, 2_900],
    ]);
    expect(cents(grown.json.summary.subtotal)).toBe(3 * 2_500 + 2_900);

    const soldOut = await add(http, "S / White");
    expect(soldOut.status).toBe(409);
    expect(soldOut.json.error.message).toBe(`${tee.name} — S / White is out of stock.`);
    const tooMany = await add(http, "S / Black", 6);
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.error.message).toBe(`Only 5 of ${tee.name} — S / Black left in stock.`);

    const before = {
      mb: await stockOf("M / Black"),
      lw: await stockOf("L / White"),
      all: await productStock(),
    };
    const order = await postCheckout(http);
    expect(order.status, JSON.stringify(order.json)).toBe(201);
    expect(order.json.items.map((i: { name: string; variantId: string }) => [i.name, i.variantId])).toEqual([
      [`${tee.name} — M / Black`, variant["M / Black"]],
      [`${tee.name} — L / White`, variant["L / White"]],
    ]);
    expect(await stockOf("M / Black")).toBe(before.mb - 3);
    expect(await stockOf("L / White")).toBe(before.lw - 1);
    expect(await productStock()).toBe(before.all - 4);
    // The shopper's e-mail names each variant as the order does.
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.orderId, order.json.id));
    expect(mails.length).toBeGreaterThan(0);
    for (const row of mails) {
      const mail = await renderOrderMailRow(
        db(),
        { shopName: "Haggle", publicUrl: shop.server.baseUrl },
        row,
      );
      expect(mail?.text).toContain(`${tee.name} — M / Black`);
      expect(mail?.text).toContain(`${tee.name} — L / White`);
    }

    const cancelled = await http.post(`/api/orders/${order.json.id}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect(await stockOf("M / Black")).toBe(before.mb);
    expect(await stockOf("L / White")).toBe(before.lw);
    expect(await productStock()).toBe(before.all);
  });

  it("merges an anonymous cart by variant, skipping a product with options saved without one", async () => {
    const http = await shopper();
    const merged = await http.post("/api/cart/merge", {
      items: [
        { productId: tee.id, variantId: variant["M / White"], quantity: 2 },
        { productId: tee.id, quantity: 1 },
        { productId: tee.id, variantId: variant["S / White"], quantity: 1 },
      ],
    });
    expect(merged.status, JSON.stringify(merged.json)).toBe(200);
    expect(merged.json.items.map((i: { name: string; quantity: number }) => [i.name, i.quantity])).toEqual([
      [`${tee.name} — M / White`, 2],
    ]);
    expect(merged.json.notices).toEqual([
      `Choose a size and colour of ${tee.name}. It was not added.`,
      `${tee.name} — S / White is out of stock and was not added.`,
    ]);
  });

  it("12 shoppers racing for one variant's last 3 units: exactly 3 sold, 9 refusals naming it, no other variant touched", async () => {
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => shopper()));
    for (const s of shoppers) expect((await add(s, "L / Black")).status).toBe(200);
    await setVariant("L / Black", { stockLevel: 3 });
    const others = await Promise.all(["M / Black", "L / White", "S / Black"].map(stockOf));
    const results = await Promise.all(shoppers.map((s) => postCheckout(s)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(9);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.json.error.message).toBe(`${tee.name} — L / Black is out of stock.`);
    }
    expect(await stockOf("L / Black")).toBe(0);
    expect(await Promise.all(["M / Black", "L / White", "S / Black"].map(stockOf))).toEqual(others);
    const sum = await db()
      .select({ s: productVariants.stockLevel })
      .from(productVariants)
      .where(eq(productVariants.productId, tee.id));
    expect(await productStock()).toBe(sum.reduce((t, r) => t + r.s, 0));
  }, 300_000); // 12 sign-ups hash 12 passwords

  it("lapses an applied price when its variant's price moves, not when another variant's does", async () => {
    const http = await shopper();
    expect((await add(http, "M / White", 2)).status).toBe(200);
    expect((await http.post("/api/cart/items", { productId: near(60).id })).status).toBe(200);
    const id = await startNegotiation(http);
    const offered = await say(http, id, "Can I get a discount?");
    expect(offered.result, offered.display).not.toBeNull();
    const accepted = await http.post(`/api/negotiations/${id}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    expect(cents(accepted.json.summary.discount)).toBeGreaterThan(0);

    await setVariant("L / White", { price: 3_100 });
    const untouched = (await http.get("/api/cart")).json;
    expect(untouched.discountNotice).toBeNull();
    expect(untouched.summary.discount).toBe(accepted.json.summary.discount);

    await setVariant("M / White", { price: 2_700 });
    const lapsed = (await http.get("/api/cart")).json;
    expect(lapsed.discountNotice).toBe(PRICE_CHANGED);
    expect(lapsed.summary.discount).toBe(0);
    const line = lapsed.items.find((i: { variantId: string }) => i.variantId === variant["M / White"]);
    expect(cents(line.unitPrice)).toBe(2_700);
    await db()
      .update(productVariants)
      .set({ price: 2_500 })
      .where(and(eq(productVariants.productId, tee.id), eq(productVariants.id, variant["M / White"]!)));
  });
});
