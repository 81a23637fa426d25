DROP INDEX "conversation_business_reasons_created_idx";--> statement-breakpoint
CREATE INDEX "conversation_final_reasons_created_idx" ON "conversation_final_reasons" USING btree ("created_at","conversation_id","reason_id");--> statement-breakpoint
CREATE INDEX "conversation_business_reasons_created_idx" ON "conversation_business_reasons" USING btree ("created_at","conversation_id","reason_id");