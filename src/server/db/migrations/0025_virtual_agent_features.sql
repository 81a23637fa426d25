CREATE TABLE "virtual_agent_features" (
	"id_va" integer NOT NULL,
	"id_feature" integer NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	CONSTRAINT "virtual_agent_features_id_va_id_feature_pk" PRIMARY KEY("id_va","id_feature")
);
--> statement-breakpoint
ALTER TABLE "virtual_agent_features" ADD CONSTRAINT "virtual_agent_features_id_va_virtual_agents_id_va_fk" FOREIGN KEY ("id_va") REFERENCES "public"."virtual_agents"("id_va") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 38: every existing virtual agent starts with every feature of FEATURES (src/shared/domain/feature.ts) on.
INSERT INTO "virtual_agent_features" ("id_va", "id_feature", "status")
SELECT va."id_va", f."id_feature", true
FROM "virtual_agents" va CROSS JOIN (VALUES (1), (2), (3), (4), (5)) AS f("id_feature")
ON CONFLICT DO NOTHING;
