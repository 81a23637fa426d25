-- Administration (issue 19): the staff access log (sign-ins, locks, unlocks), the automatic unlock
-- after N minutes, and the logical delete of organisations and users (their data stays).
CREATE TABLE "user_access_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_access_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"event" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip" text,
	"actor_id" integer,
	CONSTRAINT "user_access_log_event_check" CHECK ("user_access_log"."event" in ('signIn', 'locked', 'unlocked', 'autoUnlocked'))
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "auto_unlock_minutes" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_email" text;--> statement-breakpoint
ALTER TABLE "user_access_log" ADD CONSTRAINT "user_access_log_organization_id_organizations_id_org_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id_org") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_access_log" ADD CONSTRAINT "user_access_log_user_id_users_id_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_access_log" ADD CONSTRAINT "user_access_log_actor_id_users_id_user_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_access_log_org_at_idx" ON "user_access_log" USING btree ("organization_id","at");--> statement-breakpoint
CREATE INDEX "user_access_log_user_idx" ON "user_access_log" USING btree ("user_id");