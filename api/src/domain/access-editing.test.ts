import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { RoleGroupSchema, UserMessages } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import * as t from '../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLicense, createUser, login, unique } from '../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const roleId = async (name: string) => (await app.deps.db.select().from(t.roles).where(eq(t.roles.name, name)))[0]!.roleId;

/** A licence (offering the base product, as every new one does) with its user, group and key administrator signed in. */
async function setup() {
  const license = await createLicense(app);
  const admin = await createUser(app, license.licenseId, {
    roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE, Role.ADMINISTER_API_KEYS],
  });
  return { license, token: await login(app, admin.userName) };
}

/** What a role editor's answer says of the held roles: group, its missing product, role name. */
const held = (body: unknown) =>
  v
    .parse(v.array(RoleGroupSchema), body)
    .flatMap((group) => group.roles.filter((role) => role.appliedToUser).map((role) => [group.name, group.missingProduct ?? null, role.name]))
    .sort();

describe('role editors of user groups and API keys (issue 22: roles nobody could see)', () => {
  it('shows a group’s role without its product licence, flagged, and saves the group’s other roles while it holds it', async () => {
    const { license, token } = await setup();
    const [group] = await app.deps.db
      .insert(t.userGroups)
      .values({ name: unique('Crew'), licenseId: license.licenseId })
      .returning();
    const userGroupId = group!.userGroupId;
    const [mobile, status] = [await roleId('MOBILE_WORKER_TOOL'), await roleId('VIEW_STATUS')];
    await app.deps.db.insert(t.userGroupAddons).values({ userGroupId, addOnId: 1 });
    await app.deps.db.insert(t.userGroupRoles).values({ userGroupId, roleId: mobile });

    expect(held((await app.request('GET', `/api/userGroup/${userGroupId}/roleInfo`, { token })).body)).toEqual([
      ['Workforce', 'Workforce', 'MOBILE_WORKER_TOOL'],
    ]);
    const saved = await app.request('POST', '/api/userGroup/update/roles', { token, body: { userGroupId, roleIds: [mobile, status] } });
    expect(saved.status).toBe(200);
    expect(held((await app.request('GET', `/api/userGroup/${userGroupId}/roleInfo`, { token })).body)).toEqual([
      ['Views', null, 'VIEW_STATUS'],
      ['Workforce', 'Workforce', 'MOBILE_WORKER_TOOL'],
    ]);
    // Left out, it goes; named again, it is refused until the group has Workforce.
    expect((await app.request('POST', '/api/userGroup/update/roles', { token, body: { userGroupId, roleIds: [status] } })).status).toBe(200);
    const again = await app.request('POST', '/api/userGroup/update/roles', { token, body: { userGroupId, roleIds: [status, mobile] } });
    expect(again.status).toBe(400);
    expect(again.body.Message).toBe(UserMessages.roleNeedsProduct('Mobile Worker Tool'));
  });

  it('shows an API key’s role without its product licence, flagged, also when the key has no product licence left', async () => {
    const { license, token } = await setup();
    const made = await app.request('POST', '/api/apikeys', {
      token,
      body: { name: unique('Sync'), licenseId: license.licenseId, isActive: true, allProjects: false },
    });
    const apiKeyId = (made.body as { apiKeyId: number }).apiKeyId;
    await app.deps.db.insert(t.apiKeyRoles).values({ apiKeyId, roleId: await roleId('MOBILE_WORKER_TOOL') });

    expect(held((await app.request('GET', `/api/apikeys/${apiKeyId}/roles`, { token })).body)).toEqual([['Workforce', 'Workforce', 'MOBILE_WORKER_TOOL']]);
    expect((await app.request('PUT', `/api/apikeys/${apiKeyId}/roles`, { token, body: [] })).status).toBe(200);
    // Nothing held, no product: empty, and the console says 'Assign a Product to modify an api key's roles.'
    expect((await app.request('GET', `/api/apikeys/${apiKeyId}/roles`, { token })).body).toEqual([]);
  });
});
