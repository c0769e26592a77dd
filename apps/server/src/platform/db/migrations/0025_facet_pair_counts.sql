CREATE TABLE "product_pair_counts" (
	"category" text NOT NULL,
	"brand" text NOT NULL,
	"visible" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_pair_counts_category_brand_pk" PRIMARY KEY("category","brand")
);
--> statement-breakpoint
CREATE INDEX "product_pair_counts_brand_idx" ON "product_pair_counts" USING btree ("brand");--> statement-breakpoint
-- product_pair_counts: kept like product_facet_counts (migration 0009): one statement trigger
-- per change, only net changes written, in one order (category, brand), so concurrent writers
-- never wait on each other in opposite orders.
CREATE FUNCTION product_pair_counts_add(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_pair_counts AS c (category, brand, visible)
  SELECT category, brand, n FROM jsonb_to_recordset(changes) AS x(category text, brand text, n int)
  ORDER BY category, brand
  ON CONFLICT (category, brand) DO UPDATE SET visible = c.visible + excluded.visible
$$;
--> statement-breakpoint
CREATE FUNCTION product_pair_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_pair_counts_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('category', category, 'brand', brand, 'n', n)) FROM (
      SELECT category, brand, count(*)::int AS n FROM added WHERE NOT hidden GROUP BY category, brand) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_pair_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_pair_counts_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('category', category, 'brand', brand, 'n', -n)) FROM (
      SELECT category, brand, count(*)::int AS n FROM removed WHERE NOT hidden GROUP BY category, brand) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_pair_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_pair_counts_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('category', category, 'brand', brand, 'n', n)) FROM (
      SELECT category, brand, sum(d)::int AS n FROM (
        SELECT 1 AS d, hidden, category, brand FROM added
        UNION ALL SELECT -1, hidden, category, brand FROM removed) AS r
      WHERE NOT r.hidden GROUP BY category, brand HAVING sum(d) <> 0) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_pair_counts_insert AFTER INSERT ON products REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION product_pair_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER product_pair_counts_delete AFTER DELETE ON products REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION product_pair_counts_on_delete();
--> statement-breakpoint
CREATE TRIGGER product_pair_counts_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION product_pair_counts_on_update();
--> statement-breakpoint
INSERT INTO product_pair_counts (category, brand, visible)
SELECT category, brand, count(*)::int FROM products WHERE NOT hidden GROUP BY category, brand;
