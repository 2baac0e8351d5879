-- One live copy of a workflow per project, not one copy ever: a project taken off a workflow (its
-- copy archived) and added again gets a new copy. The old constraint held every copy, archived
-- ones too; the partial index holds only the live ones. Rows the old constraint allowed all
-- satisfy the new index, so nothing is rewritten.
ALTER TABLE "workflows" DROP CONSTRAINT "workflows_project_related";--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_project_related_live" ON "workflows" USING btree ("project_id","workflow_related_key") WHERE not "workflows"."is_decommissioned";
