CREATE TABLE "agent_cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_cart_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_cart_items_quantity_positive" CHECK ("agent_cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "agent_carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"claimed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_cart_items" ADD CONSTRAINT "agent_cart_items_agent_cart_id_agent_carts_id_fk" FOREIGN KEY ("agent_cart_id") REFERENCES "public"."agent_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_cart_items" ADD CONSTRAINT "agent_cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_cart_items" ADD CONSTRAINT "agent_cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_carts" ADD CONSTRAINT "agent_carts_claimed_by_user_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_cart_items_cart_variant_uq" ON "agent_cart_items" USING btree ("agent_cart_id","variant_id");--> statement-breakpoint
CREATE INDEX "agent_cart_items_variant_idx" ON "agent_cart_items" USING btree ("variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_carts_token_hash_uq" ON "agent_carts" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "agent_carts_expires_idx" ON "agent_carts" USING btree ("expires_at");