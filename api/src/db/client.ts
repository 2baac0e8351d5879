/**
 * Opens the database: PGlite (PostgreSQL in WebAssembly) in a data folder by default, a
 * PostgreSQL server when DATABASE_URL is set. One Drizzle schema serves both.
 */
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
}

const MIGRATION_LOCK = 4_207_001;
/** The start's lock (migrations, reference data, the first seed); the migrations take theirs inside it. */
const STARTUP_LOCK = 4_207_002;

/**
 * A PGlite with the extensions the migrations use (pg_trgm for the user search). Every
 * PGlite the server or a test opens comes from here; PostgreSQL has them in its contrib.
 */
export function createPglite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  const extensions = { pg_trgm, ...options.extensions };
  return dataDir ? PGlite.create(dataDir, { ...options, extensions }) : PGlite.create({ ...options, extensions });
}

export type DatabaseOptions =
  | { databaseUrl: string }
  | { dataDir: string }
  /** An open PGlite (tests clone one per suite); closing the Database closes it. */
  | { pglite: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 10_000 });
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
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
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
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    migrate: (migrationsFolder) => migratePglite(pgliteDb, { migrationsFolder }),
    exclusive: (work) => work(),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
