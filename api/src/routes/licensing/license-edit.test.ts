import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { LicenseMessages, LicenseSchema } from 'contracts/licensing/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { newApiKey } from '../../domain/api-key-secrets';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const db = () => app.deps.db;
const MAX_EXPIRY = Date.UTC(2038, 0, 18, 12);

async function signedIn(licenseId: number, roles: string[], extra: Parameters<typeof createUser>[2] = {}) {
  const user = await createUser(app, licenseId, { roles, ...extra });
  return { user, token: await login(app, user.userName) };
}

/** A super administrator of a licence of their own. */
async function superAdministrator() {
  const home = await createLicense(app);
  return signedIn(home.licenseId, [Role.ACCESS_ALL_CUSTOMER_LICENCES]);
}

/** An API key of `licenseId` holding ACCESS_ALL_CUSTOMER_LICENCES: it still acts in its own licence only. */
async function keyWithAllLicenses(licenseId: number) {
  const secret = newApiKey();
  const [key] = await db()
    .insert(t.apiKeys)
    .values({ keyPrefix: secret.prefix, secretHash: secret.hash, name: unique('Key'), licenseId })
    .returning();
  const [role] = await db().select().from(t.roles).where(eq(t.roles.name, Role.ACCESS_ALL_CUSTOMER_LICENCES));
  await db().insert(t.apiKeyRoles).values({ apiKeyId: key!.apiKeyId, roleId: role!.roleId });
  return (method: string, path: string, body?: unknown) => app.request(method, path, { headers: { authorization: `ApiKey ${secret.key}` }, body });
}

async function environment() {
  const [row] = await db()
    .insert(t.environments)
    .values({ name: unique('Env'), serverUrl: 'https://env.example.test' })
    .returning();
  return row!;
}

/** A field's message in a 400's `errors` (an item of a list is `field.n`). */
const fieldError = (errors: Record<string, string> | undefined, field: string) =>
  Object.entries(errors ?? {}).find(([key]) => key === field || key.startsWith(`${field}.`))?.[1];
const licenseRow = async (licenseId: number) => (await db().select().from(t.licenses).where(eq(t.licenses.licenseId, licenseId)))[0]!;
const auditOf = (licenseId: number, entity: string) =>
  db()
    .select()
    .from(t.auditLog)
    .where(and(eq(t.auditLog.subject, `license:${licenseId}`), eq(t.auditLog.entity, entity)));
const limits = async (licenseId: number) =>
  Object.fromEntries((await db().select().from(t.licenseAddons).where(eq(t.licenseAddons.licenseId, licenseId))).map((row) => [row.addOnId, row.maxUsers]));

/** A new licence form that passes every rule. */
const form = (environmentId: number, extra: Record<string, unknown> = {}) => ({
  name: unique('New licence'),
  company: 'Acme Construction',
  environmentId,
  maxProjects: 5,
  maxUsers: -1,
  isActive: true,
  expiryDate: Date.UTC(2030, 5, 30),
  ...extra,
});

describe('POST license/create', () => {
  it('creates the licence owned by the caller, linked to its environment, and answers it', async () => {
    const { user, token } = await superAdministrator();
    const env = await environment();
    const body = form(env.environmentId, { expiryNotificationDays: [5, 30, 10, 30], licenseType: 'Enterprise', ownerId: 12345 });
    const answer = await app.request('POST', '/api/license/create', { token, body });
    expect(answer.status).toBe(201);
    const created = v.parse(LicenseSchema, answer.body);
    expect(created).toMatchObject({
      name: body.name,
      company: 'Acme Construction',
      licenseType: 'Enterprise',
      environmentId: env.environmentId,
      maxProjects: 5,
      maxUsers: -1,
      numProjects: 0,
      numUsers: 0,
      isActive: true,
      expiryDate: Date.UTC(2030, 5, 30),
      // Notification days once each, in the order entered (issue 36 item 10: '5, 10, 30' stays so).
      expiryNotificationDays: [5, 30, 10],
      // Spec 1 §2: the current user's id, whatever the body says, until reassigned.
      ownerId: user.userId,
      ownerName: 'Test User',
    });
    const linked = await db().select().from(t.licenseEnvironments).where(eq(t.licenseEnvironments.licenseId, created.licenseId));
    expect(linked).toEqual([{ licenseId: created.licenseId, environmentId: env.environmentId }]);
    // The console links the environment next: that changes nothing.
    expect((await app.request('POST', `/api/licenses/${created.licenseId}/environments/${env.environmentId}`, { token })).status).toBe(201);
    const [entry] = await auditOf(created.licenseId, 'license');
    expect(entry).toMatchObject({ before: null, after: expect.objectContaining({ name: body.name, ownerId: user.userId, maxUsers: -1 }) });
  });

  it('answers the spec’s message for each field, as Message and ExceptionMessage where the handler decides', async () => {
    const { token } = await superAdministrator();
    const env = await environment();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: undefined }, 'name', LicenseMessages.nameRequired],
      [{ name: '   ' }, 'name', LicenseMessages.nameRequired],
      [{ company: '' }, 'company', LicenseMessages.companyRequired],
      [{ environmentId: undefined }, 'environmentId', LicenseMessages.environmentRequired],
      [{ maxProjects: undefined }, 'maxProjects', LicenseMessages.maxProjectsRequired],
      [{ maxProjects: null }, 'maxProjects', LicenseMessages.maxProjectsRequired],
      [{ maxProjects: -2 }, 'maxProjects', LicenseMessages.maxProjectsInvalid],
      [{ maxProjects: 1.5 }, 'maxProjects', LicenseMessages.maxProjectsInvalid],
      [{ maxProjects: '5' }, 'maxProjects', LicenseMessages.maxProjectsInvalid],
      [{ maxUsers: undefined }, 'maxUsers', LicenseMessages.maxUsersRequired],
      [{ maxUsers: -7 }, 'maxUsers', LicenseMessages.maxUsersInvalid],
      [{ expiryDate: Date.UTC(2038, 0, 20) }, 'expiryDate', LicenseMessages.expiryTooLate],
      [{ expiryNotificationDays: [5, 'ten'] }, 'expiryNotificationDays', LicenseMessages.notificationDays],
      [{ expiryNotificationDays: [2.5] }, 'expiryNotificationDays', LicenseMessages.notificationDays],
      [{ expiryNotificationDays: '5, 10, 30' }, 'expiryNotificationDays', LicenseMessages.notificationDays],
    ];
    for (const [change, field, message] of cases) {
      const answer = await app.request('POST', '/api/license/create', { token, body: form(env.environmentId, change) });
      expect([field, answer.status, answer.body.Message, fieldError(answer.body.errors, field)]).toEqual([field, 400, message, message]);
    }
    const noSuchEnvironment = await app.request('POST', '/api/license/create', { token, body: form(999999999) });
    expect(noSuchEnvironment.status).toBe(400);
    expect(noSuchEnvironment.body).toMatchObject({ Message: LicenseMessages.environmentRequired, ExceptionMessage: LicenseMessages.environmentRequired });
    // The latest expiry the date picker offers is taken.
    expect((await app.request('POST', '/api/license/create', { token, body: form(env.environmentId, { expiryDate: MAX_EXPIRY }) })).status).toBe(201);
  });

  it('answers 409 on the name field for a name another licence has, never a 500', async () => {
    const { token } = await superAdministrator();
    const env = await environment();
    const existing = await createLicense(app);
    const answer = await app.request('POST', '/api/license/create', { token, body: form(env.environmentId, { name: existing.name }) });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      Message: LicenseMessages.nameTaken,
      ExceptionMessage: LicenseMessages.nameTaken,
      errors: { name: LicenseMessages.nameTaken },
    });
    expect(await db().select().from(t.licenses).where(eq(t.licenses.name, existing.name))).toEqual([existing]);
  });

  it('is for super administrators only: a licence administrator and an API key holding the role get 403, and nothing is made', async () => {
    const license = await createLicense(app);
    const env = await environment();
    const { token } = await signedIn(license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE]);
    const byAdministrator = form(env.environmentId);
    expect((await app.request('POST', '/api/license/create', { token, body: byAdministrator })).status).toBe(403);
    const key = await keyWithAllLicenses(license.licenseId);
    const byKey = form(env.environmentId);
    const refused = await key('POST', '/api/license/create', byKey);
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toBe(LicenseMessages.superAdministratorsOnly);
    const made = await db().select().from(t.licenses).where(eq(t.licenses.environmentId, env.environmentId));
    expect(made).toEqual([]);
  });
});

describe('PUT license/{licenseId}', () => {
  it('changes the fields sent, keeps the others, and records each change before → after', async () => {
    const { token } = await superAdministrator();
    const license = await createLicense(app, { maxProjects: 3, maxUsers: 20, expiryNotificationDays: [30] });
    const owner = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    const env = await environment();
    const body = {
      name: unique('Renamed'),
      maxUsers: 25,
      maxProjects: 3,
      expiryDate: Date.UTC(2031, 0, 1),
      expiryNotificationDays: [10, 60, 10],
      ownerId: owner.userId,
      environmentId: env.environmentId,
      ssoUrl: '',
    };
    const answer = await app.request('PUT', `/api/license/${license.licenseId}`, { token, body });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ Message: LicenseMessages.updated });
    const row = await licenseRow(license.licenseId);
    expect(row).toMatchObject({
      name: body.name,
      company: 'Test Co',
      maxUsers: 25,
      maxProjects: 3,
      expiryNotificationDays: [10, 60],
      ownerId: owner.userId,
      environmentId: env.environmentId,
      ssoUrl: null,
    });
    expect(row.expiryDate!.getTime()).toBe(Date.UTC(2031, 0, 1));
    expect(await db().select().from(t.licenseEnvironments).where(eq(t.licenseEnvironments.licenseId, license.licenseId))).toHaveLength(1);
    const [entry] = await auditOf(license.licenseId, 'license');
    // Unchanged fields (maxProjects, an empty SSO URL that was none) are not in the entry.
    expect(entry).toMatchObject({
      before: { name: license.name, maxUsers: 20, expiryDate: null, expiryNotificationDays: [30], ownerId: null, environmentId: null },
      after: {
        name: body.name,
        maxUsers: 25,
        expiryDate: '2031-01-01T00:00:00.000Z',
        expiryNotificationDays: [10, 60],
        ownerId: owner.userId,
        environmentId: env.environmentId,
      },
    });
    const one = await app.request('GET', `/api/license/${license.licenseId}`, { token });
    expect(one.body).toMatchObject({ name: body.name, ownerName: 'Test User', expiryDate: Date.UTC(2031, 0, 1) });
  });

  it('keeps the notification days in the order entered, and stores a new order of the same days', async () => {
    const { token } = await superAdministrator();
    const license = await createLicense(app, { expiryNotificationDays: [30] });
    expect((await app.request('PUT', `/api/license/${license.licenseId}`, { token, body: { expiryNotificationDays: [5, 10, 30] } })).status).toBe(200);
    expect((await app.request('GET', `/api/license/${license.licenseId}`, { token })).body.expiryNotificationDays).toEqual([5, 10, 30]);
    // The same days in another order are a change: stored and answered as sent.
    expect((await app.request('PUT', `/api/license/${license.licenseId}`, { token, body: { expiryNotificationDays: [30, 5, 10] } })).status).toBe(200);
    expect((await licenseRow(license.licenseId)).expiryNotificationDays).toEqual([30, 5, 10]);
    expect((await app.request('GET', `/api/license/${license.licenseId}`, { token })).body.expiryNotificationDays).toEqual([30, 5, 10]);
  });

  it('answers the spec’s messages (spec 1 §5) and changes nothing', async () => {
    const { token } = await superAdministrator();
    const license = await createLicense(app, { maxUsers: 10 });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', LicenseMessages.nameRequired],
      [{ company: ' ' }, 'company', LicenseMessages.companyRequired],
      [{ maxProjects: null }, 'maxProjects', LicenseMessages.maxProjectsRequired],
      [{ maxProjects: -1.5 }, 'maxProjects', LicenseMessages.maxProjectsInvalid],
      [{ maxUsers: null }, 'maxUsers', LicenseMessages.maxUsersRequired],
      [{ maxUsers: 'ten' }, 'maxUsers', LicenseMessages.maxUsersInvalid],
      [{ maxUsers: -2 }, 'maxUsers', LicenseMessages.maxUsersInvalid],
      [{ expiryDate: Date.UTC(2038, 0, 19, 4) }, 'expiryDate', LicenseMessages.expiryTooLate],
      [{ expiryNotificationDays: [-5] }, 'expiryNotificationDays', LicenseMessages.notificationDays],
      [{ expiryNotificationDays: ['5, 10'] }, 'expiryNotificationDays', LicenseMessages.notificationDays],
    ];
    for (const [body, field, message] of cases) {
      const answer = await app.request('PUT', `/api/license/${license.licenseId}`, { token, body: { maxUsers: 50, ...body } });
      expect([field, answer.status, answer.body.Message, fieldError(answer.body.errors, field)]).toEqual([field, 400, message, message]);
    }
    const stranger = await createUser(app, (await createLicense(app)).licenseId);
    const foreignOwner = await app.request('PUT', `/api/license/${license.licenseId}`, { token, body: { maxUsers: 50, ownerId: stranger.userId } });
    expect([foreignOwner.status, foreignOwner.body.errors]).toEqual([400, { ownerId: LicenseMessages.ownerNotInLicense }]);
    const noEnvironment = await app.request('PUT', `/api/license/${license.licenseId}`, { token, body: { maxUsers: 50, environmentId: 999999999 } });
    expect([noEnvironment.status, noEnvironment.body.Message]).toEqual([400, LicenseMessages.environmentRequired]);
    const taken = await app.request('PUT', `/api/license/${license.licenseId}`, { token, body: { maxUsers: 50, name: (await createLicense(app)).name } });
    expect([taken.status, taken.body.errors]).toEqual([409, { name: LicenseMessages.nameTaken }]);
    expect((await licenseRow(license.licenseId)).maxUsers).toBe(10);
    expect(await auditOf(license.licenseId, 'license')).toEqual([]);
  });

  it('keeps a licence administrator out (403) and an API key holding the role to its own licence: 404 elsewhere, 403 at home, nothing changed', async () => {
    const license = await createLicense(app, { maxUsers: 10 });
    const other = await createLicense(app, { maxUsers: 10 });
    const { token } = await signedIn(license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    expect((await app.request('PUT', `/api/license/${license.licenseId}`, { token, body: { maxUsers: 99 } })).status).toBe(403);
    const key = await keyWithAllLicenses(license.licenseId);
    const elsewhere = await key('PUT', `/api/license/${other.licenseId}`, { maxUsers: 99 });
    const missing = await key('PUT', '/api/license/999999999', { maxUsers: 99 });
    expect([elsewhere.status, missing.status]).toEqual([404, 404]);
    expect(elsewhere.body).toEqual(missing.body);
    expect((await key('PUT', `/api/license/${license.licenseId}`, { maxUsers: 99 })).status).toBe(403);
    expect([(await licenseRow(license.licenseId)).maxUsers, (await licenseRow(other.licenseId)).maxUsers]).toEqual([10, 10]);
    const { token: superToken } = await superAdministrator();
    expect((await app.request('PUT', '/api/license/999999999', { token: superToken, body: { maxUsers: 1 } })).status).toBe(404);
  });
});

describe('PUT licenses/{licenseId}/addons', () => {
  /** A licence offering add-ons 2 and 3, with add-on 2 held by three users: one directly, one through a group, one both ways. */
  async function licenseWithSeats() {
    const license = await createLicense(app);
    await db()
      .insert(t.licenseAddons)
      .values([
        { licenseId: license.licenseId, addOnId: 2, maxUsers: 5 },
        { licenseId: license.licenseId, addOnId: 3, maxUsers: 4 },
        { licenseId: license.licenseId, addOnId: 4, maxUsers: 0 },
      ]);
    const [direct, viaGroup, both] = [
      await createUser(app, license.licenseId),
      await createUser(app, license.licenseId),
      await createUser(app, license.licenseId),
    ];
    await db()
      .insert(t.userAddons)
      .values([direct, both].map((u) => ({ userId: u.userId, addOnId: 2 })));
    const [group] = await db()
      .insert(t.userGroups)
      .values({ name: unique('Group'), licenseId: license.licenseId })
      .returning();
    await db().insert(t.userGroupAddons).values({ userGroupId: group!.userGroupId, addOnId: 2 });
    await db()
      .insert(t.userGroupUsers)
      .values([viaGroup, both].map((u) => ({ userGroupId: group!.userGroupId, userId: u.userId })));
    // Another licence's holders never count.
    const elsewhere = await createLicense(app);
    const outsider = await createUser(app, elsewhere.licenseId);
    await db().insert(t.userAddons).values({ userId: outsider.userId, addOnId: 2 });
    return license;
  }
  const addonName = async (addOnId: number) => (await db().select().from(t.addons).where(eq(t.addons.addOnId, addOnId)))[0]!.name;

  it('sets each limit, drops add-ons with zero users from the offer, and records the changes by name', async () => {
    const { token } = await superAdministrator();
    const license = await licenseWithSeats();
    const body = [
      { addOnId: 1, maxUsers: 50 },
      { addOnId: 2, maxUsers: 3 },
      { addOnId: 3, maxUsers: 0 },
      { addOnId: 5, maxUsers: -1 },
    ];
    const answer = await app.request('PUT', `/api/licenses/${license.licenseId}/addons`, { token, body });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ Message: LicenseMessages.updatedAddons });
    expect(await limits(license.licenseId)).toEqual({ 1: 50, 2: 3, 5: -1 });
    const offered = await app.request('GET', `/api/licenses/${license.licenseId}/addons`, { token });
    expect(offered.body.map((a: { addOnId: number; maxUsers: number; numUsers: number }) => [a.addOnId, a.maxUsers, a.numUsers])).toEqual([
      [1, 50, 0],
      [2, 3, 3],
      [5, -1, 0],
    ]);
    const [entry] = await auditOf(license.licenseId, 'license-addons');
    const [one, two, three, five] = await Promise.all([1, 2, 3, 5].map(addonName));
    expect(entry).toMatchObject({ before: { [one!]: -1, [two!]: 5, [three!]: 4, [five!]: 0 }, after: { [one!]: 50, [two!]: 3, [three!]: 0, [five!]: -1 } });
  });

  it('refuses a limit below the seats in use, direct and through groups, naming the add-ons, and changes nothing', async () => {
    const { token } = await superAdministrator();
    const license = await licenseWithSeats();
    const three = await createUser(app, license.licenseId);
    await db().insert(t.userAddons).values({ userId: three.userId, addOnId: 3 });
    const before = await limits(license.licenseId);
    const [two, threeName] = [await addonName(2), await addonName(3)];

    const lowered = await app.request('PUT', `/api/licenses/${license.licenseId}/addons`, {
      token,
      body: [
        { addOnId: 1, maxUsers: -1 },
        { addOnId: 2, maxUsers: 2 },
        { addOnId: 3, maxUsers: 4 },
      ],
    });
    expect(lowered.status).toBe(409);
    expect(lowered.body.Message).toBe(
      `Product license limits not updated as some would be below the seats in use. Please check the following: ${two} (3 seats in use, new limit 2)`,
    );
    expect(lowered.body.addOns).toEqual([{ addOnId: 2, name: two, used: 3, maxUsers: 2 }]);

    // Taking away a product licence anyone holds (0, or left out) is a limit below its use too.
    const takenAway = await app.request('PUT', `/api/licenses/${license.licenseId}/addons`, {
      token,
      body: [
        { addOnId: 1, maxUsers: -1 },
        { addOnId: 2, maxUsers: 0 },
      ],
    });
    expect(takenAway.status).toBe(409);
    expect(takenAway.body.addOns.map((a: { addOnId: number }) => a.addOnId).sort()).toEqual([2, 3]);
    expect(takenAway.body.Message).toContain(`${two} (3 seats in use, new limit 0)`);
    expect(takenAway.body.Message).toContain(`${threeName} (1 seats in use, new limit 0)`);
    expect(await limits(license.licenseId)).toEqual(before);
    expect(await auditOf(license.licenseId, 'license-addons')).toEqual([]);

    // Exactly the seats in use, or unlimited, is fine.
    expect(
      (
        await app.request('PUT', `/api/licenses/${license.licenseId}/addons`, {
          token,
          body: [
            { addOnId: 1, maxUsers: -1 },
            { addOnId: 2, maxUsers: 3 },
            { addOnId: 3, maxUsers: -1 },
          ],
        })
      ).status,
    ).toBe(200);
    expect(await limits(license.licenseId)).toEqual({ 1: -1, 2: 3, 3: -1 });
  });

  it('lets a limit already below its use (data from elsewhere) stay or rise', async () => {
    const { token } = await superAdministrator();
    const license = await licenseWithSeats();
    await db()
      .update(t.licenseAddons)
      .set({ maxUsers: 1 })
      .where(and(eq(t.licenseAddons.licenseId, license.licenseId), eq(t.licenseAddons.addOnId, 2)));
    const body = (maxUsers: number) => [
      { addOnId: 1, maxUsers: -1 },
      { addOnId: 2, maxUsers },
      { addOnId: 3, maxUsers: 4 },
    ];
    expect((await app.request('PUT', `/api/licenses/${license.licenseId}/addons`, { token, body: body(1) })).status).toBe(200);
    expect((await app.request('PUT', `/api/licenses/${license.licenseId}/addons`, { token, body: body(2) })).status).toBe(200);
    expect((await app.request('PUT', `/api/licenses/${license.licenseId}/addons`, { token, body: body(1) })).status).toBe(409);
    expect((await limits(license.licenseId))[2]).toBe(2);
  });

  it('answers the spec’s messages for a limit, and 400 for an unknown or repeated add-on', async () => {
    const { token } = await superAdministrator();
    const license = await licenseWithSeats();
    const before = await limits(license.licenseId);
    const cases: [unknown, string][] = [
      [[{ addOnId: 2 }], LicenseMessages.valueRequired],
      [[{ addOnId: 2, maxUsers: null }], LicenseMessages.valueRequired],
      [[{ addOnId: 2, maxUsers: -2 }], LicenseMessages.valuePositive],
      [[{ addOnId: 2, maxUsers: 2.5 }], LicenseMessages.valuePositive],
      [[{ addOnId: 2, maxUsers: 'lots' }], LicenseMessages.valuePositive],
      [
        [
          { addOnId: 2, maxUsers: 5 },
          { addOnId: 2, maxUsers: 6 },
        ],
        LicenseMessages.addonListedTwice,
      ],
      [[{ addOnId: 999999, maxUsers: 5 }], LicenseMessages.addonUnknown],
    ];
    for (const [body, message] of cases) {
      const answer = await app.request('PUT', `/api/licenses/${license.licenseId}/addons`, { token, body });
      expect([answer.status, answer.body.Message]).toEqual([400, message]);
    }
    expect((await app.request('PUT', `/api/licenses/${license.licenseId}/addons`, { token, body: { addOnId: 2 } })).status).toBe(400);
    expect(await limits(license.licenseId)).toEqual(before);
  });

  it('is for super administrators: 403 to a licence administrator; an API key holding the role gets 404 elsewhere and 403 at home', async () => {
    const license = await licenseWithSeats();
    const other = await licenseWithSeats();
    const [before, otherBefore] = [await limits(license.licenseId), await limits(other.licenseId)];
    const body = [{ addOnId: 2, maxUsers: -1 }];
    const { token } = await signedIn(license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE]);
    expect((await app.request('PUT', `/api/licenses/${license.licenseId}/addons`, { token, body })).status).toBe(403);
    const key = await keyWithAllLicenses(license.licenseId);
    expect((await key('PUT', `/api/licenses/${other.licenseId}/addons`, body)).status).toBe(404);
    expect((await key('PUT', `/api/licenses/${license.licenseId}/addons`, body)).status).toBe(403);
    expect([await limits(license.licenseId), await limits(other.licenseId)]).toEqual([before, otherBefore]);
  });

  it('decides under the seat lock: a limit lowered while a seat is given never ends below the seats in use', async () => {
    const { token } = await superAdministrator();
    const license = await createLicense(app);
    await db().insert(t.licenseAddons).values({ licenseId: license.licenseId, addOnId: 2, maxUsers: 5 });
    const admin = await signedIn(license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE]);
    const holders = [await createUser(app, license.licenseId), await createUser(app, license.licenseId)];
    await db().insert(t.userAddons).values({ userId: holders[0]!.userId, addOnId: 2 });
    const [lowered, given] = await Promise.all([
      app.request('PUT', `/api/licenses/${license.licenseId}/addons`, {
        token,
        body: [
          { addOnId: 1, maxUsers: -1 },
          { addOnId: 2, maxUsers: 1 },
        ],
      }),
      app.request('PUT', `/api/users/${holders[1]!.userName}/addons`, { token: admin.token, body: [{ addOnId: 2 }] }),
    ]);
    const used = (await db().select().from(t.userAddons).where(eq(t.userAddons.addOnId, 2))).filter((row) =>
      holders.some((h) => h.userId === row.userId),
    ).length;
    const limit = (await limits(license.licenseId))[2]!;
    expect(used).toBeLessThanOrEqual(limit);
    expect([lowered.status, given.status].sort()).toEqual(lowered.status === 200 ? [200, 210] : [200, 409]);
  });
});

describe('GET license/{licenseId}/getProjectsInLicense', () => {
  it('answers the licence’s projects with their users, by name, to a super administrator', async () => {
    const { token } = await superAdministrator();
    const license = await createLicense(app);
    const b = await createProject(app, license.licenseId, { name: unique('B project') });
    const a = await createProject(app, license.licenseId, { name: unique('A project'), isActive: false });
    await createProject(app, (await createLicense(app)).licenseId);
    const [u1, u2] = [await createUser(app, license.licenseId, { projects: [b.projectId] }), await createUser(app, license.licenseId)];
    const [group] = await db()
      .insert(t.userGroups)
      .values({ name: unique('Group'), licenseId: license.licenseId })
      .returning();
    await db().insert(t.userGroupProjects).values({ userGroupId: group!.userGroupId, projectId: b.projectId });
    await db()
      .insert(t.userGroupUsers)
      .values([u1, u2].map((u) => ({ userGroupId: group!.userGroupId, userId: u.userId })));
    const answer = await app.request('GET', `/api/license/${license.licenseId}/getProjectsInLicense`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      expect.objectContaining({ projectId: a.projectId, isActive: false, numberOfUsers: 0, licenseId: license.licenseId, licenseName: license.name }),
      expect.objectContaining({ projectId: b.projectId, isActive: true, numberOfUsers: 2, description: 'A test project' }),
    ]);
  });

  it('shows a licence administrator the projects they see of their own licence, and another licence is a 404', async () => {
    const license = await createLicense(app);
    const [mine, notMine] = [await createProject(app, license.licenseId), await createProject(app, license.licenseId)];
    const own = await signedIn(license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE], { projects: [mine.projectId] });
    const reader = await signedIn(license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PROJECT_READ], { projects: [mine.projectId] });
    const ids = async (token: string) =>
      ((await app.request('GET', `/api/license/${license.licenseId}/getProjectsInLicense`, { token })).body as { projectId: number }[]).map((p) => p.projectId);
    expect(await ids(own.token)).toEqual([mine.projectId]);
    expect((await ids(reader.token)).sort()).toEqual([mine.projectId, notMine.projectId].sort());
    const other = await createLicense(app);
    await createProject(app, other.licenseId);
    const foreign = await app.request('GET', `/api/license/${other.licenseId}/getProjectsInLicense`, { token: reader.token });
    const missing = await app.request('GET', '/api/license/999999999/getProjectsInLicense', { token: reader.token });
    expect([foreign.status, missing.status]).toEqual([404, 404]);
    expect(foreign.body).toEqual(missing.body);
    const { token } = await signedIn(license.licenseId, [Role.MENU_ADMIN_TOOL_ACCESS]);
    expect((await app.request('GET', `/api/license/${license.licenseId}/getProjectsInLicense`, { token })).status).toBe(403);
  });
});

describe('integrations', () => {
  async function catalogue() {
    const rows = await db()
      .insert(t.integrations)
      .values([
        { integrationName: unique('Zeta'), imgUrl: '/integrations/zeta.svg', description: 'Z' },
        { integrationName: unique('Alpha'), imgUrl: 'https://cdn.example.com/alpha.png', description: 'A' },
        { integrationName: unique('Mid'), imgUrl: '//cdn.example.com/mid.png', description: 'M' },
      ])
      .returning();
    return rows;
  }

  it('lists the catalogue by name with images from this server only', async () => {
    const [zeta, alpha, mid] = await catalogue();
    const license = await createLicense(app);
    const { token } = await signedIn(license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    const answer = await app.request('GET', '/api/integrations', { token });
    expect(answer.status).toBe(200);
    const mine = (answer.body as { integrationId: number }[]).filter((row) => [zeta, alpha, mid].some((i) => i!.integrationId === row.integrationId));
    expect(mine).toEqual([
      { integrationId: alpha!.integrationId, integrationName: alpha!.integrationName, imgUrl: '', description: 'A' },
      { integrationId: mid!.integrationId, integrationName: mid!.integrationName, imgUrl: '', description: 'M' },
      { integrationId: zeta!.integrationId, integrationName: zeta!.integrationName, imgUrl: '/integrations/zeta.svg', description: 'Z' },
    ]);
    const { token: none } = await signedIn(license.licenseId, [Role.MENU_ADMIN_TOOL_ACCESS]);
    expect((await app.request('GET', '/api/integrations', { token: none })).status).toBe(403);
  });

  it('sets a licence’s integrations, answers them to its administrator, and records the change', async () => {
    const [zeta, alpha] = await catalogue();
    const { token } = await superAdministrator();
    const license = await createLicense(app);
    const set = async (body: unknown) => app.request('PUT', `/api/licenses/${license.licenseId}/integrations`, { token, body });
    const first = await set([zeta!.integrationId, alpha!.integrationId, zeta!.integrationId]);
    expect([first.status, first.body]).toEqual([200, { Message: LicenseMessages.integrationsSaved }]);
    const own = await signedIn(license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    const linked = await app.request('GET', `/api/licenses/${license.licenseId}/integrations`, { token: own.token });
    expect(linked.status).toBe(200);
    expect(linked.body.map((i: { integrationId: number }) => i.integrationId)).toEqual([alpha!.integrationId, zeta!.integrationId]);
    expect((await set([zeta!.integrationId])).status).toBe(200);
    const entries = await auditOf(license.licenseId, 'license-integrations');
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [{ integrations: [] }, { integrations: [alpha!.integrationName, zeta!.integrationName].sort((a, b) => a.localeCompare(b)) }],
      [{ integrations: [alpha!.integrationName, zeta!.integrationName].sort((a, b) => a.localeCompare(b)) }, { integrations: [zeta!.integrationName] }],
    ]);
    const unknown = await set([zeta!.integrationId, 999999999]);
    expect([unknown.status, unknown.body.Message]).toEqual([400, LicenseMessages.integrationUnknown]);
    expect((await set('all')).status).toBe(400);
    expect((await set([])).status).toBe(200);
    expect(await db().select().from(t.licenseIntegrations).where(eq(t.licenseIntegrations.licenseId, license.licenseId))).toEqual([]);
  });

  it('keeps each licence to itself: another licence’s integrations are a 404, and only a super administrator sets them', async () => {
    const [zeta] = await catalogue();
    const license = await createLicense(app);
    const other = await createLicense(app);
    await db().insert(t.licenseIntegrations).values({ licenseId: other.licenseId, integrationId: zeta!.integrationId });
    const { token } = await signedIn(license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    const foreign = await app.request('GET', `/api/licenses/${other.licenseId}/integrations`, { token });
    const missing = await app.request('GET', '/api/licenses/999999999/integrations', { token });
    expect([foreign.status, missing.status]).toEqual([404, 404]);
    expect(foreign.body).toEqual(missing.body);
    expect((await app.request('PUT', `/api/licenses/${license.licenseId}/integrations`, { token, body: [zeta!.integrationId] })).status).toBe(403);
    const key = await keyWithAllLicenses(license.licenseId);
    expect((await key('PUT', `/api/licenses/${other.licenseId}/integrations`, [])).status).toBe(404);
    expect((await key('PUT', `/api/licenses/${license.licenseId}/integrations`, [zeta!.integrationId])).status).toBe(403);
    expect(await db().select().from(t.licenseIntegrations).where(eq(t.licenseIntegrations.licenseId, other.licenseId))).toHaveLength(1);
    expect(await db().select().from(t.licenseIntegrations).where(eq(t.licenseIntegrations.licenseId, license.licenseId))).toEqual([]);
  });
});
