/**
 * PGlite has one connection: a query through the root `db` while a transaction is open waits for
 * ever. Tests on PostgreSQL open their database with `oneConnectionRule`, so that mistake fails
 * there too instead of passing on a pool of ten (the browser suite and `npm start` run on PGlite).
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { createTestApp, type TestApp } from '../../test/harness';
import { rawRows } from './rows';

// The rule is PostgreSQL's pool's; on PGlite the same mistake hangs (which is what it prevents).
const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeWithPostgres('the one-connection rule on PostgreSQL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** Why `work` failed (Drizzle wraps the pool's error as the cause of its own). */
  const failure = (work: Promise<unknown>) =>
    work.then(
      () => 'no failure',
      (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
    );

  it('refuses a query outside an open transaction, and a transaction inside one', async () => {
    const db = app.deps.db;
    const outside = failure(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await db.execute(sql`select 2`);
      }),
    );
    expect(await outside).toContain('A query outside the open transaction');
    expect(await failure(db.transaction(async () => db.transaction(async (inner) => inner.execute(sql`select 3`))))).toContain(
      'A query outside the open transaction',
    );
  });

  it('lets the transaction, its savepoints, and the pool once it has ended, query', async () => {
    const db = app.deps.db;
    let later: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await tx.transaction(async (savepoint) => savepoint.execute(sql`select 2`));
      // Started inside, run after the commit: allowed.
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => db.execute(sql`select 3`));
    });
    await expect(later).resolves.toBeDefined();
    await expect(db.execute(sql`select 4`)).resolves.toBeDefined();
  });
});

describeWithPostgres('the pool on PostgreSQL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it("gives back a connection lost between its checkout and the transaction's begin (a restart), so the pool never runs dry", async () => {
    const db = app.deps.db;
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const checkedOut = () => pool.totalCount - pool.idleCount;
    // PostgreSQL going away at that moment: the connection closes as the pool hands it out.
    for (let i = 0; i < (pool.options.max ?? 10) + 1; i++) {
      pool.once('acquire', (client) => (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy());
      await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    }
    expect(checkedOut()).toBe(0);
    await expect(db.transaction(async (tx) => tx.execute(sql`select 2`))).resolves.toBeDefined();
    expect(checkedOut()).toBe(0);
  });
});

describeWithPostgres("a transaction's queries on PostgreSQL", () => {
  let app: TestApp;
  // pg queues a query sent while its connection already has one waiting, and warns that pg 9 will
  // refuse it ("already executing a query"): seen here as a query that finds the queue not empty.
  let sentWhileQueued = 0;
  let restore = () => {};
  beforeAll(async () => {
    const { default: pgModule } = await import('pg');
    const prototype = pgModule.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = prototype.query;
    prototype.query = function (this: { _queryQueue: unknown[] }, ...args: unknown[]) {
      if (this._queryQueue.length > 0) sentWhileQueued++;
      return original.apply(this, args);
    };
    restore = () => (prototype.query = original);
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
    restore();
  });

  it('are sent one after another when started together, each with its own answer', async () => {
    const db = app.deps.db;
    sentWhileQueued = 0;
    const answers = await db.transaction(async (tx) =>
      Promise.all([1, 2, 3, 4].map(async (n) => (await rawRows<{ n: number }>(tx, sql`select ${n}::int as n, pg_sleep(0.01)::text as slept`))[0]?.n)),
    );
    expect(answers).toEqual([1, 2, 3, 4]);
    // A failing one rejects its caller, and the transaction rolls back as before.
    await expect(db.transaction(async (tx) => Promise.all([tx.execute(sql`select 1`), tx.execute(sql`select * from no_such_table`)]))).rejects.toThrow();
    await expect(db.execute(sql`select 1`)).resolves.toBeDefined();
    expect(sentWhileQueued).toBe(0);
  });
});
