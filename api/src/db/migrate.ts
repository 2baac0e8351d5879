/** Applies the migration set in api/drizzle at start, on PGlite and on PostgreSQL alike. */
import { apiPath } from '../paths';
import type { Database } from './client';

export function migrateDatabase(database: Database): Promise<void> {
  return database.migrate(apiPath('drizzle'));
}
