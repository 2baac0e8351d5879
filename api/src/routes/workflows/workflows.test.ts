import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { WorkflowSchema, type Workflow } from 'contracts/workflows/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function getAll(token: string, projectIds: unknown): Promise<Workflow[]> {
  const answer = await app.request('POST', '/api/0/workflow/getAll', { token, body: projectIds });
  expect(answer.status).toBe(200);
  return v.parse(v.array(WorkflowSchema), answer.body);
}

const ids = (list: Workflow[]) => list.map((workflow) => workflow.workflowId).sort((a, b) => a - b);

async function workflow(projectId: number, values: Partial<typeof t.workflows.$inferInsert> = {}) {
  const [row] = await app.deps.db
    .insert(t.workflows)
    .values({ name: unique('Workflow'), projectId, workflowRelatedKey: randomUUID(), workflowData: { phases: [{ phaseName: 'Install', items: [] }] }, ...values })
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
  const [group] = await app.deps.db.insert(t.userGroups).values({ name: unique('Group'), licenseId: license.licenseId }).returning();
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
  it('answers every live workflow of the caller’s projects for an empty list, with the project’s name', async () => {
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
      workflowData: { phases: [{ phaseName: 'Install', items: [] }] },
    });
    expect(list[1]?.workflowRelatedKey).toBe(list[0]?.workflowRelatedKey);
  });

  it('keeps the listed projects the caller may see and ignores the rest', async () => {
    const { projects, workflows, token } = await scene([Role.ADMINISTER_WORKFLOW]);
    const list = await getAll(token, [projects.viaGroup.projectId, projects.unassigned.projectId, projects.elsewhere.projectId, 1, 999_999_999]);
    expect(ids(list)).toEqual([workflows.viaGroup.workflowId]);
    expect(await getAll(token, [projects.elsewhere.projectId])).toEqual([]);
  });

  it('shows an ADMINISTER_PROJECT_READ holder the workflows of their whole licence, and a super administrator every licence’s', async () => {
    const reader = await scene([Role.EDIT_WORKFLOW, Role.ADMINISTER_PROJECT_READ]);
    expect(ids(await getAll(reader.token, []))).toEqual([reader.workflows.direct.workflowId, reader.workflows.viaGroup.workflowId, reader.workflows.unassigned.workflowId]);

    const admin = await scene([Role.ADMINISTER_WORKFLOW, Role.ACCESS_ALL_CUSTOMER_LICENCES]);
    const everything = ids(await getAll(admin.token, []));
    expect(everything).toEqual(expect.arrayContaining([admin.workflows.unassigned.workflowId, admin.workflows.elsewhere.workflowId, reader.workflows.elsewhere.workflowId]));
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
    expect(await getAll(token, Array.from({ length: 1000 }, (_, i) => i + 2))).toBeInstanceOf(Array);
  });
});
