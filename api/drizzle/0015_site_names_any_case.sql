ALTER TABLE "sites" DROP CONSTRAINT "sites_sibling_name";--> statement-breakpoint
-- A database from before this migration may hold siblings whose names differ only in case or in
-- surrounding spaces ('Bay 1' and 'bay 1 '): the lowest site keeps its name, each other one is
-- renamed with its id ('bay 1 (42)', within the 50 characters), and every name is trimmed, so
-- the unique index below can be made. Nothing is deleted.
UPDATE "sites" s SET "name" = left(btrim(s."name"), 50 - length(' (' || s."site_id" || ')')) || ' (' || s."site_id" || ')'
  FROM "sites" k
  WHERE k."project_id" = s."project_id" AND coalesce(k."parent_id", 0) = coalesce(s."parent_id", 0)
    AND lower(btrim(k."name")) = lower(btrim(s."name")) AND k."site_id" < s."site_id";--> statement-breakpoint
UPDATE "sites" SET "name" = btrim("name") WHERE "name" <> btrim("name");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_sibling_name_ci" ON "sites" USING btree ("project_id",coalesce("parent_id", 0),lower(btrim("name")));
