/**
 * A request's trace id (issue 43): every reply carries it in a W3C `traceparent` header, a
 * server error's body carries it as `traceId` beside `Message`, and the request's log lines
 * carry it too, so a user's screenshot of an error leads to the log lines (and, with tracing on,
 * the trace: src/tracing.test.ts). A reply under 500 keeps exactly its documented body.
 */
import { sql } from 'drizzle-orm';
import { GenericMessages } from 'contracts/common';
import { Role } from 'shared/roles';
import { createApp } from '../app';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLicense, createUser, login } from '../../test/factories';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('the trace id', () => {
  it('is in every reply’s traceparent header, a new one per request, and a 4xx body stays as documented', async () => {
    const ok = await app.request('GET', '/api/health/live');
    const missing = await app.request('GET', '/api/no/such/call');
    const refused = await app.request('GET', '/api/users');
    const ids = [ok, missing, refused].map((answer) => TRACEPARENT.exec(answer.headers.get('traceparent') ?? '')?.[1]);
    expect(ids.every((id) => id && !/^0+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(3);
    expect(missing.body).toEqual({ Message: 'There is no such API call.' });
    expect(refused.status).toBe(401);
    expect(Object.keys(refused.body as object)).toEqual(['Message']);
  });

  it('is the caller’s, when it sends a valid traceparent (a balancer’s, a gateway’s); an invalid or all-zero one is replaced', async () => {
    const given = '4bf92f3577b34da6a3ce929d0e0e4736';
    const theirs = await app.request('GET', '/api/health/live', { headers: { traceparent: `00-${given}-00f067aa0ba902b7-01` } });
    expect(TRACEPARENT.exec(theirs.headers.get('traceparent')!)?.[1]).toBe(given);
    // Our own span id, not the caller's.
    expect(theirs.headers.get('traceparent')).not.toContain('00f067aa0ba902b7');
    for (const bad of ['00-00000000000000000000000000000000-00f067aa0ba902b7-01', 'not a traceparent', `00-${given}`]) {
      const answer = await app.request('GET', '/api/health/live', { headers: { traceparent: bad } });
      expect(TRACEPARENT.exec(answer.headers.get('traceparent')!)?.[1]).not.toMatch(/^0+$|^4bf92f35/);
    }
  });

  it('is in a server error’s body beside the message, the same as its header and its log line, and the error’s details are not', async () => {
    // The error lines the server writes (stderr), caught instead of shown.
    const written: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((chunk: string | Uint8Array) => written.push(String(chunk)) > 0) as typeof process.stderr.write;
    try {
      const probe = createApp(app.deps);
      probe.app.get('/probe-failure', async () => {
        await app.deps.db.execute(sql`select * from a_table_that_does_not_exist`);
        return new Response('unreachable');
      });
      const answer = await probe.app.request('http://console.test/probe-failure');
      expect(answer.status).toBe(500);
      const traceId = TRACEPARENT.exec(answer.headers.get('traceparent') ?? '')?.[1];
      expect(traceId).toBeDefined();
      expect(await answer.json()).toEqual({ Message: GenericMessages.unexpected, traceId });
      const lines = written.filter((line) => line.includes('"unhandled error"'));
      expect(lines.map((line) => (JSON.parse(line) as { traceId?: string }).traceId)).toEqual([traceId]);
    } finally {
      process.stderr.write = write;
    }
  });

  it('is in a 503’s body too (the database restarting, readiness while draining)', async () => {
    app.deps.lifecycle.drain();
    try {
      const ready = await app.request('GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect((ready.body as { traceId: string }).traceId).toBe(TRACEPARENT.exec(ready.headers.get('traceparent')!)?.[1]);
    } finally {
      app.deps.lifecycle.resume();
    }
  });

  it('keeps another licence’s 404 identical to a missing entity’s, though each request has its own trace id', async () => {
    const license = await createLicense(app);
    const other = await createLicense(app);
    const reader = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    const token = await login(app, reader.userName);
    const foreign = await app.request('GET', `/api/license/${other.licenseId}`, { token });
    const missing = await app.request('GET', '/api/license/999999999', { token });
    expect([foreign.status, foreign.body]).toEqual([missing.status, missing.body]);
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('traceparent')).not.toBe(missing.headers.get('traceparent'));
  });
});
