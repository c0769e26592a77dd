CREATE TABLE "negotiation_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"negotiation_id" uuid NOT NULL,
	"cart_id" uuid NOT NULL,
	"cart_fingerprint" text NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) NOT NULL,
	"percent_bp" integer NOT NULL,
	"new_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text DEFAULT 'policy' NOT NULL,
	"status" text DEFAULT 'standing' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "negotiation_offers_discount_nonnegative" CHECK ("negotiation_offers"."discount" >= 0 and "negotiation_offers"."discount" <= "negotiation_offers"."subtotal")
);
--> statement-breakpoint
ALTER TABLE "negotiation_approvals" ADD COLUMN "cart_fingerprint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "negotiation_approvals" ADD COLUMN "subtotal" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "negotiations" ADD COLUMN "rounds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "negotiations" ADD COLUMN "concession_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "negotiations" ADD COLUMN "bundle_proposed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "negotiation_offers" ADD CONSTRAINT "negotiation_offers_negotiation_id_negotiations_id_fk" FOREIGN KEY ("negotiation_id") REFERENCES "public"."negotiations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiation_offers" ADD CONSTRAINT "negotiation_offers_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "negotiation_offers_negotiation_idx" ON "negotiation_offers" USING btree ("negotiation_id","status");--> statement-breakpoint
CREATE INDEX "negotiation_offers_cart_idx" ON "negotiation_offers" USING btree ("cart_id","status");