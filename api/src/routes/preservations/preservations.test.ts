import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PreservationMessages } from 'contracts/workflows/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A licence with two projects assigned to a preservation administrator, one not assigned, and another licence's project. */
async function scene(roles: string[] = [Role.ADMINISTER_PRESERVATION]) {
  const license = await createLicense(app);
  const other = await createLicense(app);
  const first = await createProject(app, license.licenseId);
  const second = await createProject(app, license.licenseId);
  const unassigned = await createProject(app, license.licenseId);
  const elsewhere = await createProject(app, other.licenseId);
  const user = await createUser(app, license.licenseId, { roles, projects: [first.projectId, second.projectId] });
  return { license, projects: { first, second, unassigned, elsewhere }, token: await login(app, user.userName) };
}

const plan = (projectIds: number[], key: string = randomUUID(), name = unique('Motor upkeep')) =>
  projectIds.map((projectId) => ({
    name,
    projectId,
    preservationRelatedKey: key,
    preservationSteps: [
      { name: 'Inspect', type: 0 },
      { name: 'Rotate shaft', type: 1, interval: 14, intervalUnit: 0 },
    ],
  }));

const create = (token: string, body: unknown) => app.request('POST', '/api/0/preservation/bulk', { token, body });
const update = (token: string, body: unknown) => app.request('PUT', '/api/0/preservation/bulk', { token, body });

describe('POST {projectId}/preservation/bulk', () => {
  it('creates one copy per project sharing the key, giving each step an id, and lists them', async () => {
    const { projects, token } = await scene();
    const answer = await create(token, plan([projects.first.projectId, projects.second.projectId]));
    expect(answer.status).toBe(201);
    expect(answer.body).toHaveLength(2);
    expect(answer.body[0]).toMatchObject({ projectId: projects.first.projectId, projectName: projects.first.name });
    expect(answer.body[0].preservationSteps[1]).toMatchObject({ name: 'Rotate shaft', type: 1, interval: 14, intervalUnit: 0, id: expect.any(String) });
    const list = await app.request('POST', '/api/preservation/getAll', { token, body: [] });
    expect(list.status).toBe(200);
    expect(list.body.success).toBe(true);
    expect(list.body.data.map((p: { id: number }) => p.id).sort()).toEqual(answer.body.map((p: { id: number }) => p.id).sort());
    const one = await app.request('GET', `/api/${projects.second.projectId}/preservation/bulk`, { token });
    expect(one.body.map((p: { projectId: number }) => p.projectId)).toEqual([projects.second.projectId]);
  });

  it('gives the editor’s messages for a nameless plan, a nameless step and a negative interval, creating nothing', async () => {
    const { projects, token } = await scene();
    const [copy] = plan([projects.first.projectId]);
    const answer = await create(token, [{ ...copy, name: ' ', preservationSteps: [{ name: '', type: 1, interval: -1 }] }]);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      '0.name': PreservationMessages.nameRequired,
      '0.preservationSteps.0.name': PreservationMessages.stepNameRequired,
      '0.preservationSteps.0.interval': PreservationMessages.negativeInterval,
    });
    expect((await create(token, [])).body.Message).toBe(PreservationMessages.projectsRequired);
    expect(await app.deps.db.select().from(t.preservations).where(eq(t.preservations.projectId, projects.first.projectId))).toEqual([]);
  });

  it('refuses project 1, an inactive project, and another licence’s or an unassigned project (404, nothing created)', async () => {
    const { projects, token } = await scene();
    expect((await create(token, plan([1]))).status).toBe(400);
    await app.deps.db.update(t.projects).set({ isActive: false }).where(eq(t.projects.projectId, projects.second.projectId));
    const inactive = await create(token, plan([projects.first.projectId, projects.second.projectId]));
    expect(inactive.status).toBe(409);
    expect(inactive.body.Message).toBe(PreservationMessages.projectInactive(projects.second.name));
    for (const hidden of [projects.unassigned, projects.elsewhere])
      expect((await create(token, plan([projects.first.projectId, hidden.projectId]))).status).toBe(404);
    expect(await app.deps.db.select().from(t.preservations).where(eq(t.preservations.projectId, projects.first.projectId))).toEqual([]);
  });

  it('needs ADMINISTER_PRESERVATION', async () => {
    const { projects, token } = await scene([Role.ADMINISTER_WORKFLOW]);
    expect((await create(token, plan([projects.first.projectId]))).status).toBe(403);
  });

  it('makes one copy per project even when two creates of one plan race', async () => {
    const { projects, token } = await scene();
    const body = plan([projects.first.projectId]);
    const answers = await Promise.all([create(token, body), create(token, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });
});

describe('PUT {projectId}/preservation/bulk', () => {
  it('updates copies, adds a project’s copy and removes one the body leaves out', async () => {
    const { projects, token } = await scene();
    const created = (await create(token, plan([projects.first.projectId]))).body as { id: number; preservationRelatedKey: string; name: string }[];
    const [copy] = created;
    const body = [
      { ...copy, name: 'Renamed', preservationSteps: [{ name: 'Grease', type: 1, interval: 6, intervalUnit: 1 }] },
      { ...plan([projects.second.projectId], copy!.preservationRelatedKey, 'Renamed')[0] },
    ];
    const answer = await update(token, body);
    expect(answer.status).toBe(200);
    expect(answer.body.Message).toBe(PreservationMessages.saved);
    const rows = await app.deps.db.select().from(t.preservations).where(eq(t.preservations.preservationRelatedKey, copy!.preservationRelatedKey));
    expect(rows.map((r) => [r.projectId, r.name]).sort()).toEqual(
      [
        [projects.first.projectId, 'Renamed'],
        [projects.second.projectId, 'Renamed'],
      ].sort(),
    );

    const kept = rows.find((r) => r.projectId === projects.second.projectId)!;
    expect((await update(token, [{ ...body[1], id: kept.id }])).status).toBe(200);
    expect(await app.deps.db.select().from(t.preservations).where(eq(t.preservations.id, copy!.id))).toEqual([]);
  });

  it('writes each copy’s change to its History, which another licence cannot read', async () => {
    const { projects, token } = await scene();
    const [copy] = (await create(token, plan([projects.first.projectId]))).body as { id: number }[];
    expect(
      (
        await update(token, [
          {
            ...(await app.deps.db.select().from(t.preservations).where(eq(t.preservations.id, copy!.id)))[0]!,
            name: 'Renamed plan',
            preservationSteps: [{ name: 'Grease', type: 1 }],
          },
        ])
      ).status,
    ).toBe(200);
    const history = await app.request('GET', `/api/audit?subject=preservation:${copy!.id}`, { token });
    expect(history.status).toBe(200);
    expect(history.body.items.length).toBe(2);
    expect(JSON.stringify(history.body.items[0])).toContain('Renamed plan');
    const stranger = await scene();
    expect((await app.request('GET', `/api/audit?subject=preservation:${copy!.id}`, { token: stranger.token })).status).toBe(404);
  });

  it('shows a copy’s History only to those who see its project (404 to a preservation administrator not assigned to it)', async () => {
    const { license, projects, token } = await scene();
    const reader = await createUser(app, license.licenseId, {
      roles: [Role.ADMINISTER_PRESERVATION, Role.ADMINISTER_PROJECT_READ],
      projects: [projects.first.projectId],
    });
    const readerToken = await login(app, reader.userName);
    const [hidden] = (await create(readerToken, plan([projects.unassigned.projectId]))).body as { id: number; name: string }[];
    const history = (as: string) => app.request('GET', `/api/audit?subject=preservation:${hidden!.id}`, { token: as });
    const refused = await history(token);
    expect([refused.status, refused.text]).toEqual([404, expect.not.stringContaining(hidden!.name)]);
    const seen = await history(readerToken);
    expect([seen.status, seen.body.items.length]).toEqual([200, 1]);
  });

  it('keeps a copy that resource types follow (409, nothing saved), and another licence’s plan is a 404', async () => {
    const { projects, token } = await scene();
    const created = (await create(token, plan([projects.first.projectId, projects.second.projectId]))).body as {
      id: number;
      projectId: number;
      preservationRelatedKey: string;
      name: string;
    }[];
    const [type] = await app.deps.db.select().from(t.resourceTypes).limit(1);
    await app.deps.db
      .insert(t.preservationResourceTypes)
      .values({ projectId: created[0]!.projectId, typeNumber: type!.typeNumber, preservationId: created[0]!.id });
    const answer = await update(token, [{ ...created[1]!, name: 'Only second' }]);
    expect(answer.status).toBe(409);
    expect(answer.body.Message).toBe(PreservationMessages.removedLinked(projects.first.name));
    const [second] = await app.deps.db
      .select()
      .from(t.preservations)
      .where(and(eq(t.preservations.id, created[1]!.id)));
    expect(second!.name).toBe(created[1]!.name);

    const stranger = await scene();
    expect((await update(stranger.token, [{ ...created[1]!, name: 'Taken' }])).status).toBe(404);
    // Another licence's project is no project to read, and its plans are no plans in the list.
    expect((await app.request('GET', `/api/${projects.first.projectId}/preservation/bulk`, { token: stranger.token })).status).toBe(404);
    expect((await app.request('POST', '/api/preservation/getAll', { token: stranger.token, body: [projects.first.projectId] })).body.data).toEqual([]);
  });
});
