-- Ava's discount becomes one stored figure on the order (#11 items 11 and 16), and each line keeps
-- the shop's price before it. Orders placed before this migration stored their lines at the
-- negotiated prices and only the order-level remainder as extra_discount; their Ava's discount is
-- rebuilt below where it can be rebuilt exactly, else it stays the order-level remainder.
ALTER TABLE "order_lines" ADD COLUMN "regular_price" numeric(12, 2);--> statement-breakpoint
UPDATE "order_lines" SET "regular_price" = "unit_price";--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "regular_price" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "negotiated_discount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "negotiated_discount" = "extra_discount";--> statement-breakpoint
-- An old negotiated order whose lines' cut at today's product prices adds up exactly to what the
-- negotiation recorded as applied (less the order-level remainder): those prices were the shop's
-- prices before the deal, so the lines and the order take them.
WITH candidate AS (
  SELECT o."id" AS order_id,
         n."applied_discount_amount" - o."extra_discount" AS line_part,
         sum((greatest(p."price", l."unit_price") - l."unit_price") * l."quantity") AS rebuilt
  FROM "orders" o
  JOIN "negotiations" n ON n."id" = o."negotiation_id"
  JOIN "order_lines" l ON l."order_id" = o."id"
  LEFT JOIN "products" p ON p."id" = l."product_id"
  WHERE n."applied_discount_amount" IS NOT NULL
  GROUP BY o."id", n."applied_discount_amount", o."extra_discount"
  HAVING bool_and(p."id" IS NOT NULL)
), exact AS (
  SELECT order_id, line_part FROM candidate WHERE line_part > 0 AND rebuilt = line_part
), lines_done AS (
  UPDATE "order_lines" l SET "regular_price" = greatest(p."price", l."unit_price")
  FROM "products" p, exact e
  WHERE l."order_id" = e.order_id AND p."id" = l."product_id"
  RETURNING l."order_id"
)
UPDATE "orders" o
SET "negotiated_discount" = o."extra_discount" + e.line_part,
    "subtotal" = o."subtotal" + e.line_part
FROM exact e
WHERE o."id" = e.order_id;
