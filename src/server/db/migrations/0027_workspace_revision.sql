ALTER TABLE "workspaces" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: a workspace's revision is bumped in the same transaction as any statement that
-- changes its response nodes or their answer elements, whoever runs it (the settings, the Watson
-- import, a seed, a test). Statement-level triggers with transition tables: an import of thousands
-- of rows bumps each workspace once per statement, not once per row. (PostgreSQL allows a transition
-- table only on a trigger of one event: one trigger per event.)
CREATE FUNCTION "bump_workspace_revision_of_nodes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "workspaces" SET "revision" = "revision" + 1 WHERE "id" IN (SELECT "workspace_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "workspaces" SET "revision" = "revision" + 1 WHERE "id" IN (SELECT "workspace_id" FROM "old_rows");
  ELSE
    UPDATE "workspaces" SET "revision" = "revision" + 1 WHERE "id" IN (SELECT "workspace_id" FROM "new_rows" UNION SELECT "workspace_id" FROM "old_rows");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "bump_workspace_revision_of_elements"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An element deleted with its node (ON DELETE CASCADE) finds no node here: the node's own delete bumped the revision.
  IF TG_OP = 'INSERT' THEN
    UPDATE "workspaces" SET "revision" = "revision" + 1 WHERE "id" IN (SELECT n."workspace_id" FROM "response_nodes" n WHERE n."id" IN (SELECT "response_node_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "workspaces" SET "revision" = "revision" + 1 WHERE "id" IN (SELECT n."workspace_id" FROM "response_nodes" n WHERE n."id" IN (SELECT "response_node_id" FROM "old_rows"));
  ELSE
    UPDATE "workspaces" SET "revision" = "revision" + 1 WHERE "id" IN (SELECT n."workspace_id" FROM "response_nodes" n WHERE n."id" IN (SELECT "response_node_id" FROM "new_rows" UNION SELECT "response_node_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "response_nodes_inserted" AFTER INSERT ON "response_nodes" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_revision_of_nodes"();--> statement-breakpoint
CREATE TRIGGER "response_nodes_updated" AFTER UPDATE ON "response_nodes" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_revision_of_nodes"();--> statement-breakpoint
CREATE TRIGGER "response_nodes_deleted" AFTER DELETE ON "response_nodes" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_revision_of_nodes"();--> statement-breakpoint
CREATE TRIGGER "answer_elements_inserted" AFTER INSERT ON "answer_elements" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_revision_of_elements"();--> statement-breakpoint
CREATE TRIGGER "answer_elements_updated" AFTER UPDATE ON "answer_elements" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_revision_of_elements"();--> statement-breakpoint
CREATE TRIGGER "answer_elements_deleted" AFTER DELETE ON "answer_elements" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_revision_of_elements"();
