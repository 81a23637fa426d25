ALTER TABLE "conversations" ADD COLUMN "awaiting_agent_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "conversations_open_idx" ON "conversations" USING btree ("status") WHERE "conversations"."status" <> 'FINALIZADA';--> statement-breakpoint
-- Conversations under way when this migration runs: the oldest customer message after the last agent message.
UPDATE "conversations" c SET "awaiting_agent_since" = (
  SELECT min(m."fecha_mensaje") FROM "messages" m
  WHERE m."conversation_id" = c."id_conv" AND m."tipo_usuario" = 'CLIENTE'
    AND m."seq" > coalesce((SELECT max(a."seq") FROM "messages" a WHERE a."conversation_id" = c."id_conv" AND a."tipo_usuario" = 'ASESOR'), 0)
) WHERE c."status" <> 'FINALIZADA';
