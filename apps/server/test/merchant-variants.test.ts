/**
 * The merchant's variant grid over HTTP on both databases: a product's options and variants are
 * read and set in one declared route each (merchant only), prices in dollars on the wire and
 * cents in the shop, the default variant becomes the first variant, a combination left out is no
 * longer sold, a SKU another product holds is a 409 with a sentence, bad input a 400 with one, and
 * every write announces a new catalogue version.
 */
import type { ProductDetail } from "@haggle/contract/products";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readCatalogueVersion } from "../src/modules/catalog/product-import.store.ts";
import { HttpClient } from "./support/http-client.ts";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { postCheckout, signUpShopper } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

type Grid = {
  productId: string;
  options: { name: string; values: string[] }[];
  variants: {
    id: string;
    optionValues: string[];
    sku: string;
    price: number;
    listPrice: number;
    stockLevel: number;
    weightGrams: number | null;
    barcode: string;
    imageUrl: string;
  }[];
};

const SIZES = ["S", "M", "L"];
const COLOURS = ["Black", "White"];

describe.each(DB_KINDS)("the merchant's variant grid on the %s database", (kind) => {
  const { shop, shopper, near } = useMerchantShop(kind);
  const put = (id: string, body: unknown, http = shop.merchant) =>
    http.request("PUT", `/api/merchant/products/${id}/variants`, body);

  it("turns a product into sizes × colours, sells only the combinations given, and keeps variant ids across edits", async () => {
    const product = near(40, 7);
    const path = `/api/merchant/products/${product.id}/variants`;
    const before = (await shop.merchant.get(path)).json as Grid;
    expect(before.options).toEqual([]);
    expect(before.variants.map((v) => [v.sku, v.optionValues])).toEqual([[product.sku, []]]);

    const combos = SIZES.flatMap((size) => COLOURS.map((colour) => [size, colour])).filter(
      ([s, c]) => !(s === "L" && c === "White"),
    );
    const body = {
      options: [
        { name: "Size", values: SIZES },
        { name: "Colour", values: COLOURS },
      ],
      variants: combos.map(([s, c]) => ({
        optionValues: [s, c],
        sku: `GRID-${s}-${c}`,
        price: s === "L" ? 44.5 : 39.99,
        listPrice: 50,
        stockLevel: c === "White" ? 0 : 4,
        weightGrams: 180,
        barcode: `400${s}${c}`,
      })),
    };
    const version = await readCatalogueVersion(shop.server.database.db);
    const res = await put(product.id, body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const grid = res.json as Grid;
    expect(grid.options).toEqual(body.options);
    expect(
      grid.variants.map((v) => [v.optionValues.join(" / "), v.sku, v.price, v.stockLevel, v.weightGrams]),
    ).toEqual(
      combos.map(([s, c]) => [
        `${s} / ${c}`,
        `GRID-${s}-${c}`,
        s === "L" ? 44.5 : 39.99,
        c === "White" ? 0 : 4,
        180,
      ]),
    );
    // The default variant became the first: lines and offers naming it keep a variant of the product.
    expect(grid.variants[0]?.id).toBe(before.variants[0]?.id);
    expect(await readCatalogueVersion(shop.server.database.db)).toBeGreaterThan(version);

    // The shop's product follows: the from price and the sum of the stock; L / White is not sold.
    const detail = (await new HttpClient(shop.server.baseUrl).get(`/api/products/${product.id}`))
      .json as ProductDetail;
    expect(detail).toMatchObject({ price: 39.99, stockLevel: 12 });
    expect(detail.variants.map((v) => v.optionValues.join(" / "))).not.toContain("L / White");

    // An edit: M / White no longer sold, L / Black's price and stock changed; the other ids stay.
    const edited = {
      ...body,
      variants: body.variants
        .filter((v) => v.sku !== "GRID-M-White")
        .map((v) => (v.sku === "GRID-L-Black" ? { ...v, price: 42, stockLevel: 9 } : v)),
    };
    const again = (await put(product.id, edited)).json as Grid;
    const idOf = (g: Grid, sku: string) => g.variants.find((v) => v.sku === sku)?.id;
    expect(again.variants.map((v) => v.sku)).toEqual(edited.variants.map((v) => v.sku));
    for (const sku of ["GRID-S-Black", "GRID-L-Black"]) expect(idOf(again, sku)).toBe(idOf(grid, sku));
    expect(again.variants.find((v) => v.sku === "GRID-L-Black")).toMatchObject({ price: 42, stockLevel: 9 });
  });

  it("keeps a variant a shopper has in a cart when the merchant stops selling it, and drops it once the cart lets go", async () => {
    const product = near(70, 4);
    const variant = (size: string) => ({
      optionValues: [size],
      sku: `HELD-${size}`,
      price: 20,
      listPrice: 20,
      stockLevel: 3,
    });
    const first = (
      await put(product.id, {
        options: [{ name: "Size", values: ["S", "M"] }],
        variants: [variant("S"), variant("M")],
      })
    ).json as Grid;
    const m = first.variants.find((v) => v.sku === "HELD-M");
    const { http } = await shopper([]);
    const added = await http.post("/api/cart/items", {
      productId: product.id,
      variantId: m?.id,
      quantity: 1,
    });
    expect(added.status, JSON.stringify(added.json)).toBeLessThan(300);
    const onlyS = { options: [{ name: "Size", values: ["S"] }], variants: [variant("S")] };
    expect((await put(product.id, onlyS)).status).toBe(200);
    const db = shop.server.database.db;
    const heldIds = async () =>
      (
        (await db.execute(sql`select id from product_variants where sku = 'HELD-M'`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows.map((r) => r.id);
    expect(await heldIds()).toEqual([m?.id]);
    const cart = (await http.get("/api/cart")).json as { items: { id: string }[] };
    for (const line of cart.items)
      expect((await http.request("DELETE", `/api/cart/items/${line.id}`)).status).toBeLessThan(300);
    expect((await put(product.id, onlyS)).status).toBe(200);
    expect(await heldIds()).toEqual([]);
  });

  it("refuses a SKU another product holds (409), and bad grids (400), each with a sentence; only merchants may write", async () => {
    const product = near(60, 3);
    const other = near(80, 5);
    const variant = (values: string[], sku: string) => ({
      optionValues: values,
      sku,
      price: 10,
      listPrice: 10,
      stockLevel: 1,
    });
    const taken = await put(product.id, {
      options: [{ name: "Size", values: ["S", "M"] }],
      variants: [variant(["S"], "TAKEN-S"), variant(["M"], other.sku)],
    });
    expect(taken.status).toBe(409);
    expect(taken.json.error.message).toBe(`SKU ${other.sku} is taken by product ${other.sku}.`);

    const bad: [unknown, string][] = [
      [
        { options: ["A", "B", "C", "D"].map((name) => ({ name, values: ["x"] })), variants: [] },
        "A product can have at most three options.",
      ],
      [
        {
          options: [{ name: "Size", values: ["S"] }],
          variants: [variant(["S"], "X-1"), variant(["S"], "X-2")],
        },
        "The combination S is listed twice.",
      ],
      [
        { options: [{ name: "Size", values: ["S"] }], variants: [variant(["XL"], "X-1")] },
        "Size has no value XL (variant X-1).",
      ],
      [
        {
          options: [{ name: "Size", values: ["S"] }],
          variants: [{ ...variant(["S"], "X-1"), price: 10.001 }],
        },
        "Price can have at most two decimals.",
      ],
    ];
    for (const [body, message] of bad) {
      const res = await put(product.id, body);
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(res.json.error), message).toContain(message);
    }

    const anonymous = new HttpClient(shop.server.baseUrl);
    const { http: someone } = await shopper([]);
    const body = { options: [{ name: "Size", values: ["S"] }], variants: [variant(["S"], "NOPE-S")] };
    expect((await put(product.id, body, anonymous)).status).toBe(401);
    expect((await put(product.id, body, someone)).status).toBe(403);
    expect(
      (await shop.merchant.get("/api/merchant/products/00000000-0000-4000-8000-000000000000/variants"))
        .status,
    ).toBe(404);
  });
  it("a grid save racing checkouts of the product's variants: every request answers (no deadlock), stock adds up", async () => {
    const product = near(55, 6);
    const sizes = ["S", "M", "L"];
    const grid = (stock: number) => ({
      options: [{ name: "Size", values: sizes }],
      variants: sizes.map((size) => ({
        optionValues: [size],
        sku: `RACE-${size}`,
        price: 30,
        listPrice: 30,
        stockLevel: stock,
      })),
    });
    const first = (await put(product.id, grid(50))).json as Grid;
    const shoppers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const { http } = await signUpShopper(shop.server.baseUrl, "Rita Race");
        // Each buys two sizes: checkout locks both variants, in id order, after the product.
        for (const v of [first.variants[i % 3], first.variants[(i + 1) % 3]]) {
          const added = await http.post("/api/cart/items", {
            productId: product.id,
            variantId: v?.id,
            quantity: 1,
          });
          expect(added.status, JSON.stringify(added.json)).toBe(200);
        }
        return http;
      }),
    );
    const results = await Promise.all([
      ...shoppers.map((http) => postCheckout(http)),
      ...[60, 70, 80, 90].map((stock) => put(product.id, grid(stock))),
    ]);
    for (const r of results) expect([200, 201], JSON.stringify(r.json)).toContain(r.status);
    const db = shop.server.database.db;
    const rows = (
      (await db.execute(
        sql`select (select stock_level from products where id = ${product.id}) as product,
          (select sum(stock_level) from product_variants where product_id = ${product.id})::int as variants`,
      )) as unknown as { rows: { product: number; variants: number }[] }
    ).rows;
    expect(rows[0]?.product).toBe(rows[0]?.variants);
  }, 300_000); // six sign-ups hash six passwords
  it("the product form edits a product with options without touching its variants; its price or stock there is a 400", async () => {
    const product = near(65, 2);
    const body = {
      options: [{ name: "Size", values: ["S", "M"] }],
      variants: ["S", "M"].map((size) => ({
        optionValues: [size],
        sku: `FORM-${size}`,
        price: size === "S" ? 21 : 23,
        listPrice: 25,
        stockLevel: size === "S" ? 2 : 5,
      })),
    };
    const before = (await put(product.id, body)).json as Grid;
    const path = `/api/merchant/products/${product.id}`;
    const renamed = await shop.merchant.request("PATCH", path, {
      name: "Form Tee",
      description: "Soft.",
      price: 21,
      stockLevel: 7,
    });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(renamed.json).toMatchObject({ name: "Form Tee", price: 21, stockLevel: 7, hasOptions: true });
    for (const change of [{ price: 19 }, { listPrice: 30 }, { stockLevel: 40 }]) {
      const refused = await shop.merchant.request("PATCH", path, change);
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.json.error.message).toBe(
        "Form Tee has options: set its prices and stock per variant in Options and variants.",
      );
    }
    const after = (await shop.merchant.get(`${path}/variants`)).json as Grid;
    expect(after.variants).toEqual(before.variants);
  });
  it("lists the visible products' variants low on stock on the dashboard, fewest first, and counts them", async () => {
    const product = near(75, 1);
    const lowStock = async () => {
      const res = await shop.merchant.get("/api/merchant/dashboard?days=7");
      expect(res.status).toBe(200);
      return res.json.lowStock as {
        atMost: number;
        countedUpTo: number;
        total: number;
        variants: {
          productId: string;
          variantId: string;
          productName: string;
          optionValues: string[];
          stockLevel: number;
        }[];
      };
    };
    const before = await lowStock();
    expect(before.atMost).toBe(5);
    const stock: Record<string, number> = { S: 1, M: 5, L: 6 };
    await put(product.id, {
      options: [{ name: "Size", values: ["S", "M", "L"] }],
      variants: ["S", "M", "L"].map((size) => ({
        optionValues: [size],
        sku: `LOW-${size}`,
        price: 30,
        listPrice: 30,
        stockLevel: stock[size],
      })),
    });
    const after = await lowStock();
    expect(after.total).toBe(before.total + 2);
    const levels = after.variants.map((v) => v.stockLevel);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    expect(levels.every((n) => n <= 5)).toBe(true);
    // Fewest first, then by SKU (the index's order, which keeps a product's variants together):
    // the first ten of every visible low variant so ordered, in the database's own collation.
    const expected = (
      (await shop.server.database.db.execute(
        sql`select v.id::text as id from product_variants v join products p on p.id = v.product_id
          where not p.hidden and v.stock_level <= 5 order by v.stock_level, v.sku limit 10`,
      )) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => r.id);
    expect(after.variants.map((v) => v.variantId)).toEqual(expected);
    expect(after.countedUpTo).toBe(1000);
    expect(
      (await shop.merchant.request("PATCH", `/api/merchant/products/${product.id}`, { hidden: true })).status,
    ).toBe(200);
    const hidden = await lowStock();
    expect(hidden.total).toBe(before.total);
    expect(hidden.variants.some((v) => v.productId === product.id)).toBe(false);
  });
});
