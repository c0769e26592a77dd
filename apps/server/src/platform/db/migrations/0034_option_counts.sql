CREATE TABLE "product_option_counts" (
	"facet" text NOT NULL,
	"paired" text NOT NULL,
	"category" text NOT NULL,
	"brand" text NOT NULL,
	"visible" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_option_counts_facet_paired_category_brand_pk" PRIMARY KEY("facet","paired","category","brand")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_pairs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "product_option_counts_category_idx" ON "product_option_counts" USING btree ("category","brand") WHERE "product_option_counts"."paired" = '';--> statement-breakpoint
CREATE INDEX "product_option_counts_brand_idx" ON "product_option_counts" USING btree ("brand") WHERE "product_option_counts"."paired" = '';--> statement-breakpoint
CREATE INDEX "products_option_pairs_idx" ON "products" USING gin ("option_pairs") WHERE "products"."hidden" = false;--> statement-breakpoint
-- The roll-up (migrations 0028, 0031) also keeps option_pairs: for each variant, each value
-- paired with the value of every other option it has, as "Size:M" || chr(31) || "Colour:Black"
-- (both orders, sorted). The product's figures are picked first and its arrays computed once
-- (0031 computed them for every variant row, then kept one).
CREATE OR REPLACE FUNCTION product_variants_roll_up(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET price = s.price, list_price = s.list_price, stock_level = s.stock_level,
    max_price = s.max_price, option_facets = s.option_facets, option_pairs = s.option_pairs
  FROM (
    SELECT d.product_id, d.price, d.list_price, d.stock_level, d.max_price,
      ARRAY(
        SELECT o.name || ':' || val.value FROM product_options o
        CROSS JOIN LATERAL unnest(o.values) WITH ORDINALITY AS val(value, ord)
        WHERE o.product_id = d.product_id AND EXISTS (
          SELECT 1 FROM product_variants w
          WHERE w.product_id = o.product_id AND w.option_values[o.position + 1] = val.value)
        ORDER BY o.position, val.ord) AS option_facets,
      ARRAY(
        SELECT DISTINCT a.name || ':' || w.option_values[a.position + 1] || chr(31)
          || b.name || ':' || w.option_values[b.position + 1]
        FROM product_variants w
        JOIN product_options a ON a.product_id = w.product_id
        JOIN product_options b ON b.product_id = w.product_id AND b.position <> a.position
        WHERE w.product_id = d.product_id
          AND w.option_values[a.position + 1] IS NOT NULL AND w.option_values[b.position + 1] IS NOT NULL
        ORDER BY 1) AS option_pairs
    FROM (
      SELECT DISTINCT ON (v.product_id) v.product_id, v.price, v.list_price,
        (sum(v.stock_level) OVER (PARTITION BY v.product_id))::int AS stock_level,
        max(v.price) OVER (PARTITION BY v.product_id) AS max_price
      FROM product_variants v WHERE v.product_id = ANY(ids)
      ORDER BY v.product_id, v.price, v.position, v.id) AS d) AS s
  WHERE p.id = s.product_id
    AND (p.price, p.list_price, p.stock_level, p.max_price, p.option_facets, p.option_pairs)
      IS DISTINCT FROM (s.price, s.list_price, s.stock_level, s.max_price, s.option_facets, s.option_pairs)
$$;
--> statement-breakpoint
-- product_option_counts: kept like product_pair_counts (migration 0025): one statement trigger
-- per change, only net changes written, in one order, so concurrent writers never wait on each
-- other in opposite orders. A product counts once under each of its option values alone
-- (paired '') and once under each pair of option_pairs, in its category and brand.
CREATE FUNCTION product_option_counts_add(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_option_counts AS c (facet, paired, category, brand, visible)
  SELECT facet, paired, category, brand, n
  FROM jsonb_to_recordset(changes) AS x(facet text, paired text, category text, brand text, n int)
  ORDER BY facet, paired, category, brand
  ON CONFLICT (facet, paired, category, brand) DO UPDATE SET visible = c.visible + excluded.visible
$$;
--> statement-breakpoint
CREATE FUNCTION product_option_count_keys(facets text[], pairs text[])
  RETURNS TABLE (facet text, paired text) LANGUAGE sql IMMUTABLE AS $$
  SELECT f, '' FROM unnest(facets) AS f
  UNION ALL SELECT split_part(p, chr(31), 1), split_part(p, chr(31), 2) FROM unnest(pairs) AS p
$$;
--> statement-breakpoint
CREATE FUNCTION product_option_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_option_counts_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('facet', facet, 'paired', paired, 'category', category,
      'brand', brand, 'n', n)) FROM (
      SELECT k.facet, k.paired, a.category, a.brand, count(*)::int AS n
      FROM added a, product_option_count_keys(a.option_facets, a.option_pairs) AS k
      WHERE NOT a.hidden GROUP BY k.facet, k.paired, a.category, a.brand) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_option_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_option_counts_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('facet', facet, 'paired', paired, 'category', category,
      'brand', brand, 'n', -n)) FROM (
      SELECT k.facet, k.paired, r.category, r.brand, count(*)::int AS n
      FROM removed r, product_option_count_keys(r.option_facets, r.option_pairs) AS k
      WHERE NOT r.hidden GROUP BY k.facet, k.paired, r.category, r.brand) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows whose counted columns changed are unnested: a stock or price update (checkout's
-- roll-up) costs a join of the transition tables and nothing else.
CREATE FUNCTION product_option_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_option_counts_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('facet', facet, 'paired', paired, 'category', category,
      'brand', brand, 'n', n)) FROM (
      SELECT k.facet, k.paired, c.category, c.brand, sum(c.d)::int AS n FROM (
        SELECT 1 AS d, a.hidden, a.category, a.brand, a.option_facets, a.option_pairs
        FROM added a JOIN removed r ON r.id = a.id
        WHERE (a.hidden, a.category, a.brand, a.option_facets, a.option_pairs)
          IS DISTINCT FROM (r.hidden, r.category, r.brand, r.option_facets, r.option_pairs)
        UNION ALL
        SELECT -1, r.hidden, r.category, r.brand, r.option_facets, r.option_pairs
        FROM removed r JOIN added a ON a.id = r.id
        WHERE (a.hidden, a.category, a.brand, a.option_facets, a.option_pairs)
          IS DISTINCT FROM (r.hidden, r.category, r.brand, r.option_facets, r.option_pairs)) AS c,
        product_option_count_keys(c.option_facets, c.option_pairs) AS k
      WHERE NOT c.hidden GROUP BY k.facet, k.paired, c.category, c.brand HAVING sum(c.d) <> 0) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_option_counts_insert AFTER INSERT ON products REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION product_option_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER product_option_counts_delete AFTER DELETE ON products REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION product_option_counts_on_delete();
--> statement-breakpoint
CREATE TRIGGER product_option_counts_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION product_option_counts_on_update();
--> statement-breakpoint
-- The counts of the option values products hold now (no pairs yet), then every product with
-- options rolled up again: its pairs are written and counted by the trigger above.
INSERT INTO product_option_counts (facet, paired, category, brand, visible)
SELECT k.facet, k.paired, p.category, p.brand, count(*)::int
FROM products p, product_option_count_keys(p.option_facets, p.option_pairs) AS k
WHERE NOT p.hidden GROUP BY k.facet, k.paired, p.category, p.brand;
--> statement-breakpoint
SELECT product_variants_roll_up(ARRAY(SELECT DISTINCT product_id FROM product_options));
