-- The user list at a million users (domain/user-list.ts).
--
-- 1. license_user_counts: each licence's users and active users, kept by statement triggers
--    on users, so the unfiltered list's total is read, not counted.
CREATE TABLE "license_user_counts" (
	"license_id" integer PRIMARY KEY NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "license_user_counts" ADD CONSTRAINT "license_user_counts_license_id_licenses_license_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("license_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "count_license_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO license_user_counts AS c (license_id, users, approved)
      SELECT license_id, count(*), count(*) FILTER (WHERE is_approved) FROM new_rows GROUP BY license_id
      ON CONFLICT (license_id) DO UPDATE SET users = c.users + excluded.users, approved = c.approved + excluded.approved;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE license_user_counts AS c SET users = c.users - d.users, approved = c.approved - d.approved
      FROM (SELECT license_id, count(*) AS users, count(*) FILTER (WHERE is_approved) AS approved FROM old_rows GROUP BY license_id) AS d
      WHERE c.license_id = d.license_id;
  ELSE
    -- An update counts only where a user moved licence or became active or inactive.
    INSERT INTO license_user_counts AS c (license_id, users, approved)
      SELECT license_id, sum(users), sum(approved) FROM (
        SELECT n.license_id, 1 AS users, CASE WHEN n.is_approved THEN 1 ELSE 0 END AS approved
          FROM new_rows n JOIN old_rows o USING (user_id)
          WHERE n.license_id <> o.license_id OR n.is_approved <> o.is_approved
        UNION ALL
        SELECT o.license_id, -1, CASE WHEN o.is_approved THEN -1 ELSE 0 END
          FROM new_rows n JOIN old_rows o USING (user_id)
          WHERE n.license_id <> o.license_id OR n.is_approved <> o.is_approved
      ) AS d GROUP BY license_id
      ON CONFLICT (license_id) DO UPDATE SET users = c.users + excluded.users, approved = c.approved + excluded.approved;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "clear_license_user_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM license_user_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_counted_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_license_users"();--> statement-breakpoint
CREATE TRIGGER "users_counted_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_license_users"();--> statement-breakpoint
CREATE TRIGGER "users_counted_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_license_users"();--> statement-breakpoint
CREATE TRIGGER "users_counted_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "clear_license_user_counts"();--> statement-breakpoint
INSERT INTO "license_user_counts" ("license_id", "users", "approved")
  SELECT "license_id", count(*), count(*) FILTER (WHERE "is_approved") FROM "users" GROUP BY "license_id";--> statement-breakpoint
-- 2. One index per list order, holding the columns its expressions read (INCLUDE), so a deep
--    page skips the rows before it in the index alone (an index-only scan).
DROP INDEX "users_license_name";--> statement-breakpoint
CREATE INDEX "users_license_name" ON "users" USING btree ("license_id",lower("user_name"),"user_id") INCLUDE ("user_name");--> statement-breakpoint
CREATE INDEX "users_license_full_name" ON "users" USING btree ("license_id",lower("first_name" || ' ' || "last_name"),lower("user_name"),"user_id") INCLUDE ("first_name","last_name","user_name");--> statement-breakpoint
CREATE INDEX "users_license_company" ON "users" USING btree ("license_id",lower("company_name"),lower("user_name"),"user_id") INCLUDE ("company_name","user_name");--> statement-breakpoint
CREATE INDEX "users_license_position" ON "users" USING btree ("license_id",lower("position"),lower("user_name"),"user_id") INCLUDE ("position","user_name");--> statement-breakpoint
CREATE INDEX "users_license_approved" ON "users" USING btree ("license_id","is_approved",lower("user_name"),"user_id") INCLUDE ("user_name");--> statement-breakpoint
CREATE INDEX "users_license_locked" ON "users" USING btree ("license_id","is_locked_out",lower("user_name"),"user_id") INCLUDE ("user_name");--> statement-breakpoint
-- 3. The search index without a pending list: PGlite has no autovacuum to flush one, and a
--    search that reads an unflushed list is slower than a scan of the table.
ALTER INDEX "users_search_trgm" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('users_search_trgm');
