-- The header's site search (GET sites/search): ILIKE '%…%' on a site's name, by trigrams (pg_trgm,
-- migration 0002). No pending list, as users_search_trgm: PGlite has no autovacuum to flush one.
CREATE INDEX "sites_name_trgm" ON "sites" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);