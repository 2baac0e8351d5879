CREATE TABLE "seat_months" (
	"license_id" integer NOT NULL,
	"add_on_id" integer NOT NULL,
	"month" integer NOT NULL,
	"change" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "seat_months_license_id_add_on_id_month_pk" PRIMARY KEY("license_id","add_on_id","month")
);
--> statement-breakpoint
-- The monthly users report at a million users (issue 38) summed every seat event of the licence
-- (about five million: 4.5 s on PostgreSQL). seat_months keeps those sums per month, written by
-- statement triggers on seat_events in the same transaction as the events (record_seats, the
-- seeds' history and dates), so a month's figure is the sum of its events whatever wrote them.
-- Upserts go in key order; record_seats already holds the licences' seat locks.
-- A moment's month, as the report numbers months: year * 12 + month - 1, in UTC.
CREATE FUNCTION "seat_month"(at timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT extract(year from at at time zone 'UTC')::integer * 12 + extract(month from at at time zone 'UTC')::integer - 1
$$;--> statement-breakpoint
-- The events a statement wrote, moved or removed, as signed sums per month (a transition table
-- exists only for the events its trigger names, so each branch reads its own), added to the months.
CREATE FUNCTION "seat_events_to_months"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed seat_months[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg((license_id, add_on_id, month, change)::seat_months) INTO changed FROM (
      SELECT license_id, add_on_id, seat_month(at) AS month, sum(change)::integer AS change FROM new_rows GROUP BY 1, 2, 3
    ) g;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg((license_id, add_on_id, month, change)::seat_months) INTO changed FROM (
      SELECT license_id, add_on_id, seat_month(at) AS month, -sum(change)::integer AS change FROM old_rows GROUP BY 1, 2, 3
    ) g;
  ELSE
    SELECT array_agg((license_id, add_on_id, month, change)::seat_months) INTO changed FROM (
      SELECT license_id, add_on_id, seat_month(at) AS month, sum(change)::integer AS change FROM (
        SELECT license_id, add_on_id, at, change FROM new_rows UNION ALL SELECT license_id, add_on_id, at, -change FROM old_rows
      ) e GROUP BY 1, 2, 3
    ) g;
  END IF;
  INSERT INTO seat_months AS m (license_id, add_on_id, month, change)
    SELECT * FROM unnest(changed) c WHERE c.change <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (license_id, add_on_id, month) DO UPDATE SET change = m.change + excluded.change;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "seat_events_months_insert" AFTER INSERT ON "seat_events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "seat_events_to_months"();--> statement-breakpoint
CREATE TRIGGER "seat_events_months_update" AFTER UPDATE ON "seat_events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "seat_events_to_months"();--> statement-breakpoint
CREATE TRIGGER "seat_events_months_delete" AFTER DELETE ON "seat_events" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "seat_events_to_months"();--> statement-breakpoint
INSERT INTO seat_months (license_id, add_on_id, month, change)
  SELECT license_id, add_on_id, seat_month(at), sum(change)::integer
  FROM seat_events GROUP BY 1, 2, 3 HAVING sum(change) <> 0;
