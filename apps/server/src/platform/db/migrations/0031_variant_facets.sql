ALTER TABLE "products" ADD COLUMN "max_price" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_facets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "products_option_facets_idx" ON "products" USING gin ("option_facets") WHERE "products"."hidden" = false;--> statement-breakpoint
-- The roll-up (migration 0028) also keeps the dearest variant's price (a card's "from $X") and
-- the option values the variants have as "Name:Value" texts, in the options' order and each
-- option's value order (the catalogue's option facets, and a card's colour swatches).
CREATE OR REPLACE FUNCTION product_variants_roll_up(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET price = s.price, list_price = s.list_price, stock_level = s.stock_level,
    max_price = s.max_price, option_facets = s.option_facets
  FROM (
    SELECT DISTINCT ON (v.product_id) v.product_id, v.price, v.list_price,
      (sum(v.stock_level) OVER (PARTITION BY v.product_id))::int AS stock_level,
      max(v.price) OVER (PARTITION BY v.product_id) AS max_price,
      ARRAY(
        SELECT o.name || ':' || val.value FROM product_options o
        CROSS JOIN LATERAL unnest(o.values) WITH ORDINALITY AS val(value, ord)
        WHERE o.product_id = v.product_id AND EXISTS (
          SELECT 1 FROM product_variants w
          WHERE w.product_id = o.product_id AND w.option_values[o.position + 1] = val.value)
        ORDER BY o.position, val.ord) AS option_facets
    FROM product_variants v WHERE v.product_id = ANY(ids)
    ORDER BY v.product_id, v.price, v.position, v.id) AS s
  WHERE p.id = s.product_id
    AND (p.price, p.list_price, p.stock_level, p.max_price, p.option_facets)
      IS DISTINCT FROM (s.price, s.list_price, s.stock_level, s.max_price, s.option_facets)
$$;
--> statement-breakpoint
-- Renaming an option or reordering its values changes the facets without touching a variant.
CREATE FUNCTION product_options_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM product_variants_roll_up(ARRAY(SELECT DISTINCT product_id FROM added));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM product_variants_roll_up(ARRAY(SELECT DISTINCT product_id FROM removed));
  ELSE
    PERFORM product_variants_roll_up(ARRAY(SELECT product_id FROM added UNION SELECT product_id FROM removed));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_options_insert AFTER INSERT ON product_options REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION product_options_on_change();
--> statement-breakpoint
CREATE TRIGGER product_options_update AFTER UPDATE ON product_options
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION product_options_on_change();
--> statement-breakpoint
CREATE TRIGGER product_options_delete AFTER DELETE ON product_options REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION product_options_on_change();
--> statement-breakpoint
-- The kept facet counts (migration 0009) count option values too: kind 'option', value "Size:M",
-- how many visible products have a variant with it (an unfiltered listing reads them, no product).
CREATE OR REPLACE FUNCTION product_facet_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_facet_counts_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('kind', kind, 'value', value, 'n', n)) FROM (
      SELECT kind, value, count(*)::int AS n FROM added,
        LATERAL (SELECT 'all', '' UNION ALL SELECT 'category', added.category
          UNION ALL SELECT 'brand', added.brand
          UNION ALL SELECT 'option', o FROM unnest(added.option_facets) AS o) AS f(kind, value)
      WHERE NOT added.hidden GROUP BY kind, value) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_facet_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_facet_counts_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('kind', kind, 'value', value, 'n', -n)) FROM (
      SELECT kind, value, count(*)::int AS n FROM removed,
        LATERAL (SELECT 'all', '' UNION ALL SELECT 'category', removed.category
          UNION ALL SELECT 'brand', removed.brand
          UNION ALL SELECT 'option', o FROM unnest(removed.option_facets) AS o) AS f(kind, value)
      WHERE NOT removed.hidden GROUP BY kind, value) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_facet_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_facet_counts_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('kind', kind, 'value', value, 'n', n)) FROM (
      SELECT kind, value, sum(d)::int AS n FROM (
        SELECT 1 AS d, hidden, category, brand, option_facets FROM added
        UNION ALL SELECT -1, hidden, category, brand, option_facets FROM removed) AS r,
        LATERAL (SELECT 'all', '' UNION ALL SELECT 'category', r.category
          UNION ALL SELECT 'brand', r.brand
          UNION ALL SELECT 'option', o FROM unnest(r.option_facets) AS o) AS f(kind, value)
      WHERE NOT r.hidden GROUP BY kind, value HAVING sum(d) <> 0) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every product's new columns from its variants (the update counts their option values).
UPDATE products SET max_price = price;
--> statement-breakpoint
SELECT product_variants_roll_up(ARRAY(SELECT DISTINCT product_id FROM product_options));
