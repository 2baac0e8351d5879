/**
 * The workflow list, one workflow with its copies, the archive validation and archiving: the
 * projects the caller sees (directly, through a group, a whole licence, every licence), the
 * archive reasons with their messages, 404 for another licence's workflow, roles, History.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import {
  ArchiveValidationSchema,
  ExistingPhasesSchema,
  type ExistingPhases,
  WorkflowDetailSchema,
  WorkflowListItemSchema,
  WorkflowMessages,
  type Workflow,
  type WorkflowListItem,
} from 'contracts/workflows/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';
import { calls, link, newWorkflow, workflowWorld } from './workflows.fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function getAll(token: string, projectIds: unknown): Promise<WorkflowListItem[]> {
  const answer = await app.request('POST', '/api/0/workflow/getAll', { token, body: projectIds });
  expect(answer.status).toBe(200);
  return v.parse(v.array(WorkflowListItemSchema), answer.body);
}

const ids = (list: { workflowId: number }[]) => list.map((workflow) => workflow.workflowId).sort((a, b) => a - b);

async function workflow(projectId: number, values: Partial<typeof t.workflows.$inferInsert> = {}) {
  const [row] = await app.deps.db
    .insert(t.workflows)
    .values({
      name: unique('Workflow'),
      projectId,
      workflowRelatedKey: randomUUID(),
      workflowData: { phases: [{ phaseName: 'Install', items: [] }] },
      ...values,
    })
    .returning();
  return row!;
}

/** A licence with projects assigned to a user directly, through a group, and not at all; and another licence's project. */
async function scene(roles: string[]) {
  const license = await createLicense(app);
  const other = await createLicense(app);
  const direct = await createProject(app, license.licenseId);
  const viaGroup = await createProject(app, license.licenseId);
  const unassigned = await createProject(app, license.licenseId);
  const elsewhere = await createProject(app, other.licenseId);
  const user = await createUser(app, license.licenseId, { roles, projects: [direct.projectId] });
  const [group] = await app.deps.db
    .insert(t.userGroups)
    .values({ name: unique('Group'), licenseId: license.licenseId })
    .returning();
  await app.deps.db.insert(t.userGroupUsers).values({ userGroupId: group!.userGroupId, userId: user.userId });
  await app.deps.db.insert(t.userGroupProjects).values({ userGroupId: group!.userGroupId, projectId: viaGroup.projectId });
  const key = randomUUID();
  const workflows = {
    direct: await workflow(direct.projectId, { workflowRelatedKey: key }),
    viaGroup: await workflow(viaGroup.projectId, { workflowRelatedKey: key }),
    unassigned: await workflow(unassigned.projectId),
    elsewhere: await workflow(elsewhere.projectId),
    archived: await workflow(direct.projectId, { isDecommissioned: true, decommissionDateTime: new Date() }),
  };
  return { license, projects: { direct, viaGroup, unassigned, elsewhere }, workflows, token: await login(app, user.userName) };
}

describe('POST {projectId}/workflow/getAll', () => {
  it('answers every live workflow of the caller’s projects for an empty list, with the project’s name and without its phases (issue 38)', async () => {
    const { projects, workflows, token } = await scene([Role.EDIT_WORKFLOW]);
    const list = await getAll(token, []);
    expect(ids(list)).toEqual([workflows.direct.workflowId, workflows.viaGroup.workflowId]);
    expect(list.find((w) => w.workflowId === workflows.direct.workflowId)).toEqual({
      workflowId: workflows.direct.workflowId,
      name: workflows.direct.name,
      workflowType: 'progress',
      projectId: projects.direct.projectId,
      projectName: projects.direct.name,
      workflowRelatedKey: workflows.direct.workflowRelatedKey,
      isDecommissioned: false,
      decommissionDateTime: null,
      archiveErrors: [],
      projectIsActive: true,
    });
    expect(list[1]?.workflowRelatedKey).toBe(list[0]?.workflowRelatedKey);
  });

  it('keeps the workflows of a deactivated project, marked by projectIsActive (a project can be activated again; the list marks them)', async () => {
    const { projects, workflows, token } = await scene([Role.EDIT_WORKFLOW]);
    await app.deps.db.update(t.projects).set({ isActive: false }).where(eq(t.projects.projectId, projects.viaGroup.projectId));
    const list = await getAll(token, []);
    expect(list.map((w) => [w.workflowId, w.projectIsActive])).toEqual([
      [workflows.direct.workflowId, true],
      [workflows.viaGroup.workflowId, false],
    ]);
    const one = v.parse(WorkflowDetailSchema, (await calls(app).getOne(token, workflows.direct.workflowId)).body);
    expect(one.workflow.projectIsActive).toBe(true);
  });

  it('keeps the listed projects the caller may see and ignores the rest', async () => {
    const { projects, workflows, token } = await scene([Role.ADMINISTER_WORKFLOW]);
    const list = await getAll(token, [projects.viaGroup.projectId, projects.unassigned.projectId, projects.elsewhere.projectId, 1, 999_999_999]);
    expect(ids(list)).toEqual([workflows.viaGroup.workflowId]);
    expect(await getAll(token, [projects.elsewhere.projectId])).toEqual([]);
  });

  it('shows an ADMINISTER_PROJECT_READ holder the workflows of their whole licence, and a super administrator every licence’s', async () => {
    const reader = await scene([Role.EDIT_WORKFLOW, Role.ADMINISTER_PROJECT_READ]);
    expect(ids(await getAll(reader.token, []))).toEqual([
      reader.workflows.direct.workflowId,
      reader.workflows.viaGroup.workflowId,
      reader.workflows.unassigned.workflowId,
    ]);

    const admin = await scene([Role.ADMINISTER_WORKFLOW, Role.ACCESS_ALL_CUSTOMER_LICENCES]);
    const everything = ids(await getAll(admin.token, []));
    expect(everything).toEqual(
      expect.arrayContaining([admin.workflows.unassigned.workflowId, admin.workflows.elsewhere.workflowId, reader.workflows.elsewhere.workflowId]),
    );
    expect(everything).not.toContain(admin.workflows.archived.workflowId);
    expect(ids(await getAll(admin.token, [admin.projects.elsewhere.projectId]))).toEqual([admin.workflows.elsewhere.workflowId]);
  });

  it('needs ADMINISTER_WORKFLOW or EDIT_WORKFLOW: anyone else gets 403', async () => {
    const { token } = await scene([Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PRESERVATION]);
    expect((await app.request('POST', '/api/0/workflow/getAll', { token, body: [] })).status).toBe(403);
    expect((await app.request('POST', '/api/0/workflow/getAll', { body: [] })).status).toBe(401);
  });

  it('refuses a body that is not a list of at most 1000 project ids', async () => {
    const { token } = await scene([Role.EDIT_WORKFLOW]);
    for (const body of [{ projectIds: [] }, ['7'], [1.5], [-1], Array.from({ length: 1001 }, (_, i) => i + 2)]) {
      const answer = await app.request('POST', '/api/0/workflow/getAll', { token, body });
      expect(answer.status).toBe(400);
      expect(typeof answer.body.Message).toBe('string');
    }
    expect((await app.request('POST', '/api/0/workflow/getAll', { token })).status).toBe(400);
    expect(
      await getAll(
        token,
        Array.from({ length: 1000 }, (_, i) => i + 2),
      ),
    ).toBeInstanceOf(Array);
  });
});

describe('GET workflows/phases', () => {
  const phase = (phaseName: string, items = 0) => ({
    phaseId: randomUUID(),
    phaseName,
    color: '#FCC400',
    phaseWeight: 0,
    items: Array.from({ length: items }, (_, i) => ({ itemId: randomUUID(), itemName: `Item ${i + 1}` })),
  });
  const existing = async (token: string, relatedKey?: string) => {
    const answer = await app.request('GET', `/api/workflows/phases${relatedKey ? `?relatedKey=${relatedKey}` : ''}`, { token });
    expect(answer.status).toBe(200);
    return v.parse(ExistingPhasesSchema, answer.body);
  };

  it('offers the first phase of each name of the live workflows the caller sees, items and all, without the edited workflow’s copies', async () => {
    const { projects, token } = await scene([Role.ADMINISTER_WORKFLOW]);
    const edited = randomUUID();
    const install = phase('Install', 2);
    const first = await workflow(projects.direct.projectId, { name: 'A first', workflowData: { phases: [install, phase(' Survey ')] } });
    const second = await workflow(projects.direct.projectId, {
      name: 'B second',
      workflowData: { phases: [phase('Install', 5), phase('Commission'), phase('  ')] },
    });
    await workflow(projects.viaGroup.projectId, { name: 'C edited', workflowRelatedKey: edited, workflowData: { phases: [phase('Only here')] } });
    await workflow(projects.direct.projectId, { name: 'D archived', isDecommissioned: true, workflowData: { phases: [phase('Archived phase')] } });
    await workflow(projects.unassigned.projectId, { name: 'E unseen', workflowData: { phases: [phase('Unseen phase')] } });
    const names = (list: ExistingPhases) =>
      list
        .filter((w) => [first.workflowId, second.workflowId].includes(w.workflowId) || w.name === 'C edited')
        .map((w) => [w.name, (w.workflowData.phases as { phaseName: string }[]).map((p) => p.phaseName)]);

    const offered = await existing(token, edited);
    // In the list's order (project, then name): B's 'Install' and the scene's own ones come after A's.
    expect(names(offered)).toEqual([
      ['A first', ['Install', ' Survey ']],
      ['B second', ['Commission']],
    ]);
    expect(offered.find((w) => w.workflowId === first.workflowId)?.workflowData.phases[0]).toEqual(install);
    expect(offered.map((w) => w.name)).not.toContain('C edited');
    const all = await existing(token);
    expect(names(all)).toContainEqual(['C edited', ['Only here']]);
    expect(JSON.stringify(all)).not.toContain('Unseen phase');
    expect(JSON.stringify(all)).not.toContain('Archived phase');
  });

  it('needs ADMINISTER_WORKFLOW or EDIT_WORKFLOW', async () => {
    const { token } = await scene([Role.ACCESS_MY_CUSTOMER_LICENCE]);
    expect((await app.request('GET', '/api/workflows/phases', { token })).status).toBe(403);
    expect((await app.request('GET', '/api/workflows/phases')).status).toBe(401);
  });
});

describe('archive reasons, one workflow, archiving', () => {
  const call = () => calls(app);

  it('gives the list’s archiveErrors: resource types of its project that follow a workflow', async () => {
    const w = await workflowWorld(app);
    const [followed, free] = (await call().bulk(w.token, newWorkflow([w.projects.first.projectId, w.projects.second.projectId]))).body as Workflow[];
    const typeName = await link(app, followed!);
    await link(app, followed!, 3);
    const list = await getAll(w.token, []);
    expect(list.find((row) => row.workflowId === followed!.workflowId)!.archiveErrors).toEqual([
      WorkflowMessages.followedByResourceTypes([typeName, 'Equipment'], w.projects.first.name),
    ]);
    expect(list.find((row) => row.workflowId === free!.workflowId)!.archiveErrors).toEqual([]);
  });

  it('answers one workflow, archived too, with its live copies the caller sees and the resource types that follow each', async () => {
    const w = await workflowWorld(app);
    const [first, second] = (await call().bulk(w.token, newWorkflow([w.projects.first.projectId, w.projects.second.projectId]))).body as Workflow[];
    const typeName = await link(app, second!);
    // A copy in a project the user does not see is not among the copies.
    await app.deps.db
      .insert(t.workflows)
      .values({ name: first!.name, projectId: w.projects.unassigned.projectId, workflowRelatedKey: first!.workflowRelatedKey });
    const one = await call().getOne(w.token, first!.workflowId);
    expect(one.status).toBe(200);
    const detail = v.parse(WorkflowDetailSchema, one.body);
    expect(detail.workflow).toMatchObject({ workflowId: first!.workflowId, projectName: w.projects.first.name, archiveErrors: [] });
    expect(detail.copies.map((copy) => [copy.workflowId, copy.projectId, copy.projectName, copy.resourceTypes])).toEqual(
      [
        [first!.workflowId, w.projects.first.projectId, w.projects.first.name, []],
        [second!.workflowId, w.projects.second.projectId, w.projects.second.name, [{ typeName, typeNumber: 7 }]],
      ].sort((a, b) => String(a[2]).localeCompare(String(b[2]))),
    );
    expect((await call().archive(w.token, [first!.workflowId])).status).toBe(200);
    const archived = v.parse(WorkflowDetailSchema, (await call().getOne(w.token, first!.workflowId)).body);
    expect(archived.workflow).toMatchObject({ isDecommissioned: true, archiveErrors: [WorkflowMessages.alreadyArchived] });
    expect(archived.copies.map((copy) => copy.workflowId)).toEqual([second!.workflowId]);
  });

  it('answers 404 for another licence’s workflow, one of a project not assigned, and a missing one', async () => {
    const w = await workflowWorld(app);
    const hidden = await workflow(w.projects.unassigned.projectId);
    const foreign = await workflow(w.projects.elsewhere.projectId);
    for (const id of [hidden.workflowId, foreign.workflowId, 999_999_999]) expect((await call().getOne(w.token, id)).status).toBe(404);
    expect((await call().getOne(w.token, 0)).status).toBe(404);
    expect((await call().getOne(w.strangerToken, foreign.workflowId)).status).toBe(200);
  });

  it('validates an archive: an entry for every id, empty when it can be archived', async () => {
    const w = await workflowWorld(app);
    const free = await workflow(w.projects.first.projectId);
    const followed = await workflow(w.projects.second.projectId);
    const archived = await workflow(w.projects.first.projectId, { isDecommissioned: true, decommissionDateTime: new Date() });
    const typeName = await link(app, followed);
    const answer = await call().validate(w.token, [free.workflowId, followed.workflowId, archived.workflowId, free.workflowId]);
    expect(answer.status).toBe(200);
    expect(v.parse(ArchiveValidationSchema, answer.body)).toEqual({
      archiveErrorsByWorkflowId: {
        [free.workflowId]: [],
        [followed.workflowId]: [WorkflowMessages.followedByResourceTypes([typeName], w.projects.second.name)],
        [archived.workflowId]: [WorkflowMessages.alreadyArchived],
      },
    });
    expect((await call().validate(w.token, [])).body).toEqual({ archiveErrorsByWorkflowId: {} });
    expect((await call().validate(w.token, [free.workflowId, (await workflow(w.projects.elsewhere.projectId)).workflowId])).status).toBe(404);
  });

  it('archives workflows, with the time and each one’s History, and answers Workflow archived', async () => {
    const w = await workflowWorld(app);
    const a = await workflow(w.projects.first.projectId);
    const b = await workflow(w.projects.second.projectId);
    const answer = await call().archive(w.token, [a.workflowId, b.workflowId]);
    expect([answer.status, answer.body]).toEqual([200, { success: true, message: WorkflowMessages.archived }]);
    const rows = await app.deps.db
      .select()
      .from(t.workflows)
      .where(inArray(t.workflows.workflowId, [a.workflowId, b.workflowId]));
    expect(rows.map((row) => [row.isDecommissioned, row.decommissionDateTime?.getTime()])).toEqual([
      [true, app.clock.now().getTime()],
      [true, app.clock.now().getTime()],
    ]);
    expect(ids(await getAll(w.token, []))).not.toContain(a.workflowId);
    const history = await app.request('GET', `/api/audit?subject=workflow:${a.workflowId}`, { token: w.token });
    expect(history.body.items).toHaveLength(1);
    expect(history.body.items[0]).toMatchObject({ method: 'POST', path: '/api/workflow/archive', entity: 'workflow', status: 200 });
    expect(history.body.items[0].changes).toEqual(expect.arrayContaining([{ field: 'isDecommissioned', before: 'false', after: 'true' }]));
  });

  it('refuses an archive with reasons (409 naming them), another licence’s workflow (404) and none (400), archiving nothing', async () => {
    const w = await workflowWorld(app);
    const free = await workflow(w.projects.first.projectId);
    const followed = await workflow(w.projects.second.projectId);
    const typeName = await link(app, followed);
    const refused = await call().archive(w.token, [free.workflowId, followed.workflowId]);
    const reason = WorkflowMessages.followedByResourceTypes([typeName], w.projects.second.name);
    expect([refused.status, refused.body.Message, refused.body.archiveErrorsByWorkflowId]).toEqual([
      409,
      reason,
      { [free.workflowId]: [], [followed.workflowId]: [reason] },
    ]);
    const again = await call().archive(w.token, [(await workflow(w.projects.first.projectId, { isDecommissioned: true })).workflowId]);
    expect([again.status, again.body.Message]).toEqual([409, WorkflowMessages.alreadyArchived]);
    const foreign = await workflow(w.projects.elsewhere.projectId);
    expect((await call().archive(w.token, [free.workflowId, foreign.workflowId])).status).toBe(404);
    expect((await call().archive(w.token, [(await workflow(w.projects.unassigned.projectId)).workflowId])).status).toBe(404);
    const none = await call().archive(w.token, []);
    expect([none.status, none.body.Message]).toEqual([400, WorkflowMessages.archiveIdsRequired]);
    const rows = await app.deps.db
      .select()
      .from(t.workflows)
      .where(inArray(t.workflows.workflowId, [free.workflowId, followed.workflowId, foreign.workflowId]));
    expect(rows.map((row) => row.isDecommissioned)).toEqual([false, false, false]);
    expect(
      await app.deps.db
        .select()
        .from(t.auditLog)
        .where(eq(t.auditLog.subject, `workflow:${free.workflowId}`)),
    ).toEqual([]);
  });

  it('shows a workflow’s History only to those who see its project, as its view (404 to a workflow user not assigned to it)', async () => {
    const w = await workflowWorld(app);
    const admin = await createUser(app, w.license.licenseId, {
      roles: [Role.ADMINISTER_WORKFLOW, Role.ADMINISTER_PROJECT_READ],
      projects: [w.projects.first.projectId],
    });
    const [hidden] = (await call().bulk(await login(app, admin.userName), newWorkflow([w.projects.unassigned.projectId]))).body as Workflow[];
    const history = (token: string) => app.request('GET', `/api/audit?subject=workflow:${hidden!.workflowId}`, { token });
    expect((await call().getOne(w.token, hidden!.workflowId)).status).toBe(404);
    const refused = await history(w.token);
    expect([refused.status, refused.text]).toEqual([404, expect.not.stringContaining(hidden!.name)]);
    // A reader of the whole licence sees the project, and so its workflow's History.
    const seen = await history(await login(app, admin.userName));
    expect([seen.status, seen.body.items.length]).toEqual([200, 1]);
  });

  it('lets EDIT_WORKFLOW archive, and refuses anyone without a workflow role (403)', async () => {
    const editor = await workflowWorld(app, [Role.EDIT_WORKFLOW]);
    expect((await call().archive(editor.token, [(await workflow(editor.projects.first.projectId)).workflowId])).status).toBe(200);
    const other = await workflowWorld(app, [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PROJECT_READ]);
    const mine = await workflow(other.projects.first.projectId);
    for (const answer of [
      await call().archive(other.token, [mine.workflowId]),
      await call().validate(other.token, [mine.workflowId]),
      await call().getOne(other.token, mine.workflowId),
    ])
      expect(answer.status).toBe(403);
  });
});
