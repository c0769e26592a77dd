CREATE TABLE "product_pairings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"product_id" uuid NOT NULL,
	"paired_product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_pairings_kind" CHECK ("product_pairings"."kind" in ('cross_sell', 'upsell')),
	CONSTRAINT "product_pairings_not_self" CHECK ("product_pairings"."product_id" <> "product_pairings"."paired_product_id")
);
--> statement-breakpoint
ALTER TABLE "product_pairings" ADD CONSTRAINT "product_pairings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_pairings" ADD CONSTRAINT "product_pairings_paired_product_id_products_id_fk" FOREIGN KEY ("paired_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_pairings_kind_product_paired_uq" ON "product_pairings" USING btree ("kind","product_id","paired_product_id");--> statement-breakpoint
CREATE INDEX "product_pairings_product_idx" ON "product_pairings" USING btree ("product_id");