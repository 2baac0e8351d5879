import { eq } from 'drizzle-orm';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function environment(serverUrl = 'http://console.test', label: string | null = null) {
  const [row] = await app.deps.db
    .insert(t.environments)
    .values({ name: unique('Env'), serverUrl, label })
    .returning();
  return row!;
}

async function licenseWith(...environmentIds: number[]) {
  const license = await createLicense(app, { environmentId: environmentIds[0] });
  if (environmentIds.length > 1)
    await app.deps.db.insert(t.licenseEnvironments).values(environmentIds.map((environmentId) => ({ licenseId: license.licenseId, environmentId })));
  return license;
}

describe('environments', () => {
  it('lists a licence’s environments to its users, and 404 for another licence', async () => {
    const production = await environment();
    const uat = await environment('http://console.test/uat', 'UAT');
    const license = await licenseWith(production.environmentId, uat.environmentId);
    const other = await licenseWith(production.environmentId);
    const user = await createUser(app, license.licenseId);
    const token = await login(app, user.userName);
    const mine = await app.request('GET', `/api/license/${license.licenseId}/environments`, { token });
    expect(mine.body.map((e: { name: string }) => e.name)).toEqual([production.name, uat.name]);
    expect(mine.body[1]).toMatchObject({ serverUrl: 'http://console.test/uat', label: 'UAT' });
    expect((await app.request('GET', `/api/license/${other.licenseId}/environments`, { token })).status).toBe(404);
    const all = await app.request('GET', '/api/environments', { token });
    expect(all.body.map((e: { name: string }) => e.name)).toEqual([production.name, uat.name]);
  });

  it('falls back to the environment the licence was created in', async () => {
    const production = await environment();
    const license = await createLicense(app, { environmentId: production.environmentId });
    const user = await createUser(app, license.licenseId);
    const token = await login(app, user.userName);
    const answer = await app.request('GET', `/api/license/${license.licenseId}/environments`, { token });
    expect(answer.body).toEqual([{ environmentId: production.environmentId, name: production.name, serverUrl: production.serverUrl, label: null }]);
  });

  it('links a licence to an environment for super administrators only', async () => {
    const production = await environment();
    const uat = await environment('http://console.test/uat');
    const license = await licenseWith(production.environmentId);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    const licenseAdmin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    const refused = await app.request('POST', `/api/licenses/${license.licenseId}/environments/${uat.environmentId}`, {
      token: await login(app, licenseAdmin.userName),
    });
    expect(refused.status).toBe(403);
    expect(await app.deps.db.select().from(t.licenseEnvironments).where(eq(t.licenseEnvironments.licenseId, license.licenseId))).toEqual([]);
    const linked = await app.request('POST', `/api/licenses/${license.licenseId}/environments/${uat.environmentId}`, {
      token: await login(app, admin.userName),
    });
    expect(linked.status).toBe(201);
    expect(linked.body.map((e: { environmentId: number }) => e.environmentId)).toEqual([uat.environmentId]);
  });

  it('answers the deployed console version without a session', async () => {
    const answer = await app.request('GET', '/api/environment/1/vuejsVersion');
    expect(answer.status).toBe(200);
    expect(typeof answer.body.vueDeployedVersion).toBe('string');
    // No MAP_TILE_URL: the site map draws on a plain background and loads nothing from another host.
    expect(answer.body.mapTileUrl).toBeNull();
    // No MAP_DEFAULT_CENTER: the map opens on Sydney's Circular Quay.
    expect(answer.body.mapDefaultCenter).toEqual({ lat: -33.8609, lon: 151.2108 });
  });

  it('answers the site map’s default centre an operator set (MAP_DEFAULT_CENTER)', async () => {
    const inParis = await createTestApp({ MAP_DEFAULT_CENTER: '48.8566,2.3522' });
    try {
      expect((await inParis.request('GET', '/api/environment/1/vuejsVersion')).body.mapDefaultCenter).toEqual({ lat: 48.8566, lon: 2.3522 });
    } finally {
      await inParis.close();
    }
  });

  it('answers the site map’s tile URL template when MAP_TILE_URL is set', async () => {
    const withTiles = await createTestApp({ MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png' });
    try {
      const answer = await withTiles.request('GET', '/api/environment/1/vuejsVersion');
      expect(answer.status).toBe(200);
      expect(answer.body.mapTileUrl).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
    } finally {
      await withTiles.close();
    }
  });
});

describe('the hand-off to an environment server', () => {
  async function guidFor() {
    const uat = await environment('http://console.test/uat', 'UAT');
    const license = await licenseWith(uat.environmentId);
    const user = await createUser(app, license.licenseId);
    const token = await login(app, user.userName);
    const answer = await app.request('POST', '/api/license/getSessionGuid', { token });
    expect(answer.status).toBe(200);
    return { uat, user, token, guid: answer.body.sessionGuid as string };
  }

  it('signs in on the environment with a one-use GUID and follows a redirect on that server', async () => {
    const { uat, guid, user } = await guidFor();
    const target = 'http://console.test/uat/projects/7';
    const first = await app.request(
      'GET',
      `/uat/Account/Authenticate?sessionGuid=${guid}&environmentId=${uat.environmentId}&redirectUrl=${encodeURIComponent(target)}`,
    );
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(target);
    expect(first.headers.get('set-cookie')).toMatch(/environment_session=[0-9a-f-]{36}; Max-Age=43200; Path=\/uat; HttpOnly; SameSite=Lax/);
    const [session] = await app.deps.db.select().from(t.environmentSessions).where(eq(t.environmentSessions.userId, user.userId));
    expect(session?.environmentId).toBe(uat.environmentId);
    const again = await app.request('GET', `/uat/Account/Authenticate?sessionGuid=${guid}&environmentId=${uat.environmentId}`);
    expect(again.status).toBe(400);
    expect(again.text).toContain('not valid or has expired');
  });

  it('shows a landing page, and never follows a redirect to another server', async () => {
    const { uat, guid } = await guidFor();
    const answer = await app.request(
      'GET',
      `/uat/Account/Authenticate?sessionGuid=${guid}&environmentId=${uat.environmentId}&redirectUrl=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`You are signed in to ${uat.name}`);
  });

  it('refuses a GUID after two minutes, and one for a session that has logged out', async () => {
    const first = await guidFor();
    app.clock.advance(2 * 60_000 + 1000);
    expect((await app.request('GET', `/uat/Account/Authenticate?sessionGuid=${first.guid}&environmentId=${first.uat.environmentId}`)).status).toBe(400);
    app.clock.set(new Date());
    const second = await guidFor();
    await app.request('PUT', '/api/logout', { token: second.token });
    expect((await app.request('GET', `/uat/Account/Authenticate?sessionGuid=${second.guid}&environmentId=${second.uat.environmentId}`)).status).toBe(400);
  });

  it('refuses an environment this path does not serve', async () => {
    const { guid } = await guidFor();
    const elsewhere = await environment('https://other-server.example');
    expect((await app.request('GET', `/uat/Account/Authenticate?sessionGuid=${guid}&environmentId=${elsewhere.environmentId}`)).status).toBe(400);
  });

  it('LogOff ends the environment sign-in and returns to the console', async () => {
    const { uat, guid } = await guidFor();
    const signedIn = await app.request('GET', `/uat/Account/Authenticate?sessionGuid=${guid}&environmentId=${uat.environmentId}`);
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const off = await app.request('GET', `/uat/Account/LogOff?redirectUrl=${encodeURIComponent('http://console.test/login')}`, { headers: { cookie } });
    expect(off.status).toBe(302);
    expect(off.headers.get('location')).toBe('http://console.test/login');
    const id = cookie.split('=')[1]!;
    const [row] = await app.deps.db.select().from(t.environmentSessions).where(eq(t.environmentSessions.environmentSessionId, id));
    expect(row?.endedAt).not.toBeNull();
  });

  it('refuses to sign a user in to an environment that is not their licence’s, like an unknown one', async () => {
    const { guid } = await guidFor();
    // Another licence's environment on this same server path.
    const foreign = await environment('http://console.test/uat', 'UAT of another licence');
    await licenseWith(foreign.environmentId);
    const answer = await app.request('GET', `/uat/Account/Authenticate?sessionGuid=${guid}&environmentId=${foreign.environmentId}`);
    const unknown = await app.request('GET', `/uat/Account/Authenticate?sessionGuid=${guid}&environmentId=999999`);
    expect(answer.status).toBe(400);
    expect(answer.text).toBe(unknown.text);
    expect(answer.headers.get('set-cookie')).toBeNull();
  });

  it('LogOff builds its redirect from PUBLIC_URL, never from the Host header', async () => {
    const evil = await app.request('GET', `/uat/Account/LogOff?redirectUrl=${encodeURIComponent('http://evil.example/uat/x')}`, {
      headers: { host: 'evil.example' },
    });
    expect(evil.headers.get('location')).toBeNull();
    expect(evil.text).not.toContain('evil.example');
    expect(evil.text).toContain('http://console.test/login');
  });
});
