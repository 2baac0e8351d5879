CREATE TABLE "license_seat_counts" (
	"license_id" integer NOT NULL,
	"add_on_id" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "license_seat_counts_license_id_add_on_id_pk" PRIMARY KEY("license_id","add_on_id")
);
--> statement-breakpoint
-- The ledger's running count (issue 38): record_seats (migration 0010) now adds each
-- commit's gains and losses to license_seat_counts as it writes them to seat_events, under the
-- same licence locks, so the count is always license_seats' count per licence and product
-- licence. Only record_seats writes it.
CREATE OR REPLACE FUNCTION record_seats(p_users integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM licenses WHERE license_id IN (
    SELECT license_id FROM users WHERE user_id = ANY (p_users)
    UNION SELECT license_id FROM license_seats WHERE user_id = ANY (p_users)
  ) ORDER BY license_id FOR UPDATE;
  WITH held AS (
    SELECT u.user_id, u.license_id, ua.add_on_id FROM users u JOIN user_addons ua ON ua.user_id = u.user_id WHERE u.user_id = ANY (p_users)
    UNION
    SELECT u.user_id, u.license_id, ga.add_on_id FROM users u
      JOIN user_group_users gu ON gu.user_id = u.user_id
      JOIN user_group_addons ga ON ga.user_group_id = gu.user_group_id
    WHERE u.user_id = ANY (p_users)
  ), gone AS (
    DELETE FROM license_seats s WHERE s.user_id = ANY (p_users)
      AND NOT EXISTS (SELECT 1 FROM held h WHERE h.user_id = s.user_id AND h.license_id = s.license_id AND h.add_on_id = s.add_on_id)
    RETURNING s.user_id, s.license_id, s.add_on_id
  ), came AS (
    INSERT INTO license_seats (user_id, add_on_id, license_id) SELECT user_id, add_on_id, license_id FROM held
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
END $$;
--> statement-breakpoint
-- Today's seats are the count's start.
INSERT INTO license_seat_counts (license_id, add_on_id, used)
  SELECT license_id, add_on_id, count(*)::integer FROM license_seats GROUP BY license_id, add_on_id;
