ALTER TABLE "import_systems" DROP CONSTRAINT "import_systems_project_name";--> statement-breakpoint
-- A database from before this migration may hold import systems of one project whose names differ
-- only in case ('ERP' and 'erp'): the lowest keeps its name, each other one is renamed with its
-- id ('erp (42)', within the 100 characters a name may have), so the unique index below can be
-- made. Nothing is deleted.
UPDATE "import_systems" s SET "display_name" = left(s."display_name", 100 - length(' (' || s."config_id" || ')')) || ' (' || s."config_id" || ')'
  FROM "import_systems" k
  WHERE k."project_id" = s."project_id" AND lower(k."display_name") = lower(s."display_name") AND k."config_id" < s."config_id";--> statement-breakpoint
CREATE UNIQUE INDEX "import_systems_project_name_ci" ON "import_systems" USING btree ("project_id",lower("display_name"));
