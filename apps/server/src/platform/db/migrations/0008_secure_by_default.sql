CREATE TABLE "role_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"role" text NOT NULL,
	"user_id" text NOT NULL,
	"user_email" text NOT NULL,
	"by_user_id" text,
	"by_email" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_audit_action" CHECK ("role_audit"."action" in ('grant', 'revoke'))
);
--> statement-breakpoint
-- Roles from before this migration were granted when anyone could take them: demo-mode roles.
ALTER TABLE "user_roles" ADD COLUMN "source" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_roles" ALTER COLUMN "source" SET DEFAULT 'admin';--> statement-breakpoint
ALTER TABLE "user_roles" ADD COLUMN "granted_by" text;--> statement-breakpoint
CREATE INDEX "role_audit_created_idx" ON "role_audit" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_granted_by_user_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Races could leave several active negotiations on one cart: keep the newest, close the rest.
UPDATE "negotiations" SET "status" = 'closed', "completed_at" = now()
WHERE "status" = 'active' AND "id" NOT IN (
	SELECT DISTINCT ON ("cart_id") "id" FROM "negotiations" WHERE "status" = 'active'
	ORDER BY "cart_id", "started_at" DESC, "id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "negotiations_one_active_per_cart_uq" ON "negotiations" USING btree ("cart_id") WHERE "negotiations"."status" = 'active';