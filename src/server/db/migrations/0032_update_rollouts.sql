CREATE TABLE "update_rollouts" (
	"version" text PRIMARY KEY NOT NULL,
	"percentage" integer NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "update_rollouts" ADD CONSTRAINT "update_rollouts_updated_by_users_id_user_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;