-- A category's page in the featured order walks that category's products only (listingRows).
CREATE INDEX "products_category_featured_idx" ON "products" USING btree ("category","in_stock" DESC NULLS FIRST,"demand_index" DESC NULLS FIRST,"name","id") WHERE "products"."hidden" = false;--> statement-breakpoint
-- The roll-up rewrites its products in product line order (category, brand, name), as the import
-- inserts them (decision 0029). Each rewritten row is a new row version, placed where there is
-- room (after a bulk write: at the table's end, one after the other), so the order of the
-- rewrite is the order the rows end up in. Before, the roll-up rewrote them in id order (random
-- UUIDs): an import with variants inserted each batch in product line order and its roll-up then
-- scattered the batch, and a search read about one heap page per match again. The body is 0034's
-- but for the ORDER BY over the products' line; jit stays off (0043).
CREATE OR REPLACE FUNCTION product_variants_roll_up(ids uuid[]) RETURNS void LANGUAGE sql
SET jit = off AS $$
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
      ORDER BY v.product_id, v.price, v.position, v.id) AS d
    JOIN products line ON line.id = d.product_id
    ORDER BY line.category, line.brand, line.name, line.id) AS s
  WHERE p.id = s.product_id
    AND (p.price, p.list_price, p.stock_level, p.max_price, p.option_facets, p.option_pairs)
      IS DISTINCT FROM (s.price, s.list_price, s.stock_level, s.max_price, s.option_facets, s.option_pairs)
$$;
