CREATE TABLE "acp_feed_pushes" (
	"feed" text NOT NULL,
	"product_id" text NOT NULL,
	"digest" text NOT NULL,
	"claim" text,
	"claimed_at" timestamp with time zone,
	"pushed_at" timestamp with time zone,
	CONSTRAINT "acp_feed_pushes_feed_product_id_pk" PRIMARY KEY("feed","product_id")
);
--> statement-breakpoint
CREATE INDEX "acp_feed_pushes_claim_idx" ON "acp_feed_pushes" USING btree ("claim");