-- The seat dashboard at a million users (issue 38): each seat of the ledger carries when its
-- holder last showed itself (their last sign-in, or their creation when they never signed in), so
-- the licence's dormant seats and accounts are counted along one index instead of joining a
-- million seats to a million users (about a second on PostgreSQL).
ALTER TABLE "license_seats" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
UPDATE "license_seats" s SET "seen_at" = coalesce(u.last_login_date, u.create_date) FROM "users" u WHERE u.user_id = s.user_id;--> statement-breakpoint
-- The ledger has no foreign keys; a seat whose holder is gone (none should be) counts as seen now, never as dormant.
UPDATE "license_seats" SET "seen_at" = now() WHERE "seen_at" IS NULL;--> statement-breakpoint
ALTER TABLE "license_seats" ALTER COLUMN "seen_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "license_seats_dormant" ON "license_seats" USING btree ("license_id","seen_at","user_id","add_on_id");--> statement-breakpoint
-- record_seats (migration 0025) writes the holder's moment with each seat it records, under the
-- licence's seat-ledger lock: the transaction-scoped advisory lock (4207030, licence) that a
-- sign-in's trigger below takes shared. Taken at commit after every other lock of the
-- transaction, and by a sign-in before it touches a seat, it orders the two: a seat recorded while
-- its holder signs in carries the new moment, whichever commits first.
CREATE OR REPLACE FUNCTION record_seats(p_users integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM licenses WHERE license_id IN (
    SELECT license_id FROM users WHERE user_id = ANY (p_users)
    UNION SELECT license_id FROM license_seats WHERE user_id = ANY (p_users)
  ) ORDER BY license_id FOR UPDATE;
  PERFORM pg_advisory_xact_lock(4207030, l.license_id) FROM (
    SELECT license_id FROM users WHERE user_id = ANY (p_users)
    UNION SELECT license_id FROM license_seats WHERE user_id = ANY (p_users)
    ORDER BY 1
  ) l;
  WITH held AS (
    SELECT u.user_id, u.license_id, ua.add_on_id, coalesce(u.last_login_date, u.create_date) AS seen_at
      FROM users u JOIN user_addons ua ON ua.user_id = u.user_id WHERE u.user_id = ANY (p_users)
    UNION
    SELECT u.user_id, u.license_id, ga.add_on_id, coalesce(u.last_login_date, u.create_date) FROM users u
      JOIN user_group_users gu ON gu.user_id = u.user_id
      JOIN user_group_addons ga ON ga.user_group_id = gu.user_group_id
    WHERE u.user_id = ANY (p_users)
  ), gone AS (
    DELETE FROM license_seats s WHERE s.user_id = ANY (p_users)
      AND NOT EXISTS (SELECT 1 FROM held h WHERE h.user_id = s.user_id AND h.license_id = s.license_id AND h.add_on_id = s.add_on_id)
    RETURNING s.user_id, s.license_id, s.add_on_id
  ), came AS (
    INSERT INTO license_seats (user_id, add_on_id, license_id, seen_at) SELECT user_id, add_on_id, license_id, seen_at FROM held
    ON CONFLICT DO NOTHING RETURNING user_id, license_id, add_on_id
  ), recorded AS (
    INSERT INTO seat_events (license_id, add_on_id, user_id, change)
    SELECT license_id, add_on_id, user_id, -1 FROM gone
    UNION ALL SELECT license_id, add_on_id, user_id, 1 FROM came
    RETURNING license_id, add_on_id, change
  )
  INSERT INTO license_seat_counts AS c (license_id, add_on_id, used)
    SELECT license_id, add_on_id, sum(change)::integer FROM recorded GROUP BY license_id, add_on_id HAVING sum(change) <> 0
  ON CONFLICT (license_id, add_on_id) DO UPDATE SET used = c.used + excluded.used;
END $$;--> statement-breakpoint
-- A holder who shows itself (a sign-in; the seed's dates) moves their seats' moment: one
-- statement for all the rows an UPDATE of users changed, after the ledger's lock (shared, so
-- sign-ins do not wait for one another), taken only when a moment moved. The rows whose moment
-- moved are those after minus those before (a set difference, hashed): a join of the two
-- transition tables would be planned as a nested loop, as in migration 0028 (a user file's
-- 5,000 changed users took seconds more).
CREATE OR REPLACE FUNCTION "seen_to_seats"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved_users integer[];
  moved_at timestamptz[];
BEGIN
  SELECT array_agg(m.user_id), array_agg(m.seen_at) INTO moved_users, moved_at FROM (
    SELECT user_id, coalesce(last_login_date, create_date) AS seen_at FROM new_rows
    EXCEPT SELECT user_id, coalesce(last_login_date, create_date) FROM old_rows
  ) m;
  IF moved_users IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(4207030, l.license_id) FROM (
    SELECT license_id FROM new_rows UNION SELECT license_id FROM old_rows ORDER BY 1
  ) l;
  UPDATE license_seats s SET seen_at = m.seen_at
    FROM unnest(moved_users, moved_at) AS m(user_id, seen_at)
    WHERE s.user_id = m.user_id AND s.seen_at IS DISTINCT FROM m.seen_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_seen_to_seats" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "seen_to_seats"();
