/**
 * A project's own calls (issue 25): one project and its users, creation (the spec's messages,
 * the licence's project limit under concurrent requests), edit, activation, and deactivation,
 * which takes the project from every user, group and API key in one transaction and names them
 * in the project's History. Another licence's project is a 404 with nothing changed.
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { ProjectMessages, ProjectSchema } from 'contracts/projects-sites/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const db = () => app.deps.db;
const EDITOR = [Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_PROJECT_READ, Role.ADMINISTER_PROJECT_UPDATE];

/** A licence with a project its editor holds (so they see the licence's projects), the editor and their token. */
async function licenseWithEditor(values: Partial<typeof t.licenses.$inferInsert> = {}) {
  const license = await createLicense(app, values);
  const project = await createProject(app, license.licenseId, { name: unique('Tower') });
  const editor = await createUser(app, license.licenseId, { roles: EDITOR, projects: [project.projectId] });
  return { license, project, editor, token: await login(app, editor.userName) };
}

const form = (extra: Record<string, unknown> = {}) => ({ name: unique('Project'), description: 'Stage two', ...extra });
const projectRow = async (projectId: number) => (await db().select().from(t.projects).where(eq(t.projects.projectId, projectId)))[0]!;

describe('GET projects/{projectId} and its users', () => {
  it('answers a project the caller sees with its users counted once, and its users; another licence’s is a 404', async () => {
    const { license, project, editor, token } = await licenseWithEditor();
    const member = await createUser(app, license.licenseId, { projects: [project.projectId] });
    const gone = await createUser(app, license.licenseId, { isApproved: false });
    const [group] = await db()
      .insert(t.userGroups)
      .values({ name: unique('Group'), licenseId: license.licenseId })
      .returning();
    await db().insert(t.userGroupProjects).values({ userGroupId: group!.userGroupId, projectId: project.projectId });
    await db()
      .insert(t.userGroupUsers)
      .values([member, gone].map((u) => ({ userGroupId: group!.userGroupId, userId: u.userId })));

    const answer = await app.request('GET', `/api/projects/${project.projectId}`, { token });
    expect(answer.status).toBe(200);
    expect(v.parse(ProjectSchema, answer.body)).toMatchObject({
      projectId: project.projectId,
      licenseId: license.licenseId,
      licenseName: license.name,
      numberOfUsers: 3,
      isActive: true,
    });
    const all = await app.request('GET', `/api/projects/${project.projectId}/users`, { token });
    expect(all.body.map((u: { userId: number }) => u.userId).sort()).toEqual([editor.userId, member.userId, gone.userId].sort());
    const active = await app.request('GET', `/api/projects/${project.projectId}/users?getActive=true`, { token });
    expect(active.body.map((u: { userId: number }) => u.userId)).not.toContain(gone.userId);

    const other = await licenseWithEditor();
    expect((await app.request('GET', `/api/projects/${other.project.projectId}`, { token })).status).toBe(404);
    expect((await app.request('GET', `/api/projects/${other.project.projectId}/users`, { token })).status).toBe(404);
    expect((await app.request('GET', '/api/projects/1', { token })).status).toBe(404);
    expect((await app.request('GET', '/api/projects/99999999', { token })).status).toBe(404);
  });
});

describe('POST project', () => {
  it('creates a project in the caller’s licence (201), recorded in its History', async () => {
    const { license, token } = await licenseWithEditor();
    const body = form({ name: '  Tower C  ' });
    const answer = await app.request('POST', '/api/project', { token, body });
    expect(answer.status).toBe(201);
    const created = v.parse(ProjectSchema, answer.body);
    expect(created).toMatchObject({ name: 'Tower C', description: 'Stage two', licenseId: license.licenseId, isActive: true, numberOfUsers: 0 });
    const [entry] = await db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'project'), eq(t.auditLog.entityId, String(created.projectId))));
    expect(entry).toMatchObject({ subject: `project:${created.projectId}`, after: { name: 'Tower C' } });
  });

  it('answers each of the spec’s messages, a taken name with a 409, another licence with a 404, and makes nothing', async () => {
    const { license, project, token } = await licenseWithEditor();
    const cases: [Record<string, unknown>, number, string][] = [
      [form({ name: '' }), 400, ProjectMessages.nameRequired],
      [form({ name: 'abc' }), 400, ProjectMessages.nameTooShort],
      [form({ description: ' ' }), 400, ProjectMessages.descriptionRequired],
      [form({ name: project.name }), 409, ProjectMessages.nameTaken],
      [form({ environmentId: 999999 }), 400, ProjectMessages.environmentUnknown],
      [form({ parentProjectId: (await licenseWithEditor()).project.projectId }), 400, ProjectMessages.parentUnknown],
    ];
    const before = await db().$count(t.projects, eq(t.projects.licenseId, license.licenseId));
    for (const [body, status, message] of cases) {
      const answer = await app.request('POST', '/api/project', { token, body });
      expect([answer.status, answer.body.Message]).toEqual([status, message]);
    }
    const elsewhere = await createLicense(app);
    expect((await app.request('POST', '/api/project', { token, body: form({ licenseId: elsewhere.licenseId }) })).status).toBe(404);
    expect(await db().$count(t.projects, eq(t.projects.licenseId, license.licenseId))).toBe(before);
    expect(await db().$count(t.projects, eq(t.projects.licenseId, elsewhere.licenseId))).toBe(0);
    const reader = await createUser(app, license.licenseId, { roles: [Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_PROJECT_READ] });
    expect((await app.request('POST', '/api/project', { token: await login(app, reader.userName), body: form() })).status).toBe(403);
  });

  it('lets a super administrator name the licence, and takes no more active projects than the licence allows, even from concurrent requests', async () => {
    const { license } = await licenseWithEditor({ maxProjects: 3 });
    const admin = await createUser(app, (await createLicense(app)).licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    const token = await login(app, admin.userName);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => app.request('POST', '/api/project', { token, body: form({ licenseId: license.licenseId }) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.body.Message).toBe(ProjectMessages.projectLimit(3));
    expect(await db().$count(t.projects, and(eq(t.projects.licenseId, license.licenseId), eq(t.projects.isActive, true)))).toBe(3);
  });
});

describe('POST project/{projectId}', () => {
  it('saves the fields sent, refuses a move to another licence and a parent loop, and records the change', async () => {
    const { license, project, token } = await licenseWithEditor();
    const child = await createProject(app, license.licenseId, { name: unique('Child'), parentProjectId: project.projectId });
    const saved = await app.request('POST', `/api/project/${project.projectId}`, { token, body: { name: 'Tower A North', description: 'Renamed' } });
    expect([saved.status, saved.body.Message]).toEqual([200, ProjectMessages.infoSaved]);
    expect(await projectRow(project.projectId)).toMatchObject({ name: 'Tower A North', description: 'Renamed' });
    const loop = await app.request('POST', `/api/project/${project.projectId}`, { token, body: { parentProjectId: child.projectId } });
    expect([loop.status, loop.body.Message]).toEqual([400, ProjectMessages.parentCycle]);
    const moved = await app.request('POST', `/api/project/${project.projectId}`, { token, body: { licenseId: (await createLicense(app)).licenseId } });
    expect([moved.status, moved.body.Message]).toEqual([400, ProjectMessages.licenseFixed]);
    const taken = await app.request('POST', `/api/project/${project.projectId}`, { token, body: { name: child.name } });
    expect([taken.status, taken.body.Message]).toEqual([409, ProjectMessages.nameTaken]);
    const short = await app.request('POST', `/api/project/${project.projectId}`, { token, body: { name: 'ab' } });
    expect([short.status, short.body.Message]).toEqual([400, ProjectMessages.nameTooShort]);
    expect(await projectRow(project.projectId)).toMatchObject({ name: 'Tower A North', parentProjectId: null, licenseId: license.licenseId });
    const other = await licenseWithEditor();
    expect((await app.request('POST', `/api/project/${other.project.projectId}`, { token, body: { name: 'Taken over' } })).status).toBe(404);
    expect((await projectRow(other.project.projectId)).name).toBe(other.project.name);
    const history = await app.request('GET', `/api/audit?subject=project:${project.projectId}`, { token });
    expect(history.status).toBe(200);
    expect(history.body.items.length).toBeGreaterThan(0);
  });
});

describe('PUT projects/{projectId}/deactivate and activate', () => {
  it('deactivates a project and takes it from every user, group and API key in one transaction, naming them in its History', async () => {
    const { license, project, editor, token } = await licenseWithEditor();
    const keep = await createProject(app, license.licenseId, { name: unique('Keep') });
    const worker = await createUser(app, license.licenseId, { projects: [project.projectId, keep.projectId] });
    const [group] = await db()
      .insert(t.userGroups)
      .values({ name: unique('Crew'), licenseId: license.licenseId })
      .returning();
    await db()
      .insert(t.userGroupProjects)
      .values([project, keep].map((p) => ({ userGroupId: group!.userGroupId, projectId: p.projectId })));
    const [key] = await db()
      .insert(t.apiKeys)
      .values({ keyPrefix: unique('k').slice(0, 12), secretHash: 'x', name: unique('Feed'), licenseId: license.licenseId })
      .returning();
    await db().insert(t.apiKeyProjects).values({ apiKeyId: key!.apiKeyId, projectId: project.projectId });

    // Editors keep seeing the licence's projects through the project they keep.
    await db().insert(t.userProjects).values({ userId: editor.userId, projectId: keep.projectId });
    const answer = await app.request('PUT', `/api/projects/${project.projectId}/deactivate`, { token });
    expect([answer.status, answer.body.Message]).toEqual([200, ProjectMessages.deactivated]);
    expect((await projectRow(project.projectId)).isActive).toBe(false);
    expect(await db().$count(t.userProjects, eq(t.userProjects.projectId, project.projectId))).toBe(0);
    expect(await db().$count(t.userGroupProjects, eq(t.userGroupProjects.projectId, project.projectId))).toBe(0);
    expect(await db().$count(t.apiKeyProjects, eq(t.apiKeyProjects.projectId, project.projectId))).toBe(0);
    // Other projects' assignments stay.
    expect(await db().$count(t.userProjects, eq(t.userProjects.userId, worker.userId))).toBe(1);
    expect(await db().$count(t.userGroupProjects, eq(t.userGroupProjects.userGroupId, group!.userGroupId))).toBe(1);
    const [entry] = await db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.subject, `project:${project.projectId}`), eq(t.auditLog.entity, 'project')));
    expect(entry!.after).toEqual({
      isActive: false,
      removedFrom: {
        users: [editor.userName, worker.userName].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
        userGroups: [group!.name],
        apiKeys: [key!.name],
      },
    });

    const activated = await app.request('PUT', `/api/projects/${project.projectId}/activate`, { token });
    expect([activated.status, activated.body.Message]).toEqual([200, ProjectMessages.activated]);
    expect((await projectRow(project.projectId)).isActive).toBe(true);
    // Assignments are not restored.
    expect(await db().$count(t.userProjects, eq(t.userProjects.projectId, project.projectId))).toBe(0);
  });

  it('refuses to activate past the licence’s project limit, and another licence’s project is a 404 with nothing changed', async () => {
    const { license, project, token } = await licenseWithEditor({ maxProjects: 2 });
    const spare = await createProject(app, license.licenseId, { name: unique('Spare'), isActive: false });
    await createProject(app, license.licenseId, { name: unique('Second') });
    const refused = await app.request('PUT', `/api/projects/${spare.projectId}/activate`, { token });
    expect([refused.status, refused.body.Message]).toEqual([409, ProjectMessages.projectLimit(2)]);
    const other = await licenseWithEditor();
    expect((await app.request('PUT', `/api/projects/${other.project.projectId}/deactivate`, { token })).status).toBe(404);
    expect((await projectRow(other.project.projectId)).isActive).toBe(true);
    expect(await db().$count(t.userProjects, eq(t.userProjects.projectId, other.project.projectId))).toBe(1);
    void project;
  });
});

describe('the projects’ user counts', () => {
  /** The database's count of each project's users agrees with counting the assignments. */
  async function expectCountsAgree(projectIds: number[]) {
    for (const projectId of projectIds) {
      const direct = (await db().select({ userId: t.userProjects.userId }).from(t.userProjects).where(eq(t.userProjects.projectId, projectId))).map(
        (r) => r.userId,
      );
      const viaGroups = (
        await db()
          .select({ userId: t.userGroupUsers.userId })
          .from(t.userGroupProjects)
          .innerJoin(t.userGroupUsers, eq(t.userGroupUsers.userGroupId, t.userGroupProjects.userGroupId))
          .where(eq(t.userGroupProjects.projectId, projectId))
      ).map((r) => r.userId);
      const [counted] = await db().select().from(t.projectUserCounts).where(eq(t.projectUserCounts.projectId, projectId));
      expect({ projectId, users: counted?.users ?? 0 }).toEqual({ projectId, users: new Set([...direct, ...viaGroups]).size });
    }
  }

  it('follow every assignment, group change, deactivation and deletion, also concurrent ones', async () => {
    const { license, project, token } = await licenseWithEditor();
    const other = await createProject(app, license.licenseId, { name: unique('Other') });
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser(app, license.licenseId)));
    const [group] = await db()
      .insert(t.userGroups)
      .values({ name: unique('Crew'), licenseId: license.licenseId })
      .returning();
    await db().insert(t.userGroupProjects).values({ userGroupId: group!.userGroupId, projectId: project.projectId });
    await Promise.all([
      ...people.slice(0, 3).map((p) => db().insert(t.userProjects).values({ userId: p.userId, projectId: project.projectId })),
      ...people.slice(2).map((p) => db().insert(t.userGroupUsers).values({ userGroupId: group!.userGroupId, userId: p.userId })),
      db()
        .insert(t.userProjects)
        .values(people.map((p) => ({ userId: p.userId, projectId: other.projectId }))),
    ]);
    await expectCountsAgree([project.projectId, other.projectId]);
    expect((await app.request('GET', `/api/projects/${project.projectId}`, { token })).body.numberOfUsers).toBe(7);
    await db().insert(t.userGroupProjects).values({ userGroupId: group!.userGroupId, projectId: other.projectId });
    await db().delete(t.users).where(eq(t.users.userId, people[5]!.userId));
    await db().delete(t.userGroupUsers).where(eq(t.userGroupUsers.userId, people[3]!.userId));
    await expectCountsAgree([project.projectId, other.projectId]);
    expect((await app.request('PUT', `/api/projects/${project.projectId}/deactivate`, { token })).status).toBe(200);
    await expectCountsAgree([project.projectId, other.projectId]);
    expect((await db().select().from(t.projectUserCounts).where(eq(t.projectUserCounts.projectId, project.projectId)))[0]!.users).toBe(0);
  });
});
