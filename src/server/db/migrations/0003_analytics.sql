CREATE TABLE "notification_types" (
	"type_notification_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"event_type" text NOT NULL,
	"type_notification_id" integer NOT NULL,
	"recipient" text NOT NULL,
	"recipient_role" text NOT NULL,
	"status" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"conversation_id" text,
	CONSTRAINT "notifications_log_status_check" CHECK ("notifications_log"."status" in ('ENVIADA','FALLIDA'))
);
--> statement-breakpoint
CREATE TABLE "integration_calls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"id_va" integer NOT NULL,
	"conversation_id" text,
	"called_at" timestamp with time zone NOT NULL,
	"service" text NOT NULL,
	"status" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	CONSTRAINT "integration_calls_status_check" CHECK ("integration_calls"."status" in ('success','failed'))
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "city_id" integer;--> statement-breakpoint
ALTER TABLE "notifications_log" ADD CONSTRAINT "notifications_log_organization_id_organizations_id_org_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id_org") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications_log" ADD CONSTRAINT "notifications_log_type_notification_id_notification_types_type_notification_id_fk" FOREIGN KEY ("type_notification_id") REFERENCES "public"."notification_types"("type_notification_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications_log" ADD CONSTRAINT "notifications_log_conversation_id_conversations_id_conv_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id_conv") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_calls" ADD CONSTRAINT "integration_calls_organization_id_organizations_id_org_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id_org") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_calls" ADD CONSTRAINT "integration_calls_id_va_virtual_agents_id_va_fk" FOREIGN KEY ("id_va") REFERENCES "public"."virtual_agents"("id_va") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_calls" ADD CONSTRAINT "integration_calls_conversation_id_conversations_id_conv_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id_conv") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_log_org_sent_idx" ON "notifications_log" USING btree ("organization_id","sent_at");--> statement-breakpoint
CREATE INDEX "integration_calls_org_called_idx" ON "integration_calls" USING btree ("organization_id","called_at");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;