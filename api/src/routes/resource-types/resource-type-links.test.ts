import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { configAlreadyAssigned, notInASelectedProject, notInSelectedProject, WorkflowMessages } from 'contracts/workflows/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const data = (itemType = 2) => ({
  phases: [{ phaseId: randomUUID(), phaseName: 'Install', phaseWeight: 100, items: [{ itemId: randomUUID(), itemName: 'Mount', itemType, itemWeight: 100 }] }],
});

async function workflow(projectId: number, values: Partial<typeof t.workflows.$inferInsert> = {}) {
  const [row] = await app.deps.db
    .insert(t.workflows)
    .values({ name: unique('Workflow'), projectId, workflowRelatedKey: randomUUID(), workflowData: data(), ...values })
    .returning();
  return row!;
}

async function preservation(projectId: number) {
  const [row] = await app.deps.db
    .insert(t.preservations)
    .values({ name: unique('Plan'), projectId, preservationRelatedKey: randomUUID(), preservationSteps: [] })
    .returning();
  return row!;
}

/** A licence administrator's two projects with workflows and a preservation, and another licence's project. */
async function scene() {
  const license = await createLicense(app);
  const other = await createLicense(app);
  const project = await createProject(app, license.licenseId);
  const target = await createProject(app, license.licenseId);
  const elsewhere = await createProject(app, other.licenseId);
  const user = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE], projects: [project.projectId, target.projectId] });
  const types = await app.deps.db.select().from(t.resourceTypes).orderBy(t.resourceTypes.typeNumber).limit(3);
  return {
    project,
    target,
    elsewhere,
    types: types.map((type) => type.typeNumber),
    typeNames: types.map((type) => type.typeName),
    steel: await workflow(project.projectId),
    receiving: await workflow(project.projectId),
    production: await workflow(project.projectId, { workflowData: data(3) }),
    inTarget: await workflow(target.projectId),
    foreign: await workflow(elsewhere.projectId),
    plan: await preservation(project.projectId),
    token: await login(app, user.userName),
  };
}

const setWorkflows = (token: string, projectId: number, body: unknown, partial?: boolean) =>
  app.request('POST', `/api/${projectId}/Resource/resourcetype/workflow${partial ? '?partial=true' : ''}`, { token, body });
const links = (projectId: number) => app.deps.db.select().from(t.workflowResourceTypes).where(eq(t.workflowResourceTypes.projectId, projectId));

describe('the Resource Workflows Config calls', () => {
  it('links types to a workflow, lists them, and unlinks one', async () => {
    const s = await scene();
    const answer = await setWorkflows(s.token, s.project.projectId, [{ workflowId: s.steel.workflowId, resourceTypes: [s.types[0], s.types[1]] }]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ Message: WorkflowMessages.resourceTypesSaved, notCopied: [] });
    const list = await app.request('POST', `/api/${s.project.projectId}/Resource/resourcetype/workflowIds`, { token: s.token, body: [] });
    const steel = list.body.find((row: { workflowId: number }) => row.workflowId === s.steel.workflowId);
    expect(steel.resourceTypes.map((type: { typeNumber: number }) => type.typeNumber).sort()).toEqual([s.types[0], s.types[1]].sort());
    expect(steel.archiveErrors).toHaveLength(1);
    expect(steel).toMatchObject({ workflowRelatedKey: s.steel.workflowRelatedKey, hasProductionItem: false });
    expect(list.body.find((row: { workflowId: number }) => row.workflowId === s.production.workflowId).hasProductionItem).toBe(true);
    const removed = await app.request('POST', `/api/${s.project.projectId}/Resource/resourcetype/workflows/delete`, {
      token: s.token,
      body: { workflowId: s.steel.workflowId, resourceType: s.types[0] },
    });
    expect(removed.status).toBe(200);
    expect((await links(s.project.projectId)).map((link) => link.typeNumber)).toEqual([s.types[1]]);
    expect(
      (
        await app.request('POST', `/api/${s.project.projectId}/Resource/resourcetype/workflows/delete`, {
          token: s.token,
          body: { workflowId: s.steel.workflowId, resourceType: s.types[0] },
        })
      ).status,
    ).toBe(404);
  });

  it('gives a type to one workflow per project: a second is refused with the spec’s message, nothing saved', async () => {
    const s = await scene();
    await setWorkflows(s.token, s.project.projectId, [{ workflowId: s.steel.workflowId, resourceTypes: [s.types[0]] }]);
    const answer = await setWorkflows(s.token, s.project.projectId, [{ workflowId: s.receiving.workflowId, resourceTypes: [s.types[1], s.types[0]] }]);
    expect(answer.status).toBe(409);
    expect(answer.body.Message).toBe(configAlreadyAssigned(s.typeNames[0]!));
    expect((await links(s.project.projectId)).map((link) => [link.workflowId, link.typeNumber])).toEqual([[s.steel.workflowId, s.types[0]]]);
  });

  it('with partial=true saves what it can and answers exactly what was and was not copied', async () => {
    const s = await scene();
    await setWorkflows(s.token, s.project.projectId, [{ workflowId: s.steel.workflowId, resourceTypes: [s.types[0]] }]);
    const answer = await setWorkflows(
      s.token,
      s.project.projectId,
      [
        { workflowId: s.receiving.workflowId, resourceTypes: [s.types[0], s.types[1]] },
        { workflowId: s.inTarget.workflowId, resourceTypes: [s.types[2]] },
      ],
      true,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.copied).toEqual([{ workflowId: s.receiving.workflowId, resourceType: s.types[1] }]);
    expect(answer.body.notCopied).toEqual([
      { workflowId: s.receiving.workflowId, resourceType: s.types[0], message: configAlreadyAssigned(s.typeNames[0]!) },
      // The spec's workflow wording (spec 1 §5); a preservation's is '… is not in selected project'.
      { workflowId: s.inTarget.workflowId, resourceType: s.types[2], message: notInASelectedProject(s.inTarget.name) },
    ]);
    expect((await links(s.project.projectId)).length).toBe(2);
  });

  it('refuses a workflow with a Production item, an archived one, and another licence’s (404)', async () => {
    const s = await scene();
    const production = await setWorkflows(s.token, s.project.projectId, [{ workflowId: s.production.workflowId, resourceTypes: [s.types[0]] }]);
    expect(production.status).toBe(409);
    expect(production.body.Message).toBe(WorkflowMessages.productionNotConfigurable(s.production.name));
    const archived = await workflow(s.project.projectId, { isDecommissioned: true, decommissionDateTime: new Date() });
    expect((await setWorkflows(s.token, s.project.projectId, [{ workflowId: archived.workflowId, resourceTypes: [s.types[0]] }])).body.Message).toBe(
      WorkflowMessages.archivedNotConfigurable(archived.name),
    );
    expect((await setWorkflows(s.token, s.project.projectId, [{ workflowId: s.foreign.workflowId, resourceTypes: [s.types[0]] }])).status).toBe(404);
    expect((await setWorkflows(s.token, s.elsewhere.projectId, [{ workflowId: s.steel.workflowId, resourceTypes: [s.types[0]] }])).status).toBe(404);
    expect(await links(s.project.projectId)).toEqual([]);
    // Another licence's project: its links are neither read nor removed.
    await app.deps.db.insert(t.workflowResourceTypes).values({ projectId: s.elsewhere.projectId, typeNumber: s.types[0]!, workflowId: s.foreign.workflowId });
    expect((await app.request('POST', `/api/${s.elsewhere.projectId}/Resource/resourcetype/workflowIds`, { token: s.token, body: [] })).status).toBe(404);
    const removed = await app.request('POST', `/api/${s.elsewhere.projectId}/Resource/resourcetype/workflows/delete`, {
      token: s.token,
      body: { workflowId: s.foreign.workflowId, resourceType: s.types[0] },
    });
    expect(removed.status).toBe(404);
    expect(await links(s.elsewhere.projectId)).toHaveLength(1);
  });

  it('answers every project’s workflows for project 0, within the caller’s licence', async () => {
    const s = await scene();
    await setWorkflows(s.token, s.project.projectId, [{ workflowId: s.steel.workflowId, resourceTypes: [s.types[0]] }]);
    const all = await app.request('POST', '/api/0/Resource/resourcetype/workflowIds', { token: s.token, body: [] });
    expect(all.status).toBe(200);
    expect(all.body.map((row: { workflowId: number }) => row.workflowId).sort()).toEqual(
      [s.steel.workflowId, s.receiving.workflowId, s.production.workflowId, s.inTarget.workflowId].sort(),
    );
    expect(all.body.find((row: { workflowId: number }) => row.workflowId === s.steel.workflowId)).toMatchObject({
      projectId: s.project.projectId,
      resourceTypes: [{ typeNumber: s.types[0] }],
    });
    const [foreignLicense] = await app.deps.db
      .select({ licenseId: t.projects.licenseId })
      .from(t.projects)
      .where(eq(t.projects.projectId, s.elsewhere.projectId));
    expect(
      (await app.request('POST', `/api/0/Resource/resourcetype/workflowIds?licenseId=${foreignLicense!.licenseId}`, { token: s.token, body: [] })).status,
    ).toBe(404);
  });

  it('holds one workflow per type when two calls race', async () => {
    const s = await scene();
    const answers = await Promise.all([
      setWorkflows(s.token, s.project.projectId, [{ workflowId: s.steel.workflowId, resourceTypes: [s.types[0]] }]),
      setWorkflows(s.token, s.project.projectId, [{ workflowId: s.receiving.workflowId, resourceTypes: [s.types[0]] }]),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await links(s.project.projectId)).toHaveLength(1);
  });
});

describe('the Resource Preservation Config calls', () => {
  it('links types to a preservation, refuses a taken one, lists and unlinks', async () => {
    const s = await scene();
    const other = await preservation(s.project.projectId);
    const path = `/api/${s.project.projectId}/Resource/resourcetype/preservation`;
    expect((await app.request('POST', path, { token: s.token, body: { PreservationId: [s.plan.id], ResourceTypes: [s.types[0]] } })).status).toBe(200);
    const taken = await app.request('POST', path, { token: s.token, body: { PreservationId: [other.id], ResourceTypes: [s.types[0]] } });
    expect(taken.status).toBe(409);
    expect(taken.body.Message).toBe(configAlreadyAssigned(s.typeNames[0]!));
    const elsewhere = await preservation(s.target.projectId);
    const notHere = await app.request('POST', path, { token: s.token, body: { PreservationId: [elsewhere.id], ResourceTypes: [s.types[1]] } });
    expect([notHere.status, notHere.body.Message]).toEqual([409, notInSelectedProject(elsewhere.name)]);
    const list = await app.request('POST', `/api/${s.project.projectId}/Resource/resourcetype/preservationIds`, { token: s.token, body: [s.plan.id] });
    expect(list.body).toEqual([
      {
        preservationId: s.plan.id,
        name: s.plan.name,
        preservationRelatedKey: s.plan.preservationRelatedKey,
        projectId: s.project.projectId,
        resourceTypes: [{ typeNumber: s.types[0], typeName: s.typeNames[0] }],
      },
    ]);
    const removed = await app.request('POST', `/api/${s.project.projectId}/Resource/resourcetype/preservations/delete`, {
      token: s.token,
      body: { PreservationId: s.plan.id, ResourceType: s.types[0] },
    });
    expect(removed.status).toBe(200);
    expect(
      await app.deps.db
        .select()
        .from(t.preservationResourceTypes)
        .where(and(eq(t.preservationResourceTypes.projectId, s.project.projectId))),
    ).toEqual([]);
    // Another licence's project: no reading, linking or removing there.
    const foreignPlan = await preservation(s.elsewhere.projectId);
    await app.deps.db.insert(t.preservationResourceTypes).values({ projectId: s.elsewhere.projectId, typeNumber: s.types[0]!, preservationId: foreignPlan.id });
    for (const [path, body] of [
      ['preservationIds', []],
      ['preservation', { PreservationId: [foreignPlan.id], ResourceTypes: [s.types[1]] }],
      ['preservations/delete', { PreservationId: foreignPlan.id, ResourceType: s.types[0] }],
    ] as const) {
      expect((await app.request('POST', `/api/${s.elsewhere.projectId}/Resource/resourcetype/${path}`, { token: s.token, body })).status).toBe(404);
    }
    expect(await app.deps.db.select().from(t.preservationResourceTypes).where(eq(t.preservationResourceTypes.projectId, s.elsewhere.projectId))).toHaveLength(
      1,
    );
  });
});
