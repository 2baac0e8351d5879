import { eq } from 'drizzle-orm';
import { addonLimitExceeded, UserGroupMessages } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function setup(seats = -1) {
  const license = await createLicense(app);
  await app.deps.db.insert(t.licenseAddons).values({ licenseId: license.licenseId, addOnId: 2, maxUsers: seats });
  const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE] });
  const [group] = await app.deps.db
    .insert(t.userGroups)
    .values({ name: unique('Crew'), licenseId: license.licenseId })
    .returning();
  await app.deps.db.insert(t.userGroupAddons).values({ userGroupId: group!.userGroupId, addOnId: 2 });
  return { license, admin, group: group!, token: await login(app, admin.userName) };
}

const members = async (userGroupId: number) =>
  (await app.deps.db.select().from(t.userGroupUsers).where(eq(t.userGroupUsers.userGroupId, userGroupId))).map((row) => row.userId).sort();

describe('user groups from the user list', () => {
  it('lists the licence’s groups with member counts and grants; another licence is a 404', async () => {
    const { license, group, token } = await setup();
    const list = (await app.request('GET', '/api/userGroup/getAll', { token })).body;
    expect(list).toEqual([
      expect.objectContaining({ userGroupId: group.userGroupId, name: group.name, licenseId: license.licenseId, userCount: 0, addOnIds: [2] }),
    ]);
    const other = await createLicense(app);
    expect((await app.request('GET', `/api/userGroup/getAll?licenseId=${other.licenseId}`, { token })).status).toBe(404);
  });

  it('assigns users in bulk, needs a group and a user, and only the group’s licence’s users', async () => {
    const { license, group, token } = await setup();
    const [a, b] = [await createUser(app, license.licenseId), await createUser(app, license.licenseId)];
    const answer = await app.request('POST', '/api/userGroup/update/userUserGroup', {
      token,
      body: { userGroupId: group.userGroupId, userIds: [a.userId, b.userId] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.Message).toBe(UserGroupMessages.assigned(2, group.name));
    expect(await members(group.userGroupId)).toEqual([a.userId, b.userId].sort());

    const none = await app.request('POST', '/api/userGroup/update/userUserGroup', { token, body: { userGroupId: group.userGroupId, userIds: [] } });
    expect(none.body.Message).toBe(UserGroupMessages.assignNeeds);
    const noGroup = await app.request('POST', '/api/userGroup/update/userUserGroup', { token, body: { userIds: [a.userId] } });
    expect(noGroup.body.Message).toBe(UserGroupMessages.assignNeeds);
    const other = await createLicense(app);
    const stranger = await createUser(app, other.licenseId);
    const foreign = await app.request('POST', '/api/userGroup/update/userUserGroup', {
      token,
      body: { userGroupId: group.userGroupId, userIds: [stranger.userId] },
    });
    expect(foreign.status).toBe(400);
    expect(await members(group.userGroupId)).toEqual([a.userId, b.userId].sort());
  });

  it('changes nothing and answers 210 when the group’s product licences would pass a seat limit', async () => {
    const { license, group, token } = await setup(1);
    const [a, b] = [await createUser(app, license.licenseId), await createUser(app, license.licenseId)];
    const answer = await app.request('POST', '/api/userGroup/update/userUserGroup', {
      token,
      body: { userGroupId: group.userGroupId, userIds: [a.userId, b.userId] },
    });
    expect(answer.status).toBe(210);
    expect(answer.body.Message).toBe(addonLimitExceeded('Material Control (0 of 1 seats in use, 2 more needed)'));
    expect(await members(group.userGroupId)).toEqual([]);
  });

  it('unassigns users from one group or all their groups, and needs a user', async () => {
    const { license, group, token } = await setup();
    const user = await createUser(app, license.licenseId);
    await app.deps.db.insert(t.userGroupUsers).values({ userGroupId: group.userGroupId, userId: user.userId });
    const none = await app.request('POST', '/api/userGroup/deleteUsersByUserGroup', { token, body: { userIds: [] } });
    expect(none.body.Message).toBe(UserGroupMessages.unassignNeeds);
    const answer = await app.request('POST', '/api/userGroup/deleteUsersByUserGroup', { token, body: { userIds: [user.userId] } });
    expect(answer.body.Message).toBe(UserGroupMessages.unassigned(1));
    expect(await members(group.userGroupId)).toEqual([]);

    const other = await createLicense(app);
    const stranger = await createUser(app, other.licenseId);
    expect((await app.request('POST', '/api/userGroup/deleteUsersByUserGroup', { token, body: { userIds: [stranger.userId] } })).status).toBe(404);
  });

  it('previews an unassignment: who loses what, with their own roles of a product licence lost with the group; nothing changes', async () => {
    const { license, group, token } = await setup();
    const user = await createUser(app, license.licenseId, { roles: ['POST_RECEIPT'] });
    await app.deps.db.insert(t.userGroupUsers).values({ userGroupId: group.userGroupId, userId: user.userId });
    const url = '/api/userGroup/deleteUsersByUserGroup';

    const preview = await app.request('POST', `${url}?preview=true`, { token, body: { userIds: [user.userId] } });
    expect(preview.status).toBe(200);
    expect(preview.body.Message).toBeUndefined();
    expect(preview.body.users).toEqual([
      {
        userId: user.userId,
        userName: user.userName,
        gains: { roles: [], projects: [], addons: [] },
        loses: { roles: ['Post Receipt'], projects: [], addons: ['Material Control'] },
      },
    ]);
    expect(preview.body.seats).toEqual([{ addOnId: 2, name: 'Material Control', before: 1, after: 0, maxUsers: -1 }]);
    expect(await members(group.userGroupId)).toEqual([user.userId]);
    expect(await app.deps.db.select().from(t.userRoles).where(eq(t.userRoles.userId, user.userId))).toHaveLength(1);

    const done = await app.request('POST', url, { token, body: { userIds: [user.userId] } });
    expect(done.body).toEqual({ ...preview.body, Message: UserGroupMessages.unassigned(1) });
    expect(await members(group.userGroupId)).toEqual([]);
    expect(await app.deps.db.select().from(t.userRoles).where(eq(t.userRoles.userId, user.userId))).toEqual([]);
  });

  it('unassigns users of several licences at once, for a super administrator, and previews them together', async () => {
    const first = await setup();
    const second = await setup();
    const [a, b] = [await createUser(app, first.license.licenseId), await createUser(app, second.license.licenseId)];
    await app.deps.db.insert(t.userGroupUsers).values([
      { userGroupId: first.group.userGroupId, userId: a.userId },
      { userGroupId: second.group.userGroupId, userId: b.userId },
    ]);
    const superAdmin = await createUser(app, first.license.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_USER_CREATE_UPDATE] });
    const token = await login(app, superAdmin.userName);
    const body = { userIds: [a.userId, b.userId] };
    const preview = await app.request('POST', '/api/userGroup/deleteUsersByUserGroup?preview=true', { token, body });
    expect(preview.body.users.map((u: { userName: string }) => u.userName)).toEqual([a.userName, b.userName].sort((x, y) => x.localeCompare(y)));
    expect(await members(first.group.userGroupId)).toEqual([a.userId]);
    const done = await app.request('POST', '/api/userGroup/deleteUsersByUserGroup', { token, body });
    expect(done.body.Message).toBe(UserGroupMessages.unassigned(2));
    expect([...(await members(first.group.userGroupId)), ...(await members(second.group.userGroupId))]).toEqual([]);
  });
});
