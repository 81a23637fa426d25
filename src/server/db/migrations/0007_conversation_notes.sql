-- Internal notes on a conversation (issue 17): agents and supervisors only, never sent to the customer.
CREATE TABLE "conversation_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversation_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"conversation_id" text NOT NULL,
	"author_id" integer,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "conversation_notes_text_check" CHECK (char_length("conversation_notes"."text") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "conversation_notes" ADD CONSTRAINT "conversation_notes_organization_id_organizations_id_org_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id_org") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_notes" ADD CONSTRAINT "conversation_notes_conversation_id_conversations_id_conv_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id_conv") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_notes" ADD CONSTRAINT "conversation_notes_author_id_users_id_user_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_notes_conv_idx" ON "conversation_notes" USING btree ("conversation_id","created_at");