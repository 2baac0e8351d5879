CREATE TABLE "project_members" (
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "project_members_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "project_user_counts" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"users" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "project_members_user" ON "project_members" USING btree ("user_id");--> statement-breakpoint
-- The queue of 0010 now serves projects too: it holds the users whose access changed.
ALTER TABLE "seat_refresh_queue" RENAME TO "access_refresh_queue";
--> statement-breakpoint
CREATE FUNCTION record_projects(p_users integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH held AS (
    SELECT user_id, project_id FROM user_projects WHERE user_id = ANY (p_users)
    UNION
    SELECT gu.user_id, gp.project_id FROM user_group_users gu JOIN user_group_projects gp ON gp.user_group_id = gu.user_group_id WHERE gu.user_id = ANY (p_users)
  ), gone AS (
    DELETE FROM project_members m WHERE m.user_id = ANY (p_users)
      AND NOT EXISTS (SELECT 1 FROM held h WHERE h.user_id = m.user_id AND h.project_id = m.project_id)
    RETURNING m.project_id
  ), came AS (
    INSERT INTO project_members (project_id, user_id) SELECT project_id, user_id FROM held
    ON CONFLICT DO NOTHING RETURNING project_id
  ), delta AS (
    SELECT project_id, sum(n)::integer AS n FROM (SELECT project_id, -1 AS n FROM gone UNION ALL SELECT project_id, 1 FROM came) d GROUP BY project_id
  )
  INSERT INTO project_user_counts AS c (project_id, users) SELECT project_id, n FROM delta WHERE n <> 0
  ON CONFLICT (project_id) DO UPDATE SET users = c.users + excluded.users;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_queued_seats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE queued integer[];
BEGIN
  -- The first of the transaction's queued rows takes them all; the rest find theirs gone.
  IF NOT EXISTS (SELECT 1 FROM access_refresh_queue WHERE user_id = NEW.user_id) THEN RETURN NULL; END IF;
  WITH taken AS (DELETE FROM access_refresh_queue RETURNING user_id) SELECT array_agg(user_id) INTO queued FROM taken;
  -- record_seats takes the licences' locks first; record_projects works under them.
  IF queued IS NOT NULL THEN PERFORM record_seats(queued); PERFORM record_projects(queued); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION queue_user_seats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN INSERT INTO access_refresh_queue VALUES (OLD.user_id) ON CONFLICT DO NOTHING; END IF;
  IF TG_OP <> 'DELETE' THEN INSERT INTO access_refresh_queue VALUES (NEW.user_id) ON CONFLICT DO NOTHING; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION queue_group_seats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO access_refresh_queue
    SELECT DISTINCT user_id FROM user_group_users
    WHERE user_group_id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.user_group_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.user_group_id END)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_projects_access AFTER INSERT OR UPDATE OR DELETE ON user_projects FOR EACH ROW EXECUTE FUNCTION queue_user_seats();
--> statement-breakpoint
CREATE TRIGGER user_group_projects_access AFTER INSERT OR UPDATE OR DELETE ON user_group_projects FOR EACH ROW EXECUTE FUNCTION queue_group_seats();
--> statement-breakpoint
-- Today's assignments are the start.
INSERT INTO project_members (project_id, user_id)
  SELECT project_id, user_id FROM user_projects
  UNION
  SELECT gp.project_id, gu.user_id FROM user_group_projects gp JOIN user_group_users gu ON gu.user_group_id = gp.user_group_id;
--> statement-breakpoint
INSERT INTO project_user_counts (project_id, users) SELECT project_id, count(*)::integer FROM project_members GROUP BY project_id;
