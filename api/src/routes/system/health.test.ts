/**
 * Health for orchestrators: `health/live` answers while the process does (no database),
 * `health/ready` while the database answers, every bundled migration is applied and the
 * server is not draining. Both reveal ok or not ok, and the version: nothing else.
 */
import { sql } from 'drizzle-orm';
import { API_VERSION } from '../../version';
import { createTestApp, type TestApp } from '../../../test/harness';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('GET health/live', () => {
  it('answers 200 with the version, without a session', async () => {
    const answer = await app.request('GET', '/api/health/live');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', version: API_VERSION });
  });
});

describe('GET health/ready', () => {
  it('answers 200 while the database answers and every migration is applied', async () => {
    const answer = await app.request('GET', '/api/health/ready');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', version: API_VERSION });
  });

  it('answers 503 with the reason while a bundled migration is not applied, and 200 again once it is', async () => {
    const applied = await app.deps.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    const [last] = (applied as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows;
    await app.deps.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const answer = await app.request('GET', '/api/health/ready');
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        status: 'not ready',
        version: API_VERSION,
        Message: 'Not ready: 1 migration of this version is not applied to the database yet.',
        traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
    } finally {
      await app.deps.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`);
    }
    expect((await app.request('GET', '/api/health/ready')).status).toBe(200);
  });

  it('answers 503 while the server drains, so the balancer stops sending to it; live stays 200', async () => {
    app.deps.lifecycle.drain();
    try {
      const ready = await app.request('GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: 'not ready',
        version: API_VERSION,
        Message: 'Not ready: the server is shutting down.',
        traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      expect((await app.request('GET', '/api/health/live')).status).toBe(200);
    } finally {
      app.deps.lifecycle.resume();
    }
  });

  it('is described in the OpenAPI document as public, with its 503', async () => {
    const doc = (await app.request('GET', '/api/openapi.json')).body;
    expect(doc.paths['/api/health/ready'].get).toMatchObject({ security: [], responses: { 200: expect.anything(), 503: expect.anything() } });
    expect(doc.paths['/api/health/live'].get).toMatchObject({ security: [] });
  });
});

describe('GET health/ready without a database', () => {
  it('answers 503 saying the database does not answer, while live still answers 200', async () => {
    const lonely = await createTestApp();
    await lonely.deps.database.close();
    const ready = await lonely.request('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      status: 'not ready',
      version: API_VERSION,
      Message: 'Not ready: the database does not answer.',
      traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect((await lonely.request('GET', '/api/health/live')).status).toBe(200);
    await lonely.close().catch(() => undefined);
  });
});
