/**
 * The users' search index keeps a pending list (migration 0028): writes add their trigrams to it
 * and it is merged into the index in bulk. PostgreSQL's autovacuum merges it; PGlite has none,
 * so a server on the embedded database merges it every two seconds. A search reads an unmerged
 * list entry by entry, so it is kept short; merging an empty one reads one page.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { rawRows } from './rows';

export const SEARCH_INDEX_MERGE_MS = 2000;

/** Merges the pending trigrams of the users' search index; answers how many pages it merged. */
export async function mergeUserSearchIndex(db: Db): Promise<number> {
  const [row] = await rawRows<{ pages: number | string }>(db, sql`select gin_clean_pending_list('users_search_trgm'::regclass) as pages`);
  return Number(row?.pages ?? 0);
}

export function startSearchIndexMerge(
  deps: { db: Db; background: { run(name: string, work: () => Promise<void>): void } },
  intervalMs = SEARCH_INDEX_MERGE_MS,
): { stop(): void } {
  const timer = setInterval(() => deps.background.run('search index merge', async () => void (await mergeUserSearchIndex(deps.db))), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
