import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { addonLimitExceeded, GroupChangePreviewSchema, RoleGroupSchema, UserGroupMessages } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const roleId = async (name: string) => (await app.deps.db.select().from(t.roles).where(eq(t.roles.name, name)))[0]!.roleId;

/** A licence offering SiteSense (1, unlimited) and Material Control (2, `seats`), its administrator, two users and a project. */
async function setup(seats = -1) {
  const license = await createLicense(app);
  await app.deps.db.insert(t.licenseAddons).values({ licenseId: license.licenseId, addOnId: 2, maxUsers: seats });
  const project = await createProject(app, license.licenseId);
  const admin = await createUser(app, license.licenseId, {
    roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE, Role.ADMINISTER_PROJECT_READ, 'POST_RECEIPT'],
    projects: [project.projectId],
  });
  const [a, b] = [await createUser(app, license.licenseId), await createUser(app, license.licenseId)];
  return { license, project, admin, a, b, token: await login(app, admin.userName) };
}

const create = (token: string, body: Record<string, unknown>) => app.request('POST', '/api/userGroup/create', { token, body });

describe('creating and renaming a user group', () => {
  it('creates a group with what it grants; the name is required, trimmed and unique in the licence ignoring case', async () => {
    const { license, project, token } = await setup();
    const name = unique('Crew');
    const post = await roleId('POST_RECEIPT');
    const made = await create(token, { LicenseId: license.licenseId, Name: `  ${name}  `, RoleIds: [post], ProjectIds: [project.projectId], AddOnIds: [2] });
    expect(made.status).toBe(201);
    expect(made.body).toEqual(
      expect.objectContaining({ name, licenseId: license.licenseId, userCount: 0, addOnIds: [2], roleIds: [post], projectIds: [project.projectId] }),
    );

    expect((await create(token, { LicenseId: license.licenseId, Name: '   ', RoleIds: [], ProjectIds: [], AddOnIds: [] })).body.Message).toBe(
      UserGroupMessages.nameRequired,
    );
    expect((await create(token, { LicenseId: license.licenseId, RoleIds: [], ProjectIds: [], AddOnIds: [] })).body.Message).toBe(
      UserGroupMessages.nameRequired,
    );
    expect((await create(token, { Name: 'x', RoleIds: [], ProjectIds: [], AddOnIds: [] })).body.Message).toBe(UserGroupMessages.licenseRequired);
    const taken = await create(token, { LicenseId: license.licenseId, Name: name.toUpperCase(), RoleIds: [], ProjectIds: [], AddOnIds: [] });
    expect(taken.status).toBe(409);
    expect(taken.body.Message).toBe(UserGroupMessages.nameExists);
    // The same name in another licence is another group.
    const other = await setup();
    expect((await create(other.token, { LicenseId: other.license.licenseId, Name: name, RoleIds: [], ProjectIds: [], AddOnIds: [] })).status).toBe(201);
  });

  it('refuses a role without its product, a product the licence does not offer, and another licence (404) for a licence administrator', async () => {
    const { license, token } = await setup();
    const post = await roleId('POST_RECEIPT');
    const noProduct = await create(token, { LicenseId: license.licenseId, Name: unique('G'), RoleIds: [post], ProjectIds: [], AddOnIds: [1] });
    expect(noProduct.status).toBe(400);
    expect(noProduct.body.Message).toMatch(/need a Product License/);
    expect((await create(token, { LicenseId: license.licenseId, Name: unique('G'), RoleIds: [], ProjectIds: [], AddOnIds: [5] })).status).toBe(400);
    const superRole = await roleId(Role.ACCESS_ALL_CUSTOMER_LICENCES);
    expect((await create(token, { LicenseId: license.licenseId, Name: unique('G'), RoleIds: [superRole], ProjectIds: [], AddOnIds: [1] })).status).toBe(403);
    const other = await createLicense(app);
    expect((await create(token, { LicenseId: other.licenseId, Name: unique('G'), RoleIds: [], ProjectIds: [], AddOnIds: [] })).status).toBe(404);
  });

  it('a super administrator creates a group in any licence', async () => {
    const home = await createLicense(app);
    const root = await createUser(app, home.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_USER_CREATE_UPDATE] });
    const { license } = await setup();
    const made = await create(await login(app, root.userName), { LicenseId: license.licenseId, Name: unique('G'), RoleIds: [], ProjectIds: [], AddOnIds: [] });
    expect(made.status).toBe(201);
    expect(made.body.licenseId).toBe(license.licenseId);
  });

  it('renames a group, keeps names unique, and hides other licences’ groups (404 on every call)', async () => {
    const { license, token } = await setup();
    const first = (await create(token, { LicenseId: license.licenseId, Name: unique('A'), RoleIds: [], ProjectIds: [], AddOnIds: [] })).body;
    const second = (await create(token, { LicenseId: license.licenseId, Name: unique('B'), RoleIds: [], ProjectIds: [], AddOnIds: [] })).body;
    const renamed = await app.request('POST', '/api/userGroup/update/details', { token, body: { userGroupId: first.userGroupId, name: ' Renamed crew ' } });
    expect(renamed.body.Message).toBe(UserGroupMessages.updated);
    expect((await app.request('GET', `/api/userGroup/${first.userGroupId}/getById`, { token })).body.name).toBe('Renamed crew');
    const clash = await app.request('POST', '/api/userGroup/update/details', { token, body: { userGroupId: second.userGroupId, name: 'renamed CREW' } });
    expect(clash.status).toBe(409);
    expect(clash.body.Message).toBe(UserGroupMessages.nameExists);

    const stranger = await setup();
    const id = first.userGroupId;
    for (const [method, path, body] of [
      ['GET', `/api/userGroup/${id}/getById`],
      ['GET', `/api/userGroup/${id}/roleInfo`],
      ['GET', `/api/userGroup/getProjects?userGroupId=${id}`],
      ['POST', '/api/userGroup/update/details', { userGroupId: id, name: 'Mine now' }],
      ['POST', '/api/userGroup/update/users', { userGroupId: id, userIds: [] }],
      ['POST', '/api/userGroup/update/roles', { userGroupId: id, roleIds: [] }],
      ['POST', '/api/userGroup/update/addOns', { userGroupId: id, addOnIds: [] }],
      ['POST', '/api/userGroup/update/projects', { userGroupId: id, projectIds: [] }],
    ] as const) {
      expect([method, path, (await app.request(method, path, { token: stranger.token, body })).status]).toEqual([method, path, 404]);
    }
    expect((await app.request('GET', `/api/userGroup/${id}/getById`, { token })).body.name).toBe('Renamed crew');
  });

  it('needs user or role administration to change groups', async () => {
    const { license, token } = await setup();
    const group = (await create(token, { LicenseId: license.licenseId, Name: unique('G'), RoleIds: [], ProjectIds: [], AddOnIds: [] })).body;
    const reader = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    const readerToken = await login(app, reader.userName);
    expect((await app.request('GET', `/api/userGroup/${group.userGroupId}/getById`, { token: readerToken })).status).toBe(200);
    expect(
      (await app.request('POST', '/api/userGroup/update/details', { token: readerToken, body: { userGroupId: group.userGroupId, name: 'x' } })).status,
    ).toBe(403);
    expect((await create(readerToken, { LicenseId: license.licenseId, Name: unique('G'), RoleIds: [], ProjectIds: [], AddOnIds: [] })).status).toBe(403);
  });
});

describe('what a group gives reaches its members at once', () => {
  it('members get the group’s product licences, roles (badged as the group’s) and projects; leaving takes them away', async () => {
    const { license, project, a, b, token } = await setup();
    const name = unique('Crew');
    const group = (await create(token, { LicenseId: license.licenseId, Name: name, RoleIds: [], ProjectIds: [], AddOnIds: [] })).body;
    const id = group.userGroupId;
    const post = await roleId('POST_RECEIPT');

    expect((await app.request('POST', '/api/userGroup/update/users', { token, body: { userGroupId: id, userIds: [a.userId, b.userId] } })).body.Message).toBe(
      UserGroupMessages.updated,
    );
    expect((await app.request('POST', '/api/userGroup/update/addOns', { token, body: { userGroupId: id, addOnIds: [2] } })).status).toBe(200);
    expect((await app.request('POST', '/api/userGroup/update/roles', { token, body: { userGroupId: id, roleIds: [post] } })).status).toBe(200);
    expect((await app.request('POST', '/api/userGroup/update/projects', { token, body: { userGroupId: id, projectIds: [project.projectId] } })).status).toBe(
      200,
    );

    const info = v.parse(v.array(RoleGroupSchema), (await app.request('GET', `/api/user/${a.userId}/roleInfo`, { token })).body);
    const held = info.flatMap((g) => g.roles).find((r) => r.roleId === post)!;
    expect(held).toEqual(expect.objectContaining({ appliedToUser: true, fromUserGroup: true, direct: false, userGroups: [name] }));
    const addons = (await app.request('GET', `/api/users/${a.userName}/addons`, { token })).body;
    expect(addons.addons).toEqual([expect.objectContaining({ addOnId: 2, fromUserGroup: true })]);
    const tree = (await app.request('GET', `/api/users/${a.userName}/projects`, { token })).body;
    expect(tree).toEqual([expect.objectContaining({ projectId: project.projectId, fromUserGroup: true })]);

    const view = (await app.request('GET', `/api/userGroup/${id}/getById`, { token })).body;
    expect(view.members.map((m: { userName: string }) => m.userName).sort()).toEqual([a.userName, b.userName].sort());
    expect((await app.request('GET', `/api/userGroup/getByUserId?userId=${a.userId}`, { token })).body.map((g: { name: string }) => g.name)).toEqual([name]);
    const membership = (await app.request('GET', `/api/user/${a.userId}/userGroupInfo`, { token })).body;
    expect(membership).toEqual([expect.objectContaining({ userGroupId: id, isMember: true })]);
    const groupRoles = v.parse(v.array(RoleGroupSchema), (await app.request('GET', `/api/userGroup/${id}/roleInfo`, { token })).body);
    expect(groupRoles.map((g) => g.addOnId)).toEqual(expect.arrayContaining([2]));
    expect(
      groupRoles
        .flatMap((g) => g.roles)
        .filter((r) => r.appliedToUser)
        .map((r) => r.roleId),
    ).toEqual([post]);
    expect((await app.request('GET', `/api/userGroup/getProjects?userGroupId=${id}`, { token })).body).toEqual([
      expect.objectContaining({ projectId: project.projectId, assignedTo: true }),
    ]);

    // Taking the product licence away takes the group's roles of that product with it.
    await app.request('POST', '/api/userGroup/update/addOns', { token, body: { userGroupId: id, addOnIds: [] } });
    expect((await app.request('GET', `/api/userGroup/${id}/getById`, { token })).body.roleIds).toEqual([]);
    // Leaving the group takes the rest.
    await app.request('POST', '/api/userGroup/update/users', { token, body: { userGroupId: id, userIds: [b.userId] } });
    expect((await app.request('GET', `/api/users/${a.userName}/projects`, { token })).body).toEqual([expect.objectContaining({ fromUserGroup: false })]);
  });

  it('joining a group takes nothing away: a member’s own roles stay unless they lose a product licence', async () => {
    const { license, token } = await setup();
    const member = await createUser(app, license.licenseId, { roles: ['POST_RECEIPT'] });
    const group = (await create(token, { LicenseId: license.licenseId, Name: unique('G'), RoleIds: [], ProjectIds: [], AddOnIds: [] })).body;
    const preview = await app.request('POST', '/api/userGroup/update/users?preview=true', {
      token,
      body: { userGroupId: group.userGroupId, userIds: [member.userId] },
    });
    expect(preview.body.users).toEqual([]);
    await app.request('POST', '/api/userGroup/update/users', { token, body: { userGroupId: group.userGroupId, userIds: [member.userId] } });
    const held = await app.deps.db.select().from(t.userRoles).where(eq(t.userRoles.userId, member.userId));
    expect(held).toHaveLength(1);
  });

  it('only users of the group’s licence can be members', async () => {
    const { license, token } = await setup();
    const group = (await create(token, { LicenseId: license.licenseId, Name: unique('G'), RoleIds: [], ProjectIds: [], AddOnIds: [] })).body;
    const outsider = await createUser(app, (await createLicense(app)).licenseId);
    const answer = await app.request('POST', '/api/userGroup/update/users', { token, body: { userGroupId: group.userGroupId, userIds: [outsider.userId] } });
    expect(answer.status).toBe(400);
    expect(answer.body.Message).toBe(UserGroupMessages.notGroupLicense);
  });

  it('a product licence given to many members holds its seat limit: nothing changes and the answer names it', async () => {
    const { license, a, b, token } = await setup(1);
    const group = (await create(token, { LicenseId: license.licenseId, Name: unique('G'), RoleIds: [], ProjectIds: [], AddOnIds: [] })).body;
    await app.request('POST', '/api/userGroup/update/users', { token, body: { userGroupId: group.userGroupId, userIds: [a.userId, b.userId] } });
    const answer = await app.request('POST', '/api/userGroup/update/addOns', { token, body: { userGroupId: group.userGroupId, addOnIds: [2] } });
    expect(answer.status).toBe(210);
    expect(answer.body.Message).toBe(addonLimitExceeded('Material Control (0 of 1 seats in use, 2 more needed)'));
    expect((await app.request('GET', `/api/userGroup/${group.userGroupId}/getById`, { token })).body.addOnIds).toEqual([]);
  });

  it('a preview says what each member gains and loses and how seats move, and changes nothing', async () => {
    const { license, a, b, token } = await setup(5);
    const group = (await create(token, { LicenseId: license.licenseId, Name: unique('G'), RoleIds: [], ProjectIds: [], AddOnIds: [2] })).body;
    const answer = await app.request('POST', '/api/userGroup/update/userUserGroup?preview=true', {
      token,
      body: { userGroupId: group.userGroupId, userIds: [a.userId, b.userId] },
    });
    expect(answer.status).toBe(200);
    const preview = v.parse(GroupChangePreviewSchema, answer.body);
    expect(preview.users.map((u) => u.userName).sort()).toEqual([a.userName, b.userName].sort());
    expect(preview.users[0]!.gains.addons).toEqual(['Material Control']);
    expect(preview.seats).toEqual([{ addOnId: 2, name: 'Material Control', before: 0, after: 2, maxUsers: 5 }]);
    expect((await app.request('GET', `/api/userGroup/${group.userGroupId}/getById`, { token })).body.userCount).toBe(0);

    const done = await app.request('POST', '/api/userGroup/update/userUserGroup', {
      token,
      body: { userGroupId: group.userGroupId, userIds: [a.userId, b.userId] },
    });
    expect(done.body.Message).toBe(UserGroupMessages.assigned(2, group.name));
    expect(done.body.users).toHaveLength(2);
    const audit = await app.deps.db.select().from(t.auditLog).where(eq(t.auditLog.entity, 'user-group-users'));
    expect(audit.some((row) => row.entityId === String(group.userGroupId))).toBe(true);
  });
});
