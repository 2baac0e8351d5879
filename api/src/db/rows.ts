/**
 * Raw SQL's rows, read one way for both drivers: node-postgres and PGlite both answer
 * `{ rows }` from `execute`, which Drizzle types as the driver's own result.
 */
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';

/** The rows `query` answers, typed as the caller's select names them. */
export async function rawRows<Row>(db: Db | Tx, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}
