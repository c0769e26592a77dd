/**
 * Importing products with variants, on both databases: a Shopify CSV's variant rows become one
 * product with its options and a variant per row (SKU, price, compare-at price, stock, grams,
 * barcode, picture), JSON lines carry a variants array, a re-import updates in place, and a
 * variant SKU another product holds is refused with a sentence.
 */
import path from "node:path";
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { asc, count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { importProducts } from "../src/modules/catalog/product-import.service.ts";
import { productOptions, products, productVariants } from "../src/platform/db/schema.ts";
import { HttpClient } from "./support/http-client.ts";
import { signUpMerchant, useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const FIXTURE = path.join(import.meta.dirname, "fixtures", "shopify-variants.csv");

describe.each(DB_KINDS)("importing products with variants on the %s database", (kind) => {
  const shop = useShop(kind);
  const db = () => shop.server.database.db;

  async function variantsOf(sku: string) {
    const [product] = await db().select().from(products).where(eq(products.sku, sku));
    if (!product) throw new Error(`no product ${sku}`);
    const options = await db()
      .select({ name: productOptions.name, values: productOptions.values })
      .from(productOptions)
      .where(eq(productOptions.productId, product.id))
      .orderBy(asc(productOptions.position));
    const variants = await db()
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .orderBy(asc(productVariants.position));
    return { product, options, variants };
  }

  it("a Shopify tee in S/M/L is one product with three variants and all 95 units", async () => {
    const result = await importProducts(db(), createReadStream(FIXTURE), { format: "csv", batchSize: 2 });
    expect(result.errors.map((e) => [e.line, e.reason])).toEqual([
      [8, 'Variant Price is not a price: "twelve".'],
    ]);
    expect(result).toMatchObject({ inserted: 3, failed: 1, skippedVariants: 0 });

    const tee = await variantsOf("trail-tee");
    expect(tee.product).toMatchObject({ name: "Trail Tee", price: 2500, listPrice: 3000, stockLevel: 95 });
    expect(tee.product.imageUrl).toBe("https://cdn.example.com/tee-front.jpg");
    expect(tee.options).toEqual([{ name: "Size", values: ["S", "M", "L"] }]);
    expect(
      tee.variants.map((v) => [
        v.sku,
        v.optionValues,
        v.price,
        v.listPrice,
        v.stockLevel,
        v.weightGrams,
        v.barcode,
        v.imageUrl,
      ]),
    ).toEqual([
      ["TEE-S", ["S"], 2500, 3000, 40, 150, "0001112223334", "https://cdn.example.com/tee-s.jpg"],
      ["TEE-M", ["M"], 2500, 3000, 35, 160, "0001112223335", ""],
      ["TEE-L", ["L"], 2700, 3000, 20, 170, "0001112223336", ""],
    ]);

    // Two options; a bad row is left out (not sold), a row without a SKU gets one from its handle.
    const sneaker = await variantsOf("canvas-sneaker");
    expect(sneaker.options).toEqual([
      { name: "Size", values: ["42", "43", "44"] },
      { name: "Colour", values: ["Black", "White"] },
    ]);
    expect(sneaker.variants.map((v) => [v.sku, v.optionValues.join(" / "), v.stockLevel])).toEqual([
      ["SNK-42-BLK", "42 / Black", 4],
      ["SNK-42-WHT", "42 / White", 0],
      ["SNK-43-BLK", "43 / Black", 0],
      ["canvas-sneaker-44-Black", "44 / Black", 3],
    ]);
    expect(sneaker.product).toMatchObject({ price: 6000, stockLevel: 7 });

    // A product without options keeps its one default variant.
    const mug = await variantsOf("MUG-1");
    expect(mug.options).toEqual([]);
    expect(mug.variants.map((v) => [v.sku, v.optionValues, v.stockLevel])).toEqual([["MUG-1", [], 12]]);

    // The product API lists the variants.
    const api = (await new HttpClient(shop.server.baseUrl).get(`/api/products/${tee.product.id}`)).json;
    expect(api.variants.map((v: { sku: string; price: number }) => [v.sku, v.price])).toEqual([
      ["TEE-S", 25],
      ["TEE-M", 25],
      ["TEE-L", 27],
    ]);

    // The same file again writes nothing new and duplicates nothing; a changed stock updates that variant.
    const again = await importProducts(db(), createReadStream(FIXTURE), { format: "csv" });
    expect(again).toMatchObject({ inserted: 0, updated: 3, failed: 1 });
    const ids = tee.variants.map((v) => v.id);
    const text = (await import("node:fs"))
      .readFileSync(FIXTURE, "utf8")
      .replace("TEE-M,160,shopify,35", "TEE-M,160,shopify,50");
    await importProducts(db(), Readable.from([text]), { format: "csv" });
    const after = await variantsOf("trail-tee");
    expect(after.variants.map((v) => v.id)).toEqual(ids);
    expect(after.variants.map((v) => v.stockLevel)).toEqual([40, 50, 20]);
    expect(after.product.stockLevel).toBe(110);
  });

  it("exports every product with its variants as Shopify's CSV, which imports back identically", async () => {
    await importProducts(db(), createReadStream(FIXTURE), { format: "csv" });
    const teeBefore = await variantsOf("trail-tee");
    const sneakerBefore = await variantsOf("canvas-sneaker");
    const merchant = await signUpMerchant(shop.server.baseUrl);
    const res = await merchant.get("/api/merchant/exports/products.csv");
    expect(res.status).toBe(200);
    const csv = res.text;
    expect(csv.split("\n").filter((l) => l.startsWith("trail-tee,"))).toHaveLength(3);
    const [total] = await db().select({ n: count() }).from(products);
    const back = await importProducts(db(), Readable.from([csv]), { format: "csv" });
    expect(back.errors).toEqual([]);
    // Every product was there already and held the file's values: nothing written, nothing added.
    expect(back).toMatchObject({ inserted: 0, updated: total?.n, unchanged: total?.n, failed: 0 });
    const strip = (v: { variants: { updatedAt: Date }[] }) =>
      v.variants.map(({ updatedAt: _, ...rest }) => rest);
    expect(strip(await variantsOf("trail-tee"))).toEqual(strip(teeBefore));
    expect((await variantsOf("canvas-sneaker")).options).toEqual(sneakerBefore.options);
    // Shoppers cannot export.
    expect((await new HttpClient(shop.server.baseUrl).get("/api/merchant/exports/products.csv")).status).toBe(
      401,
    );
  });

  it("JSON lines carry options and variants; a combination left out is removed; a taken SKU is refused", async () => {
    const hoodie = (sizes: string[], stock = 5) => ({
      sku: "JL-HOODIE",
      name: "Line Hoodie",
      brand: "Linebrand",
      category: "Hoodies",
      price: 40,
      listPrice: 50,
      stockLevel: 0,
      options: [{ name: "Size", values: sizes }],
      variants: sizes.map((size) => ({
        optionValues: [size],
        sku: `JL-HOODIE-${size}`,
        price: size === "XL" ? 44 : 40,
        listPrice: 50,
        stockLevel: stock,
      })),
    });
    const lines = (rows: unknown[]) => Readable.from([rows.map((r) => JSON.stringify(r)).join("\n")]);
    const first = await importProducts(db(), lines([hoodie(["S", "M", "XL"])]), { format: "jsonl" });
    expect(first).toMatchObject({ inserted: 1, failed: 0 });
    let h = await variantsOf("JL-HOODIE");
    expect(h.variants.map((v) => [v.sku, v.price])).toEqual([
      ["JL-HOODIE-S", 4000],
      ["JL-HOODIE-M", 4000],
      ["JL-HOODIE-XL", 4400],
    ]);
    expect(h.product).toMatchObject({ price: 4000, stockLevel: 15 });

    await importProducts(db(), lines([hoodie(["S", "XL"], 2)]), { format: "jsonl" });
    h = await variantsOf("JL-HOODIE");
    expect(h.variants.map((v) => [v.sku, v.stockLevel])).toEqual([
      ["JL-HOODIE-S", 2],
      ["JL-HOODIE-XL", 2],
    ]);
    expect(h.options).toEqual([{ name: "Size", values: ["S", "XL"] }]);

    const thief = { ...hoodie(["S"]), sku: "JL-OTHER" };
    const bad = { ...hoodie(["S", "S"]), sku: "JL-TWICE" };
    const refused = await importProducts(db(), lines([thief, bad]), { format: "jsonl" });
    expect(refused.errors.map((e) => [e.line, e.sku, e.reason])).toEqual([
      [2, "JL-TWICE", "Size lists S twice."],
      [1, "JL-OTHER", "SKU JL-HOODIE-S is taken by product JL-HOODIE."],
    ]);
    expect(
      await db()
        .select()
        .from(products)
        .where(inArray(products.sku, ["JL-OTHER", "JL-TWICE"])),
    ).toEqual([]);
  });

  it("rolls a batch's products up once, after its variants are written: price, stock, facets and pairs; later writes in the transaction roll up again", async () => {
    const { writeProductVariants } = await import("../src/modules/catalog/product-variants.store.ts");
    await importProducts(db(), createReadStream(FIXTURE), { format: "csv", batchSize: 10 });
    const sneaker = await variantsOf("canvas-sneaker");
    expect(sneaker.product.optionFacets).toEqual([
      "Size:42",
      "Size:43",
      "Size:44",
      "Colour:Black",
      "Colour:White",
    ]);
    expect(sneaker.product.optionPairs).toContain("Size:42\u001fColour:White");
    expect(sneaker.product.optionPairs).not.toContain("Size:44\u001fColour:White");
    expect(sneaker.product).toMatchObject({ price: 6000, stockLevel: 7 });
    await db().transaction(async (tx) => {
      await writeProductVariants(tx, [
        {
          sku: "canvas-sneaker",
          options: [{ name: "Size", values: ["42", "44"] }],
          variants: [
            {
              optionValues: ["42"],
              sku: "SNK-42",
              price: 5000,
              listPrice: 6000,
              stockLevel: 1,
              weightGrams: null,
              barcode: "",
            },
            {
              optionValues: ["44"],
              sku: "SNK-44",
              price: 5500,
              listPrice: 6000,
              stockLevel: 2,
              weightGrams: null,
              barcode: "",
            },
          ],
        },
      ]);
      const [written] = await tx.select().from(products).where(eq(products.sku, "canvas-sneaker"));
      expect(written).toMatchObject({
        price: 5000,
        stockLevel: 3,
        optionFacets: ["Size:42", "Size:44"],
        optionPairs: [],
      });
      // The deferral ends with the write: a variant written after it rolls its product up at once.
      await tx.update(productVariants).set({ price: 4000 }).where(eq(productVariants.sku, "SNK-44"));
      const [after] = await tx.select().from(products).where(eq(products.sku, "canvas-sneaker"));
      expect(after).toMatchObject({ price: 4000, stockLevel: 3 });
    });
  });
});
