CREATE TABLE "ldap_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"dn" text NOT NULL,
	"dn_key" text NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ldap_accounts_org_dn_unique" UNIQUE("organization_id","dn_key")
);
--> statement-breakpoint
CREATE TABLE "ldap_directories" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"url" text NOT NULL,
	"bind_dn" text DEFAULT '' NOT NULL,
	"bind_password" text,
	"search_base" text NOT NULL,
	"user_filter" text NOT NULL,
	"group_search_base" text DEFAULT '' NOT NULL,
	"email_attribute" text DEFAULT 'mail' NOT NULL,
	"name_attribute" text DEFAULT 'cn' NOT NULL,
	"role_mappings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"timeout_ms" integer DEFAULT 5000 NOT NULL,
	"connect_timeout_ms" integer DEFAULT 5000 NOT NULL,
	"date_create" timestamp with time zone DEFAULT now() NOT NULL,
	"date_update" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ldap_directories_timeout_check" CHECK ("ldap_directories"."timeout_ms" between 500 and 60000 and "ldap_directories"."connect_timeout_ms" between 500 and 60000),
	CONSTRAINT "ldap_directories_url_check" CHECK ("ldap_directories"."url" ~ '^ldaps?://')
);
--> statement-breakpoint
ALTER TABLE "ldap_accounts" ADD CONSTRAINT "ldap_accounts_user_id_users_id_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ldap_accounts" ADD CONSTRAINT "ldap_accounts_organization_id_organizations_id_org_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id_org") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ldap_directories" ADD CONSTRAINT "ldap_directories_organization_id_organizations_id_org_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id_org") ON DELETE cascade ON UPDATE no action;