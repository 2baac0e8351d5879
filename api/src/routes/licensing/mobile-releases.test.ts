import { eq } from 'drizzle-orm';
import { MobileReleaseMessages } from 'contracts/licensing/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function superAdmin() {
  const license = await createLicense(app);
  const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ACCESS_MY_CUSTOMER_LICENCE] });
  return login(app, admin.userName);
}

const release = (extra: Record<string, unknown> = {}) => ({
  version: unique('4.0'),
  couchUrl: 'https://sync.example.com/db-4',
  releaseDate: '2026-11-20',
  active: true,
  current: false,
  ...extra,
});
const currentOnes = async () => (await app.deps.db.select().from(t.mobileReleases).where(eq(t.mobileReleases.current, true))).map((r) => r.id);

describe('mobile releases', () => {
  it('adds, reads, changes and lists a release, with its History', async () => {
    const token = await superAdmin();
    const body = release();
    const made = await app.request('POST', '/api/mobile-releases', { token, body });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ id: expect.any(Number), ...body });
    const id = made.body.id as number;

    const changed = await app.request('PUT', `/api/mobile-releases/${id}`, {
      token,
      body: { ...body, couchUrl: 'https://sync.example.com/db-4b', active: false },
    });
    expect(changed.status).toBe(200);
    expect((await app.request('GET', `/api/mobile-releases/${id}`, { token })).body).toEqual(
      expect.objectContaining({ couchUrl: 'https://sync.example.com/db-4b', active: false }),
    );

    const page = await app.request('GET', `/api/mobile-releases?filter=${encodeURIComponent(body.version)}&pageSize=20`, { token });
    expect(page.body).toEqual(expect.objectContaining({ total: 1, pageSize: 20, items: [expect.objectContaining({ id, version: body.version })] }));

    const history = await app.request('GET', `/api/audit?subject=mobile-release:${id}`, { token });
    expect(history.status).toBe(200);
    expect(history.body.items.map((e: { entity: string }) => e.entity)).toEqual(['mobile-release', 'mobile-release']);
  });

  it('refuses what the form refuses, with its message, and a version already taken', async () => {
    const token = await superAdmin();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ version: '  ' }, 'version', MobileReleaseMessages.versionRequired],
      [{ couchUrl: 'ftp://x' }, 'couchUrl', MobileReleaseMessages.couchUrlInvalid],
      [{ couchUrl: '' }, 'couchUrl', MobileReleaseMessages.couchUrlRequired],
      [{ releaseDate: '2026-02-30' }, 'releaseDate', MobileReleaseMessages.releaseDateInvalid],
      [{ releaseDate: undefined }, 'releaseDate', MobileReleaseMessages.releaseDateRequired],
    ];
    for (const [change, field, message] of cases) {
      const answer = await app.request('POST', '/api/mobile-releases', { token, body: release(change) });
      expect([answer.status, answer.body.errors?.[field]]).toEqual([400, message]);
    }
    const body = release();
    expect((await app.request('POST', '/api/mobile-releases', { token, body })).status).toBe(201);
    const again = await app.request('POST', '/api/mobile-releases', { token, body: { ...body, version: ` ${body.version} ` } });
    expect([again.status, again.body.errors?.version]).toEqual([409, MobileReleaseMessages.versionTaken]);
  });

  it('keeps one current release, also when two saves make one current at the same time', async () => {
    const token = await superAdmin();
    const a = (await app.request('POST', '/api/mobile-releases', { token, body: release({ current: true }) })).body.id as number;
    expect(await currentOnes()).toEqual([a]);
    const [b, c] = await Promise.all([
      app.request('POST', '/api/mobile-releases', { token, body: release({ current: true }) }),
      app.request('POST', '/api/mobile-releases', { token, body: release({ current: true }) }),
    ]);
    expect([b.status, c.status]).toEqual([201, 201]);
    const now = await currentOnes();
    expect(now).toHaveLength(1);
    expect([b.body.id, c.body.id]).toContain(now[0]);
    // Making an older one current again takes the place back.
    const back = await app.request('PUT', `/api/mobile-releases/${a}`, {
      token,
      body: { ...(await app.request('GET', `/api/mobile-releases/${a}`, { token })).body, current: true },
    });
    expect(back.status).toBe(200);
    expect(await currentOnes()).toEqual([a]);
  });

  it('is for super administrators only; a missing release is a 404', async () => {
    const license = await createLicense(app);
    const licadmin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE] });
    const token = await login(app, licadmin.userName);
    expect((await app.request('GET', '/api/mobile-releases', { token })).status).toBe(403);
    expect((await app.request('POST', '/api/mobile-releases', { token, body: release() })).status).toBe(403);
    const admin = await superAdmin();
    expect((await app.request('GET', '/api/mobile-releases/999999', { token: admin })).status).toBe(404);
    expect((await app.request('PUT', '/api/mobile-releases/999999', { token: admin, body: release() })).status).toBe(404);
    // A licence administrator cannot read a release's History either.
    const id = (await app.request('POST', '/api/mobile-releases', { token: admin, body: release() })).body.id as number;
    expect((await app.request('GET', `/api/audit?subject=mobile-release:${id}`, { token })).status).toBe(403);
  });
});
