/**
 * Upgrading a running console loses nothing (issue 43): a database written by an earlier release
 * (commit 3314cff, the console of 2026-11-24 at migration 0017: its demo data plus one of what the
 * demo lacks, made through that release's API) is opened by this release, which migrates it at
 * start. Then every entity that release's API answered about — 1,137 reads, every GET of its
 * OpenAPI document for every id the database held — reads back through today's API with every
 * field it had, unchanged; a session, an API key and a two-factor sign-in begun before the upgrade
 * still work; and no table has fewer rows than before.
 *
 * The fixture (api/test/upgrade/release-3314cff.*.gz) was made by api/test/upgrade/make-fixture.mjs
 * against that release's server: the database as pg_dump wrote it, and what its API answered.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createApp } from '../app';
import { buildDeps, prepareDatabase } from '../bootstrap';
import { apiPath } from '../paths';
import { manualClock } from '../services/clock';
import { createPasswordHasher } from '../services/passwords';
import { testConfig } from '../../test/harness';
import { emptyDatabase } from '../../test/empty-database';
import { createPglite, openDatabase, type Database } from './client';
import { rawRows } from './rows';

const RELEASE = '3314cff';

interface Fixture {
  commit: string;
  recordedAt: string;
  migrations: number;
  session: string;
  apiKey: string;
  twoFactorToken: string;
  audit: { total: number; items: { auditId: number }[] };
  reads: Record<string, { status: number; body: unknown }>;
}

const gunzip = (name: string) => zlib.gunzipSync(fs.readFileSync(apiPath('test', 'upgrade', name))).toString('utf8');

/** The dump as SQL a server runs: without psql's own commands (`\restrict`), and the session's settings put back after it. */
const dumpSql = () =>
  gunzip(`release-${RELEASE}.sql.gz`)
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');

/** The earlier release's database, loaded into an empty one of the kind under test. */
async function earlierDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (!process.env.DATABASE_URL) {
    const pglite = await createPglite();
    await pglite.exec(dumpSql());
    await pglite.exec('reset all');
    return { database: await openDatabase({ pglite }), drop: async () => {} };
  }
  const empty = await emptyDatabase();
  const client = new pg.Client({ connectionString: empty.url });
  await client.connect();
  await client.query(dumpSql());
  await client.end();
  return empty;
}

/** Where `now` differs from what `then` said: every field `then` had must be in `now` with the same value (new fields may be added). */
function differences(then: unknown, now: unknown, at = ''): string[] {
  if (Array.isArray(then)) {
    if (!Array.isArray(now)) return [`${at}: was a list, now ${JSON.stringify(now)?.slice(0, 80)}`];
    if (then.length !== now.length) return [`${at}: ${then.length} items, now ${now.length}`];
    return then.flatMap((item, i) => differences(item, now[i], `${at}[${i}]`));
  }
  if (then !== null && typeof then === 'object') {
    if (now === null || typeof now !== 'object' || Array.isArray(now)) return [`${at}: was an object, now ${JSON.stringify(now)?.slice(0, 80)}`];
    return Object.entries(then).flatMap(([key, value]) =>
      key in now ? differences(value, (now as Record<string, unknown>)[key], `${at}.${key}`) : [`${at}.${key}: gone`],
    );
  }
  return Object.is(then, now) ? [] : [`${at}: ${JSON.stringify(then)} → ${JSON.stringify(now)}`];
}

/** What migration 0019 adds to the UserPassword configs that supply the defaults (the lockout's settings), as drizzle/0019_sign_in_lockout.sql writes them. */
const LOCKOUT_SETTINGS = [
  { name: 'LockoutWaitSeconds', value: 60, label_name: 'First lockout in seconds (doubles each time; 0: lock until unlocked)', inputType: 'positiveNumber' },
  { name: 'LockoutMaxWaitSeconds', value: 900, label_name: 'Longest lockout in seconds', inputType: 'positiveNumber' },
  { name: 'MaxTemporaryLockouts', value: 0, label_name: 'Lockouts before the account stays locked (0: never)', inputType: 'positiveNumber' },
  { name: 'FailureResetSeconds', value: 43200, label_name: 'Seconds after which failed attempts are forgotten (0: never)', inputType: 'positiveNumber' },
];

interface ConfigReply {
  name?: unknown;
  version: number;
  data: { configs: { parameters: { name: string }[] }[] };
}
const isDefaultsConfig = (value: unknown): value is ConfigReply =>
  value !== null &&
  typeof value === 'object' &&
  (value as ConfigReply).name === 'UserPassword' &&
  Array.isArray((value as ConfigReply).data?.configs?.[0]?.parameters) &&
  !(value as ConfigReply).data.configs[0]!.parameters.some((p) => p.name === 'LockoutWaitSeconds');

/**
 * The earlier reply as this release's migrations meant to change it: the only intended change to
 * what the earlier API answered is migration 0019's, the lockout's settings added to the
 * UserPassword configs that supply the defaults (root project 1's and the licence template; a
 * licence's own config is left as it was) with their version raised by one.
 */
function asMigrated(url: string, body: unknown): unknown {
  if (/^\/api\/license\/\d+\/configs/.test(url)) return body;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (isDefaultsConfig(value)) {
      const [first, ...rest] = value.data.configs;
      return {
        ...value,
        version: value.version + 1,
        data: { ...value.data, configs: [{ ...first, parameters: [...first!.parameters, ...LOCKOUT_SETTINGS] }, ...rest] },
      };
    }
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
    return value;
  };
  return walk(body);
}

async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await rawRows<{ name: string }>(
    database.db,
    sql`select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rawRows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${name}`));
    counts[name] = row!.n;
  }
  return counts;
}

describe(`an upgrade from the release of ${RELEASE}`, () => {
  const fixture = JSON.parse(gunzip(`release-${RELEASE}.json.gz`)) as Fixture;

  it('migrates its database at start and reads back every entity its API answered, unchanged', async () => {
    const { database, drop } = await earlierDatabase();
    let settled = async () => {};
    try {
      const before = await rowCounts(database);
      expect(before['drizzle.__drizzle_migrations']).toBe(fixture.migrations);
      await prepareDatabase(database);
      const after = await rowCounts(database);
      const fewer = Object.entries(before).filter(([table, n]) => (after[table] ?? 0) < n);
      expect(fewer).toEqual([]);

      // The moment the fixture was made: sessions and codes begun then are still current.
      const clock = manualClock(new Date(new Date(fixture.recordedAt).getTime() + 60_000));
      const config = { ...testConfig(), tokenSecret: undefined };
      const deps = await buildDeps(config, { database, clock, passwords: createPasswordHasher(10) });
      settled = () => deps.background.settled();
      const { app } = createApp(deps);
      const get = async (url: string, authorization: string) => {
        const answer = await app.request(`http://console.test${url}`, { headers: { authorization } });
        const text = await answer.text();
        return { status: answer.status, body: text ? (JSON.parse(text) as unknown) : null };
      };

      const changed: string[] = [];
      for (const [url, then] of Object.entries(fixture.reads)) {
        const now = await get(url, `Bearer ${fixture.session}`);
        if (now.status !== then.status) changed.push(`${url}: ${then.status} → ${now.status} ${JSON.stringify(now.body).slice(0, 120)}`);
        else
          changed.push(
            ...differences(asMigrated(url, then.body), now.body)
              // The reads themselves are the reader's activity: admin's last activity may move on (written once a minute).
              .filter((d) => !(url.startsWith('/api/users/admin') && /^\.lastActivityDate: /.test(d)))
              .map((d) => `${url} ${d}`),
          );
      }
      expect(changed).toEqual([]);
      // What was read was read with a session signed in before the upgrade. An API key made then
      // (with no roles) is still recognised: refused for its roles (403), where a wrong secret is not known (401).
      expect((await get('/api/projects', `ApiKey ${fixture.apiKey}`)).status).toBe(403);
      expect((await get('/api/projects', `ApiKey ${fixture.apiKey.slice(0, -2)}xx`)).status).toBe(401);

      // The audit trail: every entry the earlier release wrote, with everything it said.
      const trail: unknown[] = [];
      for (let page = 0; ; page++) {
        const answer = await get(`/api/audit?pageSize=200&page=${page}`, `Bearer ${fixture.session}`);
        const items = (answer.body as { items: unknown[] }).items;
        trail.push(...items);
        if (items.length < 200) break;
      }
      const byId = new Map(trail.map((entry) => [(entry as { auditId: number }).auditId, entry]));
      expect(fixture.audit.items.length).toBeGreaterThan(3);
      expect(fixture.audit.items.flatMap((entry) => differences(entry, byId.get(entry.auditId), `audit ${entry.auditId}`))).toEqual([]);
    } finally {
      await settled();
      await database.close();
      await drop();
    }
  }, 180_000);
});
