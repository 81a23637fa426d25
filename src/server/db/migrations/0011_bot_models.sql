CREATE TABLE "bot_models" (
	"workspace_id" integer PRIMARY KEY NOT NULL,
	"training_key" text NOT NULL,
	"model" text NOT NULL,
	"trained_at" timestamp with time zone NOT NULL,
	"training_ms" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "answer_threshold" real DEFAULT 0.6 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "options_threshold" real DEFAULT 0.3 NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_models" ADD CONSTRAINT "bot_models_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_thresholds_check" CHECK (0 <= "workspaces"."options_threshold" and "workspaces"."options_threshold" <= "workspaces"."answer_threshold" and "workspaces"."answer_threshold" <= 1);