-- A writer of many products' options and variants (the import's batch, the grid) may defer the
-- roll-up to its own end: with the transaction's haggle.variant_roll_up set to 'deferred' the
-- variant and option triggers return at once, and the writer calls product_variants_roll_up
-- once for its products (writeProductVariants). Each statement of a batch (options, the default
-- variant turned first variant, the other variants) had rolled its products up again, each
-- roll-up rewriting them and firing the products' own triggers (counts, vocabulary, tags).
-- Unset (every other writer), nothing changes. The writer's own roll-up is a top-level
-- statement (trigger depth 0), so the bridge that passes a product's price and stock on to its
-- default variant skips it as it skips a trigger's roll-up: its WHEN also reads the setting.
CREATE OR REPLACE FUNCTION product_variants_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 OR current_setting('haggle.variant_roll_up', true) = 'deferred' THEN RETURN NULL; END IF;
  PERFORM product_variants_roll_up(ARRAY(SELECT DISTINCT product_id FROM added));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_variants_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 OR current_setting('haggle.variant_roll_up', true) = 'deferred' THEN RETURN NULL; END IF;
  PERFORM product_variants_roll_up(ARRAY(SELECT DISTINCT product_id FROM removed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_variants_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 OR current_setting('haggle.variant_roll_up', true) = 'deferred' THEN RETURN NULL; END IF;
  IF NOT EXISTS (
    SELECT 1 FROM added a LEFT JOIN removed r ON r.id = a.id
    WHERE r.id IS NULL
      OR (to_jsonb(a) - 'stock_level' - 'updated_at') <> (to_jsonb(r) - 'stock_level' - 'updated_at'))
  THEN
    UPDATE products p SET stock_level = p.stock_level + m.units
    FROM (
      SELECT a.product_id, sum(a.stock_level - r.stock_level)::int AS units
      FROM added a JOIN removed r ON r.id = a.id
      GROUP BY a.product_id) AS m
    WHERE p.id = m.product_id AND m.units <> 0;
    RETURN NULL;
  END IF;
  PERFORM product_variants_roll_up(ARRAY(
    SELECT product_id FROM added UNION SELECT product_id FROM removed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_options_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 OR current_setting('haggle.variant_roll_up', true) = 'deferred' THEN RETURN NULL; END IF;
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
-- The roll-up's ARRAY subqueries are costed far above what they do (tens of rows a product), so a
-- roll-up of a batch crossed jit_above_cost and PostgreSQL compiled it with inlining and
-- optimization: 2.4 s of JIT in a 5.4 s roll-up of 2,000 products (load 20). It reads a few
-- rows per product by index: no JIT, on every caller. (The embedded database has no JIT.)
ALTER FUNCTION product_variants_roll_up(uuid[]) SET jit = off;
--> statement-breakpoint
DROP TRIGGER "products_default_variant_update" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_default_variant_update" AFTER UPDATE ON "products" FOR EACH ROW
  WHEN (pg_trigger_depth() = 0
    AND current_setting('haggle.variant_roll_up', true) IS DISTINCT FROM 'deferred'
    AND (NEW.sku, NEW.price, NEW.list_price, NEW.stock_level) IS DISTINCT FROM (OLD.sku, OLD.price, OLD.list_price, OLD.stock_level))
  EXECUTE FUNCTION products_default_variant_on_update();
