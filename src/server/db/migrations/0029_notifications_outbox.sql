CREATE TABLE "notification_channels" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"smtp_host" text DEFAULT '' NOT NULL,
	"smtp_port" integer DEFAULT 587 NOT NULL,
	"smtp_security" text DEFAULT 'starttls' NOT NULL,
	"smtp_user" text DEFAULT '' NOT NULL,
	"smtp_password_enc" text,
	"from_address" text DEFAULT '' NOT NULL,
	"sms_url" text DEFAULT '' NOT NULL,
	"sms_user" text DEFAULT '' NOT NULL,
	"sms_token_enc" text,
	"sms_max_parts" integer DEFAULT 3 NOT NULL,
	"cap_count" integer DEFAULT 5 NOT NULL,
	"cap_window_minutes" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_channels_port_check" CHECK ("notification_channels"."smtp_port" between 1 and 65535),
	CONSTRAINT "notification_channels_security_check" CHECK ("notification_channels"."smtp_security" in ('none','starttls','tls')),
	CONSTRAINT "notification_channels_limits_check" CHECK ("notification_channels"."sms_max_parts" between 1 and 10 and "notification_channels"."cap_count" between 1 and 1000 and "notification_channels"."cap_window_minutes" between 1 and 1440)
);
--> statement-breakpoint
CREATE TABLE "notification_emails" (
	"id_email" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_emails_id_email_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"email" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_emails_org_email_unique" UNIQUE("organization_id","email")
);
--> statement-breakpoint
CREATE TABLE "notification_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"type_notification_id" integer NOT NULL,
	"template_id" integer,
	"template_version" integer NOT NULL,
	"recipient" text NOT NULL,
	"recipient_role" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"variables" jsonb NOT NULL,
	"conversation_id" text,
	"status" text DEFAULT 'PENDIENTE' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notification_outbox_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "notification_outbox_status_check" CHECK ("notification_outbox"."status" in ('PENDIENTE','ENVIANDO','ENVIADA','FALLIDA','SUPRIMIDA'))
);
--> statement-breakpoint
CREATE TABLE "notification_suppressions" (
	"organization_id" integer NOT NULL,
	"address" text NOT NULL,
	"reason" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_suppressions_organization_id_address_pk" PRIMARY KEY("organization_id","address")
);
--> statement-breakpoint
CREATE TABLE "notification_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"type_notification_id" integer NOT NULL,
	"code_template" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"body_sms" text,
	"exclude_customer_content" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_templates_org_event_type_unique" UNIQUE("organization_id","event_type","type_notification_id")
);
--> statement-breakpoint
ALTER TABLE "notifications_log" DROP CONSTRAINT "notifications_log_status_check";--> statement-breakpoint
ALTER TABLE "integration_calls" ALTER COLUMN "id_va" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications_log" ADD COLUMN "outbox_id" bigint;--> statement-breakpoint
ALTER TABLE "notification_channels" ADD CONSTRAINT "notification_channels_organization_id_organizations_id_org_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id_org") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_emails" ADD CONSTRAINT "notification_emails_organization_id_organizations_id_org_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id_org") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_organization_id_organizations_id_org_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id_org") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_type_notification_id_notification_types_type_notification_id_fk" FOREIGN KEY ("type_notification_id") REFERENCES "public"."notification_types"("type_notification_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_template_id_notification_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."notification_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_conversation_id_conversations_id_conv_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id_conv") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_suppressions" ADD CONSTRAINT "notification_suppressions_organization_id_organizations_id_org_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id_org") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_organization_id_organizations_id_org_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id_org") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_type_notification_id_notification_types_type_notification_id_fk" FOREIGN KEY ("type_notification_id") REFERENCES "public"."notification_types"("type_notification_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_outbox_due_idx" ON "notification_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notification_outbox_org_idx" ON "notification_outbox" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "notifications_log" ADD CONSTRAINT "notifications_log_status_check" CHECK ("notifications_log"."status" in ('ENVIADA','FALLIDA','SUPRIMIDA'));