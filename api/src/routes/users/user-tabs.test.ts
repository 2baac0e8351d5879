import { eq } from 'drizzle-orm';
import { UserMessages } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function setup(roles: string[]) {
  const license = await createLicense(app);
  const project = await createProject(app, license.licenseId);
  const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, ...roles] });
  const user = await createUser(app, license.licenseId, { projects: [project.projectId] });
  const [on, off] = await app.deps.db
    .insert(t.importSystems)
    .values([
      { projectId: project.projectId, displayName: unique('On'), path: '/imports/on' },
      { projectId: project.projectId, displayName: unique('Off'), path: '/imports/off' },
    ])
    .returning();
  await app.deps.db.insert(t.userImports).values({ userId: user.userId, configId: on!.configId, enabled: true });
  return { license, project, admin, user, on: on!, off: off!, token: await login(app, admin.userName) };
}

describe('a user’s imports', () => {
  it('lists the import systems of the user’s projects with enabled, and only the enabled ones without ADMINISTER_IMPORT_SYSTEM_USER', async () => {
    const withRole = await setup([Role.ADMINISTER_IMPORT_SYSTEM_USER]);
    const all = (await app.request('GET', `/api/users/${withRole.user.userName}/imports`, { token: withRole.token })).body;
    expect(all.map((i: { configId: number; enabled: boolean }) => [i.configId, i.enabled]).sort()).toEqual(
      [
        [withRole.on.configId, true],
        [withRole.off.configId, false],
      ].sort(),
    );
    const without = await setup([]);
    const enabled = (await app.request('GET', `/api/users/${without.user.userName}/imports`, { token: without.token })).body;
    expect(enabled.map((i: { configId: number }) => i.configId)).toEqual([without.on.configId]);
  });

  it('toggles an import for the user, refuses import systems that are not theirs, and needs the role', async () => {
    const { user, off, token, license } = await setup([Role.ADMINISTER_IMPORT_SYSTEM_USER]);
    const answer = await app.request('POST', `/api/users/${user.userName}/imports`, { token, body: [{ configId: off.configId, enabled: true }] });
    expect(answer.body.Message).toBe(UserMessages.importsSaved);
    const rows = await app.deps.db.select().from(t.userImports).where(eq(t.userImports.userId, user.userId));
    expect(rows.every((row) => row.enabled)).toBe(true);

    const other = await createProject(app, license.licenseId);
    const [foreign] = await app.deps.db.insert(t.importSystems).values({ projectId: other.projectId, displayName: 'X', path: '/x' }).returning();
    const refused = await app.request('POST', `/api/users/${user.userName}/imports`, { token, body: [{ configId: foreign!.configId, enabled: true }] });
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe(UserMessages.importUnknown);

    const plain = await setup([]);
    expect((await app.request('POST', `/api/users/${plain.user.userName}/imports`, { token: plain.token, body: [] })).status).toBe(403);
  });
});

describe('a user’s reports', () => {
  async function reportsSetup() {
    const context = await setup([Role.ADMINISTER_ASSIGNED_REPORTS]);
    const [manual, automatic] = await app.deps.db
      .insert(t.reports)
      .values([
        { reportPath: `/r/${unique('manual')}`, reportName: unique('A manual') },
        { reportPath: `/r/${unique('auto')}`, reportName: unique('B auto') },
      ])
      .returning();
    const [role] = await app.deps.db.select().from(t.roles).where(eq(t.roles.name, Role.ADMINISTER_SITE));
    await app.deps.db.insert(t.userRoles).values({ userId: context.user.userId, roleId: role!.roleId });
    await app.deps.db.insert(t.reportGroups).values({ reportId: automatic!.reportId, roleId: role!.roleId, licenseId: context.license.licenseId });
    return { ...context, manual: manual!, automatic: automatic!, role: role! };
  }

  const find = (list: { reportId: number }[], reportId: number) => list.find((report) => report.reportId === reportId);

  it('says which reports are assigned, by hand or automatically, and why', async () => {
    const { user, token, manual, automatic, role } = await reportsSetup();
    await app.deps.db.insert(t.userReports).values({ userId: user.userId, reportId: manual.reportId });
    const list = (await app.request('GET', `/api/user/${user.userName}/reports`, { token })).body;
    expect(find(list, manual.reportId)).toMatchObject({ assigned: true, autoAssigned: false, reason: 'Assigned by hand' });
    expect(find(list, automatic.reportId)).toMatchObject({ assigned: true, autoAssigned: true, reason: `Role: ${role.friendlyName}` });
  });

  it('assigns and unassigns by hand with the spec’s texts, and never unassigns an automatic one', async () => {
    const { user, token, manual, automatic } = await reportsSetup();
    const assign = await app.request('POST', `/api/users/${user.userName}/reports/${manual.reportId}`, { token });
    expect(assign.body.Message).toBe(UserMessages.reportAssigned);
    const unassign = await app.request('DELETE', `/api/users/${user.userName}/reports/${manual.reportId}`, { token });
    expect(unassign.body.Message).toBe(UserMessages.reportUnassigned);
    expect(find((await app.request('GET', `/api/user/${user.userName}/reports`, { token })).body, manual.reportId)).toMatchObject({ assigned: false });

    const auto = await app.request('DELETE', `/api/users/${user.userName}/reports/${automatic.reportId}`, { token });
    expect(auto.status).toBe(400);
    expect(auto.body.Message).toBe(UserMessages.reportAutoAssigned);
    expect((await app.request('POST', `/api/users/${user.userName}/reports/999999`, { token })).status).toBe(404);
  });

  it('shows users their own reports, and nobody else’s without the role', async () => {
    const { user, admin } = await setup([]);
    const own = await app.request('GET', `/api/user/${user.userName}/reports`, { token: await login(app, user.userName) });
    expect(own.status).toBe(200);
    expect((await app.request('GET', `/api/user/${user.userName}/reports`, { token: await login(app, admin.userName) })).status).toBe(403);
  });
});
