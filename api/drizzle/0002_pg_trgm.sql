-- Trigram matching for the user search (users_search_trgm). PGlite loads the extension in
-- createPglite(); Debian's PostgreSQL has it in postgresql-contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
