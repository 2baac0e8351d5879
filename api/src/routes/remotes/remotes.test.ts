import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { CHANNEL_ENTITY, RemoteChannelMessages as M } from 'contracts/auth/model';
import { auditEndpoints } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { applyRollbackRules, CHANNEL_ACTOR, pilotBucket, remoteLoadFailuresSince } from '../../domain/release-channels';
import { CONSOLE_KERNEL_VERSION } from '../../version';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createUser, login, unique, PASSWORD } from '../../../test/factories';

let app: TestApp;
let consoleDir: string;
const FILE_ENTRY = '/remotes/workflows/mf-manifest.json';
const [major, minor] = CONSOLE_KERNEL_VERSION.split('.').map(Number) as [number, number];
const kernel = `^${major}.${minor}.0`;

beforeAll(async () => {
  consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'channels-'));
  fs.writeFileSync(
    path.join(consoleDir, 'remotes.json'),
    JSON.stringify({
      remotes: [
        { id: 'identity', name: 'remote_identity', entry: '/remotes/identity/mf-manifest.json' },
        { id: 'workflows', name: 'remote_workflows', entry: FILE_ENTRY },
      ],
    }),
  );
  app = await createTestApp({ CONSOLE_DIR: consoleDir });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(consoleDir, { recursive: true, force: true });
});

/** A remote id no other test uses (each test has its own channel). */
const remoteId = () =>
  unique('wf')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-');

async function superAdmin() {
  const license = await createLicense(app);
  const user = await createUser(app, license.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
  return { license, user, token: await login(app, user.userName) };
}

async function userOf(licenseId: number) {
  const user = await createUser(app, licenseId);
  return { user, token: await login(app, user.userName) };
}

const entryOf = (id: string, version: string) => `/remotes/${id}/${version}/mf-manifest.json`;

async function register(token: string, id: string, version: string, kernelRange = kernel) {
  return app.request('POST', `/api/remotes/${id}/versions`, { token, body: { version, entry: entryOf(id, version), kernel: kernelRange } });
}

type MapEntry = { id: string; entry: string; version: string | null; pilot: boolean };
const mapOf = async (token: string) => {
  const answer = await app.request('GET', '/api/remotes/map', { token });
  expect(answer.status).toBe(200);
  return answer.body.remotes as MapEntry[];
};
const entryFor = async (token: string, id: string) => (await mapOf(token)).find((r) => r.id === id);

describe('the user’s remote map (GET remotes/map)', () => {
  it('falls back to remotes.json for every remote without a channel', async () => {
    const license = await createLicense(app);
    const { token } = await userOf(license.licenseId);
    expect(await mapOf(token)).toEqual(
      expect.arrayContaining([
        { id: 'identity', name: 'remote_identity', entry: '/remotes/identity/mf-manifest.json', version: null, pilot: false },
        { id: 'workflows', name: 'remote_workflows', entry: FILE_ENTRY, version: null, pilot: false },
      ]),
    );
    expect((await app.request('GET', '/api/remotes/map')).status).toBe(401);
  });

  it('gives a licence’s pilot to that licence’s users only, and the stable version to the others', async () => {
    const admin = await superAdmin();
    const id = remoteId();
    expect((await register(admin.token, id, '1.0.0')).status).toBe(201);
    expect((await register(admin.token, id, '1.1.0')).status).toBe(201);
    // Promote 1.0.0 through a pilot so it is the stable version.
    expect((await app.request('PUT', `/api/remotes/${id}/pilot`, { token: admin.token, body: { version: '1.0.0', percent: 100 } })).status).toBe(200);
    expect((await app.request('POST', `/api/remotes/${id}/promote`, { token: admin.token, body: { version: '1.0.0' } })).status).toBe(200);

    const pilotLicense = await createLicense(app);
    const otherLicense = await createLicense(app);
    const set = await app.request('PUT', `/api/remotes/${id}/pilot`, { token: admin.token, body: { version: '1.1.0', licenseIds: [pilotLicense.licenseId] } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      stableVersion: '1.0.0',
      pilotVersion: '1.1.0',
      pilotLicenseIds: [pilotLicense.licenseId],
      pilotLicenses: [{ licenseId: pilotLicense.licenseId, name: pilotLicense.name }],
      pilotPercent: 0,
    });

    const inside = await userOf(pilotLicense.licenseId);
    const outside = await userOf(otherLicense.licenseId);
    // The session's answer carries the same map (issue 38: no second call before the first screen).
    const signedIn = await app.request('POST', '/api/login', { body: { userName: inside.user.userName, password: PASSWORD } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.remotes).toEqual(await mapOf(signedIn.body.token));
    expect((signedIn.body.remotes as MapEntry[]).find((r) => r.id === id)).toMatchObject({ version: '1.1.0', pilot: true });
    expect(await entryFor(inside.token, id)).toEqual({
      id,
      name: `remote_${id.replace(/-/g, '_')}`,
      entry: entryOf(id, '1.1.0'),
      version: '1.1.0',
      pilot: true,
    });
    expect(await entryFor(outside.token, id)).toMatchObject({ entry: entryOf(id, '1.0.0'), version: '1.0.0', pilot: false });
  });

  it('gives a percentage pilot to the users whose bucket is below it, the same users on every call', async () => {
    const admin = await superAdmin();
    const id = remoteId();
    await register(admin.token, id, '2.0.0');
    expect((await app.request('PUT', `/api/remotes/${id}/pilot`, { token: admin.token, body: { version: '2.0.0', percent: 50 } })).status).toBe(200);
    const license = await createLicense(app, { maxUsers: 100 });
    const seen: boolean[] = [];
    for (let i = 0; i < 12; i++) {
      const { user, token } = await userOf(license.licenseId);
      const first = await entryFor(token, id);
      const expected = pilotBucket(user.userId, id, '2.0.0') < 50;
      // Without a stable version or remotes.json entry, a user outside the pilot has no address for this remote.
      expect(Boolean(first?.pilot)).toBe(expected);
      // Sticky: the same answer again.
      expect(Boolean((await entryFor(token, id))?.pilot)).toBe(expected);
      seen.push(expected);
    }
    expect(seen).toContain(true);
    expect(seen).toContain(false);
  });

  it('a rollback gives the pilot’s users the stable version again, audited with the change', async () => {
    const admin = await superAdmin();
    const license = await createLicense(app);
    const user = await userOf(license.licenseId);
    // The workflows remote of remotes.json gets a pilot: outside it, the file's address stays.
    await register(admin.token, 'workflows', `${remoteId()}`.replace(/^wf-/, '9.'));
    const version = (await app.deps.db.select().from(t.remoteVersions).where(eq(t.remoteVersions.remoteId, 'workflows'))).at(-1)!.version;
    expect((await app.request('PUT', '/api/remotes/workflows/pilot', { token: admin.token, body: { version, licenseIds: [license.licenseId] } })).status).toBe(
      200,
    );
    expect(await entryFor(user.token, 'workflows')).toMatchObject({ version, pilot: true });

    expect((await app.request('POST', '/api/remotes/workflows/rollback', { token: admin.token, body: { version: '0.0.1' } })).body.Message).toBe(
      M.notThePilot('workflows', '0.0.1'),
    );
    const back = await app.request('POST', '/api/remotes/workflows/rollback', { token: admin.token, body: { version } });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ pilotVersion: null, stableVersion: null });
    expect(await entryFor(user.token, 'workflows')).toEqual({ id: 'workflows', name: 'remote_workflows', entry: FILE_ENTRY, version: null, pilot: false });
    expect((await app.request('POST', '/api/remotes/workflows/rollback', { token: admin.token, body: { version } })).status).toBe(409);

    const audit = await app.deps.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'remote-channel'), eq(t.auditLog.entityId, 'workflows')));
    const rollback = audit.find((row) => row.path === '/api/remotes/workflows/rollback' && row.status === 200)!;
    expect(rollback).toMatchObject({ actorName: admin.user.userName, licenseId: null });
    expect(rollback.before).toMatchObject({ pilotVersion: version });
    expect(rollback.after).toMatchObject({ pilotVersion: null });

    // The channel's History on Console health: this remote's channel entries only, newest first.
    const history = await app.call(auditEndpoints.getAuditPage, admin.token, { entity: CHANNEL_ENTITY, entityId: 'workflows' });
    expect(history.status).toBe(200);
    expect(history.body.items.map((entry) => [entry.entityId, entry.path])).toEqual(
      [...audit].sort((x, y) => y.auditId - x.auditId).map((row) => ['workflows', row.path]),
    );
    expect(history.body.items[0]).toMatchObject({ path: '/api/remotes/workflows/rollback', actorName: admin.user.userName, action: `Rolled back ${version}` });
    expect(history.body.items.find((entry) => entry.path === '/api/remotes/workflows/pilot')?.action).toBe(`Started the pilot of ${version}`);
  });

  it('names the pilot’s licences in its reply, on the health page and in the channel’s History', async () => {
    const admin = await superAdmin();
    const id = remoteId();
    await register(admin.token, id, '1.0.0');
    const harbour = await createLicense(app, { name: unique('Harbour Works') });
    const quay = await createLicense(app, { name: unique('Quay Co') });
    const first = await app.request('PUT', `/api/remotes/${id}/pilot`, {
      token: admin.token,
      body: { version: '1.0.0', licenseIds: [quay.licenseId, harbour.licenseId] },
    });
    expect(first.status).toBe(200);
    // In the order chosen, with the ids kept for API clients.
    expect(first.body).toMatchObject({
      pilotLicenseIds: [quay.licenseId, harbour.licenseId],
      pilotLicenses: [
        { licenseId: quay.licenseId, name: quay.name },
        { licenseId: harbour.licenseId, name: harbour.name },
      ],
    });
    const health = await app.request('GET', '/api/remotes/health', { token: admin.token });
    expect(health.body.remotes.find((r: { remoteId: string }) => r.remoteId === id).channel.pilotLicenses).toEqual(first.body.pilotLicenses);

    // The pilot keeps one licence and adds a share of users; then it is rolled back.
    const second = await app.request('PUT', `/api/remotes/${id}/pilot`, {
      token: admin.token,
      body: { version: '1.0.0', licenseIds: [harbour.licenseId], percent: 5 },
    });
    expect(second.body.pilotLicenses).toEqual([{ licenseId: harbour.licenseId, name: harbour.name }]);
    const back = await app.request('POST', `/api/remotes/${id}/rollback`, { token: admin.token, body: { version: '1.0.0' } });
    expect(back.body).toMatchObject({ pilotLicenseIds: [], pilotLicenses: [] });

    // The audit entries hold the licences by name (not their ids), before and after.
    const audit = await app.deps.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'remote-channel'), eq(t.auditLog.entityId, id)))
      .orderBy(t.auditLog.auditId);
    const licensesOf = (side: unknown) => (side as { pilotLicenses?: string[] } | null)?.pilotLicenses ?? null;
    expect(audit.map((row) => [row.path, licensesOf(row.before), licensesOf(row.after)])).toEqual([
      [`/api/remotes/${id}/versions`, null, null],
      [`/api/remotes/${id}/pilot`, [], [quay.name, harbour.name]],
      [`/api/remotes/${id}/pilot`, [quay.name, harbour.name], [harbour.name]],
      [`/api/remotes/${id}/rollback`, [harbour.name], []],
    ]);
    for (const row of audit.slice(1)) {
      expect(row.before).not.toHaveProperty('pilotLicenseIds');
      expect(row.after).not.toHaveProperty('pilotLicenseIds');
    }

    // The History says which licences the pilot gained and lost, by name.
    const history = await app.call(auditEndpoints.getAuditPage, admin.token, { entity: CHANNEL_ENTITY, entityId: id });
    const licensesChange = (path: string, index = 0) =>
      history.body.items.filter((entry) => entry.path === path)[index]?.changesShown?.find((change) => change.field === 'pilotLicenses');
    // Newest first: the change to one licence, then the start.
    expect(licensesChange(`/api/remotes/${id}/pilot`, 0)).toMatchObject({ label: 'Pilot licences', added: [], removed: [quay.name] });
    expect(licensesChange(`/api/remotes/${id}/pilot`, 1)).toMatchObject({ label: 'Pilot licences', added: [quay.name, harbour.name], removed: [] });
    expect(licensesChange(`/api/remotes/${id}/rollback`)).toMatchObject({ removed: [harbour.name] });
  });

  it('names the licences of History entries written with their ids (before the entries named them)', async () => {
    const admin = await superAdmin();
    const id = remoteId();
    const harbour = await createLicense(app, { name: unique('Harbour Works') });
    const channel = { remoteId: id, stableVersion: null, pilotVersion: '1.0.0', pilotPercent: 0, rollback: null, autoRolledBack: null };
    await app.deps.db.insert(t.auditLog).values({
      at: app.clock.now(),
      actorUserId: admin.user.userId,
      actorName: admin.user.userName,
      method: 'PUT',
      path: `/api/remotes/${id}/pilot`,
      status: 200,
      entity: CHANNEL_ENTITY,
      entityId: id,
      before: { ...channel, pilotVersion: null, pilotLicenseIds: [] },
      after: { ...channel, pilotLicenseIds: [harbour.licenseId] },
      subject: null,
      licenseId: null,
    });
    const history = await app.call(auditEndpoints.getAuditPage, admin.token, { entity: CHANNEL_ENTITY, entityId: id });
    expect(history.body.items[0]?.changesShown?.find((change) => change.field === 'pilotLicenseIds')).toMatchObject({
      label: 'Pilot licences',
      added: [harbour.name],
    });
  });
});

describe('registering a build (POST remotes/{remoteId}/versions)', () => {
  it('refuses a build for a kernel this console does not run, at registration', async () => {
    const admin = await superAdmin();
    const id = remoteId();
    const nextMajor = await register(admin.token, id, '1.0.0', `^${major + 1}.0.0`);
    expect(nextMajor.status).toBe(400);
    expect(nextMajor.body.Message).toBe(M.kernelRefused(id, '1.0.0', `built for console kernel ${major + 1}, this console runs ${major}`));
    const newerMinor = await register(admin.token, id, '1.0.0', `^${major}.${minor + 1}.0`);
    expect(newerMinor.status).toBe(400);
    expect(await app.deps.db.select().from(t.remoteVersions).where(eq(t.remoteVersions.remoteId, id))).toEqual([]);
    // A build for the kernel it runs is registered once.
    expect((await register(admin.token, id, '1.0.0')).status).toBe(201);
    expect((await register(admin.token, id, '1.0.0')).status).toBe(409);
  });

  it('answers 400 to bad input and 403 to anyone but a super administrator', async () => {
    const admin = await superAdmin();
    for (const body of [
      {},
      { version: '../x', entry: '/remotes/a/1/mf-manifest.json', kernel },
      { version: '1.0.0', entry: 'javascript:alert(1)', kernel },
      { version: '1.0.0', entry: entryOf('a', '1'), kernel: 'latest' },
      [],
    ]) {
      const answer = await app.request('POST', '/api/remotes/abc/versions', { token: admin.token, body });
      expect(answer.status).toBe(400);
    }
    expect(
      (await app.request('POST', '/api/remotes/Bad_Id/versions', { token: admin.token, body: { version: '1.0.0', entry: entryOf('a', '1'), kernel } })).status,
    ).toBe(404);
    const license = await createLicense(app);
    const licenseAdmin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    const token = await login(app, licenseAdmin.userName);
    expect((await register(token, remoteId(), '1.0.0')).status).toBe(403);
    expect((await app.request('PUT', '/api/remotes/workflows/pilot', { token, body: { version: '1.0.0', percent: 10 } })).status).toBe(403);
    expect((await app.request('GET', '/api/remotes/health', { token })).status).toBe(403);
  });

  it('refuses a pilot of an unregistered version, unknown licences or no audience', async () => {
    const admin = await superAdmin();
    const id = remoteId();
    expect((await app.request('PUT', `/api/remotes/${id}/pilot`, { token: admin.token, body: { version: '1.0.0', percent: 10 } })).body.Message).toBe(
      M.unknownVersion(id, '1.0.0'),
    );
    await register(admin.token, id, '1.0.0');
    expect(
      (await app.request('PUT', `/api/remotes/${id}/pilot`, { token: admin.token, body: { version: '1.0.0', licenseIds: [2_000_000_000] } })).body.Message,
    ).toBe(M.licenseIds);
    expect((await app.request('PUT', `/api/remotes/${id}/pilot`, { token: admin.token, body: { version: '1.0.0' } })).body.Message).toBe(M.noAudience);
    expect((await app.request('PUT', `/api/remotes/${id}/pilot`, { token: admin.token, body: { version: '1.0.0', percent: 101 } })).body.Message).toBe(
      M.percent,
    );
  });
});

describe('the browsers’ reports (POST remotes/reports)', () => {
  it('keeps what the health page counts, trimmed, with the user id and browser only, and counts load failures in the metric', async () => {
    const admin = await superAdmin();
    const id = remoteId();
    const license = await createLicense(app);
    const { user, token } = await userOf(license.licenseId);
    const reports = [
      { remote: id, version: '3.0.0', kind: 'load', loadMs: 100, route: '/workflow' },
      { remote: id, version: '3.0.0', kind: 'load', loadMs: 300 },
      { remote: id, version: '3.0.0', kind: 'load-failure', message: 'no answer within 8 seconds' },
      { remote: id, version: '3.0.0', kind: 'error', message: 'x'.repeat(5000), stack: 'at Designer\n'.repeat(1000), route: '/workflow/:id' },
      { remote: id, version: '3.0.0', kind: 'page-view', count: 4 },
    ];
    const sent = await app.request('POST', '/api/remotes/reports', {
      token,
      body: { reports },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
    });
    expect(sent.status).toBe(204);
    const rows = await app.deps.db.select().from(t.remoteEvents).where(eq(t.remoteEvents.remoteId, id));
    expect(rows).toHaveLength(4);
    const error = rows.find((r) => r.kind === 'error')!;
    expect(error).toMatchObject({ userId: user.userId, version: '3.0.0', route: '/workflow/:id', browser: 'Chrome 131' });
    expect(error.message).toHaveLength(2048);
    expect(error.stack!.length).toBeLessThanOrEqual(2048);
    // Reports are counted, not audited.
    expect(await app.deps.db.select().from(t.auditLog).where(eq(t.auditLog.path, '/api/remotes/reports'))).toEqual([]);

    const health = await app.request('GET', '/api/remotes/health', { token: admin.token });
    const version = health.body.remotes.find((r: { remoteId: string }) => r.remoteId === id).versions[0];
    expect(version).toMatchObject({
      version: '3.0.0',
      channel: 'other',
      hour: { users: 1, pageViews: 4, loads: 2, loadFailures: 1, errors: 1, errorsPer1000: 250, medianLoadMs: 200 },
    });
    expect(version.lastErrors[0]).toMatchObject({ route: '/workflow/:id' });

    const failures = await remoteLoadFailuresSince(app.deps.db, new Date(Date.now() - 86_400_000));
    expect(failures.find((f) => f.remoteId === id)).toMatchObject({ version: '3.0.0', failures: 1, users: 1 });
    expect(await app.deps.metrics.text()).toMatch(new RegExp(`console_remote_load_failures_total\\{remote="${id}",version="3.0.0"\\} 1`));
  });

  it('answers 400 to bad input, never 500, and keeps nothing of it', async () => {
    const license = await createLicense(app);
    const { token } = await userOf(license.licenseId);
    const id = remoteId();
    const bad = [
      {},
      { reports: [] },
      { reports: 'x' },
      { reports: [{ remote: id, version: '1', kind: 'hack' }] },
      { reports: [{ remote: 'Bad Id', version: '1', kind: 'load' }] },
      { reports: [{ remote: id, version: '1', kind: 'load', loadMs: -1 }] },
      { reports: [{ remote: id, version: '1', kind: 'page-view', count: 1e9 }] },
      { reports: Array.from({ length: 51 }, () => ({ remote: id, version: '1', kind: 'load' })) },
    ];
    for (const body of bad) {
      const answer = await app.request('POST', '/api/remotes/reports', { token, body });
      expect([answer.status, typeof answer.body.Message]).toEqual([400, 'string']);
    }
    expect((await app.request('POST', '/api/remotes/reports', { token, body: '{not json' })).status).toBe(400);
    expect(await app.deps.db.select().from(t.remoteEvents).where(eq(t.remoteEvents.remoteId, id))).toEqual([]);
    expect((await app.request('POST', '/api/remotes/reports', { body: { reports: [{ remote: id, version: '1', kind: 'load' }] } })).status).toBe(401);
  });

  it('answers 429 past 20 calls a minute from one session, another session unaffected', async () => {
    const license = await createLicense(app);
    const one = await userOf(license.licenseId);
    const two = await userOf(license.licenseId);
    const body = { reports: [{ remote: 'workflows', version: '1.0.0', kind: 'page-view' }] };
    for (let i = 0; i < 20; i++) expect((await app.request('POST', '/api/remotes/reports', { token: one.token, body })).status).toBe(204);
    const over = await app.request('POST', '/api/remotes/reports', { token: one.token, body });
    expect([over.status, over.body.Message]).toEqual([429, M.tooManyReports]);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await app.request('POST', '/api/remotes/reports', { token: two.token, body })).status).toBe(204);
    app.clock.advance(61_000);
    expect((await app.request('POST', '/api/remotes/reports', { token: one.token, body })).status).toBe(204);
  });
});

describe('promotion and the automatic rollback', () => {
  it('promotes the pilot to every user, audited; a stale page’s promote is refused', async () => {
    const admin = await superAdmin();
    const id = remoteId();
    await register(admin.token, id, '1.0.0');
    const license = await createLicense(app);
    await app.request('PUT', `/api/remotes/${id}/pilot`, { token: admin.token, body: { version: '1.0.0', licenseIds: [license.licenseId] } });
    expect((await app.request('POST', `/api/remotes/${id}/promote`, { token: admin.token, body: { version: '0.9.0' } })).status).toBe(409);
    const promoted = await app.request('POST', `/api/remotes/${id}/promote`, { token: admin.token, body: { version: '1.0.0' } });
    expect(promoted.body).toMatchObject({ stableVersion: '1.0.0', pilotVersion: null });
    const anyone = await userOf((await createLicense(app)).licenseId);
    expect(await entryFor(anyone.token, id)).toMatchObject({ version: '1.0.0', pilot: false });
    const audit = await app.deps.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'remote-channel'), eq(t.auditLog.entityId, id)));
    expect(audit.map((row) => row.path)).toEqual([`/api/remotes/${id}/versions`, `/api/remotes/${id}/pilot`, `/api/remotes/${id}/promote`]);
  });

  it('rolls a pilot back by its rule once, with two servers evaluating, said in the audit log and on the health page', async () => {
    const admin = await superAdmin();
    const id = remoteId();
    await register(admin.token, id, '1.0.0');
    await register(admin.token, id, '1.1.0');
    await app.request('PUT', `/api/remotes/${id}/pilot`, { token: admin.token, body: { version: '1.0.0', percent: 100 } });
    await app.request('POST', `/api/remotes/${id}/promote`, { token: admin.token, body: { version: '1.0.0' } });
    const license = await createLicense(app);
    const set = await app.request('PUT', `/api/remotes/${id}/pilot`, {
      token: admin.token,
      body: { version: '1.1.0', licenseIds: [license.licenseId], rollback: { factor: 2, minViews: 10 } },
    });
    expect(set.body.rollback).toEqual({ factor: 2, minViews: 10 });
    const { user } = await userOf(license.licenseId);
    const now = app.clock.now();
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    // Stable: 1 error in 100 views (10 per 1,000); the pilot: 3 in 10 (300 per 1,000), more than twice.
    await app.deps.db.insert(t.remotePageViews).values([
      { remoteId: id, version: '1.0.0', minute, userId: admin.user.userId, views: 100 },
      { remoteId: id, version: '1.1.0', minute, userId: user.userId, views: 10 },
    ]);
    await app.deps.db
      .insert(t.remoteEvents)
      .values([
        { remoteId: id, version: '1.0.0', kind: 'error', at: now, userId: admin.user.userId, message: 'old' },
        ...[1, 2, 3].map(() => ({ remoteId: id, version: '1.1.0', kind: 'error', at: now, userId: user.userId, message: 'pilot broke' })),
      ]);
    const second = await app.secondServer();
    try {
      const [a, b] = await Promise.all([applyRollbackRules(app.deps, [id]), applyRollbackRules(second.deps, [id])]);
      expect([...a, ...b]).toEqual([id]);
    } finally {
      await second.close();
    }
    const audit = await app.deps.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'remote-channel'), eq(t.auditLog.entityId, id), eq(t.auditLog.actorName, CHANNEL_ACTOR)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ pilotVersion: null, stableVersion: '1.0.0', pilotLicenses: [] });
    // The rule's entry names the licences as a rollback by hand does.
    expect(audit[0]!.before).toMatchObject({ pilotVersion: '1.1.0', pilotLicenses: [license.name] });
    expect(audit[0]!.before).not.toHaveProperty('pilotLicenseIds');
    const health = await app.request('GET', '/api/remotes/health', { token: admin.token });
    const remote = health.body.remotes.find((r: { remoteId: string }) => r.remoteId === id);
    expect(remote.channel).toMatchObject({ pilotVersion: null, stableVersion: '1.0.0', autoRolledBack: { version: '1.1.0' } });
    expect(remote.channel.autoRolledBack.reason).toContain('300 errors per 1,000 page views');
    expect(remote.versions.map((v: { version: string; channel: string }) => [v.version, v.channel])).toEqual([
      ['1.0.0', 'stable'],
      ['1.1.0', 'other'],
    ]);
  });

  it('keeps a pilot under its rule’s least views or within the factor', async () => {
    const admin = await superAdmin();
    const id = remoteId();
    await register(admin.token, id, '1.1.0');
    const license = await createLicense(app);
    await app.request('PUT', `/api/remotes/${id}/pilot`, {
      token: admin.token,
      body: { version: '1.1.0', licenseIds: [license.licenseId], rollback: { factor: 2, minViews: 50 } },
    });
    const { user, token } = await userOf(license.licenseId);
    const body = {
      reports: [
        { remote: id, version: '1.1.0', kind: 'page-view', count: 10 },
        { remote: id, version: '1.1.0', kind: 'error', message: 'boom' },
      ],
    };
    expect((await app.request('POST', '/api/remotes/reports', { token, body })).status).toBe(204);
    expect((await app.deps.db.select().from(t.remoteChannels).where(eq(t.remoteChannels.remoteId, id)))[0]!.pilotVersion).toBe('1.1.0');
    // Past the least views, the reports themselves roll it back (no stable errors: any error is above twice zero).
    expect(
      (await app.request('POST', '/api/remotes/reports', { token, body: { reports: [{ remote: id, version: '1.1.0', kind: 'page-view', count: 45 }] } }))
        .status,
    ).toBe(204);
    expect((await app.deps.db.select().from(t.remoteChannels).where(eq(t.remoteChannels.remoteId, id)))[0]!.pilotVersion).toBeNull();
    expect(user.userId).toBeGreaterThan(0);
  });
});
