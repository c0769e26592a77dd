CREATE TABLE "product_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"values" text[] NOT NULL,
	CONSTRAINT "product_options_position" CHECK ("product_options"."position" between 0 and 2),
	CONSTRAINT "product_options_name_nonempty" CHECK (length(trim("product_options"."name")) > 0),
	CONSTRAINT "product_options_values_nonempty" CHECK (cardinality("product_options"."values") > 0)
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"option_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"list_price" numeric(12, 2) NOT NULL,
	"stock_level" integer DEFAULT 0 NOT NULL,
	"in_stock" boolean GENERATED ALWAYS AS (stock_level > 0) STORED NOT NULL,
	"weight_grams" integer,
	"barcode" text,
	"image_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_sku_unique" UNIQUE("sku"),
	CONSTRAINT "product_variants_stock_nonnegative" CHECK ("product_variants"."stock_level" >= 0),
	CONSTRAINT "product_variants_price_nonnegative" CHECK ("product_variants"."price" >= 0 and "product_variants"."list_price" >= 0),
	CONSTRAINT "product_variants_weight_nonnegative" CHECK ("product_variants"."weight_grams" is null or "product_variants"."weight_grams" >= 0),
	CONSTRAINT "product_variants_option_values" CHECK (cardinality("product_variants"."option_values") <= 3)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_product_position_uq" ON "product_options" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_product_name_uq" ON "product_options" USING btree ("product_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_options_uq" ON "product_variants" USING btree ("product_id","option_values");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_variant_idx" ON "cart_items" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "order_lines_variant_idx" ON "order_lines" USING btree ("variant_id");--> statement-breakpoint
-- Every product gets its default variant: no option values, the product's SKU, price, list
-- price and stock (decision 0044). Every cart line, order line and bundled item of an offer
-- then names it.
INSERT INTO "product_variants" ("product_id", "sku", "price", "list_price", "stock_level", "image_url", "created_at", "updated_at")
SELECT "id", "sku", "price", "list_price", "stock_level", '', "created_at", "updated_at" FROM "products";
--> statement-breakpoint
UPDATE "cart_items" c SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = c."product_id";
--> statement-breakpoint
UPDATE "order_lines" l SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = l."product_id";
--> statement-breakpoint
UPDATE "negotiation_offers" o SET "new_items" = (
  SELECT jsonb_agg(CASE WHEN v."id" IS NULL THEN e.item ELSE e.item || jsonb_build_object('variantId', v."id") END ORDER BY e.ord)
  FROM jsonb_array_elements(o."new_items") WITH ORDINALITY AS e(item, ord)
  LEFT JOIN "product_variants" v ON v."product_id"::text = e.item->>'productId' AND v."option_values" = '{}')
WHERE jsonb_typeof(o."new_items") = 'array' AND jsonb_array_length(o."new_items") > 0;
--> statement-breakpoint
-- The variants hold price and stock; the product's price, list price and stock_level are derived:
-- the cheapest variant's price and list price (the "from" price; ties: the first variant) and the
-- sum of the variants' stock. The catalogue's indexes and plans keep reading the product's columns.
-- A write one of these triggers makes never echoes back (pg_trigger_depth() > 1 returns at once).
CREATE FUNCTION product_variants_roll_up(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET price = s.price, list_price = s.list_price, stock_level = s.stock_level
  FROM (
    SELECT DISTINCT ON (v.product_id) v.product_id, v.price, v.list_price,
      (sum(v.stock_level) OVER (PARTITION BY v.product_id))::int AS stock_level
    FROM product_variants v WHERE v.product_id = ANY(ids)
    ORDER BY v.product_id, v.price, v.position, v.id) AS s
  WHERE p.id = s.product_id
    AND (p.price, p.list_price, p.stock_level) IS DISTINCT FROM (s.price, s.list_price, s.stock_level)
$$;
--> statement-breakpoint
CREATE FUNCTION product_variants_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  PERFORM product_variants_roll_up(ARRAY(SELECT DISTINCT product_id FROM added));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_variants_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  PERFORM product_variants_roll_up(ARRAY(
    SELECT product_id FROM added UNION SELECT product_id FROM removed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_variants_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  PERFORM product_variants_roll_up(ARRAY(SELECT DISTINCT product_id FROM removed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_variants_insert AFTER INSERT ON product_variants REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_on_insert();
--> statement-breakpoint
CREATE TRIGGER product_variants_update AFTER UPDATE ON product_variants
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_on_update();
--> statement-breakpoint
CREATE TRIGGER product_variants_delete AFTER DELETE ON product_variants REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_on_delete();
--> statement-breakpoint
-- A new product gets its default variant (a product given options later turns it into its first).
CREATE FUNCTION products_default_variant_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  INSERT INTO product_variants (product_id, sku, price, list_price, stock_level)
  SELECT id, sku, price, list_price, stock_level FROM added;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_default_variant_insert AFTER INSERT ON products REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION products_default_variant_on_insert();
--> statement-breakpoint
-- Until every writer changes the variant itself, a write of a product's price, list price, stock
-- or SKU goes on to its default variant. A product with options has none: its price and stock
-- are its variants', and writing them on the product is refused.
CREATE FUNCTION products_default_variant_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  UPDATE product_variants SET sku = NEW.sku, price = NEW.price, list_price = NEW.list_price,
      stock_level = NEW.stock_level, updated_at = now()
    WHERE product_id = NEW.id AND option_values = '{}';
  IF NOT FOUND AND (NEW.price, NEW.list_price, NEW.stock_level) IS DISTINCT FROM (OLD.price, OLD.list_price, OLD.stock_level)
     AND EXISTS (SELECT 1 FROM product_variants WHERE product_id = NEW.id) THEN
    RAISE EXCEPTION 'Product % has options: its price and stock are its variants''.', NEW.sku
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_default_variant_update AFTER UPDATE ON products FOR EACH ROW
  WHEN ((NEW.sku, NEW.price, NEW.list_price, NEW.stock_level) IS DISTINCT FROM (OLD.sku, OLD.price, OLD.list_price, OLD.stock_level))
  EXECUTE FUNCTION products_default_variant_on_update();
--> statement-breakpoint
-- A cart or order line written without its variant buys the product's default variant.
CREATE FUNCTION line_default_variant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT id INTO NEW.variant_id FROM product_variants
    WHERE product_id = NEW.product_id AND option_values = '{}';
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER cart_items_default_variant BEFORE INSERT ON cart_items FOR EACH ROW
  WHEN (NEW.variant_id IS NULL AND NEW.product_id IS NOT NULL) EXECUTE FUNCTION line_default_variant();
--> statement-breakpoint
CREATE TRIGGER order_lines_default_variant BEFORE INSERT ON order_lines FOR EACH ROW
  WHEN (NEW.variant_id IS NULL AND NEW.product_id IS NOT NULL) EXECUTE FUNCTION line_default_variant();
