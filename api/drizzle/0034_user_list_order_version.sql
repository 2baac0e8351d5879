ALTER TABLE "license_user_counts" ADD COLUMN "order_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The user list's deep pages at a million users (issue 38): a server keeps, per list order, the
-- keys found at every few thousandth position, and reads a deep page from the nearest of them
-- instead of skipping half a million index entries. They hold while the licence's order_version
-- stays the same: the counts' triggers raise it whenever the list may have changed order (a user
-- added, removed or moved to another licence; a sorted column or the activity or lock changed).
-- A sign-in changes none of those and writes nothing here, as before.
CREATE OR REPLACE FUNCTION "count_license_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO license_user_counts AS c (license_id, users, approved, order_version)
      SELECT license_id, count(*), count(*) FILTER (WHERE is_approved), 1 FROM new_rows GROUP BY license_id
      ON CONFLICT (license_id) DO UPDATE SET users = c.users + excluded.users, approved = c.approved + excluded.approved, order_version = c.order_version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE license_user_counts AS c SET users = c.users - d.users, approved = c.approved - d.approved, order_version = c.order_version + 1
      FROM (SELECT license_id, count(*) AS users, count(*) FILTER (WHERE is_approved) AS approved FROM old_rows GROUP BY license_id) AS d
      WHERE c.license_id = d.license_id;
  ELSE
    INSERT INTO license_user_counts AS c (license_id, users, approved)
      SELECT license_id, sum(users), sum(approved) FROM (
        SELECT license_id, 1 AS users, CASE WHEN is_approved THEN 1 ELSE 0 END AS approved FROM new_rows
        UNION ALL
        SELECT license_id, -1, CASE WHEN is_approved THEN -1 ELSE 0 END FROM old_rows
      ) AS d GROUP BY license_id
      HAVING sum(users) <> 0 OR sum(approved) <> 0
      ON CONFLICT (license_id) DO UPDATE SET users = c.users + excluded.users, approved = c.approved + excluded.approved;
    -- The rows whose place in some order changed: those after minus those before, and the other
    -- way round (set differences, hashed: a join of the transition tables is a nested loop).
    UPDATE license_user_counts AS c SET order_version = c.order_version + 1
      WHERE c.license_id IN (
        SELECT license_id FROM (
          (SELECT user_id, license_id, lower(user_name), lower(first_name || ' ' || last_name), lower(company_name), lower(position), is_approved, is_locked_out FROM new_rows
           EXCEPT SELECT user_id, license_id, lower(user_name), lower(first_name || ' ' || last_name), lower(company_name), lower(position), is_approved, is_locked_out FROM old_rows)
          UNION ALL
          (SELECT user_id, license_id, lower(user_name), lower(first_name || ' ' || last_name), lower(company_name), lower(position), is_approved, is_locked_out FROM old_rows
           EXCEPT SELECT user_id, license_id, lower(user_name), lower(first_name || ' ' || last_name), lower(company_name), lower(position), is_approved, is_locked_out FROM new_rows)
        ) AS moved (user_id, license_id));
  END IF;
  RETURN NULL;
END $$;
