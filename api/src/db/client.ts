/**
 * Opens the database: PGlite (PostgreSQL in WebAssembly) in a data folder by default, a
 * PostgreSQL server when DATABASE_URL is set. One Drizzle schema serves both.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers when the database answers; throws otherwise. */
  ping(): Promise<void>;
  /** Applies the migrations in `folder` that have not run yet. */
  migrate(folder: string): Promise<void>;
  /**
   * Runs `work` while no other server on this database runs its own (the start: migrations,
   * reference data, the first seed). PostgreSQL: a session advisory lock, held on a connection
   * of its own while `work` uses the pool; PGlite: one server per data folder already.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Hears every query's duration (the metrics' histogram); one listener. */
  observeQueries(listener: QueryListener): void;
  /** The connection pool's size: PostgreSQL only. */
  poolStats(): { total: number; idle: number; waiting: number; max: number } | undefined;
}

/** Told each query's duration in seconds and whether it succeeded. */
export type QueryListener = (seconds: number, ok: boolean) => void;

/**
 * Times the queries of a driver object (a pg client, a PGlite or its transaction) by wrapping
 * its own `query`: promise and callback forms alike (pg's pool calls its clients with a callback).
 */
function timeQueries(target: { query: (...args: never[]) => unknown }, listener: () => QueryListener | undefined): void {
  const original = target.query.bind(target) as (...args: unknown[]) => unknown;
  target.query = ((...args: unknown[]) => {
    const heard = listener();
    if (!heard) return original(...args);
    const started = performance.now();
    const done = (ok: boolean) => heard((performance.now() - started) / 1000, ok);
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        done(!error);
        (last as (error: unknown, result: unknown) => void)(error, result);
      };
      return original(...args);
    }
    const result = original(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(
        () => done(true),
        () => done(false),
      );
    }
    return result;
  }) as never;
}

const MIGRATION_LOCK = 4_207_001;
/** The start's lock (migrations, reference data, the first seed); the migrations take theirs inside it. */
const STARTUP_LOCK = 4_207_002;

/**
 * A PGlite with the extensions the migrations use (pg_trgm for the user search). Every
 * PGlite the server or a test opens comes from here; PostgreSQL has them in its contrib.
 */
export async function createPglite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  const extensions = { pg_trgm, ...options.extensions };
  const client = dataDir ? await PGlite.create(dataDir, { ...options, extensions }) : await PGlite.create({ ...options, extensions });
  // After `create`, which adds the array types' parsers (a refresh of them would undo this).
  Object.assign(client.parsers, AS_TEXT);
  return client;
}

/**
 * The types Drizzle reads as text and converts itself (dates, times, intervals, numeric[] and
 * their arrays: its PGlite session's parsers, listed the same there). Every PGlite here parses
 * them so, and Drizzle's queries go without parsers of their own: PGlite copies its ~400
 * parsers into a new object for each query that brings some (0.3 ms a query, 2 ms of a SCIM
 * create). A raw query (`$client.query`) gets these types as text too.
 */
const AS_TEXT: Record<number, (value: string) => string> = Object.fromEntries(
  [1082, 1114, 1184, 1186, 1231, 1115, 1185, 1187, 1182].map((type) => [type, (value: string) => value]),
);

/** Drizzle's query options without its parsers, which are AS_TEXT's: the client's own (createPglite). */
function withoutDrizzleParsers(target: { query: (...args: never[]) => unknown }): void {
  const original = target.query.bind(target) as (...args: unknown[]) => unknown;
  target.query = ((text: unknown, params: unknown, options?: { parsers?: Record<string, unknown> }) => {
    if (options?.parsers && Object.keys(options.parsers).every((type) => type in AS_TEXT)) {
      const { parsers: _parsers, ...rest } = options;
      return original(text, params, rest);
    }
    return options === undefined ? original(text, params) : original(text, params, options);
  }) as never;
}

/** Whether the current request has a transaction open (oneConnectionRule). */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

/** See `oneConnectionRule`: the pool's query and connect refuse while this request's transaction is open. */
function keepToOneConnection(pool: pg.Pool, db: Db) {
  const refuse = () => {
    if (openTransaction.getStore()?.open) {
      throw new Error('A query outside the open transaction: on PGlite (one connection) it would wait for ever. Run it on the transaction (tx).');
    }
  };
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => (refuse(), query(...args))) as never;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => (refuse(), connect(...args))) as never;
  const transaction = db.transaction.bind(db);
  db.transaction = ((work: (tx: Tx) => Promise<unknown>, config?: never) =>
    transaction(async (tx) => {
      // Ends with the transaction: work it started and left running may query afterwards.
      const state = { open: true };
      try {
        return await openTransaction.run(state, () => work(tx));
      } finally {
        state.open = false;
      }
    }, config)) as Db['transaction'];
}

/**
 * Drizzle 0.45 sends a transaction's `begin` before the `try` that gives its connection back: a
 * connection lost between the pool's checkout and `begin` (PostgreSQL restarting, a failover)
 * stayed checked out for ever, and after ten of them every request waited, and `close()` too.
 * Here the pool's checkout and give-back are ours; Drizzle runs the transaction on the connection.
 */
function giveBackEveryConnection(pool: pg.Pool, db: Db) {
  const onConnection = new WeakMap<pg.PoolClient, Db>();
  db.transaction = (async (work: (tx: Tx) => Promise<unknown>, config?: never) => {
    const connection = await pool.connect();
    try {
      let connected = onConnection.get(connection);
      if (!connected) {
        oneQueryAtATime(connection);
        onConnection.set(connection, (connected = drizzleNodePg(connection, { schema }) as unknown as Db));
      }
      return await connected.transaction(work, config);
    } finally {
      // A connection that broke is dropped by the pool (it is no longer queryable), not reused.
      connection.release();
    }
  }) as Db['transaction'];
}

/**
 * A transaction's queries started together (`Promise.all` over `tx`) are sent one after another:
 * a connection runs one query at a time, and pg queued the second itself, a use it deprecates
 * ("already executing a query") and pg 9 refuses. The pool's own calls (a callback) and
 * submittables pass as they are: the pool sends those only to a connection it holds idle.
 */
function oneQueryAtATime(connection: pg.PoolClient): void {
  const original = connection.query.bind(connection) as (...args: unknown[]) => unknown;
  let last: Promise<unknown> = Promise.resolve();
  connection.query = ((...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args[args.length - 1] === 'function' || typeof first?.submit === 'function') return original(...args);
    const run = last.then(() => original(...args));
    last = run.catch(() => undefined);
    return run;
  }) as never;
}

export type DatabaseOptions =
  /**
   * `oneConnectionRule`: a query through the pool while a transaction of the same request is open
   * throws — on PGlite, which has one connection, it would wait for ever (tests on PostgreSQL set
   * it, so that mistake shows there too).
   */
  | { databaseUrl: string; oneConnectionRule?: boolean }
  | { dataDir: string }
  /** An open PGlite (tests clone one per suite); closing the Database closes it. */
  | { pglite: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 10_000,
      // Servers on PostgreSQL keep nothing of authentication between requests (http/auth.ts), so
      // the auth_epoch triggers (migration 0025) need not raise their one row, which would
      // serialise every writer of roles and sessions. No JIT compiling either: the console's
      // queries are short, and PostgreSQL compiles any costing over 100,000 by default — the seat
      // dashboard's counts at a million users spent 60-100 ms of their 150 compiling (issue 38).
      // Set per connection, not as startup options, which poolers such as PgBouncer refuse, and
      // before the pool hands the connection out (sent from its 'connect' event, it ran beside the
      // first caller's query: pg's "already executing a query" warning). Failing, either costs
      // speed, never correctness.
      onConnect: (client) =>
        client.query("set console.auth_epoch = 'off'; set jit = off").then(
          () => undefined,
          () => undefined,
        ),
    });
    // An idle connection that PostgreSQL ends (a restart, a failover: 57P01) is an 'error' event
    // on the pool; unheard, it would end the process. The pool drops that client and opens a new
    // one for the next query, so the server recovers by itself when the database is back.
    pool.on('error', (error) => {
      process.stderr.write(
        JSON.stringify({ time: new Date().toISOString(), level: 'warn', message: 'idle database connection lost', error: error.message }) + '\n',
      );
    });
    // A connection checked out for a transaction (every write runs in one) that PostgreSQL ends
    // is an 'error' on that client, which the pool does not hear: the query in flight fails
    // (answered 503), and the client must not end the process.
    let listener: QueryListener | undefined;
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      timeQueries(client, () => listener);
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    giveBackEveryConnection(pool, db);
    if (options.oneConnectionRule) keepToOneConnection(pool, db);
    const database: Database = {
      db,
      kind: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      // Two servers starting together on one PostgreSQL must not migrate at once.
      migrate: async (migrationsFolder) => {
        const connection = await pool.connect();
        try {
          await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migrateNodePg(drizzleNodePg(connection), { migrationsFolder });
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          connection.release();
        }
      },
      exclusive: async (work) => {
        const connection = await pool.connect();
        try {
          await connection.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
          return await work();
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
          connection.release();
        }
      },
      close: () => pool.end(),
      observeQueries: (heard) => void (listener = heard),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
    };
    await database.ping();
    return database;
  }
  let release = () => {};
  let client: PGlite;
  if ('pglite' in options) {
    client = options.pglite;
  } else {
    release = lockDataDir(options.dataDir);
    try {
      client = await createPglite(path.join(options.dataDir, 'pglite'));
    } catch (error) {
      release();
      throw error;
    }
  }
  let listener: QueryListener | undefined;
  timeQueries(client, () => listener);
  Object.assign(client.parsers, AS_TEXT);
  withoutDrizzleParsers(client);
  // A transaction's queries run on the object it hands its callback.
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<unknown>) =>
    transaction((tx) => {
      timeQueries(tx, () => listener);
      withoutDrizzleParsers(tx);
      return callback(tx);
    })) as PGlite['transaction'];
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    migrate: (migrationsFolder) => migratePglite(pgliteDb, { migrationsFolder }),
    exclusive: (work) => work(),
    observeQueries: (heard) => void (listener = heard),
    poolStats: () => undefined,
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
