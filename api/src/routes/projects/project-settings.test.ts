/**
 * A project's document numbering (compare-and-set: two administrators never silently overwrite
 * each other) and its default storage location (an active site of the project).
 */
import { and, eq } from 'drizzle-orm';
import { NumberingMessages, ProjectMessages } from 'contracts/projects-sites/model';
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

async function numberedProject() {
  const license = await createLicense(app);
  const project = await createProject(app, license.licenseId, { name: unique('Tower') });
  await db()
    .insert(t.documentNumbering)
    .values([
      { projectId: project.projectId, property: 'Receipt', label: 'Receipt', prefix: 'RCV-', nextNumber: 100 },
      { projectId: project.projectId, property: 'Shipment', label: 'Shipment', prefix: 'SHP-', nextNumber: 7 },
    ]);
  const editor = await createUser(app, license.licenseId, {
    roles: [Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_PROJECT_READ, Role.ADMINISTER_PROJECT_UPDATE],
    projects: [project.projectId],
  });
  const reader = await createUser(app, license.licenseId, {
    roles: [Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_PROJECT_READ],
    projects: [project.projectId],
  });
  return { license, project, token: await login(app, editor.userName), readerToken: await login(app, reader.userName) };
}

const numbering = (projectId: number, token: string) => app.request('POST', `/api/${projectId}/CentralLogin/autonumbering`, { token });
const update = (projectId: number, token: string, body: unknown) => app.request('POST', `/api/${projectId}/CentralLogin/autonumbering/update`, { token, body });
const nextOf = async (projectId: number, property: string) =>
  (
    await db()
      .select()
      .from(t.documentNumbering)
      .where(and(eq(t.documentNumbering.projectId, projectId), eq(t.documentNumbering.property, property)))
  )[0]!.nextNumber;

describe('document numbering', () => {
  it('answers each document type with its next number, and writes a changed row whose number is still the one read', async () => {
    const { project, token, readerToken } = await numberedProject();
    const read = await numbering(project.projectId, readerToken);
    expect(read.body).toEqual([
      { property: 'Receipt', label: 'Receipt', prefix: 'RCV-', value: 100, parentProperty: null },
      { property: 'Shipment', label: 'Shipment', prefix: 'SHP-', value: 7, parentProperty: null },
    ]);
    const answer = await update(project.projectId, token, [{ resourceType: 'Receipt', expectedNextNumber: 100, newNextNumber: 150 }]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([{ resourceType: 'Receipt', expectedNextNumber: 100, newNextNumber: 150, actualNextNumber: 150, success: true }]);
    expect(await nextOf(project.projectId, 'Receipt')).toBe(150);
    const [entry] = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.subject, `project:${project.projectId}`));
    expect(entry).toMatchObject({ entity: 'document-numbering', before: { Receipt: 100 }, after: { Receipt: 150 } });
    // Reading is for whoever sees the project; writing needs project editing.
    expect((await update(project.projectId, readerToken, [{ resourceType: 'Shipment', expectedNextNumber: 7, newNextNumber: 8 }])).status).toBe(403);
  });

  it('refuses a row changed elsewhere with what it is now, writing the others', async () => {
    const { project, token } = await numberedProject();
    await db()
      .update(t.documentNumbering)
      .set({ nextNumber: 120 })
      .where(and(eq(t.documentNumbering.projectId, project.projectId), eq(t.documentNumbering.property, 'Receipt')));
    const answer = await update(project.projectId, token, [
      { resourceType: 'Receipt', expectedNextNumber: 100, newNextNumber: 150 },
      { resourceType: 'Shipment', expectedNextNumber: 7, newNextNumber: 9 },
    ]);
    expect(answer.body).toEqual([
      { resourceType: 'Receipt', expectedNextNumber: 100, newNextNumber: 150, actualNextNumber: 120, success: false },
      { resourceType: 'Shipment', expectedNextNumber: 7, newNextNumber: 9, actualNextNumber: 9, success: true },
    ]);
    expect(await nextOf(project.projectId, 'Receipt')).toBe(120);
  });

  it('lets exactly one of two concurrent updates from the same number win', async () => {
    const { project, token } = await numberedProject();
    const [a, b] = await Promise.all([
      update(project.projectId, token, [{ resourceType: 'Receipt', expectedNextNumber: 100, newNextNumber: 200 }]),
      update(project.projectId, token, [{ resourceType: 'Receipt', expectedNextNumber: 100, newNextNumber: 300 }]),
    ]);
    const rows = [a!.body[0], b!.body[0]];
    expect(rows.map((r) => r.success).sort()).toEqual([false, true]);
    const winner = rows.find((r) => r.success)!;
    expect(rows.find((r) => !r.success)!.actualNextNumber).toBe(winner.newNextNumber);
    expect(await nextOf(project.projectId, 'Receipt')).toBe(winner.newNextNumber);
  });

  it('answers a bad row with a 400 and writes nothing; another licence’s project is a 404', async () => {
    const { project, token } = await numberedProject();
    const cases: [unknown, string][] = [
      [[{ resourceType: 'Receipt', expectedNextNumber: 100, newNextNumber: -1 }], NumberingMessages.nextNumber],
      [[{ resourceType: 'Receipt', expectedNextNumber: 100, newNextNumber: 1.5 }], NumberingMessages.nextNumber],
      [[{ resourceType: 'Invoice', expectedNextNumber: 1, newNextNumber: 2 }], NumberingMessages.unknownType('Invoice')],
      [
        [
          { resourceType: 'Shipment', expectedNextNumber: 7, newNextNumber: 8 },
          { resourceType: 'Shipment', expectedNextNumber: 7, newNextNumber: 9 },
        ],
        NumberingMessages.repeatedType('Shipment'),
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await update(project.projectId, token, body);
      expect([answer.status, answer.body.Message]).toEqual([400, message]);
    }
    expect([await nextOf(project.projectId, 'Receipt'), await nextOf(project.projectId, 'Shipment')]).toEqual([100, 7]);
    const other = await numberedProject();
    expect((await numbering(other.project.projectId, token)).status).toBe(404);
    expect((await update(other.project.projectId, token, [{ resourceType: 'Receipt', expectedNextNumber: 100, newNextNumber: 1 }])).status).toBe(404);
    expect(await nextOf(other.project.projectId, 'Receipt')).toBe(100);
  });
});

describe('default storage location', () => {
  it('sets an active site of the project with its hierarchy, clears it, and refuses anything else', async () => {
    const { project, token, readerToken } = await numberedProject();
    const [yard] = await db().insert(t.sites).values({ projectId: project.projectId, name: 'Yard' }).returning();
    const [rack] = await db().insert(t.sites).values({ projectId: project.projectId, name: 'Rack 2', parentId: yard!.siteId, depth: 1 }).returning();
    const [old] = await db().insert(t.sites).values({ projectId: project.projectId, name: 'Old', active: false }).returning();
    const other = await numberedProject();
    const [foreign] = await db().insert(t.sites).values({ projectId: other.project.projectId, name: 'Elsewhere' }).returning();

    expect((await app.request('GET', `/api/project/${project.projectId}/default-storage`, { token: readerToken })).body).toBeNull();
    const set = await app.request('POST', `/api/project/${project.projectId}/default-storage`, { token, body: { siteId: rack!.siteId } });
    expect([set.status, set.body.Message]).toEqual([200, ProjectMessages.defaultStorageUpdated]);
    expect((await app.request('GET', `/api/project/${project.projectId}/default-storage`, { token })).body).toEqual({
      siteId: rack!.siteId,
      siteHierarchy: 'Yard > Rack 2',
    });
    for (const siteId of [old!.siteId, foreign!.siteId, 99999999]) {
      const refused = await app.request('POST', `/api/project/${project.projectId}/default-storage`, { token, body: { siteId } });
      expect([refused.status, refused.body.Message]).toEqual([400, ProjectMessages.defaultStorageSite]);
    }
    expect((await app.request('POST', `/api/project/${project.projectId}/default-storage`, { token: readerToken, body: { siteId: null } })).status).toBe(403);
    expect((await app.request('POST', `/api/project/${project.projectId}/default-storage`, { token, body: { siteId: null } })).status).toBe(200);
    expect((await app.request('GET', `/api/project/${project.projectId}/default-storage`, { token })).body).toBeNull();
    expect((await app.request('GET', `/api/project/${other.project.projectId}/default-storage`, { token })).status).toBe(404);
  });
});
