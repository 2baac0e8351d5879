import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { addonLimitExceeded, UserMessages, UserSchema } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique, userRow } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const ADMIN = [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE];

async function licenseWithAdmin(roles: string[] = ADMIN) {
  const license = await createLicense(app);
  const admin = await createUser(app, license.licenseId, { roles });
  return { license, admin, token: await login(app, admin.userName) };
}

const form = (userName: string, extra: Record<string, unknown> = {}) => ({
  userName,
  firstName: 'Nina',
  lastName: 'Ortiz',
  email: `${userName}@example.test`,
  phoneNumber: '+44 20 7946 0000',
  companyName: 'Ortiz Cranes',
  position: 'Crane operator',
  comment: 'Night shift',
  ...extra,
});

const auditOf = (entity: string, entityId: number) =>
  app.deps.db
    .select()
    .from(t.auditLog)
    .where(and(eq(t.auditLog.entity, entity), eq(t.auditLog.entityId, String(entityId))));

describe('POST users/{username}', () => {
  it('creates a user in the caller’s licence, trimmed, answers 201 with the user and records it in the audit trail', async () => {
    const { license, token } = await licenseWithAdmin();
    const name = unique('new');
    const answer = await app.request('POST', `/api/users/${name}`, { token, body: form(name, { firstName: '  Nina ' }) });
    expect(answer.status).toBe(201);
    const user = v.parse(UserSchema, answer.body);
    expect(user).toMatchObject({
      userName: name,
      firstName: 'Nina',
      lastName: 'Ortiz',
      licenseId: license.licenseId,
      isApproved: true,
      isLockedOut: false,
      isSsoUser: false,
      addons: [],
    });
    expect(user.createDate).toEqual(expect.any(String));
    expect(JSON.stringify(answer.body)).not.toMatch(/hash/i);

    const read = await app.request('GET', `/api/users/${name}`, { token });
    expect(read.body.companyName).toBe('Ortiz Cranes');
    const [entry] = await auditOf('user', user.userId);
    expect(entry).toMatchObject({ method: 'POST', status: 201 });
    expect(entry!.after).toMatchObject({ userName: name, email: `${name}@example.test` });
  });

  it('answers each of the spec’s messages on its field and creates nothing', async () => {
    const { token } = await licenseWithAdmin();
    const name = unique('bad');
    const answer = await app.request('POST', `/api/users/${name}`, { token, body: { userName: name, firstName: ' ', email: 'not-an-email' } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      firstName: UserMessages.firstNameRequired,
      lastName: UserMessages.lastNameRequired,
      email: UserMessages.emailInvalid,
    });
    expect((await app.request('GET', `/api/users/${name}`, { token })).status).toBe(404);

    const noName = await app.request('POST', `/api/users/${name}`, { token, body: form('') });
    expect(noName.status).toBe(400);
    expect(noName.body.errors.userName).toBe(UserMessages.userNameRequired);
  });

  it('refuses a taken username in any licence and any case (409), and a body that names another user than the path', async () => {
    const { token } = await licenseWithAdmin();
    const other = await createLicense(app);
    const taken = await createUser(app, other.licenseId);
    const answer = await app.request('POST', `/api/users/${taken.userName.toUpperCase()}`, { token, body: form(taken.userName.toUpperCase()) });
    expect(answer.status).toBe(409);
    expect(answer.body.Message).toBe(UserMessages.userNameTaken);

    const mismatch = await app.request('POST', `/api/users/${unique('a')}`, { token, body: form(unique('b')) });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.Message).toBe(UserMessages.userNameMismatch);
  });

  it('keeps a licence administrator in their licence (another licence is a 404) and needs ADMINISTER_USER_CREATE_UPDATE', async () => {
    const { token } = await licenseWithAdmin();
    const other = await createLicense(app);
    const name = unique('x');
    expect((await app.request('POST', `/api/users/${name}`, { token, body: form(name, { licenseId: other.licenseId }) })).status).toBe(404);
    const { token: viewer } = await licenseWithAdmin([Role.ACCESS_MY_CUSTOMER_LICENCE]);
    expect((await app.request('POST', `/api/users/${name}`, { token: viewer, body: form(name) })).status).toBe(403);
  });

  it('lets a super administrator create a user in any existing licence', async () => {
    const { token } = await licenseWithAdmin([Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_USER_CREATE_UPDATE]);
    const other = await createLicense(app);
    const name = unique('sa');
    const answer = await app.request('POST', `/api/users/${name}`, { token, body: form(name, { licenseId: other.licenseId, isSsoUser: true }) });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ licenseId: other.licenseId, isSsoUser: true, isSsoInitial: true });
    const missing = await app.request('POST', `/api/users/${unique('sa')}`, { token, body: form(unique('sa'), { licenseId: 999_999 }) });
    expect(missing.status).toBe(400);
  });
});

describe('PUT users/{username}', () => {
  it('changes only the fields sent and records before and after', async () => {
    const { license, token } = await licenseWithAdmin();
    const user = await createUser(app, license.licenseId, { companyName: 'Old Co', position: 'Rigger' });
    const answer = await app.request('PUT', `/api/users/${user.userName}`, { token, body: { companyName: 'New Co' } });
    expect(answer.status).toBe(200);
    expect(answer.body.Message).toBe(UserMessages.saved);
    const row = await userRow(app, user.userId);
    expect(row).toMatchObject({ companyName: 'New Co', position: 'Rigger', firstName: 'Test' });
    const [entry] = await auditOf('user', user.userId);
    expect(entry).toMatchObject({ method: 'PUT', before: { companyName: 'Old Co' }, after: { companyName: 'New Co' } });
  });

  it('toggles Active and Locked; unlocking clears the failed sign-ins, locking dates it', async () => {
    const { license, token } = await licenseWithAdmin();
    const user = await createUser(app, license.licenseId, { failedLoginCount: 4 });
    expect((await app.request('PUT', `/api/users/${user.userName}`, { token, body: { isLockedOut: true } })).status).toBe(200);
    expect((await userRow(app, user.userId)).lastLockedDate).not.toBeNull();
    await app.request('PUT', `/api/users/${user.userName}`, { token, body: { isLockedOut: false, isApproved: false } });
    expect(await userRow(app, user.userId)).toMatchObject({ isLockedOut: false, failedLoginCount: 0, isApproved: false });
  });

  it('answers the spec’s message for a bad field and changes nothing', async () => {
    const { license, token } = await licenseWithAdmin();
    const user = await createUser(app, license.licenseId);
    const answer = await app.request('PUT', `/api/users/${user.userName}`, { token, body: { email: 'nope', lastName: '' } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ email: UserMessages.emailInvalid, lastName: UserMessages.lastNameRequired });
    expect((await userRow(app, user.userId)).email).toBe(user.email);
    const rename = await app.request('PUT', `/api/users/${user.userName}`, { token, body: { userName: 'someone-else' } });
    expect(rename.body.Message).toBe(UserMessages.userNameFixed);
  });

  it('lets users change their own contact details but not their flags or comment, and nobody lock themselves out', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const token = await login(app, user.userName);
    expect((await app.request('PUT', `/api/users/${user.userName}`, { token, body: { phoneNumber: '555' } })).status).toBe(200);
    expect((await app.request('PUT', `/api/users/${user.userName}`, { token, body: { comment: 'promote me' } })).status).toBe(403);
    expect((await app.request('PUT', `/api/users/${user.userName}`, { token, body: { isApproved: true } })).status).toBe(200);

    const { admin, token: adminToken } = await licenseWithAdmin();
    const self = await app.request('PUT', `/api/users/${admin.userName}`, { token: adminToken, body: { isApproved: false } });
    expect(self.status).toBe(400);
    expect(self.body.Message).toBe(UserMessages.notOwnFlags);
  });

  it('treats another licence’s user as missing: 404 and nothing changed', async () => {
    const { token } = await licenseWithAdmin();
    const other = await createLicense(app);
    const user = await createUser(app, other.licenseId);
    expect((await app.request('PUT', `/api/users/${user.userName}`, { token, body: { isApproved: false } })).status).toBe(404);
    expect((await userRow(app, user.userId)).isApproved).toBe(true);
  });
});

describe('POST users/{username}/copy/{copy}', () => {
  /** A user to copy, holding an administrative role and a project that `copier` holds too (the privilege ceiling: domain/ceiling.test.ts). */
  async function sourceUser(licenseId: number, addOnMaxUsers: number, copier: { userId: number }) {
    await app.deps.db.insert(t.licenseAddons).values({ licenseId, addOnId: 2, maxUsers: addOnMaxUsers });
    const project = await createProject(app, licenseId);
    await app.deps.db.insert(t.userProjects).values({ userId: copier.userId, projectId: project.projectId });
    const source = await createUser(app, licenseId, { roles: [Role.ADMINISTER_SITE], projects: [project.projectId] });
    await app.deps.db.insert(t.userAddons).values([1, 2].map((addOnId) => ({ userId: source.userId, addOnId })));
    const [group] = await app.deps.db
      .insert(t.userGroups)
      .values({ name: unique('Group'), licenseId })
      .returning();
    await app.deps.db.insert(t.userGroupUsers).values({ userGroupId: group!.userGroupId, userId: source.userId });
    return { source, project, group: group! };
  }

  it('copies projects, groups, roles and product licences into a new user of the same licence (201)', async () => {
    const { license, admin, token } = await licenseWithAdmin([...ADMIN, Role.ADMINISTER_SITE]);
    const { source, project, group } = await sourceUser(license.licenseId, -1, admin);
    const name = unique('copy');
    const answer = await app.request('POST', `/api/users/${source.userName}/copy/${name}`, { token, body: form(name) });
    expect(answer.status).toBe(201);
    expect(answer.body.Message).toBe(UserMessages.created);
    const copy = v.parse(UserSchema, (await app.request('GET', `/api/users/${name}`, { token })).body);
    expect(copy.addons.map((a) => a.addOnId)).toEqual([1, 2]);
    expect(copy.userGroups).toEqual([{ userGroupId: group.userGroupId, name: group.name }]);
    const projects = await app.deps.db.select().from(t.userProjects).where(eq(t.userProjects.userId, copy.userId));
    expect(projects.map((p) => p.projectId)).toEqual([project.projectId]);
    const roles = await app.request('GET', `/api/user/${copy.userId}/roles`, { token });
    expect(roles.body.map((r: { name: string }) => r.name)).toEqual([Role.ADMINISTER_SITE]);
  });

  it('answers 210 with the spec’s warning and creates the copy without product licences or roles when a seat limit would be passed', async () => {
    const { license, admin, token } = await licenseWithAdmin([...ADMIN, Role.ADMINISTER_SITE]);
    const { source } = await sourceUser(license.licenseId, 1, admin);
    const name = unique('copy');
    const answer = await app.request('POST', `/api/users/${source.userName}/copy/${name}`, { token, body: form(name) });
    expect(answer.status).toBe(210);
    expect(answer.body.Message).toBe(addonLimitExceeded('Material Control (1 of 1 seats in use, 1 more needed)'));
    const copy = v.parse(UserSchema, (await app.request('GET', `/api/users/${name}`, { token })).body);
    expect(copy.addons).toEqual([]);
    expect((await app.request('GET', `/api/user/${copy.userId}/roles`, { token })).body).toEqual([]);
  });

  it('copies only within the caller’s scope', async () => {
    const { token } = await licenseWithAdmin();
    const other = await createLicense(app);
    const source = await createUser(app, other.licenseId);
    const name = unique('copy');
    expect((await app.request('POST', `/api/users/${source.userName}/copy/${name}`, { token, body: form(name) })).status).toBe(404);
    expect((await app.request('GET', `/api/users/${name}`, { token })).status).toBe(404);
  });
});
