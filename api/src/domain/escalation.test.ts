/**
 * Every way the route registry knows to grant roles, projects or control of an account
 * (`grants` on a route) is tried above the privilege ceiling, as a licence administrator and
 * as an API key: each is refused and changes nothing. A route added later that grants
 * something without a probe here fails the first test, so the sections still to come inherit
 * the rule.
 */
import { eq } from 'drizzle-orm';
import { Role } from 'shared/roles';
import * as t from '../db/schema';
import { LICENCE_ADMIN_ROLES } from '../seed/demo-data';
import { createTestApp, type Answer, type TestApp } from '../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const db = () => app.deps.db;
const roleId = async (name: string) => (await db().select().from(t.roles).where(eq(t.roles.name, name)))[0]!.roleId;
/** An administrative role neither actor holds. */
const ABOVE = 'ADMINISTER_READER';

interface Actor {
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
}

/** A licence, its projects (the actor sees only `mine`), a plain user, a user above the actors, groups and another key. */
async function world() {
  const license = await createLicense(app);
  const mine = await createProject(app, license.licenseId);
  const hidden = await createProject(app, license.licenseId);
  const plain = await createUser(app, license.licenseId);
  const above = await createUser(app, license.licenseId, { roles: [ABOVE] });
  await db()
    .insert(t.userAddons)
    .values([plain, above].map((u) => ({ userId: u.userId, addOnId: 1 })));
  const [aboveGroup] = await db()
    .insert(t.userGroups)
    .values({ name: unique('Above'), licenseId: license.licenseId })
    .returning();
  await db().insert(t.userGroupAddons).values({ userGroupId: aboveGroup!.userGroupId, addOnId: 1 });
  await db()
    .insert(t.userGroupRoles)
    .values({ userGroupId: aboveGroup!.userGroupId, roleId: await roleId(ABOVE) });
  const [plainGroup] = await db()
    .insert(t.userGroups)
    .values({ name: unique('Plain'), licenseId: license.licenseId })
    .returning();
  await db().insert(t.userGroupAddons).values({ userGroupId: plainGroup!.userGroupId, addOnId: 1 });
  const [otherKey] = await db()
    .insert(t.apiKeys)
    .values({ keyPrefix: unique('p').slice(0, 20), secretHash: 'x'.repeat(64), name: unique('Other'), licenseId: license.licenseId })
    .returning();
  await db().insert(t.apiKeyAddons).values({ apiKeyId: otherKey!.apiKeyId, addOnId: 1 });
  return { license, mine, hidden, plain, above, aboveGroup: aboveGroup!, plainGroup: plainGroup!, otherKey: otherKey! };
}
type World = Awaited<ReturnType<typeof world>>;

/** The demo licence administrator's roles, without ADMINISTER_PROJECT_READ (which shows every project of the licence), and one project. */
async function licenseAdministrator(w: World): Promise<Actor> {
  const person = await createUser(app, w.license.licenseId, {
    roles: LICENCE_ADMIN_ROLES.filter((r) => r !== Role.ADMINISTER_PROJECT_READ),
    projects: [w.mine.projectId],
  });
  await db().insert(t.userAddons).values({ userId: person.userId, addOnId: 1 });
  const token = await login(app, person.userName);
  return { call: (method, path, body, headers) => app.request(method, path, { token, body, headers }) };
}

/** A key of the licence holding every role the granting calls need (not ABOVE), and one project. */
async function apiKeyActor(w: World): Promise<Actor> {
  const superLicense = await createLicense(app);
  const superAdmin = await createUser(app, superLicense.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_API_KEYS] });
  const token = await login(app, superAdmin.userName);
  const made = await app.request('POST', '/api/apikeys', {
    token,
    body: { name: unique('Actor'), licenseId: w.license.licenseId, isActive: true, allProjects: false },
  });
  const id = made.body.apiKeyId as number;
  await app.request('PUT', `/api/apikeys/${id}/addons`, { token, body: [1] });
  const names = [
    Role.ACCESS_MY_CUSTOMER_LICENCE,
    Role.MENU_ADMIN_TOOL_ACCESS,
    Role.ADMINISTER_USER_CREATE_UPDATE,
    Role.ADMINISTER_API_KEYS,
    Role.ADMINISTER_ROLE,
  ];
  expect((await app.request('PUT', `/api/apikeys/${id}/roles`, { token, body: await Promise.all(names.map(roleId)) })).status).toBe(200);
  expect((await app.request('PUT', `/api/apikeys/${id}/projects`, { token, body: [w.mine.projectId] })).status).toBe(200);
  const key = made.body.apiKey as string;
  return { call: (method, path, body, headers) => app.request(method, path, { headers: { authorization: `ApiKey ${key}`, ...headers }, body }) };
}

/** The attempts a probe made, each refused with a client error (never a success or a 500); the test asserts there was at least one. */
let attempts = 0;
function refused(answer: Answer) {
  attempts++;
  expect({ status: answer.status, refused: answer.status >= 400 && answer.status < 500 }).toEqual({ status: answer.status, refused: true });
}

const members = async (userGroupId: number) =>
  (await db().select().from(t.userGroupUsers).where(eq(t.userGroupUsers.userGroupId, userGroupId))).map((r) => r.userId);
const copyForm = (userName: string) => ({ userName, firstName: 'Co', lastName: 'Py', email: `${userName}@example.test` });

/** One attempt above the ceiling per granting route, each checking that nothing changed. */
const probes: Record<string, (w: World, as: Actor) => Promise<void>> = {
  async updateUserRoles(w, as) {
    refused(await as.call('POST', '/api/updateRoles', { userId: w.plain.userId, roleIds: [await roleId(ABOVE)] }));
    expect(await db().select().from(t.userRoles).where(eq(t.userRoles.userId, w.plain.userId))).toEqual([]);
  },
  async setUserProjects(w, as) {
    refused(await as.call('POST', `/api/users/${w.plain.userName}/projects`, { licenseId: w.license.licenseId, projectIds: [w.hidden.projectId] }));
    expect(await db().select().from(t.userProjects).where(eq(t.userProjects.userId, w.plain.userId))).toEqual([]);
  },
  async updateUser(w, as) {
    refused(await as.call('PUT', `/api/users/${w.above.userName}`, { isLockedOut: true, email: 'attacker@example.test' }));
    const [row] = await db().select().from(t.users).where(eq(t.users.userId, w.above.userId));
    expect(row).toMatchObject({ isLockedOut: false, email: w.above.email });
  },
  async copyUser(w, as) {
    const name = unique('copy');
    refused(await as.call('POST', `/api/users/${w.above.userName}/copy/${name}`, copyForm(name)));
    expect(await db().select().from(t.users).where(eq(t.users.userName, name))).toEqual([]);
  },
  async setUserPassword(w, as) {
    const before = (await db().select().from(t.users).where(eq(t.users.userId, w.above.userId)))[0]!.passwordHash;
    refused(await as.call('PUT', `/api/users/${w.above.userName}/password`, { mode: 'manual', password: 'Taken-Over-123' }));
    refused(await as.call('PUT', `/api/users/${w.above.userName}/password`, { mode: 'link' }));
    expect((await db().select().from(t.users).where(eq(t.users.userId, w.above.userId)))[0]!.passwordHash).toBe(before);
    expect(app.outbox.filter((mail) => mail.to === w.above.email)).toEqual([]);
  },
  async endUserSession(w, as) {
    const [session] = await db()
      .insert(t.sessions)
      .values({ userId: w.above.userId, method: 'password', expiresAt: new Date(Date.now() + 3_600_000) })
      .returning();
    refused(await as.call('DELETE', `/api/users/${w.above.userName}/sessions/${session!.sessionId}`));
    expect((await db().select().from(t.sessions).where(eq(t.sessions.sessionId, session!.sessionId)))[0]!.revokedAt).toBeNull();
  },
  async endOtherUserSessions(w, as) {
    const [session] = await db()
      .insert(t.sessions)
      .values({ userId: w.above.userId, method: 'password', expiresAt: new Date(Date.now() + 3_600_000) })
      .returning();
    refused(await as.call('POST', `/api/users/${w.above.userName}/sessions/end-others`));
    expect((await db().select().from(t.sessions).where(eq(t.sessions.sessionId, session!.sessionId)))[0]!.revokedAt).toBeNull();
  },
  async resetUserFactors(w, as) {
    await db().insert(t.totpFactors).values({ userId: w.above.userId, secretEncrypted: 'sealed', confirmedAt: new Date() }).onConflictDoNothing();
    refused(await as.call('DELETE', `/api/users/${w.above.userName}/factors`));
    expect(await db().select().from(t.totpFactors).where(eq(t.totpFactors.userId, w.above.userId))).toHaveLength(1);
    expect(app.outbox.filter((mail) => mail.to === w.above.email)).toEqual([]);
  },
  async importUsers(w, as) {
    // A user file: a change to a user above the caller, and a new user in a group granting a role above them.
    const name = unique('imported');
    const file = [
      'userName,firstName,lastName,email,userGroups',
      `${w.above.userName},Test,User,attacker@example.test,`,
      `${name},Im,Ported,${name}@example.test,${w.aboveGroup.name}`,
      '',
    ].join('\r\n');
    const answer = await as.call('POST', '/api/user-import', file, { 'content-type': 'text/csv' });
    refused(answer);
    expect(answer.body.rows.map((row: { status: string }) => row.status)).toEqual(['refused', 'refused']);
    expect((await db().select().from(t.users).where(eq(t.users.userId, w.above.userId)))[0]!.email).toBe(w.above.email);
    expect(await db().select().from(t.users).where(eq(t.users.userName, name))).toEqual([]);
  },
  async createUserGroup(w, as) {
    const name = unique('Group');
    refused(
      await as.call('POST', '/api/userGroup/create', {
        Name: name,
        LicenseId: w.license.licenseId,
        AddOnIds: [1],
        RoleIds: [await roleId(ABOVE)],
        ProjectIds: [],
      }),
    );
    refused(
      await as.call('POST', '/api/userGroup/create', {
        Name: name,
        LicenseId: w.license.licenseId,
        AddOnIds: [1],
        RoleIds: [],
        ProjectIds: [w.hidden.projectId],
      }),
    );
    expect(await db().select().from(t.userGroups).where(eq(t.userGroups.name, name))).toEqual([]);
  },
  async setUserGroupUsers(w, as) {
    refused(await as.call('POST', '/api/userGroup/update/users', { userGroupId: w.aboveGroup.userGroupId, userIds: [w.plain.userId] }));
    expect(await members(w.aboveGroup.userGroupId)).toEqual([]);
  },
  async assignUsersToUserGroup(w, as) {
    refused(await as.call('POST', '/api/userGroup/update/userUserGroup', { userGroupId: w.aboveGroup.userGroupId, userIds: [w.plain.userId] }));
    expect(await members(w.aboveGroup.userGroupId)).toEqual([]);
  },
  async setUserGroupRoles(w, as) {
    refused(await as.call('POST', '/api/userGroup/update/roles', { userGroupId: w.plainGroup.userGroupId, roleIds: [await roleId(ABOVE)] }));
    expect(await db().select().from(t.userGroupRoles).where(eq(t.userGroupRoles.userGroupId, w.plainGroup.userGroupId))).toEqual([]);
  },
  async setUserGroupProjects(w, as) {
    refused(await as.call('POST', '/api/userGroup/update/projects', { userGroupId: w.plainGroup.userGroupId, projectIds: [w.hidden.projectId] }));
    expect(await db().select().from(t.userGroupProjects).where(eq(t.userGroupProjects.userGroupId, w.plainGroup.userGroupId))).toEqual([]);
  },
  async createApiKey(w, as) {
    const name = unique('Key');
    refused(await as.call('POST', '/api/apikeys', { name, licenseId: w.license.licenseId, isActive: true, allProjects: true }));
    expect(await db().select().from(t.apiKeys).where(eq(t.apiKeys.name, name))).toEqual([]);
  },
  async updateApiKey(w, as) {
    refused(await as.call('PUT', `/api/apikeys/${w.otherKey.apiKeyId}`, { allProjects: true }));
    expect((await db().select().from(t.apiKeys).where(eq(t.apiKeys.apiKeyId, w.otherKey.apiKeyId)))[0]!.allProjects).toBe(false);
  },
  async setApiKeyRoles(w, as) {
    refused(await as.call('PUT', `/api/apikeys/${w.otherKey.apiKeyId}/roles`, [await roleId(ABOVE)]));
    expect(await db().select().from(t.apiKeyRoles).where(eq(t.apiKeyRoles.apiKeyId, w.otherKey.apiKeyId))).toEqual([]);
  },
  // SCIM (issue 39): a directory's key is an API key sent as a bearer token; a person's session is refused there.
  async replaceScimUser(w, as) {
    refused(
      await as.call('PUT', `/api/scim/v2/Users/${w.above.userId}`, {
        userName: w.above.userName,
        name: { givenName: 'A', familyName: 'B' },
        emails: [{ value: 'attacker@example.test' }],
        active: false,
      }),
    );
    expect((await db().select().from(t.users).where(eq(t.users.userId, w.above.userId)))[0]).toMatchObject({ isApproved: true, email: w.above.email });
  },
  async patchScimUser(w, as) {
    refused(await as.call('PATCH', `/api/scim/v2/Users/${w.above.userId}`, { Operations: [{ op: 'replace', path: 'active', value: false }] }));
    expect((await db().select().from(t.users).where(eq(t.users.userId, w.above.userId)))[0]!.isApproved).toBe(true);
  },
  async deleteScimUser(w, as) {
    refused(await as.call('DELETE', `/api/scim/v2/Users/${w.above.userId}`));
    expect((await db().select().from(t.users).where(eq(t.users.userId, w.above.userId)))[0]!.isApproved).toBe(true);
  },
  async createScimGroup(w, as) {
    const name = unique('Scim');
    refused(await as.call('POST', '/api/scim/v2/Groups', { displayName: name, members: [{ value: String(w.above.userId) }] }));
    expect(await db().select().from(t.userGroups).where(eq(t.userGroups.name, name))).toEqual([]);
  },
  async replaceScimGroup(w, as) {
    refused(
      await as.call('PUT', `/api/scim/v2/Groups/${w.aboveGroup.userGroupId}`, { displayName: w.aboveGroup.name, members: [{ value: String(w.plain.userId) }] }),
    );
    expect(await members(w.aboveGroup.userGroupId)).toEqual([]);
  },
  async patchScimGroup(w, as) {
    refused(
      await as.call('PATCH', `/api/scim/v2/Groups/${w.aboveGroup.userGroupId}`, {
        Operations: [{ op: 'add', path: 'members', value: [{ value: String(w.plain.userId) }] }],
      }),
    );
    expect(await members(w.aboveGroup.userGroupId)).toEqual([]);
  },
  async deleteScimGroup(w, as) {
    await db().insert(t.userGroupUsers).values({ userGroupId: w.aboveGroup.userGroupId, userId: w.above.userId }).onConflictDoNothing();
    refused(await as.call('DELETE', `/api/scim/v2/Groups/${w.aboveGroup.userGroupId}`));
    expect(await members(w.aboveGroup.userGroupId)).toEqual([w.above.userId]);
  },
  async setApiKeyProjects(w, as) {
    refused(await as.call('PUT', `/api/apikeys/${w.otherKey.apiKeyId}/projects`, [w.hidden.projectId]));
    expect(await db().select().from(t.apiKeyProjects).where(eq(t.apiKeyProjects.apiKeyId, w.otherKey.apiKeyId))).toEqual([]);
  },
};

describe('the privilege ceiling over the route registry', () => {
  it('has a probe for every route that declares a grant, and every authenticated write declares what it grants', () => {
    const granting = app.registry.routes.filter((route) => route.grants?.length).map((route) => route.name);
    expect(granting.sort()).toEqual(Object.keys(probes).sort());
    const undeclared = app.registry.routes.filter((route) => route.method !== 'GET' && route.access.kind !== 'public' && !Array.isArray(route.grants));
    expect(undeclared.map((route) => route.name)).toEqual([]);
  });

  for (const [name, probe] of Object.entries(probes)) {
    it(`${name}: refuses a licence administrator and an API key above the ceiling, and changes nothing`, async () => {
      const w = await world();
      for (const actor of [await licenseAdministrator(w), await apiKeyActor(w)]) {
        attempts = 0;
        await probe(w, actor);
        // Each actor tried the grant at least once, and every try was refused (refused() checks each).
        expect(attempts).toBeGreaterThan(0);
      }
    });
  }
});
