/**
 * The privilege ceiling (domain/ceiling.ts), item by item as issue 21 reproduced each door:
 * a licence administrator gives product roles; nobody passes on administrative power they
 * lack, by any door; an API key neither manages passwords nor widens itself nor crosses its
 * licence; the checks hold under concurrent requests; ended sessions stay ended.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { ApiKeyMessages, UserMessages } from 'contracts/identity/model';
import { AuthMessages } from 'contracts/auth/model';
import { Role } from 'shared/roles';
import * as t from '../db/schema';
import { LICENCE_ADMIN_ROLES } from '../seed/demo-data';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLicense, createProject, createUser, login, PASSWORD, unique, userRow } from '../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const PROGRESS = 3;
const db = () => app.deps.db;

async function role(name: string) {
  const [row] = await db().select().from(t.roles).where(eq(t.roles.name, name));
  return row!;
}
/** A product role of Progress Tracking (not administrative). */
async function progressRole() {
  const [row] = await db()
    .select({ roleId: t.roles.roleId, name: t.roles.name, friendlyName: t.roles.friendlyName, administrative: t.roles.administrative })
    .from(t.roles)
    .innerJoin(t.roleGroups, eq(t.roleGroups.roleGroupId, t.roles.roleGroupId))
    .where(eq(t.roleGroups.addOnId, PROGRESS))
    .limit(1);
  return row!;
}
const giveAddons = (userId: number, ids: number[]) =>
  db()
    .insert(t.userAddons)
    .values(ids.map((addOnId) => ({ userId, addOnId })));
const rolesOf = async (userId: number) =>
  (await db().select({ roleId: t.userRoles.roleId }).from(t.userRoles).where(eq(t.userRoles.userId, userId))).map((r) => r.roleId).sort();

/** A licence offering SiteSense and Progress Tracking, three projects, its licence administrator (the demo's roles, one project) and a plain user. */
async function world() {
  const license = await createLicense(app);
  await db().insert(t.licenseAddons).values({ licenseId: license.licenseId, addOnId: PROGRESS, maxUsers: -1 });
  const projects = [await createProject(app, license.licenseId), await createProject(app, license.licenseId), await createProject(app, license.licenseId)];
  const licadmin = await createUser(app, license.licenseId, { roles: LICENCE_ADMIN_ROLES, projects: [projects[0]!.projectId] });
  await giveAddons(licadmin.userId, [1, PROGRESS]);
  const user = await createUser(app, license.licenseId);
  await giveAddons(user.userId, [1, PROGRESS]);
  const superLicense = await createLicense(app);
  const superAdmin = await createUser(app, superLicense.licenseId, {
    roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_USER_CREATE_UPDATE, Role.ADMINISTER_API_KEYS],
  });
  await giveAddons(superAdmin.userId, [1]);
  return { license, projects, licadmin, user, superAdmin, token: await login(app, licadmin.userName), superToken: await login(app, superAdmin.userName) };
}
type World = Awaited<ReturnType<typeof world>>;

/** An API key of `licenseId` holding SiteSense (and Progress Tracking), the given roles and projects, made by a super administrator. */
async function apiKey(w: World, licenseId: number, roleNames: string[], options: { allProjects?: boolean; projects?: number[] } = {}) {
  const made = await app.request('POST', '/api/apikeys', {
    token: w.superToken,
    body: { name: unique('Key'), licenseId, isActive: true, allProjects: options.allProjects ?? false },
  });
  expect(made.status).toBe(201);
  const id = made.body.apiKeyId as number;
  expect((await app.request('PUT', `/api/apikeys/${id}/addons`, { token: w.superToken, body: [1, PROGRESS] })).status).toBe(200);
  const roleIds = await Promise.all(roleNames.map(async (name) => (await role(name)).roleId));
  expect((await app.request('PUT', `/api/apikeys/${id}/roles`, { token: w.superToken, body: roleIds })).status).toBe(200);
  if (options.projects) expect((await app.request('PUT', `/api/apikeys/${id}/projects`, { token: w.superToken, body: options.projects })).status).toBe(200);
  const key = made.body.apiKey as string;
  return { id, key, call: (method: string, path: string, body?: unknown) => app.request(method, path, { headers: { authorization: `ApiKey ${key}` }, body }) };
}

/** A group of `licenseId` made directly in the database, granting `roleNames` (and SiteSense). */
async function groupGranting(licenseId: number, roleNames: string[], members: number[] = []) {
  const [group] = await db()
    .insert(t.userGroups)
    .values({ name: unique('Group'), licenseId })
    .returning();
  await db().insert(t.userGroupAddons).values({ userGroupId: group!.userGroupId, addOnId: 1 });
  for (const name of roleNames)
    await db()
      .insert(t.userGroupRoles)
      .values({ userGroupId: group!.userGroupId, roleId: (await role(name)).roleId });
  if (members.length)
    await db()
      .insert(t.userGroupUsers)
      .values(members.map((userId) => ({ userGroupId: group!.userGroupId, userId })));
  return group!;
}
const membersOf = async (userGroupId: number) =>
  (await db().select().from(t.userGroupUsers).where(eq(t.userGroupUsers.userGroupId, userGroupId))).map((r) => r.userId);

describe('the kinds of roles', () => {
  it('records administrative roles in the catalogue: the Administration and Licence scope groups and MENU_ADMIN_TOOL_ACCESS', async () => {
    expect((await role(Role.ADMINISTER_ROLE)).administrative).toBe(true);
    expect((await role(Role.ACCESS_ALL_CUSTOMER_LICENCES)).administrative).toBe(true);
    expect((await role(Role.MENU_ADMIN_TOOL_ACCESS)).administrative).toBe(true);
    expect((await role('VIEW_MC_INVENTORY')).administrative).toBe(false);
    expect((await role('MENU_STATUS_ACCESS')).administrative).toBe(false);
    const catalogue = await app.request('GET', '/api/roles', { token: (await world()).token });
    const flat = catalogue.body.flatMap((group: { roles: unknown[] }) => group.roles);
    expect(flat).toContainEqual(expect.objectContaining({ name: Role.ADMINISTER_ROLE, administrative: true }));
  });
});

describe('item 1: a licence administrator gives product roles', () => {
  it('saves a product role on a user, a group and a key, and shows each administrative role they lack as not givable, with the reason', async () => {
    const w = await world();
    const product = await progressRole();
    const saved = await app.request('POST', '/api/updateRoles', { token: w.token, body: { userId: w.user.userId, roleIds: [product.roleId] } });
    expect([saved.status, saved.body.Message]).toEqual([200, UserMessages.rolesUpdated]);
    expect(await rolesOf(w.user.userId)).toEqual([product.roleId]);

    const info = await app.request('GET', `/api/user/${w.user.userId}/roleInfo`, { token: w.token });
    const roles = info.body.flatMap((group: { roles: unknown[] }) => group.roles) as {
      name: string;
      givable: boolean;
      whyNotGivable?: string;
      administrative: boolean;
    }[];
    const byName = (name: string) => roles.find((r) => r.name === name)!;
    expect(byName(product.name)).toMatchObject({ administrative: false, givable: true });
    expect(byName(Role.ADMINISTER_ROLE)).toMatchObject({ administrative: true, givable: true });
    expect(byName('ADMINISTER_READER')).toMatchObject({ administrative: true, givable: false, whyNotGivable: UserMessages.roleAdministrativeNotHeld });
    expect(byName(Role.ACCESS_ALL_CUSTOMER_LICENCES)).toMatchObject({ givable: false, whyNotGivable: UserMessages.roleSuperAdminOnly });

    const group = await app.request('POST', '/api/userGroup/create', {
      token: w.token,
      body: { Name: unique('Crew'), LicenseId: w.license.licenseId, AddOnIds: [1, PROGRESS], RoleIds: [product.roleId], ProjectIds: [] },
    });
    expect(group.status).toBe(201);
    const groupRoles = await app.request('POST', '/api/userGroup/update/roles', { token: w.token, body: { userGroupId: group.body.userGroupId, roleIds: [] } });
    expect(groupRoles.status).toBe(200);

    const key = await app.request('POST', '/api/apikeys', {
      token: w.token,
      body: { name: unique('Key'), licenseId: w.license.licenseId, isActive: true, allProjects: false },
    });
    expect((await app.request('PUT', `/api/apikeys/${key.body.apiKeyId}/addons`, { token: w.token, body: [1, PROGRESS] })).status).toBe(200);
    expect((await app.request('PUT', `/api/apikeys/${key.body.apiKeyId}/roles`, { token: w.token, body: [product.roleId] })).status).toBe(200);
  });

  it('refuses giving or removing an administrative role the caller does not hold (403, naming it), and changes nothing', async () => {
    const w = await world();
    const reader = await role('ADMINISTER_READER');
    const given = await app.request('POST', '/api/updateRoles', { token: w.token, body: { userId: w.user.userId, roleIds: [reader.roleId] } });
    expect([given.status, given.body.Message]).toEqual([403, UserMessages.rolesNotGivable(reader.friendlyName)]);
    expect(await rolesOf(w.user.userId)).toEqual([]);

    await db().insert(t.userRoles).values({ userId: w.user.userId, roleId: reader.roleId });
    const removed = await app.request('POST', '/api/updateRoles', { token: w.token, body: { userId: w.user.userId, roleIds: [] } });
    expect(removed.status).toBe(403);
    expect(await rolesOf(w.user.userId)).toEqual([reader.roleId]);

    const superRole = await role(Role.ACCESS_ALL_CUSTOMER_LICENCES);
    const group = await app.request('POST', '/api/userGroup/create', {
      token: w.token,
      body: { Name: unique('Crew'), LicenseId: w.license.licenseId, AddOnIds: [1], RoleIds: [superRole.roleId], ProjectIds: [] },
    });
    expect(group.status).toBe(403);
  });
});

describe('item 2: nobody takes over an account through its password', () => {
  it('refuses an API key any password management (403), whatever its roles', async () => {
    const w = await world();
    const key = await apiKey(w, w.license.licenseId, [Role.ADMINISTER_USER_CREATE_UPDATE]);
    for (const body of [{ mode: 'manual', password: 'Taken-Over-123' }, { mode: 'auto' }, { mode: 'link' }]) {
      const answer = await key.call('PUT', `/api/users/${w.licadmin.userName}/password`, body);
      expect([answer.status, answer.body.Message]).toEqual([403, ApiKeyMessages.sessionOnly]);
    }
    expect((await key.call('PUT', `/api/users/${w.user.userName}/password`, { mode: 'manual', password: 'Taken-Over-123' })).status).toBe(403);
    // The licence administrator still signs in with their own password, and their session lives.
    expect((await app.request('GET', '/api/verifysession/3', { token: w.token })).status).toBe(200);
    await login(app, w.licadmin.userName);
  });

  it('lets a person with ADMINISTER_USER_CREATE_UPDATE manage the password of a user within their roles, never of one above them', async () => {
    const w = await world();
    const helpdesk = await createUser(app, w.license.licenseId, { roles: [Role.ADMINISTER_USER_CREATE_UPDATE] });
    const token = await login(app, helpdesk.userName);
    for (const body of [{ mode: 'manual', password: 'Taken-Over-123' }, { mode: 'auto' }, { mode: 'link' }]) {
      const answer = await app.request('PUT', `/api/users/${w.licadmin.userName}/password`, { token, body });
      expect(answer.status).toBe(403);
      expect(answer.body.Message).toMatch(
        new RegExp(`^You cannot manage ${w.licadmin.userName}: they would hold administrative roles you do not hold: .*Administer Role`),
      );
    }
    expect(app.outbox.filter((mail) => mail.to === w.licadmin.email)).toEqual([]);
    await login(app, w.licadmin.userName);
    const ok = await app.request('PUT', `/api/users/${w.user.userName}/password`, { token, body: { mode: 'manual', password: 'Chosen-For-You-123' } });
    expect(ok.status).toBe(200);
  });
});

describe('item 3: administrative power is not passed on by other doors', () => {
  it('refuses joining a user to a group that grants administrative roles the caller lacks, by either call, and keeps the group as it was', async () => {
    const w = await world();
    const group = await groupGranting(w.license.licenseId, ['ADMINISTER_READER']);
    const assign = await app.request('POST', '/api/userGroup/update/userUserGroup', {
      token: w.token,
      body: { userGroupId: group.userGroupId, userIds: [w.user.userId] },
    });
    expect(assign.status).toBe(403);
    expect(assign.body.Message).toContain(w.user.userName);
    const set = await app.request('POST', '/api/userGroup/update/users', {
      token: w.token,
      body: { userGroupId: group.userGroupId, userIds: [w.user.userId] },
    });
    expect(set.status).toBe(403);
    expect(await membersOf(group.userGroupId)).toEqual([]);
  });

  it('refuses copying a user who holds administrative roles the caller lacks, and makes no copy', async () => {
    const w = await world();
    const above = await createUser(app, w.license.licenseId, { roles: ['ADMINISTER_READER'] });
    const copy = unique('copy');
    const answer = await app.request('POST', `/api/users/${above.userName}/copy/${copy}`, {
      token: w.token,
      body: { userName: copy, firstName: 'Co', lastName: 'Py', email: `${copy}@example.test` },
    });
    expect(answer.status).toBe(403);
    expect(await db().select().from(t.users).where(eq(t.users.userName, copy))).toEqual([]);
  });

  it('refuses locking, deactivating or changing the details of a user above the caller', async () => {
    const w = await world();
    const above = await createUser(app, w.license.licenseId, { roles: ['ADMINISTER_READER'] });
    for (const body of [{ isLockedOut: true }, { isApproved: false }, { email: 'attacker@example.test' }]) {
      expect((await app.request('PUT', `/api/users/${above.userName}`, { token: w.token, body })).status).toBe(403);
    }
    expect(await userRow(app, above.userId)).toMatchObject({ isLockedOut: false, isApproved: true, email: above.email });
  });

  it('gives no way to super administrator: a group of the licence holding ACCESS_ALL_CUSTOMER_LICENCES cannot be joined, nor its member copied', async () => {
    const w = await world();
    const other = await createLicense(app);
    const holder = await createUser(app, w.license.licenseId);
    const group = await groupGranting(w.license.licenseId, [Role.ACCESS_ALL_CUSTOMER_LICENCES], [holder.userId]);
    expect(
      (
        await app.request('POST', '/api/userGroup/update/userUserGroup', {
          token: w.token,
          body: { userGroupId: group.userGroupId, userIds: [w.licadmin.userId] },
        })
      ).status,
    ).toBe(403);
    const copy = unique('copy');
    expect(
      (
        await app.request('POST', `/api/users/${holder.userName}/copy/${copy}`, {
          token: w.token,
          body: { userName: copy, firstName: 'Co', lastName: 'Py', email: `${copy}@example.test` },
        })
      ).status,
    ).toBe(403);
    expect(
      (await app.request('PUT', `/api/users/${holder.userName}/password`, { token: w.token, body: { mode: 'manual', password: 'Taken-Over-123' } })).status,
    ).toBe(403);
    expect((await app.request('GET', `/api/users?licenseId=${other.licenseId}`, { token: w.token })).status).toBe(404);
  });

  it('lets a licence administrator join a user to a group within their roles', async () => {
    const w = await world();
    const group = await groupGranting(w.license.licenseId, [Role.ADMINISTER_SITE]);
    const answer = await app.request('POST', '/api/userGroup/update/userUserGroup', {
      token: w.token,
      body: { userGroupId: group.userGroupId, userIds: [w.user.userId] },
    });
    expect(answer.status).toBe(200);
    expect(await membersOf(group.userGroupId)).toEqual([w.user.userId]);
  });
});

describe('item 4: an API key does not widen its reach, nor does a person through one', () => {
  it('refuses a key changing itself, and a key or person giving all projects without seeing every project by role', async () => {
    const w = await world();
    const key = await apiKey(w, w.license.licenseId, [Role.ADMINISTER_API_KEYS]);
    expect((await key.call('PUT', `/api/apikeys/${key.id}`, { allProjects: true })).body.Message).toBe(ApiKeyMessages.notItself);
    for (const [method, path, body] of [
      ['PUT', `/api/apikeys/${key.id}`, { allProjects: true }],
      ['PUT', `/api/apikeys/${key.id}/projects`, [w.projects[1]!.projectId]],
      ['PUT', `/api/apikeys/${key.id}/roles`, []],
      ['PUT', `/api/apikeys/${key.id}/addons`, [1]],
    ] as const) {
      expect((await key.call(method, path, body)).status).toBe(403);
    }
    const made = await key.call('POST', '/api/apikeys', { name: unique('Child'), licenseId: w.license.licenseId, isActive: true, allProjects: true });
    expect([made.status, made.body.Message]).toEqual([403, UserMessages.allProjectsNotHeld]);

    const person = await createUser(app, w.license.licenseId, { roles: [Role.ADMINISTER_API_KEYS], projects: [w.projects[0]!.projectId] });
    const personToken = await login(app, person.userName);
    const theirs = await app.request('POST', '/api/apikeys', {
      token: personToken,
      body: { name: unique('Theirs'), licenseId: w.license.licenseId, isActive: true, allProjects: true },
    });
    expect(theirs.status).toBe(403);
    // ADMINISTER_PROJECT_READ sees the whole licence (spec 1 §6): the licence administrator may.
    const licadmins = await app.request('POST', '/api/apikeys', {
      token: w.token,
      body: { name: unique('All'), licenseId: w.license.licenseId, isActive: true, allProjects: true },
    });
    expect(licadmins.status).toBe(201);
    const [row] = await db().select().from(t.apiKeys).where(eq(t.apiKeys.apiKeyId, key.id));
    expect(row!.allProjects).toBe(false);
  });
});

describe('item 5: a key acts in its own licence only', () => {
  it('answers 404 to a key holding ACCESS_ALL_CUSTOMER_LICENCES that links another licence to an environment, and links nothing', async () => {
    const w = await world();
    const other = await createLicense(app);
    const [environment] = await db()
      .insert(t.environments)
      .values({ name: unique('Env'), serverUrl: 'https://env.example.test', label: 'Env' })
      .returning();
    const key = await apiKey(w, w.license.licenseId, [Role.ACCESS_ALL_CUSTOMER_LICENCES]);
    const answer = await key.call('POST', `/api/licenses/${other.licenseId}/environments/${environment!.environmentId}`);
    expect(answer.status).toBe(404);
    expect(await db().select().from(t.licenseEnvironments).where(eq(t.licenseEnvironments.licenseId, other.licenseId))).toEqual([]);
    expect((await key.call('GET', `/api/users?licenseId=${other.licenseId}`)).status).toBe(404);
  });
});

describe('item 6: checks that depend on data hold under concurrent requests', () => {
  const ROUNDS = 30;
  /** Whether any role of Progress Tracking sits on a holder that has not the product licence. */
  const orphaned = (roleIds: number[], addOnIds: number[], productRoleId: number) => roleIds.includes(productRoleId) && !addOnIds.includes(PROGRESS);

  it('never leaves a user, a group or a key with a role whose product licence a concurrent change removed', async () => {
    const w = await world();
    const product = await progressRole();
    const key = (
      await app.request('POST', '/api/apikeys', {
        token: w.superToken,
        body: { name: unique('Key'), licenseId: w.license.licenseId, isActive: true, allProjects: false },
      })
    ).body.apiKeyId as number;
    const group = (
      await app.request('POST', '/api/userGroup/create', {
        token: w.token,
        body: { Name: unique('Crew'), LicenseId: w.license.licenseId, AddOnIds: [1], RoleIds: [], ProjectIds: [] },
      })
    ).body.userGroupId as number;
    const bad: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts with the product licence held and the role not.
      await db().delete(t.userRoles).where(eq(t.userRoles.userId, w.user.userId));
      await db().insert(t.userAddons).values({ userId: w.user.userId, addOnId: PROGRESS }).onConflictDoNothing();
      await db().delete(t.userGroupRoles).where(eq(t.userGroupRoles.userGroupId, group));
      await db().insert(t.userGroupAddons).values({ userGroupId: group, addOnId: PROGRESS }).onConflictDoNothing();
      await db().delete(t.apiKeyRoles).where(eq(t.apiKeyRoles.apiKeyId, key));
      await db()
        .insert(t.apiKeyAddons)
        .values([
          { apiKeyId: key, addOnId: 1 },
          { apiKeyId: key, addOnId: PROGRESS },
        ])
        .onConflictDoNothing();

      await Promise.all([
        app.request('POST', '/api/updateRoles', { token: w.token, body: { userId: w.user.userId, roleIds: [product.roleId] } }),
        app.request('PUT', `/api/users/${w.user.userName}/addons`, { token: w.token, body: [{ addOnId: 1, vendorIds: [] }] }),
        app.request('POST', '/api/userGroup/update/roles', { token: w.token, body: { userGroupId: group, roleIds: [product.roleId] } }),
        app.request('POST', '/api/userGroup/update/addOns', { token: w.token, body: { userGroupId: group, addOnIds: [1] } }),
        app.request('PUT', `/api/apikeys/${key}/roles`, { token: w.token, body: [product.roleId] }),
        app.request('PUT', `/api/apikeys/${key}/addons`, { token: w.token, body: [1] }),
      ]);
      const userRoles = await rolesOf(w.user.userId);
      const userAddons = (await db().select().from(t.userAddons).where(eq(t.userAddons.userId, w.user.userId))).map((r) => r.addOnId);
      if (orphaned(userRoles, userAddons, product.roleId)) bad.push(`user, round ${round}`);
      const groupRoles = (await db().select().from(t.userGroupRoles).where(eq(t.userGroupRoles.userGroupId, group))).map((r) => r.roleId);
      const groupAddons = (await db().select().from(t.userGroupAddons).where(eq(t.userGroupAddons.userGroupId, group))).map((r) => r.addOnId);
      if (orphaned(groupRoles, groupAddons, product.roleId)) bad.push(`group, round ${round}`);
      const keyRoles = (await db().select().from(t.apiKeyRoles).where(eq(t.apiKeyRoles.apiKeyId, key))).map((r) => r.roleId);
      const keyAddons = (await db().select().from(t.apiKeyAddons).where(eq(t.apiKeyAddons.apiKeyId, key))).map((r) => r.addOnId);
      if (orphaned(keyRoles, keyAddons, product.roleId)) bad.push(`key, round ${round}`);
    }
    expect(bad).toEqual([]);
  });
});

describe('item 7: ended sessions stay ended', () => {
  const verify = (token: string) => app.request('GET', '/api/verifysession/3', { token });

  it('ends a user’s sessions for good when they are deactivated or locked: reactivating or unlocking does not bring them back', async () => {
    const w = await world();
    for (const [off, on, message] of [
      [{ isApproved: false }, { isApproved: true }, AuthMessages.accountInactive],
      [{ isLockedOut: true }, { isLockedOut: false }, AuthMessages.accountLocked],
    ] as const) {
      const session = await login(app, w.user.userName);
      expect((await app.request('PUT', `/api/users/${w.user.userName}`, { token: w.token, body: off })).status).toBe(200);
      expect([(await verify(session)).status, (await verify(session)).body.Message]).toEqual([412, message]);
      expect((await app.request('PUT', `/api/users/${w.user.userName}`, { token: w.token, body: on })).status).toBe(200);
      expect([(await verify(session)).status, (await verify(session)).body.Message]).toEqual([412, AuthMessages.sessionEnded]);
    }
    await login(app, w.user.userName);
  });

  it('ends a user’s sessions when they lose an administrative role, directly or with a group', async () => {
    const w = await world();
    const site = await role(Role.ADMINISTER_SITE);
    await db().insert(t.userRoles).values({ userId: w.user.userId, roleId: site.roleId });
    const direct = await login(app, w.user.userName);
    expect((await app.request('POST', '/api/updateRoles', { token: w.token, body: { userId: w.user.userId, roleIds: [] } })).status).toBe(200);
    expect((await verify(direct)).status).toBe(412);

    const group = await groupGranting(w.license.licenseId, [Role.ADMINISTER_SITE], [w.user.userId]);
    const viaGroup = await login(app, w.user.userName);
    expect(
      (
        await app.request('POST', '/api/userGroup/deleteUsersByUserGroup', {
          token: w.token,
          body: { userGroupId: group.userGroupId, userIds: [w.user.userId] },
        })
      ).status,
    ).toBe(200);
    expect((await verify(viaGroup)).status).toBe(412);
    // A product role lost ends nothing.
    const product = await progressRole();
    await db().insert(t.userRoles).values({ userId: w.user.userId, roleId: product.roleId });
    const kept = await login(app, w.user.userName);
    expect((await app.request('POST', '/api/updateRoles', { token: w.token, body: { userId: w.user.userId, roleIds: [] } })).status).toBe(200);
    expect((await verify(kept)).status).toBe(200);
  });

  it('keeps the caller’s own session when they give up an administrative role of their own, and ends their others', async () => {
    const w = await world();
    const other = await login(app, w.licadmin.userName);
    const held = await rolesOf(w.licadmin.userId);
    const site = (await role(Role.ADMINISTER_SITE)).roleId;
    const answer = await app.request('POST', '/api/updateRoles', {
      token: w.token,
      body: { userId: w.licadmin.userId, roleIds: held.filter((id) => id !== site) },
    });
    expect(answer.status).toBe(200);
    expect((await verify(w.token)).status).toBe(200);
    expect((await verify(other)).status).toBe(412);
  });

  it('refuses a deactivated API key at once and accepts it again once reactivated (a key is a stored credential, not a session)', async () => {
    const w = await world();
    const key = await apiKey(w, w.license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    expect((await key.call('GET', '/api/users')).status).toBe(200);
    expect((await app.request('PUT', `/api/apikeys/${key.id}`, { token: w.token, body: { isActive: false } })).status).toBe(200);
    expect((await key.call('GET', '/api/users')).status).toBe(401);
    expect((await app.request('PUT', `/api/apikeys/${key.id}`, { token: w.token, body: { isActive: true } })).status).toBe(200);
    expect((await key.call('GET', '/api/users')).status).toBe(200);
  });

  it('ends the user’s other sessions when an administrator sets their password', async () => {
    const w = await world();
    const session = await login(app, w.user.userName);
    expect(
      (await app.request('PUT', `/api/users/${w.user.userName}/password`, { token: w.token, body: { mode: 'manual', password: 'Chosen-For-You-123' } })).status,
    ).toBe(200);
    expect((await verify(session)).status).toBe(412);
    await login(app, w.user.userName, 'Chosen-For-You-123');
    expect(PASSWORD).not.toBe('Chosen-For-You-123');
  });
});

describe('item 9: a super administrator does not lock themselves out', () => {
  it('refuses removing ACCESS_ALL_CUSTOMER_LICENCES from oneself: directly, through a group, or with the product licence', async () => {
    const w = await world();
    const self = await app.request('POST', '/api/updateRoles', { token: w.superToken, body: { userId: w.superAdmin.userId, roleIds: [] } });
    expect([self.status, self.body.Message]).toEqual([400, UserMessages.superAdminSelf]);
    const superRole = await role(Role.ACCESS_ALL_CUSTOMER_LICENCES);
    expect(await rolesOf(w.superAdmin.userId)).toContain(superRole.roleId);

    const product = await app.request('PUT', `/api/users/${w.superAdmin.userName}/addons`, { token: w.superToken, body: [] });
    expect([product.status, product.body.Message]).toEqual([400, UserMessages.superAdminSelf]);

    const viaGroup = await createUser(app, w.superAdmin.licenseId, { roles: [Role.ADMINISTER_ROLE] });
    await giveAddons(viaGroup.userId, [1]);
    const group = await groupGranting(w.superAdmin.licenseId, [Role.ACCESS_ALL_CUSTOMER_LICENCES], [viaGroup.userId]);
    const groupToken = await login(app, viaGroup.userName);
    const leave = await app.request('POST', '/api/userGroup/update/roles', { token: groupToken, body: { userGroupId: group.userGroupId, roleIds: [] } });
    expect([leave.status, leave.body.Message]).toEqual([400, UserMessages.superAdminSelf]);
    const removeRole = await app.request('POST', '/api/userGroup/update/users', { token: w.superToken, body: { userGroupId: group.userGroupId, userIds: [] } });
    expect(removeRole.status).toBe(200); // another super administrator remains
    expect(
      await db()
        .select()
        .from(t.userGroupUsers)
        .where(and(eq(t.userGroupUsers.userGroupId, group.userGroupId), inArray(t.userGroupUsers.userId, [viaGroup.userId]))),
    ).toEqual([]);
  });

  it('lets a super administrator give and remove any role of another user', async () => {
    const w = await world();
    const reader = await role('ADMINISTER_READER');
    expect((await app.request('POST', '/api/updateRoles', { token: w.superToken, body: { userId: w.user.userId, roleIds: [reader.roleId] } })).status).toBe(
      200,
    );
    expect((await app.request('POST', '/api/updateRoles', { token: w.superToken, body: { userId: w.user.userId, roleIds: [] } })).status).toBe(200);
  });
});
