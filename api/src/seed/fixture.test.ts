import { eq } from 'drizzle-orm';
import * as t from '../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLicense, createProject, login, unique } from '../../test/factories';
import { seedFixture } from './fixture';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('seedFixture', () => {
  it('adds users with roles, a project and flags who can then sign in, and leaves existing ones alone', async () => {
    const license = await createLicense(app);
    const project = await createProject(app, license.licenseId);
    const fixture = {
      license: license.name,
      project: project.name,
      password: 'Fixture-Password-1',
      users: [
        { userName: unique('fx.admin'), roles: ['MENU_ADMIN_TOOL_ACCESS', 'ADMINISTER_USER_CREATE_UPDATE'] },
        { userName: unique('fx.forced'), mustUpdatePassword: true },
      ],
    };
    expect(await seedFixture(app.deps.db, app.deps.passwords, fixture)).toBe(2);
    expect(await seedFixture(app.deps.db, app.deps.passwords, fixture)).toBe(0);
    const token = await login(app, fixture.users[0]!.userName, 'Fixture-Password-1');
    const roles = await app.request('GET', '/api/roles/user', { token });
    expect(roles.body.roles).toEqual(['ADMINISTER_USER_CREATE_UPDATE', 'MENU_ADMIN_TOOL_ACCESS']);
    const [forced] = await app.deps.db.select().from(t.users).where(eq(t.users.userName, fixture.users[1]!.userName));
    expect(forced).toMatchObject({ mustUpdatePassword: true, licenseId: license.licenseId });
    const assigned = await app.deps.db.select().from(t.userProjects).where(eq(t.userProjects.userId, forced!.userId));
    expect(assigned).toEqual([{ userId: forced!.userId, projectId: project.projectId }]);
  });

  it('refuses an unknown licence, project or role, naming it', async () => {
    const license = await createLicense(app);
    await expect(seedFixture(app.deps.db, app.deps.passwords, { license: 'No such licence', password: 'Fixture-Password-1', users: [] })).rejects.toThrow(
      /No licence named 'No such licence'/,
    );
    await expect(
      seedFixture(app.deps.db, app.deps.passwords, { license: license.name, project: 'Nope', password: 'Fixture-Password-1', users: [] }),
    ).rejects.toThrow(/No project named 'Nope'/);
    await expect(
      seedFixture(app.deps.db, app.deps.passwords, {
        license: license.name,
        password: 'Fixture-Password-1',
        users: [{ userName: unique('x'), roles: ['NOT_A_ROLE'] }],
      }),
    ).rejects.toThrow(/Unknown roles: NOT_A_ROLE/);
    await expect(seedFixture(app.deps.db, app.deps.passwords, { license: license.name, password: 'short', users: [] })).rejects.toThrow(/not valid/);
  });
});
