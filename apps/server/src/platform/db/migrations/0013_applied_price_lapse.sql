-- An applied negotiated price lapses when a price it was computed on moves, or
-- APPLIED_OFFER_TTL_MINUTES after it was applied (#12 finding 6). Carts holding an applied offer
-- from before this migration take the time they were last written (applying an offer writes it,
-- and any later cart change voided the offer) and today's prices as the prices it was computed
-- on: they lapse with their time, and on the next price change.
ALTER TABLE "cart_items" ADD COLUMN "negotiated_on_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "negotiated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "negotiation_lapse" text;--> statement-breakpoint
UPDATE "carts" SET "negotiated_at" = "updated_at"
WHERE "status" = 'active' AND "applied_negotiation_id" IS NOT NULL;--> statement-breakpoint
UPDATE "cart_items" i SET "negotiated_on_price" = p."price"
FROM "carts" c, "products" p
WHERE c."id" = i."cart_id" AND p."id" = i."product_id"
  AND c."status" = 'active' AND c."applied_negotiation_id" IS NOT NULL;
