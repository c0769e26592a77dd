import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "./support/http-client.ts";
import { checkedOut, shopperWithCart, useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

interface OptionFacet {
  name: string;
  values: { value: string; count: number }[];
}
interface Listed {
  id: string;
  name: string;
  category: string;
  price: number;
  maxPrice?: number;
  swatches?: string[];
  variantId?: string;
}

const countsOf = (facets: OptionFacet[], name: string) =>
  Object.fromEntries((facets.find((f) => f.name === name)?.values ?? []).map((v) => [v.value, v.count]));

const TEE = "Fernway Organic Cotton Crew Tee";

// The seeded catalogue's options (platform/db/seed/catalogue-variants.ts): the tee in S-XL and
// Black/White/Navy (no XL Navy), the Nike tee in XS-XXL, the flannel in S-L and two plaids,
// the running shoe in shoe sizes.
describe.each(DB_KINDS)("catalogue option facets on the %s database", (kind) => {
  const shop = useShop(kind);
  let http: HttpClient;
  beforeAll(() => {
    http = new HttpClient(shop.server.baseUrl);
  });

  const list = async (query: string) => {
    const res = await http.get(`/api/products?pageSize=100&${query}`);
    expect(res.status).toBe(200);
    return res.json as {
      items: Listed[];
      total: number;
      facets: {
        options: OptionFacet[];
        categories: { value: string; count: number }[];
        brands: { value: string; count: number }[];
      };
    };
  };

  it("counts every option value of the collection, sizes in size order", async () => {
    const all = await list("");
    const sizes = all.facets.options.find((f) => f.name === "Size")?.values.map((v) => v.value) ?? [];
    expect(sizes.slice(0, 6)).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
    expect(countsOf(all.facets.options, "Size")).toMatchObject({ XS: 1, S: 3, M: 3, L: 3, XL: 2, "9": 1 });
    expect(countsOf(all.facets.options, "Colour")).toEqual({
      Black: 1,
      White: 1,
      Navy: 1,
      "Red Plaid": 1,
      "Green Plaid": 1,
    });
  });

  it("shows a product when a variant has the value, the card opening that variant", async () => {
    const m = await list(`option=${encodeURIComponent("Size:M")}`);
    expect(m.total).toBe(3);
    expect(m.items.map((p) => p.name).sort()).toEqual(
      ["Coastline Flannel Shirt", TEE, "Nike Breeze Running T-Shirt"].sort(),
    );
    for (const item of m.items) {
      const page = (await http.get(`/api/products/${item.id}`)).json as {
        variants: { id: string; optionValues: string[]; inStock: boolean }[];
      };
      const variant = page.variants.find((v) => v.id === item.variantId);
      expect(variant?.optionValues).toContain("M");
      expect(variant?.inStock).toBe(true);
    }
    // The chosen option keeps its siblings (counted over every product); others under the filter.
    expect(countsOf(m.facets.options, "Size")).toMatchObject({ XS: 1, S: 3, M: 3, XL: 2 });
    expect(countsOf(m.facets.options, "Colour")).toEqual({
      Black: 1,
      White: 1,
      Navy: 1,
      "Red Plaid": 1,
      "Green Plaid": 1,
    });
  });

  it("widens within an option and narrows across options, with the other filters", async () => {
    const widened = await list(
      `option=${encodeURIComponent("Size:XS")}&option=${encodeURIComponent("Size:9")}`,
    );
    expect(widened.total).toBe(2);
    const both = await list(
      `option=${encodeURIComponent("Size:M")}&option=${encodeURIComponent("Colour:Black")}`,
    );
    expect(both.items.map((p) => p.name)).toEqual([TEE]);
    expect(countsOf(both.facets.options, "Size")).toEqual({ S: 1, M: 1, L: 1, XL: 1 });
    expect(countsOf(both.facets.options, "Colour")).toMatchObject({ Black: 1, "Red Plaid": 1 });
    const tee = both.items[0]!;
    const page = (await http.get(`/api/products/${tee.id}`)).json as {
      variants: { id: string; optionValues: string[] }[];
    };
    expect(page.variants.find((v) => v.id === tee.variantId)?.optionValues).toEqual(["M", "Black"]);
    const inCategory = await list(
      `option=${encodeURIComponent("Size:M")}&category=${encodeURIComponent(tee.category)}`,
    );
    expect(inCategory.items.every((p) => p.category === tee.category)).toBe(true);
    expect(inCategory.facets.categories.find((c) => c.value === tee.category)?.count).toBe(inCategory.total);
    const searched = await list(`q=tee&option=${encodeURIComponent("Colour:Black")}`);
    expect(searched.items.map((p) => p.name)).toEqual([TEE]);
    const none = await list(
      `option=${encodeURIComponent("Size:XS")}&option=${encodeURIComponent("Colour:Black")}`,
    );
    expect(none.total).toBe(0);
    // A chosen value no product is left for stays listed, to be unchosen.
    expect(countsOf(none.facets.options, "Colour").Black).toBeDefined();
  });

  it("matches per variant: a size and a colour must be one variant's, counted so, with or without words", async () => {
    const xl = encodeURIComponent("Size:XL");
    const navy = encodeURIComponent("Colour:Navy");
    // The tee has XL (Black, White) and Navy (S, M, L), but no XL in Navy.
    const xlNavy = await list(`option=${xl}&option=${navy}`);
    expect(xlNavy.total).toBe(0);
    expect(xlNavy.items).toEqual([]);
    // Under XL the colours are those of an XL variant; under Navy the sizes those of a Navy one.
    const underXl = await list(`option=${xl}`);
    expect(countsOf(underXl.facets.options, "Colour")).toEqual({ Black: 1, White: 1 });
    const underNavy = await list(`option=${navy}`);
    expect(countsOf(underNavy.facets.options, "Size")).toEqual({ S: 1, M: 1, L: 1 });
    expect(countsOf(xlNavy.facets.options, "Size")).toEqual({ S: 1, M: 1, L: 1, XL: 0 });
    expect(countsOf(xlNavy.facets.options, "Colour")).toMatchObject({ Black: 1, White: 1 });
    // The same through the statement that reads the matches (words; two values of one option).
    const searched = await list(`q=tee&option=${xl}&option=${navy}`);
    expect(searched.total).toBe(0);
    expect(countsOf(searched.facets.options, "Colour")).toMatchObject({ Black: 1, White: 1 });
    expect(countsOf(searched.facets.options, "Colour").Navy ?? 0).toBe(0);
    const widened = await list(`option=${xl}&option=${encodeURIComponent("Size:L")}&option=${navy}`);
    expect(widened.items.map((p) => p.name)).toEqual([TEE]);
    const tee = widened.items[0]!;
    const page = (await http.get(`/api/products/${tee.id}`)).json as {
      variants: { id: string; optionValues: string[] }[];
    };
    expect(page.variants.find((v) => v.id === tee.variantId)?.optionValues).toEqual(["L", "Navy"]);
    expect(countsOf(widened.facets.options, "Size")).toEqual({ S: 1, M: 1, L: 1, XL: 0 });
    expect(widened.total).toBe(1);
    // Three options: a variant must hold all three (none has a fit).
    const three = await list(`option=${xl}&option=${navy}&option=${encodeURIComponent("Fit:Slim")}`);
    expect(three.total).toBe(0);
    const threeWide = await list(
      `option=${xl}&option=${encodeURIComponent("Size:L")}&option=${navy}&option=${encodeURIComponent("Fit:Slim")}`,
    );
    expect(threeWide.items).toEqual([]);
  });

  it("counts an option filter with a category from the kept sets as the matches would", async () => {
    const teeRow = (await list("q=fernway")).items.find((p) => p.name === TEE)!;
    const category = encodeURIComponent(teeRow.category);
    const xl = encodeURIComponent("Size:XL");
    const kept = await list(`option=${xl}&category=${category}`);
    // The same filter through the statement that reads the matches (a second value of Size no product has).
    const read = await list(`option=${xl}&option=${encodeURIComponent("Size:ZZ")}&category=${category}`);
    expect(kept.total).toBe(read.total);
    expect(kept.items.map((p) => p.id)).toEqual(read.items.map((p) => p.id));
    expect(kept.facets.categories).toEqual(read.facets.categories);
    expect(countsOf(kept.facets.options, "Colour")).toEqual(countsOf(read.facets.options, "Colour"));
    const sizes = countsOf(kept.facets.options, "Size");
    expect({ ...sizes, ZZ: 0 }).toEqual(countsOf(read.facets.options, "Size"));
    expect(sizes.XL).toBe(kept.total);
  });

  it("counts one option widened to several values as the products say, a colour paired with the rarer size only included", async () => {
    const { db } = shop.server.database;
    const nonZero = (counts: Record<string, number>) =>
      Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
    /** Each facet counted from the products themselves, under the other filters. */
    const expected = async (values: string[], category?: string, second?: string) => {
      const rows = async (query: ReturnType<typeof sql>) =>
        Object.fromEntries(
          ((await db.execute(query)) as unknown as { rows: { k: string; n: number }[] }).rows.map((r) => [
            r.k,
            Number(r.n),
          ]),
        );
      const texts = (list: string[]) =>
        sql`array[${sql.join(
          list.map((v) => sql`${v}`),
          sql`, `,
        )}]::text[]`;
      const chosen = second
        ? sql`option_pairs && ${texts(values.map((v) => `${v}\u001f${second}`))}`
        : sql`option_facets && ${texts(values)}`;
      const inCategory = category ? sql`category = ${category}` : sql`true`;
      const inSecond = second ? sql`f || chr(31) || ${second} = any(option_pairs)` : sql`true`;
      return {
        total: (
          await rows(
            sql`select 'n' as k, count(*)::int as n from products where not hidden and ${chosen} and ${inCategory}`,
          )
        ).n,
        categories: await rows(sql`select category as k, count(*)::int as n from products
          where not hidden and ${chosen} group by category`),
        brands: await rows(sql`select brand as k, count(*)::int as n from products
          where not hidden and ${chosen} and ${inCategory} group by brand`),
        colours: await rows(sql`select split_part(partner, ':', 2) as k, count(distinct id)::int as n
          from products, lateral (select split_part(pair, chr(31), 2) as partner from unnest(option_pairs) as pair
            where split_part(pair, chr(31), 1) = any(${texts(values)})) as partners
          where not hidden and ${inCategory} and partner like 'Colour:%' group by 1`),
        sizes:
          await rows(sql`select split_part(f, ':', 2) as k, count(*)::int as n from products, unnest(option_facets) as f
          where not hidden and ${inCategory} and ${inSecond} and f like 'Size:%' group by 1`),
      };
    };
    const check = async (values: string[], category?: string, second?: string) => {
      const listed = await list(
        `${[...values, ...(second ? [second] : [])].map((v) => `option=${encodeURIComponent(v)}`).join("&")}${category ? `&category=${encodeURIComponent(category)}` : ""}`,
      );
      const want = await expected(values, category, second);
      const label = [...values, second, category].join("|");
      expect(listed.total, label).toBe(want.total);
      expect(listed.items).toHaveLength(want.total ?? 0);
      expect(Object.fromEntries(listed.facets.categories.map((c) => [c.value, c.count]))).toEqual(
        want.categories,
      );
      expect(Object.fromEntries(listed.facets.brands.map((c) => [c.value, c.count])), label).toEqual(
        want.brands,
      );
      expect(nonZero(countsOf(listed.facets.options, "Colour")), label).toEqual(want.colours);
      expect(nonZero(countsOf(listed.facets.options, "Size")), label).toEqual(want.sizes);
    };
    const tee = (await list("q=fernway")).items.find((p) => p.name === TEE)!;
    // The tee's M in Navy becomes XL in Navy: under M or XL, Navy is the tee's through its XL only.
    const moved = sql`update product_variants set option_values = array['XL', 'Navy']
      where product_id = ${tee.id} and option_values = array['M', 'Navy']`;
    try {
      await db.execute(moved);
      await shop.server.deps.answers.settle();
      await check(["Size:M", "Size:XL"]);
      expect(
        countsOf(
          (await list(`option=${encodeURIComponent("Size:M")}&option=${encodeURIComponent("Size:XL")}`))
            .facets.options,
          "Colour",
        ).Navy,
      ).toBe(1);
      await check(["Size:XL", "Size:M", "Size:9"]);
      await check(["Size:XS", "Size:9"]);
      await check(["Size:M", "Size:XL"], tee.category);
      // One value under a category is counted from the kept sets too.
      await check(["Size:XL"], tee.category);
      await check(["Size:M"], tee.category);
      await check(["Size:XL", "Size:ZZ"]);
      // With one value of a second option: Navy is the tee's on its XL only.
      await check(["Size:M", "Size:XL"], undefined, "Colour:Navy");
      await check(["Size:M", "Size:L", "Size:XL"], undefined, "Colour:Black");
      await check(["Size:M", "Size:XL"], tee.category, "Colour:Navy");
    } finally {
      await db.execute(sql`update product_variants set option_values = array['M', 'Navy']
        where product_id = ${tee.id} and option_values = array['XL', 'Navy']`);
      await shop.server.deps.answers.settle();
    }
  });

  it("gives cards a from-price and colour swatches", async () => {
    const tee = (await list("q=fernway")).items.find((p) => p.name === TEE)!;
    // Money is in dollars on the wire: the XL costs $2 more.
    expect(tee.maxPrice).toBeCloseTo(tee.price + 2, 2);
    expect(tee.swatches).toEqual(["Black", "White", "Navy"]);
    const plain = (await list("")).items.find((p) => !p.swatches?.length && p.maxPrice === p.price);
    expect(plain).toBeDefined();
  });

  it("refuses an option filter without a name and a value", async () => {
    const res = await http.get("/api/products?option=Size");
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain("Name:Value");
  });

  it("keeps the facets when an option is renamed", async () => {
    const { db } = shop.server.database;
    try {
      await db.execute(sql`update product_options set name = 'Shade' where name = 'Colour'
        and product_id = (select id from products where name = ${TEE})`);
      await shop.server.deps.answers.settle();
      const after = await list("");
      expect(countsOf(after.facets.options, "Shade")).toEqual({ Black: 1, White: 1, Navy: 1 });
      expect(countsOf(after.facets.options, "Colour")).toEqual({ "Red Plaid": 1, "Green Plaid": 1 });
    } finally {
      await db.execute(sql`update product_options set name = 'Colour' where name = 'Shade'`);
      await shop.server.deps.answers.settle();
    }
  });

  it("keeps each option value's and pair's sum over categories and brands, and the sets of values products hold, as products change", async () => {
    const { db } = shop.server.database;
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: { facet: string; paired: string; n: number }[] }).rows
        .map((r) => `${r.facet}|${r.paired}|${Number(r.n)}`)
        .sort();
    const totalsMatchCounts = async () =>
      expect(
        await rows(sql`select facet, paired, visible as n from product_option_totals where visible <> 0`),
      ).toEqual(
        await rows(sql`select facet, paired, sum(visible)::int as n from product_option_counts
          group by facet, paired having sum(visible) <> 0`),
      );
    /** The kept sets of option values (every scope) are those the visible products hold now. */
    const setsMatchProducts = async () => {
      const sets = async (query: ReturnType<typeof sql>) =>
        (
          (await db.execute(query)) as unknown as {
            rows: {
              scope: string;
              paired: string;
              category: string;
              brand: string;
              held: string[];
              n: number;
            }[];
          }
        ).rows
          .map(
            (r) => `${r.scope}|${r.paired}|${r.category}|${r.brand}|${[...r.held].join(",")}|${Number(r.n)}`,
          )
          .sort();
      expect(
        await sets(sql`select scope, paired, category, brand, held, visible as n from product_option_sets
          where visible <> 0`),
      ).toEqual(
        await sets(sql`select sc.scope, k.paired, sc.category, sc.brand, k.held, count(*)::int as n
          from products p, product_option_set_keys(p.option_facets, p.option_pairs) as k,
            lateral (values ('p', p.category, p.brand), ('c', p.category, ''), ('b', '', p.brand), ('a', '', ''))
              as sc(scope, category, brand)
          where not p.hidden group by 1, 2, 3, 4, 5`),
      );
    };
    await totalsMatchCounts();
    await setsMatchProducts();
    const tee = (await list(`option=${encodeURIComponent("Size:M")}`)).items.find((p) => p.name === TEE);
    expect(tee).toBeTruthy();
    const totalOf = async (facet: string, paired: string) =>
      (
        await rows(sql`select facet, paired, visible as n from product_option_totals
        where facet = ${facet} and paired = ${paired}`)
      )[0];
    const before = await totalOf("Size:M", "Colour:Black");
    try {
      // Hidden, renamed into another category, then shown again: the sums follow.
      await db.execute(sql`update products set hidden = true where id = ${tee!.id}`);
      await totalsMatchCounts();
      await setsMatchProducts();
      expect(await totalOf("Size:M", "Colour:Black")).not.toEqual(before);
      await db.execute(sql`update products set hidden = false, category = 'Elsewhere' where id = ${tee!.id}`);
      await totalsMatchCounts();
      await setsMatchProducts();
      // A variant's size changed: the tee's sets change with its arrays (the roll-up's update).
      await db.execute(sql`update product_variants set option_values = array['XL', 'Navy']
        where product_id = ${tee!.id} and option_values = array['M', 'Navy']`);
      await setsMatchProducts();
    } finally {
      await db.execute(sql`update product_variants set option_values = array['M', 'Navy']
        where product_id = ${tee!.id} and option_values = array['XL', 'Navy']`);
      await db.execute(
        sql`update products set hidden = false, category = ${tee!.category} where id = ${tee!.id}`,
      );
    }
    expect(await totalOf("Size:M", "Colour:Black")).toEqual(before);
    await totalsMatchCounts();
    await setsMatchProducts();
  });

  /**
   * Every count the products triggers keep (facets, category-brand pairs, option values and
   * pairs, option sets, the search vocabulary, the tags' categories), each row as text, sorted:
   * as kept, or counted again from every visible product now.
   */
  const KEPT_COUNTS = sql`
    select 'f|' || kind || '|' || value || '|' || visible as r from product_facet_counts where visible <> 0
    union all select 'p|' || category || '|' || brand || '|' || visible from product_pair_counts where visible <> 0
    union all select 'o|' || facet || '|' || paired || '|' || category || '|' || brand || '|' || visible
      from product_option_counts where visible <> 0
    union all select 's|' || scope || '|' || paired || '|' || category || '|' || brand || '|' || array_to_string(held, ',')
      || '|' || visible from product_option_sets where visible <> 0
    union all select 'v|' || kind || '|' || word || '|' || products from search_vocabulary where products <> 0
    union all select 't|' || tag || '|' || category || '|' || visible from product_tag_categories where visible <> 0`;
  const RECOUNTED = sql`
    with v as (select * from products where not hidden)
    select 'f|' || kind || '|' || value || '|' || count(*) as r from v, lateral (select 'all', ''
      union all select 'category', v.category union all select 'brand', v.brand
      union all select 'option', o from unnest(v.option_facets) as o) as f(kind, value) group by kind, value
    union all select 'p|' || category || '|' || brand || '|' || count(*) from v group by category, brand
    union all select 'o|' || k.facet || '|' || k.paired || '|' || v.category || '|' || v.brand || '|' || count(*)
      from v, product_option_count_keys(v.option_facets, v.option_pairs) as k
      group by k.facet, k.paired, v.category, v.brand
    union all select 's|' || sc.scope || '|' || k.paired || '|' || sc.category || '|' || sc.brand || '|'
      || array_to_string(k.held, ',') || '|' || count(*)
      from v, product_option_set_keys(v.option_facets, v.option_pairs) as k,
        lateral (values ('p', v.category, v.brand), ('c', v.category, ''), ('b', '', v.brand), ('a', '', ''))
          as sc(scope, category, brand) group by sc.scope, k.paired, sc.category, sc.brand, k.held
    union all select 'v|' || x.kind || '|' || x.word || '|' || count(*)
      from v, search_vocabulary_entries(v.name, v.brand, v.category, v.tags) as x group by x.kind, x.word
    union all select 't|' || lower(t) || '|' || v.category || '|' || count(*) from v, unnest(v.tags) as t
      group by lower(t), v.category`;

  it("keeps every count equal to a full recount through stock moves, a stock crossing zero, a checkout and a mixed update", async () => {
    const { db } = shop.server.database;
    const lines = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: { r: string }[] }).rows.map((row) => row.r).sort();
    const kept = () => lines(KEPT_COUNTS);
    const start = await kept();
    expect(start).toEqual(await lines(RECOUNTED));
    const tee = (await list(`option=${encodeURIComponent("Size:M")}`)).items.find((p) => p.name === TEE)!;
    const plain = shop.catalogue.find((p) => p.category !== tee.category)!;
    const other = shop.catalogue.find((p) => p.id !== plain.id)!;
    const stockOf = async () =>
      (
        (await db.execute(
          sql`select id, stock_level from product_variants where product_id = ${tee.id}`,
        )) as unknown as {
          rows: { id: string; stock_level: number }[];
        }
      ).rows;
    const teeStock = await stockOf();
    try {
      // Only stock moves: every product's, then one variant's to zero and back (its product's roll-up).
      await db.execute(sql`update products set stock_level = stock_level + 1
        where id not in (select product_id from product_options)`);
      expect(await kept()).toEqual(start);
      await db.execute(sql`update products set stock_level = stock_level - 1
        where id not in (select product_id from product_options)`);
      await db.execute(sql`update product_variants set stock_level = 0 where id = ${teeStock[0]!.id}`);
      expect(await kept()).toEqual(start);
      await db.execute(
        sql`update product_variants set stock_level = ${teeStock[0]!.stock_level} where id = ${teeStock[0]!.id}`,
      );
      await db.execute(sql`update products set stock_level = 0 where id = ${plain.id}`);
      expect(await kept()).toEqual(start);
      await db.execute(sql`update products set stock_level = 5 where id = ${plain.id}`);
      // A checkout takes units of both products.
      const shopper = await shopperWithCart(shop.server.baseUrl, [plain]);
      const added = await shopper.http.post("/api/cart/items", {
        productId: tee.id,
        variantId: tee.variantId,
      });
      expect(added.status, JSON.stringify(added.json)).toBe(200);
      await checkedOut(shopper.http);
      expect(await kept()).toEqual(start);
      // One statement moving two products' stock and one's category: the counts follow the move.
      await db.execute(sql`update products set stock_level = stock_level + 1,
        category = case when id = ${plain.id} then ${tee.category} else category end
        where id in (${other.id}, ${plain.id})`);
      expect(await kept()).not.toEqual(start);
      expect(await kept()).toEqual(await lines(RECOUNTED));
    } finally {
      await db.execute(sql`update products set category = ${plain.category} where id = ${plain.id}`);
      for (const v of teeStock) {
        await db.execute(sql`update product_variants set stock_level = ${v.stock_level} where id = ${v.id}`);
      }
      await shop.server.deps.answers.settle();
    }
    expect(await kept()).toEqual(start);
  });
});
