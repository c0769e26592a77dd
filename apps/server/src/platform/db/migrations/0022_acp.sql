CREATE TABLE "acp_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"cart_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"buyer" jsonb,
	"fulfillment_address" jsonb,
	"fulfillment_option_id" text,
	"order_id" uuid,
	"notified_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acp_checkout_sessions_status_check" CHECK ("acp_checkout_sessions"."status" in ('open', 'completed', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "acp_idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acp_idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "acp_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "acp_webhook_events_status_check" CHECK ("acp_webhook_events"."status" in ('queued', 'sent', 'failed')),
	CONSTRAINT "acp_webhook_events_type_check" CHECK ("acp_webhook_events"."type" in ('order_create', 'order_update'))
);
--> statement-breakpoint
ALTER TABLE "acp_checkout_sessions" ADD CONSTRAINT "acp_checkout_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acp_checkout_sessions" ADD CONSTRAINT "acp_checkout_sessions_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acp_checkout_sessions" ADD CONSTRAINT "acp_checkout_sessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acp_idempotency_keys" ADD CONSTRAINT "acp_idempotency_keys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acp_webhook_events" ADD CONSTRAINT "acp_webhook_events_session_id_acp_checkout_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."acp_checkout_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acp_checkout_sessions_user_idx" ON "acp_checkout_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "acp_checkout_sessions_order_idx" ON "acp_checkout_sessions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "acp_idempotency_keys_created_idx" ON "acp_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "acp_webhook_events_due_idx" ON "acp_webhook_events" USING btree ("next_attempt_at") WHERE "acp_webhook_events"."status" = 'queued';