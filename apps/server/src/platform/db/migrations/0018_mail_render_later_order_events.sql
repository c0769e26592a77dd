CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2),
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
-- The timeline of orders placed before events were recorded, from what the order row kept: its
-- payment time, its cancel time, and its last status move (at its last update) when it went
-- further than confirmed; the money given back as one refund.
INSERT INTO "order_events" ("order_id", "kind", "at")
  SELECT "id", 'paid', "paid_at" FROM "orders" WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "kind", "at")
  SELECT "id", "status", "updated_at" FROM "orders" WHERE "status" IN ('processing', 'shipped', 'delivered');--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "kind", "amount", "at")
  SELECT "id", 'refunded', "refunded_total", "updated_at" FROM "orders"
  WHERE "refunded_total" > 0 AND "cancelled_at" IS NULL;--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "kind", "amount", "at")
  SELECT "id", 'cancelled', nullif("refunded_total", 0), coalesce("cancelled_at", "updated_at") FROM "orders"
  WHERE "status" = 'cancelled' OR "cancelled_at" IS NOT NULL;
--> statement-breakpoint
-- A product page shows what is bought with it (the merchant's cross-sells): a change of pairings
-- is a change of the catalogue, for the answer caches (#14 item 3), like a product's.
CREATE TRIGGER catalogue_version_pairings AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_pairings
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
