CREATE TABLE "product_option_totals" (
	"facet" text NOT NULL,
	"paired" text NOT NULL,
	"visible" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_option_totals_facet_paired_pk" PRIMARY KEY("facet","paired")
);
--> statement-breakpoint
DROP INDEX "product_variants_low_stock_idx";--> statement-breakpoint
CREATE INDEX "product_option_counts_facet_category_idx" ON "product_option_counts" USING btree ("facet","category") WHERE "product_option_counts"."paired" <> '';--> statement-breakpoint
CREATE INDEX "product_option_counts_facet_brand_idx" ON "product_option_counts" USING btree ("facet","brand") WHERE "product_option_counts"."paired" <> '';--> statement-breakpoint
CREATE INDEX "product_variants_low_stock_sku_idx" ON "product_variants" USING btree ("stock_level","sku","product_id") WHERE "product_variants"."stock_level" <= 5;--> statement-breakpoint
-- product_option_totals: the sums of product_option_counts over categories and brands, written
-- by the one function every product_option_counts trigger calls, after its own rows and in the
-- same (facet, paired) order, so concurrent writers still lock in one order.
CREATE OR REPLACE FUNCTION product_option_counts_add(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_option_counts AS c (facet, paired, category, brand, visible)
  SELECT facet, paired, category, brand, n
  FROM jsonb_to_recordset(changes) AS x(facet text, paired text, category text, brand text, n int)
  ORDER BY facet, paired, category, brand
  ON CONFLICT (facet, paired, category, brand) DO UPDATE SET visible = c.visible + excluded.visible;
  INSERT INTO product_option_totals AS t (facet, paired, visible)
  SELECT facet, paired, sum(n)::int
  FROM jsonb_to_recordset(changes) AS x(facet text, paired text, n int)
  GROUP BY facet, paired HAVING sum(n) <> 0
  ORDER BY facet, paired
  ON CONFLICT (facet, paired) DO UPDATE SET visible = t.visible + excluded.visible;
$$;
--> statement-breakpoint
INSERT INTO product_option_totals (facet, paired, visible)
SELECT facet, paired, sum(visible)::int FROM product_option_counts GROUP BY facet, paired;
