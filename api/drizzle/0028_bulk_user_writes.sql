-- Writes of many users at once (a user file of 5,000 changed and 5,000 new users took 25 s).
--
-- 1. The licences' user counts (migration 0004) after an update: each licence's rows after minus
--    its rows before, with no join of the two transition tables. The join's plan, cached by the
--    function from a one-row update, was a nested loop: 5,000 rows took 23 s. Where nothing moved
--    licence or changed activity, the difference is zero and nothing is written (no lock on the
--    count's row), as before.
CREATE OR REPLACE FUNCTION "count_license_users"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    INSERT INTO license_user_counts AS c (license_id, users, approved)
      SELECT license_id, sum(users), sum(approved) FROM (
        SELECT license_id, 1 AS users, CASE WHEN is_approved THEN 1 ELSE 0 END AS approved FROM new_rows
        UNION ALL
        SELECT license_id, -1, CASE WHEN is_approved THEN -1 ELSE 0 END FROM old_rows
      ) AS d GROUP BY license_id
      HAVING sum(users) <> 0 OR sum(approved) <> 0
      ON CONFLICT (license_id) DO UPDATE SET users = c.users + excluded.users, approved = c.approved + excluded.approved;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- 2. The users' search index (migration 0004) gets a pending list again, of at most 1 MB: a write
--    adds its trigrams there and they are merged into the index in bulk, instead of one GIN
--    insertion per row (5,000 changed positions: 11 s → 2 s). PostgreSQL's autovacuum merges the
--    list; PGlite has none, so the embedded server merges it every two seconds
--    (src/db/search-index.ts): a search reads an unmerged list, and an empty one costs a page read.
ALTER INDEX "users_search_trgm" SET (fastupdate = on, gin_pending_list_limit = 1024);
