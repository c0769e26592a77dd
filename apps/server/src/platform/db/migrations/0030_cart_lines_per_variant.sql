-- A cart line is a variant: two sizes of one tee are two lines. Lines inserted since 0028 without
-- a variant (a product with options has no default variant) take the product's first variant.
UPDATE "cart_items" c SET "variant_id" = (
  SELECT v."id" FROM "product_variants" v WHERE v."product_id" = c."product_id" ORDER BY v."position", v."id" LIMIT 1)
WHERE c."variant_id" IS NULL;
--> statement-breakpoint
DELETE FROM "cart_items" WHERE "variant_id" IS NULL;
--> statement-breakpoint
DROP INDEX "cart_items_cart_product_uq";--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_cart_variant_uq" ON "cart_items" USING btree ("cart_id","variant_id");
--> statement-breakpoint
-- Checkout now takes stock from the variant, whose roll-up writes the product's derived stock.
-- That write used to queue the bridging row trigger only for it to return at once (depth > 1);
-- checked in its WHEN instead, a write a trigger makes queues nothing.
DROP TRIGGER "products_default_variant_update" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_default_variant_update" AFTER UPDATE ON "products" FOR EACH ROW
  WHEN (pg_trigger_depth() = 0
    AND (NEW.sku, NEW.price, NEW.list_price, NEW.stock_level) IS DISTINCT FROM (OLD.sku, OLD.price, OLD.list_price, OLD.stock_level))
  EXECUTE FUNCTION products_default_variant_on_update();
--> statement-breakpoint
-- A product's answer lists its options and variants, so a write of either announces a new
-- catalogue version as a write of the product does (a variant's price can move without moving
-- the product's from price). NOTIFY goes out on commit; the answer caches forget older answers.
CREATE TRIGGER catalogue_version_variants AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE TRIGGER catalogue_version_options AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_options
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
