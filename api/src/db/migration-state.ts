/**
 * Whether the database holds every migration this build bundles (api/drizzle): the
 * readiness check's second half. Drizzle records each applied migration in
 * `drizzle.__drizzle_migrations` with its journal entry's `when` as `created_at`.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { apiPath } from '../paths';
import type { Db } from './client';
import { rawRows } from './rows';

/** Whether an error or one it wraps carries one of these SQLSTATEs. */
function hasCode(error: unknown, codes: string[]): boolean {
  for (
    let current: unknown = error, depth = 0;
    current && typeof current === 'object' && depth < 4;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    if (codes.includes(String((current as { code?: unknown }).code))) return true;
  }
  return false;
}

let bundled: number[] | undefined;

/** The `when` of every migration in the bundled journal (read once). */
function bundledMigrations(): number[] {
  bundled ??= (JSON.parse(fs.readFileSync(apiPath('drizzle', 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] }).entries.map((e) => e.when);
  return bundled;
}

/**
 * How many bundled migrations the database lacks (0: current). Migrations a newer build
 * applied are not counted: during a rolling upgrade the older servers keep serving.
 */
export async function missingMigrations(db: Db): Promise<number> {
  let rows: { created_at: string | number }[];
  try {
    // created_at is a bigint, a string from pg.
    rows = await rawRows<{ created_at: string | number }>(db, sql`select created_at from drizzle.__drizzle_migrations`);
  } catch (error) {
    // 42P01/3F000: no migration table or schema yet, so none is applied; anything else is the database's trouble.
    if (!hasCode(error, ['42P01', '3F000'])) throw error;
    rows = [];
  }
  const applied = new Set(rows.map((row) => Number(row.created_at)));
  return bundledMigrations().filter((when) => !applied.has(when)).length;
}
