-- Every order so far was charged in the shop's currency setting (USD when none was chosen).
ALTER TABLE "orders" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "orders" SET "currency" = coalesce((SELECT "value" FROM "app_settings" WHERE "key" = 'shop_currency'), 'USD');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "currency" SET NOT NULL;
