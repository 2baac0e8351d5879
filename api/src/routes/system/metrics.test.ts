/**
 * The metrics (issue 43): off unless configured, the token required, and what an operator
 * reads — requests by route template and status, sign-ins by outcome, mail, jobs, the
 * database's queries — without a user name, an id or a path with ids in any label.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Role } from 'shared/roles';
import { startServer } from '../../server';
import { createMailer } from '../../services/mail';
import { countingMailer, createMetrics } from '../../services/metrics';
import { sendExpiryNotices } from '../../domain/expiry-notices';
import { createTestApp, testConfig, type TestApp } from '../../../test/harness';
import { createLicense, createUser, login } from '../../../test/factories';

const TOKEN = 'a-metrics-token-for-the-tests';

/** The samples of a scrape: name, labels and value of each line. */
function samples(text: string) {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, name, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

const valueOf = (text: string, name: string, labels: Record<string, string>) =>
  samples(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

describe('metrics, off by default', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers 404 like a call that does not exist, with or without a token', async () => {
    const answer = await app.request('GET', '/api/metrics');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ Message: 'There is no such API call.' });
    expect((await app.request('GET', '/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });
});

describe('metrics with METRICS_PORT', () => {
  it('are not served on the public port, even with the token', async () => {
    const app = await createTestApp({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' });
    try {
      expect((await app.request('GET', '/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('are served at /metrics on their own listener, with the token when one is set, and the public port answers 404', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'metrics-port-'));
    const metricsPort = String(20_000 + Math.floor(Math.random() * 30_000));
    // On PostgreSQL the server opens a database cloned from the migrated template (an empty
    // embedded one would spend seconds on migrations this test is not about).
    const database = process.env.DATABASE_URL ? await createTestApp() : undefined;
    const where: Record<string, string> = database?.databaseUrl ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: dataDir };
    const server = await startServer(
      testConfig({ PORT: '0', HOST: '127.0.0.1', METRICS_PORT: metricsPort, METRICS_TOKEN: TOKEN, ...where, ADMIN_PASSWORD: 'Metrics-Admin-123' }),
    );
    try {
      expect(server.metricsAt).toBe(`http://127.0.0.1:${metricsPort}/metrics`);
      expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
      const scraped = await fetch(server.metricsAt!, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scraped.status).toBe(200);
      expect(valueOf(await scraped.text(), 'console_http_requests_total', { route: 'health/live', status: '200' })).toBe(1);
      expect((await fetch(server.metricsAt!)).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/api/users`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      expect((await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await server.close();
      await database?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('metrics with METRICS_TOKEN', () => {
  let app: TestApp;
  const scrape = async () => {
    const answer = await app.request('GET', '/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    return answer.text;
  };
  beforeAll(async () => {
    app = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => app.close());

  it('need the token: none, another, or a session token answer 401', async () => {
    const none = await app.request('GET', '/api/metrics');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect(none.text).not.toContain('console_');
    expect((await app.request('GET', '/api/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await app.request('GET', '/api/metrics', { headers: { authorization: TOKEN } })).status).toBe(401);
    const license = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    expect((await app.request('GET', '/api/metrics', { token: await login(app, admin.userName) })).status).toBe(401);
  });

  it('count requests by route template and status, never by URL, user name or id', async () => {
    const license = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { userName: 'metrics.admin.person', roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    const token = await login(app, admin.userName);
    const before = await scrape();
    const read = await app.request('GET', `/api/users/${admin.userName}`, { token });
    expect(read.status).toBe(200);
    expect((await app.request('GET', `/api/license/${license.licenseId}`, { token })).status).toBe(200);
    expect((await app.request('GET', '/api/license/987654321', { token })).status).toBe(404);
    expect((await app.request('GET', `/api/no/such/${admin.userName}/987654`, { token })).status).toBe(404);
    const after = await scrape();

    const counted = (route: string, status: string) =>
      valueOf(after, 'console_http_requests_total', { method: 'GET', route, status }) -
      valueOf(before, 'console_http_requests_total', { method: 'GET', route, status });
    expect(counted('users/{username}', '200')).toBe(1);
    expect(counted('license/{licenseId}', '200')).toBe(1);
    expect(counted('license/{licenseId}', '404')).toBe(1);
    expect(counted('(unmatched)', '404')).toBe(1);
    expect(valueOf(after, 'console_http_request_duration_seconds_count', { route: 'users/{username}', status: '200' })).toBeGreaterThanOrEqual(1);

    // No label value is a user name, an id, or a path holding either.
    const ids = [String(license.licenseId), String(admin.userId), '987654321', '987654'];
    for (const sample of samples(after)) {
      for (const [label, value] of Object.entries(sample.labels)) {
        if (label === 'status' || label === 'le' || label === 'quantile') continue;
        expect({ label, value, digitsOnly: /^\d+$/.test(value) }).toEqual({ label, value, digitsOnly: false });
        expect(value).not.toContain('metrics.admin.person');
        for (const id of ids) expect(value.split(/[^0-9]+/)).not.toContain(id);
      }
    }
  });

  it('count sign-ins by step and outcome: success, a wrong password, an unknown user, a locked account', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId, { roles: [Role.ADMINISTER_USER_CREATE_UPDATE] });
    const locked = await createUser(app, license.licenseId, { roles: [Role.ADMINISTER_USER_CREATE_UPDATE], isLockedOut: true });
    const before = await scrape();
    await login(app, user.userName);
    expect((await app.request('POST', '/api/login', { body: { userName: user.userName, password: 'Not-The-Password-1' } })).status).toBe(401);
    expect((await app.request('POST', '/api/login', { body: { userName: 'nobody.at.all', password: 'Not-The-Password-1' } })).status).toBe(401);
    const lockedAnswer = await app.request('POST', '/api/login', { body: { userName: locked.userName, password: 'Not-The-Password-1' } });
    expect(lockedAnswer.status).toBeGreaterThanOrEqual(400);
    const after = await scrape();
    const counted = (outcome: string) =>
      valueOf(after, 'console_sign_ins_total', { step: 'password', outcome }) - valueOf(before, 'console_sign_ins_total', { step: 'password', outcome });
    expect(counted('success')).toBe(1);
    // A locked account answers as a wrong password does (or 403 where the lockout says so): counted as one or the other.
    expect(counted('failure') + counted('locked')).toBe(3);
  });

  it('count passkey sign-ins under their own step', async () => {
    const before = await scrape();
    // A well-formed answer to a challenge that was never given: refused, as any wrong passkey.
    const answer = await app.request('POST', '/api/login/passkey', {
      body: {
        challengeId: '00000000-0000-4000-8000-000000000000',
        response: {
          id: 'AA',
          rawId: 'AA',
          type: 'public-key',
          response: { clientDataJSON: 'AA', authenticatorData: 'AA', signature: 'AA' },
          clientExtensionResults: {},
        },
      },
    });
    expect(answer.status).toBe(401);
    const after = await scrape();
    expect(
      valueOf(after, 'console_sign_ins_total', { step: 'passkey', outcome: 'failure' }) -
        valueOf(before, 'console_sign_ins_total', { step: 'passkey', outcome: 'failure' }),
    ).toBe(1);
  });

  it('count throttled sign-ins', async () => {
    const before = await scrape();
    // Ten failures per account in a window, then 429.
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i++) {
      status = (await app.request('POST', '/api/login', { body: { userName: 'throttled.metrics', password: 'Not-The-Password-1' } })).status;
    }
    expect(status).toBe(429);
    const after = await scrape();
    expect(
      valueOf(after, 'console_sign_ins_total', { step: 'password', outcome: 'throttled' }) -
        valueOf(before, 'console_sign_ins_total', { step: 'password', outcome: 'throttled' }),
    ).toBe(1);
  });

  it('count mail sent, the expiry notices job’s runs and the database’s queries', async () => {
    const before = await scrape();
    await app.deps.mailer.send({ to: 'someone@example.test', subject: 'Hello', text: 'Body' });
    await sendExpiryNotices(app.deps);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('console_mail_total', { outcome: 'sent' })).toBe(1);
    expect(delta('console_job_runs_total', { job: 'expiry_notices', outcome: 'success' })).toBe(1);
    expect(delta('console_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
    // The connection pool's use (PostgreSQL; PGlite has no pool and no such series).
    const pool = (state: string) => valueOf(after, 'console_db_pool_connections', { state });
    if (app.deps.database.kind === 'postgres') {
      expect(pool('max')).toBeGreaterThan(0);
      expect(pool('total')).toBeGreaterThanOrEqual(1);
      expect(pool('total')).toBeLessThanOrEqual(pool('max'));
    } else {
      expect(samples(after).some((s) => s.name === 'console_db_pool_connections')).toBe(false);
    }
  });

  it('count failed mail: the server’s mailer (bootstrap wraps it the same way) refused by SMTP', async () => {
    const metrics = createMetrics();
    const mailer = countingMailer(createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'console@example.test' }), metrics);
    await expect(mailer.send({ to: 'someone@example.test', subject: 'Hello', text: 'Body' })).rejects.toThrow();
    const text = await metrics.text();
    expect(valueOf(text, 'console_mail_total', { outcome: 'failed' })).toBe(1);
    expect(valueOf(text, 'console_mail_total', { outcome: 'sent' })).toBe(0);
  });

  it('bound the remotes browsers report: a malformed id or version is "other", and so is every pair past the limit', async () => {
    app.deps.metrics.remoteLoadFailure('identity', '1.4.0');
    app.deps.metrics.remoteLoadFailure('identity/../../users/jsmith', '1.4.0');
    for (let i = 0; i < 60; i++) app.deps.metrics.remoteLoadFailure('workflows', `2.0.${i}`);
    const text = await scrape();
    expect(valueOf(text, 'console_remote_load_failures_total', { remote: 'identity', version: '1.4.0' })).toBe(1);
    expect(valueOf(text, 'console_remote_load_failures_total', { remote: 'other', version: '1.4.0' })).toBe(1);
    expect(valueOf(text, 'console_remote_load_failures_total', { remote: 'other', version: 'other' })).toBeGreaterThan(0);
    expect(samples(text).filter((s) => s.name === 'console_remote_load_failures_total').length).toBeLessThanOrEqual(51);
  });
});
