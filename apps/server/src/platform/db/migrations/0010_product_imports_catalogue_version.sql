CREATE TABLE "product_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total_bytes" integer DEFAULT 0 NOT NULL,
	"bytes_read" integer DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped_variants" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The catalogue version (issue #14 item 3): any statement that changes what the catalogue shows
-- (a product added, removed, or one of its shown columns set: price, stock, text, visibility)
-- takes the next value and announces it on haggle_catalogue. NOTIFY is delivered on commit, to
-- every process sharing the database, whose answer caches then forget older answers. A sequence
-- takes no row lock, so concurrent checkouts never queue on it. Embedding writes do not bump it.
CREATE SEQUENCE catalogue_version_seq;
--> statement-breakpoint
CREATE FUNCTION catalogue_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('haggle_catalogue', nextval('catalogue_version_seq')::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER catalogue_version_insert_delete AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE TRIGGER catalogue_version_update AFTER UPDATE OF sku, name, description, brand, category, price,
  list_price, image_url, rating, review_count, stock_level, demand_index, tags, hidden ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
