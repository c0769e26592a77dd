ALTER TABLE "carts" ADD COLUMN "negotiated_discount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "applied_negotiation_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "extra_discount" numeric(12, 2) DEFAULT '0' NOT NULL;