/**
 * Upgrades and backups lose nothing (issue 43). An upgrade: a database left by an earlier
 * release (the migrations up to 0012, with data written as that release wrote it) is opened by
 * this release, which migrates it at start; every row is still there, a password still signs
 * in. A backup (PostgreSQL): `pg_dump` of a live database restored with `pg_restore` into a new
 * one serves the same data, sign-in included, as the README's Backups section says.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createApp } from '../app';
import { buildDeps, prepareDatabase } from '../bootstrap';
import { apiPath } from '../paths';
import { createPasswordHasher } from '../services/passwords';
import { testConfig } from '../../test/harness';
import { emptyDatabase } from '../../test/empty-database';
import type { Database } from './client';
import { rawRows } from './rows';

const base = process.env.DATABASE_URL;
const PASSWORD = 'Upgrade-Pass-123';

/** The migration folder as an earlier release shipped it: the journal's first `count` entries and their files. */
function migrationsUpTo(count: number): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  const journal = JSON.parse(fs.readFileSync(apiPath('drizzle', 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, count);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) fs.copyFileSync(apiPath('drizzle', `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}

/** Rows of the tables the data below lives in, as text: what must come through unchanged. */
async function snapshot(database: Database) {
  const read = (query: string) => rawRows<unknown>(database.db, sql.raw(query));
  return {
    licenses: await read('select license_id, name, company from licenses order by license_id'),
    users: await read('select user_id, user_name, first_name, last_name, email, license_id, password_hash from users order by user_id'),
    projects: await read('select project_id, name, license_id from projects where license_id is not null order by project_id'),
    sites: await read('select site_id, project_id, parent_id, name from sites order by site_id'),
  };
}

async function signsIn(database: Database, userName: string): Promise<number> {
  const deps = await buildDeps(testConfig(), { database, passwords: createPasswordHasher(10) });
  const { app } = createApp(deps);
  const answer = await app.request('http://console.test/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: PASSWORD }),
  });
  return answer.status;
}

/** Data as the release of migration 0012 wrote it: a licence, its user with a password, a project and two levels of sites. */
async function writeEarlierData(database: Database) {
  const hash = await createPasswordHasher(10).hash(PASSWORD);
  await database.db.execute(sql`insert into licenses (license_id, name, company) values (9001, 'Harbour Works', 'Harbour Co')`);
  await database.db.execute(
    sql`insert into users (user_id, user_name, first_name, last_name, email, license_id, password_hash) values (9001,
      'old.timer', 'Olga', 'Timer', 'olga@example.test', 9001, ${hash})`,
  );
  await database.db.execute(sql`insert into projects (project_id, name, license_id) values (9001, 'Quay Wall', 9001)`);
  await database.db.execute(sql`insert into sites (site_id, project_id, name) values (9001, 9001, 'North Quay')`);
  await database.db.execute(sql`insert into sites (site_id, project_id, parent_id, name) values (9002, 9001, 9001, 'Berth 1')`);
}

describe('upgrades and backups', () => {
  it('an earlier release’s database is migrated at start with every row kept, and its passwords still sign in', async () => {
    const { database, drop } = await emptyDatabase();
    try {
      await database.migrate(migrationsUpTo(13));
      await writeEarlierData(database);
      const before = await snapshot(database);
      expect(before.users).toHaveLength(1);

      await prepareDatabase(database);

      const after = await snapshot(database);
      expect(after).toEqual(before);
      expect(await signsIn(database, 'old.timer')).toBe(200);
    } finally {
      await database.close();
      await drop();
    }
  });

  const itWithPostgres = base && spawnSync('pg_dump', ['--version']).status === 0 ? it : it.skip;
  // Skipped on PGlite (a data folder is copied while the server is stopped) or without PostgreSQL's client tools.
  itWithPostgres('a pg_dump of a live database restored with pg_restore serves the same data', async () => {
    const source = await emptyDatabase();
    const target = await emptyDatabase();
    try {
      await prepareDatabase(source.database);
      await writeEarlierData(source.database);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'backup-')), 'console.dump');
      const dump = spawnSync('pg_dump', ['--format=custom', `--file=${file}`, source.url!], { encoding: 'utf8' });
      expect(dump.stderr).toBe('');
      const restore = spawnSync('pg_restore', ['--no-owner', `--dbname=${target.url}`, file], { encoding: 'utf8' });
      expect(restore.stderr).toBe('');
      // The restored database is current: the start finds nothing to migrate and serves it.
      await prepareDatabase(target.database);
      expect(await snapshot(target.database)).toEqual(await snapshot(source.database));
      expect(await signsIn(target.database, 'old.timer')).toBe(200);
    } finally {
      await source.database.close();
      await target.database.close();
      await source.drop();
      await target.drop();
    }
  });
});
