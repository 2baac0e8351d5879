import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import {
  AccessMessages,
  addonLimitExceeded,
  LicenseAddonSchema,
  RoleGroupSchema,
  UserAddonsSchema,
  UserMessages,
  UserProjectLicenseSchema,
} from 'contracts/identity/model';
import { ProjectTreeNodeSchema } from 'contracts/projects-sites/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const ADMIN = [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE, Role.ADMINISTER_SITE, Role.ADMINISTER_PROJECT_READ];

/** A licence offering Material Control (add-on 2) with `seats` seats and the Vendor Portal (7), with an administrator signed in. */
async function setup(seats = -1, adminRoles: string[] = ADMIN) {
  const license = await createLicense(app);
  await app.deps.db.insert(t.licenseAddons).values([
    { licenseId: license.licenseId, addOnId: 2, maxUsers: seats },
    { licenseId: license.licenseId, addOnId: 7, maxUsers: -1 },
  ]);
  const [vendor] = await app.deps.db
    .insert(t.vendors)
    .values({ licenseId: license.licenseId, name: unique('Vendor') })
    .returning();
  const project = await createProject(app, license.licenseId);
  const admin = await createUser(app, license.licenseId, { roles: adminRoles, projects: [project.projectId] });
  await app.deps.db.insert(t.userAddons).values({ userId: admin.userId, addOnId: 1 });
  return { license, admin, project, vendor: vendor!, token: await login(app, admin.userName) };
}

const roleId = async (name: string) => (await app.deps.db.select().from(t.roles).where(eq(t.roles.name, name)))[0]!.roleId;

async function groupOf(licenseId: number, userId: number, grants: { roles?: number[]; addons?: number[]; projects?: number[] }) {
  const [group] = await app.deps.db
    .insert(t.userGroups)
    .values({ name: unique('Group'), licenseId })
    .returning();
  const userGroupId = group!.userGroupId;
  await app.deps.db.insert(t.userGroupUsers).values({ userGroupId, userId });
  if (grants.roles?.length) await app.deps.db.insert(t.userGroupRoles).values(grants.roles.map((id) => ({ userGroupId, roleId: id })));
  if (grants.addons?.length) await app.deps.db.insert(t.userGroupAddons).values(grants.addons.map((addOnId) => ({ userGroupId, addOnId })));
  if (grants.projects?.length) await app.deps.db.insert(t.userGroupProjects).values(grants.projects.map((projectId) => ({ userGroupId, projectId })));
  return group!;
}

describe('roles', () => {
  it('GET roles answers the catalogue in role groups', async () => {
    const { token } = await setup();
    const answer = await app.request('GET', '/api/roles', { token });
    const groups = v.parse(v.array(RoleGroupSchema), answer.body);
    expect(groups.length).toBeGreaterThan(5);
    expect(groups.flatMap((g) => g.roles.map((r) => r.name))).toContain(Role.ADMINISTER_USER_CREATE_UPDATE);
  });

  it('roleInfo offers no role group to a user without product licences, and those of their products otherwise, saying why each role is held', async () => {
    const { license, token } = await setup();
    const user = await createUser(app, license.licenseId);
    expect((await app.request('GET', `/api/user/${user.userId}/roleInfo`, { token })).body).toEqual([]);

    await app.deps.db.insert(t.userAddons).values({ userId: user.userId, addOnId: 1 });
    const site = await roleId(Role.ADMINISTER_SITE);
    const group = await groupOf(license.licenseId, user.userId, { roles: [site] });
    const info = v.parse(v.array(RoleGroupSchema), (await app.request('GET', `/api/user/${user.userId}/roleInfo`, { token })).body);
    expect(info.every((g) => g.addOnId === 1)).toBe(true);
    const held = info.flatMap((g) => g.roles).find((r) => r.roleId === site);
    expect(held).toMatchObject({ appliedToUser: true, fromUserGroup: true, direct: false, userGroups: [group.name] });
    const byName = (await app.request('GET', `/api/role-groups/${user.userName}/details`, { token })).body;
    expect(byName).toEqual(info);
  });

  it('updateRoles sets the user’s own roles, keeps group roles with the group, and records before and after', async () => {
    const { license, token } = await setup();
    const user = await createUser(app, license.licenseId);
    await app.deps.db.insert(t.userAddons).values({ userId: user.userId, addOnId: 1 });
    const [site, read] = [await roleId(Role.ADMINISTER_SITE), await roleId(Role.ADMINISTER_PROJECT_READ)];
    await groupOf(license.licenseId, user.userId, { roles: [site] });

    const answer = await app.request('POST', '/api/updateRoles', { token, body: { userId: user.userId, roleIds: [read] } });
    expect(answer.status).toBe(200);
    expect(answer.body.Message).toBe(UserMessages.rolesUpdated);
    const roles = (await app.request('GET', `/api/user/${user.userId}/roles`, { token })).body;
    // The group's role stays although the list left it out; it is not stored on the user.
    expect(roles.map((r: { name: string; direct: boolean }) => [r.name, r.direct]).sort()).toEqual([
      [Role.ADMINISTER_PROJECT_READ, true],
      [Role.ADMINISTER_SITE, false],
    ]);
    const [entry] = await app.deps.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'user-roles'), eq(t.auditLog.entityId, String(user.userId))));
    expect(entry).toMatchObject({ before: [], after: [Role.ADMINISTER_PROJECT_READ] });
  });

  it('refuses roles of a product the user does not hold (400), and roles the caller does not hold (403)', async () => {
    const { license, token } = await setup();
    const user = await createUser(app, license.licenseId);
    await app.deps.db.insert(t.userAddons).values({ userId: user.userId, addOnId: 1 });
    const [otherProduct] = await app.deps.db
      .select({ roleId: t.roles.roleId })
      .from(t.roles)
      .innerJoin(t.roleGroups, eq(t.roleGroups.roleGroupId, t.roles.roleGroupId))
      .where(eq(t.roleGroups.addOnId, 3))
      .limit(1);
    const noProduct = await app.request('POST', '/api/updateRoles', { token, body: { userId: user.userId, roleIds: [otherProduct!.roleId] } });
    expect(noProduct.status).toBe(400);
    expect(noProduct.body.Message).toMatch(/^These roles need a Product License the user does not hold: /);

    const superRole = await roleId(Role.ACCESS_ALL_CUSTOMER_LICENCES);
    const escalate = await app.request('POST', '/api/updateRoles', { token, body: { userId: user.userId, roleIds: [superRole] } });
    expect(escalate.status).toBe(403);
    expect(await app.deps.db.select().from(t.userRoles).where(eq(t.userRoles.userId, user.userId))).toEqual([]);
  });

  it('roleInfo shows a role held without its product licence, in its group marked missingProduct with only the held roles', async () => {
    const { license, token } = await setup();
    const user = await createUser(app, license.licenseId, { roles: ['MOBILE_WORKER_TOOL'] });
    // No product licence at all: the held role alone is answered, flagged (not ‘Assign a Product…’ over a hidden role).
    const bare = v.parse(v.array(RoleGroupSchema), (await app.request('GET', `/api/user/${user.userId}/roleInfo`, { token })).body);
    expect(bare.map((g) => [g.name, g.missingProduct, g.roles.map((r) => [r.name, r.appliedToUser, r.direct])])).toEqual([
      ['Workforce', 'Workforce', [['MOBILE_WORKER_TOOL', true, true]]],
    ]);

    await app.deps.db.insert(t.userAddons).values({ userId: user.userId, addOnId: 1 });
    const info = v.parse(v.array(RoleGroupSchema), (await app.request('GET', `/api/user/${user.userId}/roleInfo`, { token })).body);
    const workforce = info.find((g) => g.name === 'Workforce')!;
    expect(workforce).toMatchObject({ addOnId: 4, missingProduct: 'Workforce' });
    expect(workforce.roles.map((r) => r.name)).toEqual(['MOBILE_WORKER_TOOL']);
    // The groups of the products held are offered whole and not flagged.
    expect(info.filter((g) => g.addOnId === 1).every((g) => g.missingProduct === undefined)).toBe(true);
    expect(info.filter((g) => g.addOnId === 1).length).toBeGreaterThan(3);
  });

  it(
    'updateRoles succeeds while the user holds a role without its product licence, keeps it when named, ' + 'removes it when left out, and never adds it again',
    async () => {
      const { license, token } = await setup();
      const user = await createUser(app, license.licenseId, { roles: ['MOBILE_WORKER_TOOL'] });
      await app.deps.db.insert(t.userAddons).values({ userId: user.userId, addOnId: 1 });
      const [mobile, status] = [await roleId('MOBILE_WORKER_TOOL'), await roleId('VIEW_STATUS')];
      const save = (roleIds: number[]) => app.request('POST', '/api/updateRoles', { token, body: { userId: user.userId, roleIds } });
      const held = async () => (await app.deps.db.select().from(t.userRoles).where(eq(t.userRoles.userId, user.userId))).map((row) => row.roleId).sort();

      const kept = await save([mobile, status]);
      expect(kept.status).toBe(200);
      expect(await held()).toEqual([mobile, status].sort());

      expect((await save([status])).status).toBe(200);
      expect(await held()).toEqual([status]);

      const again = await save([status, mobile]);
      expect(again.status).toBe(400);
      expect(again.body.Message).toBe(UserMessages.roleNeedsProduct('Mobile Worker Tool'));
      expect(await held()).toEqual([status]);
    },
  );

  it('a group started from a user copies what it can: roleInfo tells which held roles lack their product licence, and the group takes the rest', async () => {
    const { license, token } = await setup();
    const user = await createUser(app, license.licenseId, { roles: ['MOBILE_WORKER_TOOL', 'VIEW_STATUS'] });
    await app.deps.db.insert(t.userAddons).values({ userId: user.userId, addOnId: 1 });
    const info = v.parse(v.array(RoleGroupSchema), (await app.request('GET', `/api/user/${user.userId}/roleInfo`, { token })).body);
    const heldIn = (groups: typeof info) => groups.flatMap((g) => g.roles.filter((r) => r.appliedToUser));
    // What the console's copy does (UserGroupNewPage, groupCopy.ts): the held roles of groups whose product the user holds.
    const copied = heldIn(info.filter((g) => !g.missingProduct)).map((r) => r.roleId);
    const leftOut = heldIn(info.filter((g) => g.missingProduct)).map((r) => r.friendlyName);
    expect(leftOut).toEqual(['Mobile Worker Tool']);
    const body = (roleIds: number[]) => ({ LicenseId: license.licenseId, Name: unique('From user'), RoleIds: roleIds, ProjectIds: [], AddOnIds: [1] });

    // Everything, as the console sent it before (issue 22): refused, naming the role.
    const all = await app.request('POST', '/api/userGroup/create', { token, body: body([...copied, await roleId('MOBILE_WORKER_TOOL')]) });
    expect(all.status).toBe(400);
    expect(all.body.Message).toBe(UserMessages.roleNeedsProduct('Mobile Worker Tool'));

    const created = await app.request('POST', '/api/userGroup/create', { token, body: body(copied) });
    expect(created.status).toBe(201);
    expect(created.body.roleIds).toEqual([await roleId('VIEW_STATUS')]);
    expect(created.body.addOnIds).toEqual([1]);
  });

  it('treats another licence’s user as missing', async () => {
    const { token } = await setup();
    const other = await createLicense(app);
    const user = await createUser(app, other.licenseId);
    expect((await app.request('GET', `/api/user/${user.userId}/roleInfo`, { token })).status).toBe(404);
    expect((await app.request('POST', '/api/updateRoles', { token, body: { userId: user.userId, roleIds: [] } })).status).toBe(404);
  });
});

describe('product licences', () => {
  it('GET addons, licenses/{id}/addons and license/{id}/vendors answer the catalogue, the offer with seats in use, and the vendors', async () => {
    const { license, vendor, token } = await setup(3);
    const catalogue = (await app.request('GET', '/api/addons', { token })).body;
    expect(catalogue.find((a: { addOnId: number }) => a.addOnId === 7).addonData).toEqual({ category: 'VENDOR' });
    const offer = v.parse(v.array(LicenseAddonSchema), (await app.request('GET', `/api/licenses/${license.licenseId}/addons`, { token })).body);
    expect(offer.map((a) => [a.addOnId, a.maxUsers, a.numUsers])).toEqual([
      [1, -1, 1],
      [2, 3, 0],
      [7, -1, 0],
    ]);
    expect((await app.request('GET', `/api/license/${license.licenseId}/vendors`, { token })).body).toEqual([
      { vendorId: vendor.vendorId, name: vendor.name, licenseId: license.licenseId },
    ]);
    const other = await createLicense(app);
    expect((await app.request('GET', `/api/license/${other.licenseId}/vendors`, { token })).status).toBe(404);
  });

  it('sets a user’s add-ons, shows group ones as such, and removes the roles of products taken away', async () => {
    const { license, token } = await setup();
    const user = await createUser(app, license.licenseId, { roles: [Role.ADMINISTER_SITE] });
    await groupOf(license.licenseId, user.userId, { addons: [2] });
    await app.deps.db.insert(t.userAddons).values({ userId: user.userId, addOnId: 1 });

    const answer = await app.request('PUT', `/api/users/${user.userName}/addons`, { token, body: [] });
    expect(answer.status).toBe(200);
    expect(answer.body.Message).toBe(UserMessages.addonsUpdated);
    const held = v.parse(UserAddonsSchema, (await app.request('GET', `/api/users/${user.userName}/addons`, { token })).body);
    expect(held.addons.map((a) => [a.addOnId, a.fromUserGroup])).toEqual([[2, true]]);
    // ADMINISTER_SITE belongs to the base product's role groups: gone with it.
    expect(await app.deps.db.select().from(t.userRoles).where(eq(t.userRoles.userId, user.userId))).toEqual([]);
  });

  it('removes all of the user’s roles when no product licence is left', async () => {
    const { license, token } = await setup();
    const user = await createUser(app, license.licenseId, { roles: [Role.ADMINISTER_SITE] });
    await app.deps.db.insert(t.userAddons).values({ userId: user.userId, addOnId: 1 });
    await app.request('PUT', `/api/users/${user.userName}/addons`, { token, body: [] });
    expect(await app.deps.db.select().from(t.userRoles).where(eq(t.userRoles.userId, user.userId))).toEqual([]);
  });

  it('needs a vendor for a vendor add-on, keeps vendor and non-vendor add-ons apart, and refuses add-ons the licence does not offer', async () => {
    const { license, vendor, token } = await setup();
    const user = await createUser(app, license.licenseId);
    const put = (body: unknown) => app.request('PUT', `/api/users/${user.userName}/addons`, { token, body });
    const noVendor = await put([{ addOnId: 7 }]);
    expect(noVendor.status).toBe(400);
    expect(noVendor.body.Message).toBe(UserMessages.vendorRequired);
    expect((await put([{ addOnId: 7, vendorIds: [vendor.vendorId] }, { addOnId: 1 }])).body.Message).toBe(UserMessages.vendorExclusive);
    expect((await put([{ addOnId: 5 }])).body.Message).toBe(UserMessages.addonNotOffered('Equipment'));
    const other = await createLicense(app);
    const [foreign] = await app.deps.db
      .insert(t.vendors)
      .values({ licenseId: other.licenseId, name: unique('V') })
      .returning();
    expect((await put([{ addOnId: 7, vendorIds: [foreign!.vendorId] }])).body.Message).toBe(UserMessages.vendorUnknown);

    expect((await put([{ addOnId: 7, vendorIds: [vendor.vendorId] }])).status).toBe(200);
    const held = v.parse(UserAddonsSchema, (await app.request('GET', `/api/users/${user.userName}/addons`, { token })).body);
    expect(held.vendors).toEqual([{ addOnId: 7, vendorId: vendor.vendorId, name: vendor.name }]);
  });

  it('changes nothing and answers 210 with the spec’s message when a seat limit would be passed', async () => {
    const { license, token } = await setup(1);
    const holder = await createUser(app, license.licenseId);
    await app.deps.db.insert(t.userAddons).values({ userId: holder.userId, addOnId: 2 });
    const user = await createUser(app, license.licenseId);
    const answer = await app.request('PUT', `/api/users/${user.userName}/addons`, { token, body: [{ addOnId: 1 }, { addOnId: 2 }] });
    expect(answer.status).toBe(210);
    expect(answer.body.Message).toBe(addonLimitExceeded('Material Control (1 of 1 seats in use, 1 more needed)'));
    expect(await app.deps.db.select().from(t.userAddons).where(eq(t.userAddons.userId, user.userId))).toEqual([]);
  });

  it('gives the last seat to exactly one of two users assigned at the same time', async () => {
    const { license, token } = await setup(1);
    const [a, b] = [await createUser(app, license.licenseId), await createUser(app, license.licenseId)];
    const answers = await Promise.all([a, b].map((user) => app.request('PUT', `/api/users/${user.userName}/addons`, { token, body: [{ addOnId: 2 }] })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 210]);
    const seats = await app.deps.db.select().from(t.userAddons).where(eq(t.userAddons.addOnId, 2));
    expect(seats.filter((row) => row.userId === a.userId || row.userId === b.userId)).toHaveLength(1);
  });
});

describe('projects', () => {
  it('answers the licence’s project tree with the user’s own and group assignments', async () => {
    const { license, project, token } = await setup();
    const child = await createProject(app, license.licenseId, { parentProjectId: project.projectId });
    const user = await createUser(app, license.licenseId, { projects: [project.projectId] });
    await groupOf(license.licenseId, user.userId, { projects: [child.projectId] });
    const tree = v.parse(v.array(ProjectTreeNodeSchema), (await app.request('GET', `/api/users/${user.userName}/projects`, { token })).body);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ projectId: project.projectId, assignedTo: true, fromUserGroup: false });
    expect(tree[0]!.children[0]).toMatchObject({ projectId: child.projectId, assignedTo: false, fromUserGroup: true });
  });

  it('sets the user’s projects within a licence, needs the licence (‘LicenseId is required.’) and refuses other licences’ projects', async () => {
    const { license, project, token } = await setup();
    const second = await createProject(app, license.licenseId);
    const user = await createUser(app, license.licenseId, { projects: [project.projectId] });
    const post = (body: unknown) => app.request('POST', `/api/users/${user.userName}/projects`, { token, body });

    const missing = await post({ projectIds: [second.projectId] });
    expect(missing.status).toBe(400);
    expect(missing.body.Message).toBe(UserMessages.licenseIdRequired);

    const other = await createLicense(app);
    const foreign = await createProject(app, other.licenseId);
    expect((await post({ licenseId: license.licenseId, projectIds: [foreign.projectId] })).body.Message).toBe(UserMessages.projectUnknown);
    expect((await post({ licenseId: other.licenseId, projectIds: [] })).status).toBe(404);

    const answer = await post({ licenseId: license.licenseId, projectIds: [second.projectId] });
    expect(answer.status).toBe(200);
    expect(answer.body.Message).toBe(UserMessages.projectsUpdated);
    const rows = await app.deps.db.select().from(t.userProjects).where(eq(t.userProjects.userId, user.userId));
    expect(rows.map((row) => row.projectId)).toEqual([second.projectId]);
  });
  /** A super administrator, a user of one licence with a project there, and another licence with two projects. */
  async function twoLicenses() {
    const own = await createLicense(app, { name: unique('Northwind') });
    const other = await createLicense(app, { name: unique('Old Mill') });
    const [home, away, away2] = [await createProject(app, own.licenseId), await createProject(app, other.licenseId), await createProject(app, other.licenseId)];
    const admin = await createUser(app, own.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_USER_CREATE_UPDATE] });
    const user = await createUser(app, own.licenseId, { projects: [home.projectId] });
    const token = await login(app, admin.userName);
    const post = (licenseId: number, projectIds: number[]) =>
      app.request('POST', `/api/users/${user.userName}/projects`, { token, body: { licenseId, projectIds } });
    const held = async () =>
      (await app.deps.db.select().from(t.userProjects).where(eq(t.userProjects.userId, user.userId))).map((row) => row.projectId).sort((a, b) => a - b);
    return { own, other, home, away, away2, user, token, post, held };
  }

  it('gives projects of another licence only to a user who holds ACCESS_OTHER_PROJECTS (400 naming the user and the role otherwise)', async () => {
    const { own, other, home, away, user, post, held } = await twoLicenses();
    const refused = await post(other.licenseId, [away.projectId]);
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe(AccessMessages.otherLicenseProjectsNeedRole(user.userName, other.name));
    expect(refused.body.Message).toContain('ACCESS_OTHER_PROJECTS');
    expect(await held()).toEqual([home.projectId]);

    // Through a user group counts as holding it.
    await groupOf(own.licenseId, user.userId, { roles: [await roleId(Role.ACCESS_OTHER_PROJECTS)] });
    const given = await post(other.licenseId, [away.projectId]);
    expect(given.status).toBe(200);
    expect(await held()).toEqual([home.projectId, away.projectId].sort((a, b) => a - b));
  });

  it('removes another licence’s projects without ACCESS_OTHER_PROJECTS, and saving one licence’s projects never touches another’s', async () => {
    const { own, other, home, away, away2, user, post, held } = await twoLicenses();
    const second = await createProject(app, own.licenseId);
    await app.deps.db.insert(t.userProjects).values([
      { userId: user.userId, projectId: away.projectId },
      { userId: user.userId, projectId: away2.projectId },
    ]);

    // The own licence's save leaves Old Mill's two alone.
    expect((await post(own.licenseId, [second.projectId])).status).toBe(200);
    expect(await held()).toEqual([second.projectId, away.projectId, away2.projectId].sort((a, b) => a - b));
    // Old Mill's save removes one of its own (allowed without the role) and leaves the own licence's alone.
    expect((await post(other.licenseId, [away2.projectId])).status).toBe(200);
    expect(await held()).toEqual([second.projectId, away2.projectId].sort((a, b) => a - b));
    expect(home.projectId).not.toBe(second.projectId);
  });

  it(
    'answers the licences of the user’s projects tab, the user’s own first, each with how many of its ' + 'projects the user holds (own and through groups)',
    async () => {
      const { own, other, home, away, user, token } = await twoLicenses();
      const child = await createProject(app, own.licenseId);
      await groupOf(own.licenseId, user.userId, { projects: [child.projectId, home.projectId] });
      await app.deps.db.insert(t.userProjects).values({ userId: user.userId, projectId: away.projectId });
      const answer = await app.request('GET', `/api/users/${user.userName}/projectLicenses`, { token });
      expect(answer.status).toBe(200);
      const rows = v.parse(v.array(UserProjectLicenseSchema), answer.body);
      expect(rows[0]).toEqual({ licenseId: own.licenseId, name: own.name, projectCount: 2, own: true });
      expect(rows.find((row) => row.licenseId === other.licenseId)).toEqual({ licenseId: other.licenseId, name: other.name, projectCount: 1, own: false });
      expect(rows.filter((row) => row.own)).toHaveLength(1);

      // A licence administrator: their licence only, and another licence's user is missing.
      const { license, token: licenseToken } = await setup();
      const mine = await createUser(app, license.licenseId);
      const theirs = (await app.request('GET', `/api/users/${mine.userName}/projectLicenses`, { token: licenseToken })).body;
      expect(theirs).toEqual([{ licenseId: license.licenseId, name: license.name, projectCount: 0, own: true }]);
      expect((await app.request('GET', `/api/users/${user.userName}/projectLicenses`, { token: licenseToken })).status).toBe(404);
    },
  );
});
