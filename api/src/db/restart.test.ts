/**
 * The API on a real PostgreSQL that restarts and goes away under a write loop: the process
 * lives on, calls during the outage answer 503 with a message (never 500), health says 503,
 * the server recovers by itself, and no acknowledged write is lost.
 */
import { eq, inArray } from 'drizzle-orm';
import { Role } from 'shared/roles';
import { createApp } from '../app';
import { buildDeps, prepareDatabase } from '../bootstrap';
import { manualClock } from '../services/clock';
import { createPasswordHasher } from '../services/passwords';
import { testConfig } from '../../test/harness';
import { openDatabase, type Database } from './client';
import * as t from './schema';
// @ts-expect-error: a plain ES module of the repository's scripts, without types.
import { postgresBin, startPostgres } from '../../../scripts/postgres.mjs';

interface Cluster {
  url: string;
  restart(): void;
  stopServer(): void;
  startServer(): void;
  stop(): void;
}

// It makes its own cluster, so one pass of the suite is enough: the PGlite pass of npm test.
const available = Boolean(postgresBin()) && !process.env.DATABASE_URL;
if (!postgresBin()) console.warn('restart.test: no PostgreSQL binaries (npm test installs them); the restart test cannot run here.');
const describeWithPostgres = available ? describe : describe.skip;

describeWithPostgres('the API while PostgreSQL restarts', () => {
  let cluster: Cluster;
  let database: Database;
  let request: (method: string, path: string, token?: string) => Promise<{ status: number; body: { Message?: string } }>;
  let token: string;
  let licenseId: number;
  let environmentIds: number[];

  beforeAll(async () => {
    // PostgreSQL's defaults (fsync on): an acknowledged write must survive a restart for real.
    cluster = (await startPostgres({ fast: false })) as Cluster;
    database = await openDatabase({ databaseUrl: cluster.url });
    await prepareDatabase(database);
    const deps = await buildDeps(testConfig(), { database, clock: manualClock(new Date()), passwords: createPasswordHasher(10) });
    const { app } = createApp(deps);
    request = async (method, path, bearer) => {
      const response = await app.request(`http://console.test${path}`, { method, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : {} };
    };
    const [license] = await database.db.insert(t.licenses).values({ name: 'Restart Co', company: 'Restart Co', maxProjects: 10, maxUsers: 10 }).returning();
    licenseId = license!.licenseId;
    const [role] = await database.db.select().from(t.roles).where(eq(t.roles.name, Role.ACCESS_ALL_CUSTOMER_LICENCES));
    const [admin] = await database.db
      .insert(t.users)
      .values({
        userName: 'restart.admin',
        firstName: 'R',
        lastName: 'A',
        email: 'r@example.test',
        licenseId,
        passwordHash: await deps.passwords.hash('Restart-Password-1'),
      })
      .returning();
    await database.db.insert(t.userRoles).values({ userId: admin!.userId, roleId: role!.roleId });
    const environments = await database.db
      .insert(t.environments)
      .values(Array.from({ length: 400 }, (_, i) => ({ name: `Env ${i}`, serverUrl: `http://env${i}.example` })))
      .returning();
    environmentIds = environments.map((e) => e.environmentId);
    const login = await app.request('http://console.test/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'restart.admin', password: 'Restart-Password-1' }),
    });
    token = ((await login.json()) as { token: string }).token;
  }, 120_000);

  afterAll(async () => {
    await database?.close().catch(() => undefined);
    cluster?.stop();
  });

  const link = (environmentId: number) => request('POST', `/api/licenses/${licenseId}/environments/${environmentId}`, token);

  it('answers 503 while the database is down, recovers by itself, and keeps every acknowledged write', async () => {
    const acknowledged: number[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const write = async () => {
      const environmentId = environmentIds[next++]!;
      const answer = await link(environmentId);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status === 201) acknowledged.push(environmentId);
      else expect(answer).toEqual({ status: 503, body: { Message: 'The database is not answering. Try again in a moment.', traceId: expect.any(String) } });
    };

    // A write loop with a restart in the middle of it.
    const loop = (async () => {
      while (next < 150) await write();
    })();
    await new Promise((resolve) => setTimeout(resolve, 150));
    cluster.restart();
    await loop;

    // A longer outage: the server answers 503 at once, health too.
    cluster.stopServer();
    for (let i = 0; i < 5; i++) await write();
    expect((await request('GET', '/api/health')).status).toBe(503);
    expect(statuses.get(503)).toBeGreaterThanOrEqual(5);
    cluster.startServer();

    // Back: no restart of ours, the pool opens new connections.
    expect((await request('GET', '/api/health')).status).toBe(200);
    while (next < 200) await write();
    expect(statuses.get(500)).toBeUndefined();
    expect(acknowledged.length).toBeGreaterThan(100);
    const stored = await database.db
      .select({ id: t.licenseEnvironments.environmentId })
      .from(t.licenseEnvironments)
      .where(inArray(t.licenseEnvironments.environmentId, acknowledged));
    expect(stored.map((row) => row.id).sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b));
    // And no connection stayed checked out by a request that failed in the outage.
    const pool = database.poolStats()!;
    expect(pool).toMatchObject({ waiting: 0, idle: pool.total });
  }, 120_000);
});
