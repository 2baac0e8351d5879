/**
 * Two servers started at the same moment on one empty PostgreSQL database (issue 36, item 3):
 * one migrates and seeds the demo under the start's advisory lock, the other waits and finds
 * it done. Both serve; the demo data is there once. (It used to end one of them with the demo
 * seed's `environments_name_unique`.) PostgreSQL only: PGlite is one server per data folder.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from '../server';
import { testConfig } from '../../test/harness';
import { databaseUrlFor } from '../../test/template';

const base = process.env.DATABASE_URL;
const describeWithPostgres = base ? describe : describe.skip;

describeWithPostgres('two servers starting together on an empty database', () => {
  const name = `console_startup_${randomBytes(5).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: base });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
  });

  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });

  it('both start and serve, and the demo data is written once', async () => {
    const url = databaseUrlFor(base!, name);
    const config = () =>
      testConfig({
        DATABASE_URL: url,
        SEED: 'demo',
        DEMO: 'true',
        PORT: '0',
        ADMIN_PASSWORD: 'Startup-Admin-123',
        DEMO_PASSWORD: 'Startup-Demo-123',
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'startup-')),
      });
    // The seed prints its report; the test keeps its output quiet.
    const log = console.log;
    console.log = () => undefined;
    const servers = await Promise.allSettled([startServer(config()), startServer(config())]).finally(() => (console.log = log));
    expect(servers.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
    try {
      for (const server of servers) {
        const health = await fetch(`${(server as PromiseFulfilledResult<{ url: string }>).value.url}/api/health`);
        expect(health.status).toBe(200);
      }
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ name: string; n: string }>('select name, count(*) as n from environments group by name having count(*) > 1');
      const admins = await client.query<{ n: string }>("select count(*) as n from users where lower(user_name) = 'admin'");
      await client.end();
      expect(rows).toEqual([]);
      expect(Number(admins.rows[0]!.n)).toBe(1);
    } finally {
      await Promise.all(servers.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)));
    }
  }, 120_000);
});
