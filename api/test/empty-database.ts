/** An empty database of the kind under test: PGlite, or a new database on DATABASE_URL's server (its URL, and a drop). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPglite, openDatabase, type Database } from '../src/db/client';
import { databaseUrlFor } from './template';

export async function emptyDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { database: await openDatabase({ pglite: await createPglite() }), drop: async () => {} };
  const name = `console_empty_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = databaseUrlFor(base, name);
  return {
    database: await openDatabase({ databaseUrl: url }),
    url,
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
