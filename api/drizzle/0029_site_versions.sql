CREATE TABLE "project_site_versions" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Every statement that changes sites raises the number of each project it touched, in its own
-- transaction (one upsert per statement however many rows). A reply kept for the number before
-- is then never served again (routes/sites/site-replies.ts).
CREATE FUNCTION "raise_project_site_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE project_site_versions SET version = version + 1;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT project_id) INTO touched FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT project_id) INTO touched FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT project_id) INTO touched FROM (SELECT project_id FROM new_rows UNION SELECT project_id FROM old_rows) both_rows;
  END IF;
  INSERT INTO project_site_versions AS v (project_id, version)
  SELECT id, 1 FROM unnest(touched) AS id WHERE id IS NOT NULL ORDER BY id
  ON CONFLICT (project_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sites_version_insert" AFTER INSERT ON "sites" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_project_site_versions"();
--> statement-breakpoint
CREATE TRIGGER "sites_version_update" AFTER UPDATE ON "sites" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_project_site_versions"();
--> statement-breakpoint
CREATE TRIGGER "sites_version_delete" AFTER DELETE ON "sites" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_project_site_versions"();
--> statement-breakpoint
CREATE TRIGGER "sites_version_truncate" AFTER TRUNCATE ON "sites" FOR EACH STATEMENT EXECUTE FUNCTION "raise_project_site_versions"();
