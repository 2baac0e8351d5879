/**
 * Many rows read as one JSON text (jsonRows) are the rows `rawRows` reads: in the order asked
 * for, with the same values, a timestamp as the same instant whatever the session's time zone.
 */
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { jsonRows, rawRows } from './rows';

describe('jsonRows', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers the rows of the query in the order given, values as JSON has them', async () => {
    const query = sql`select n as id, 'row ' || n as name, n % 2 = 0 as even, case when n = 3 then null else timestamptz '2026-01-01 10:00:00.123+00' + n * interval '1 day' end as at
      from generate_series(1, 2000) n`;
    const rows = await jsonRows<{ id: number; name: string; even: boolean; at: string | null }>(app.deps.db, query, sql`r.id desc`);
    const raw = await rawRows<{ id: number; name: string; even: boolean; at: Date | null }>(app.deps.db, sql`${query} order by n desc`);
    expect(rows).toHaveLength(2000);
    expect(rows.map((row) => row.id)).toEqual(raw.map((row) => Number(row.id)));
    expect(rows[0]).toEqual({ id: 2000, name: 'row 2000', even: true, at: expect.any(String) });
    expect(rows.map((row) => (row.at === null ? null : new Date(row.at).toISOString()))).toEqual(
      raw.map((row) => (row.at === null ? null : new Date(row.at).toISOString())),
    );
    expect(rows.find((row) => row.id === 3)!.at).toBeNull();
  });

  it('answers no rows as an empty list', async () => {
    expect(await jsonRows(app.deps.db, sql`select 1 as id where false`, sql`r.id`)).toEqual([]);
  });

  it('keeps the instant when the session is in another time zone', async () => {
    const instant = await app.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'America/New_York'`);
      const [row] = await jsonRows<{ at: string }>(tx, sql`select timestamptz '2026-06-01 12:00:00+00' as at`, sql`r.at`);
      return row!.at;
    });
    expect(new Date(instant).toISOString()).toBe('2026-06-01T12:00:00.000Z');
  });
});
