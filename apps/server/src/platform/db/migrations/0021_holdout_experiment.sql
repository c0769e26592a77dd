CREATE TABLE "holdout_assignments" (
	"experiment_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"group_name" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holdout_assignments_experiment_id_user_id_pk" PRIMARY KEY("experiment_id","user_id"),
	CONSTRAINT "holdout_assignments_group" CHECK ("holdout_assignments"."group_name" in ('ava', 'holdout'))
);
--> statement-breakpoint
CREATE TABLE "holdout_experiments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holdout_share_bp" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "holdout_experiments_share" CHECK ("holdout_experiments"."holdout_share_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "holdout_assignments" ADD CONSTRAINT "holdout_assignments_experiment_id_holdout_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."holdout_experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdout_assignments" ADD CONSTRAINT "holdout_assignments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holdout_experiments_one_running_uq" ON "holdout_experiments" USING btree ((true)) WHERE "holdout_experiments"."stopped_at" is null;