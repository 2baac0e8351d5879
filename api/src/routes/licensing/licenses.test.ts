import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { LicenseSchema, LicenseUsageSchema } from 'contracts/licensing/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';
import { usagePercent } from './licenses.handlers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function licenses(token: string) {
  const answer = await app.request('GET', '/api/license', { token });
  expect(answer.status).toBe(200);
  return v.parse(v.array(LicenseSchema), answer.body);
}

async function report(token: string) {
  const answer = await app.request('GET', '/api/licenses/report', { token });
  expect(answer.status).toBe(200);
  return v.parse(v.array(LicenseUsageSchema), answer.body);
}

async function signedIn(licenseId: number, roles: string[]) {
  const user = await createUser(app, licenseId, { roles });
  return { user, token: await login(app, user.userName) };
}

describe('GET license', () => {
  it('answers a licence administrator their own licence only, with active projects, active users and the owner', async () => {
    const expiry = new Date(Date.UTC(2030, 0, 31));
    const license = await createLicense(app, {
      licenseType: 'Enterprise',
      maxProjects: 4,
      maxUsers: -1,
      expiryDate: expiry,
      expiryNotificationDays: [30, 10],
      ssoUrl: 'https://idp.example/',
      customerCode: 'C-17',
    });
    await createLicense(app);
    const { token } = await signedIn(license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    const owner = await createUser(app, license.licenseId, { firstName: 'Olive', lastName: 'Owner' });
    await app.deps.db.update(t.licenses).set({ ownerId: owner.userId }).where(eq(t.licenses.licenseId, license.licenseId));
    await createUser(app, license.licenseId, { isApproved: false });
    await createUser(app, license.licenseId, { isLockedOut: true });
    await createProject(app, license.licenseId);
    await createProject(app, license.licenseId);
    await createProject(app, license.licenseId, { isActive: false });

    const list = await licenses(token);
    expect(list).toEqual([
      {
        licenseId: license.licenseId,
        name: license.name,
        company: 'Test Co',
        licenseType: 'Enterprise',
        ownerId: owner.userId,
        ownerName: 'Olive Owner',
        environmentId: null,
        maxProjects: 4,
        maxUsers: -1,
        numProjects: 2,
        // The administrator, the owner and the locked user are active; the unapproved one is not.
        numUsers: 3,
        isActive: true,
        expiryDate: expiry.getTime(),
        expiryNotificationDays: [30, 10],
        ssoUrl: 'https://idp.example/',
        customerCode: 'C-17',
        opportunityId: null,
      },
    ]);
  });

  it('answers a super administrator every licence, ordered by name', async () => {
    const tag = unique('order');
    const later = await createLicense(app, { name: `${tag}-b`, expiryDate: null });
    const earlier = await createLicense(app, { name: `${tag}-a` });
    const { token } = await signedIn(later.licenseId, [Role.ACCESS_ALL_CUSTOMER_LICENCES]);
    const list = await licenses(token);
    const ids = list.map((license) => license.licenseId);
    expect(ids.indexOf(earlier.licenseId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(earlier.licenseId)).toBeLessThan(ids.indexOf(later.licenseId));
    expect(list.find((license) => license.licenseId === later.licenseId)).toMatchObject({
      ownerId: null,
      ownerName: null,
      expiryDate: null,
      numUsers: 1,
      numProjects: 0,
    });
  });

  it('needs a licence role: portal access alone gets 403', async () => {
    const license = await createLicense(app);
    const { token } = await signedIn(license.licenseId, [Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_USER_CREATE_UPDATE]);
    expect((await app.request('GET', '/api/license', { token })).status).toBe(403);
    expect((await app.request('GET', '/api/licenses/report', { token })).status).toBe(403);
    expect((await app.request('GET', '/api/license')).status).toBe(401);
  });
});

describe('GET license/{licenseId}', () => {
  it('answers one licence as the list does, to its own administrator and to a super administrator', async () => {
    const license = await createLicense(app, { maxUsers: 7 });
    await createUser(app, license.licenseId);
    const own = await signedIn(license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    const answer = await app.request('GET', `/api/license/${license.licenseId}`, { token: own.token });
    expect(answer.status).toBe(200);
    const one = v.parse(LicenseSchema, answer.body);
    expect(one).toEqual((await licenses(own.token)).find((l) => l.licenseId === license.licenseId));
    expect(one).toMatchObject({ licenseId: license.licenseId, maxUsers: 7, numUsers: 2 });

    const elsewhere = await createLicense(app);
    const superAdmin = await signedIn(elsewhere.licenseId, [Role.ACCESS_ALL_CUSTOMER_LICENCES]);
    expect((await app.request('GET', `/api/license/${license.licenseId}`, { token: superAdmin.token })).status).toBe(200);
  });

  it('answers 404 for another licence, exactly like a licence that does not exist', async () => {
    const license = await createLicense(app);
    const other = await createLicense(app);
    const { token } = await signedIn(license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    const foreign = await app.request('GET', `/api/license/${other.licenseId}`, { token });
    const missing = await app.request('GET', '/api/license/999999999', { token });
    const superAdmin = await signedIn(license.licenseId, [Role.ACCESS_ALL_CUSTOMER_LICENCES]);
    const missingForSuper = await app.request('GET', '/api/license/999999999', { token: superAdmin.token });
    expect([foreign.status, missing.status, missingForSuper.status]).toEqual([404, 404, 404]);
    expect(foreign.body).toEqual(missing.body);
    expect((await app.request('GET', '/api/license/abc', { token })).status).toBe(404);
  });

  it('refuses a caller without a licence role', async () => {
    const license = await createLicense(app);
    const { token } = await signedIn(license.licenseId, [Role.ADMINISTER_USER_CREATE_UPDATE]);
    expect((await app.request('GET', `/api/license/${license.licenseId}`, { token })).status).toBe(403);
  });
});

describe('GET licenses/report', () => {
  it('answers usage in percent to one decimal, and null for an unlimited or not offered maximum', async () => {
    const limited = await createLicense(app, { maxProjects: 3, maxUsers: 4 });
    const unlimited = await createLicense(app, { maxProjects: -1, maxUsers: 0 });
    const { token } = await signedIn(limited.licenseId, [Role.ACCESS_ALL_CUSTOMER_LICENCES]);
    await createUser(app, limited.licenseId);
    await createProject(app, limited.licenseId);
    await createProject(app, unlimited.licenseId);
    const rows = await report(token);
    expect(rows.find((row) => row.licenseId === limited.licenseId)).toEqual({
      licenseId: limited.licenseId,
      name: limited.name,
      maxProjects: 3,
      numProjects: 1,
      projectUsage: 33.3,
      maxUsers: 4,
      numUsers: 2,
      userUsage: 50,
    });
    expect(rows.find((row) => row.licenseId === unlimited.licenseId)).toMatchObject({ numProjects: 1, projectUsage: null, numUsers: 0, userUsage: null });
  });

  it('reports only the caller’s licence to a licence administrator', async () => {
    const license = await createLicense(app, { maxUsers: 3 });
    await createLicense(app);
    const { token } = await signedIn(license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    expect(await report(token)).toEqual([expect.objectContaining({ licenseId: license.licenseId, numUsers: 1, userUsage: 33.3 })]);
  });

  it('rounds usage to one decimal and can pass 100', () => {
    expect(usagePercent(2, 3)).toBe(66.7);
    expect(usagePercent(1, 8)).toBe(12.5);
    expect(usagePercent(5, 4)).toBe(125);
    expect(usagePercent(0, 7)).toBe(0);
    expect(usagePercent(3, -1)).toBeNull();
    expect(usagePercent(0, 0)).toBeNull();
  });
});
