CREATE TABLE "realtime_streams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"ip" text NOT NULL,
	"process_id" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "realtime_streams_user_idx" ON "realtime_streams" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "realtime_streams_ip_idx" ON "realtime_streams" USING btree ("ip");