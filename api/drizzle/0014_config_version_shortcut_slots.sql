ALTER TABLE "configs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- A database from before this migration may hold two reports on one dashboard type, or two basic
-- shortcuts at one position, of a licence: the lowest report keeps the type (the others become
-- unassigned: no row), and a licence's basic shortcuts are renumbered in their order.
DELETE FROM "shortcuts" s USING "shortcuts" k
  WHERE s."type" IS NOT NULL AND k."license_id" = s."license_id" AND k."type" = s."type" AND k."report_id" < s."report_id";--> statement-breakpoint
UPDATE "shortcuts" s SET "order" = r.n
  FROM (
    SELECT "license_id", "report_id",
      min("order") OVER (PARTITION BY "license_id") + row_number() OVER (PARTITION BY "license_id" ORDER BY "order", "report_id") - 1 AS n
    FROM "shortcuts"
    WHERE "order" IS NOT NULL AND "license_id" IN (
      SELECT "license_id" FROM "shortcuts" WHERE "order" IS NOT NULL GROUP BY "license_id", "order" HAVING count(*) > 1
    )
  ) r
  WHERE s."license_id" = r."license_id" AND s."report_id" = r."report_id";--> statement-breakpoint
CREATE UNIQUE INDEX "shortcuts_license_type" ON "shortcuts" USING btree ("license_id","type") WHERE "shortcuts"."type" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shortcuts_license_order" ON "shortcuts" USING btree ("license_id","order") WHERE "shortcuts"."order" is not null;
