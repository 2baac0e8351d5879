/**
 * Test data of the workflow suites: a licence with projects and a workflow user, workflows as the
 * editor saves them, and the calls. Each suite makes its own data through these.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import type { TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

/** The phases and items of a workflow: Install (Mount, Wire after Mount) and Test (Power on, which completes Wire). */
export function phasesOf(ids = { install: randomUUID(), test: randomUUID(), mount: randomUUID(), wire: randomUUID(), power: randomUUID() }) {
  return [
    {
      phaseId: ids.install,
      phaseName: 'Install',
      color: '#FCC400',
      phaseWeight: 60,
      items: [
        { itemId: ids.mount, itemName: 'Mount', itemType: 2, itemWeight: 50 } as Record<string, unknown>,
        { itemId: ids.wire, itemName: 'Wire', itemType: 2, itemWeight: 50, preRequisite: { phaseId: ids.install, itemId: ids.mount } } as Record<
          string,
          unknown
        >,
      ],
    },
    {
      phaseId: ids.test,
      phaseName: 'Test',
      color: '#2563EB',
      phaseWeight: 40,
      items: [
        { itemId: ids.power, itemName: 'Power on', itemType: 2, itemWeight: 100, complete: [{ phaseId: ids.install, itemId: ids.wire }] } as Record<
          string,
          unknown
        >,
      ],
    },
  ];
}
export type Phases = ReturnType<typeof phasesOf>;

/** A workflow's copy as the editor sends it. */
export interface CopyBody {
  workflowId: number;
  name: string;
  projectId: number;
  workflowRelatedKey: string;
  workflowData: { phases: Phases };
}

/** The copies of one new workflow, one per project (workflowId 0), sharing a key, a name and their phases. */
export function newWorkflow(projectIds: number[], phases: Phases = phasesOf(), name = unique('Install panels')): CopyBody[] {
  const key = randomUUID();
  return projectIds.map((projectId) => ({ workflowId: 0, name, projectId, workflowRelatedKey: key, workflowData: { phases: structuredClone(phases) } }));
}

/** The first item of the first phase of a copy (what most rule tests change). */
export const firstItem = (copy: CopyBody) => copy.workflowData.phases[0]!.items[0]!;

/**
 * A licence with two projects assigned to a workflow user (directly), a project of the licence
 * not assigned, another licence's project, and that licence's workflow user.
 */
export async function workflowWorld(app: TestApp, roles: string[] = [Role.ADMINISTER_WORKFLOW, Role.EDIT_WORKFLOW]) {
  const license = await createLicense(app);
  const other = await createLicense(app);
  const first = await createProject(app, license.licenseId, { name: unique('Tower') });
  const second = await createProject(app, license.licenseId, { name: unique('Depot') });
  const unassigned = await createProject(app, license.licenseId);
  const elsewhere = await createProject(app, other.licenseId);
  const user = await createUser(app, license.licenseId, { roles, projects: [first.projectId, second.projectId] });
  const stranger = await createUser(app, other.licenseId, {
    roles: [Role.ADMINISTER_WORKFLOW, Role.EDIT_WORKFLOW, Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PROJECT_READ],
    projects: [elsewhere.projectId],
  });
  return {
    license,
    projects: { first, second, unassigned, elsewhere },
    token: await login(app, user.userName),
    strangerToken: await login(app, stranger.userName),
  };
}

export const calls = (app: TestApp) => ({
  bulk: (token: string, body: unknown, archive?: number[]) =>
    app.request('POST', `/api/0/workflow/bulk${archive ? `?archive=${archive.join(',')}` : ''}`, { token, body }),
  update: (token: string, projectId: number, body: unknown) => app.request('PUT', `/api/${projectId}/workflow`, { token, body }),
  archive: (token: string, ids: unknown) => app.request('POST', '/api/workflow/archive', { token, body: ids }),
  validate: (token: string, ids: unknown) => app.request('POST', '/api/workflow/validateArchive', { token, body: ids }),
  getOne: (token: string, workflowId: number) => app.request('GET', `/api/workflows/${workflowId}`, { token }),
  getAll: (token: string, projectIds: number[] = []) => app.request('POST', '/api/0/workflow/getAll', { token, body: projectIds }),
});

/** The stored rows of a related key, by project. */
export async function rawRows(app: TestApp, relatedKey: string) {
  const rows = await app.deps.db.select().from(t.workflows).where(eq(t.workflows.workflowRelatedKey, relatedKey));
  return rows.sort((a, b) => a.projectId - b.projectId || a.workflowId - b.workflowId);
}

/** Links a resource type to a workflow in its project (as the project view's Resource Workflows tab does). */
export async function link(app: TestApp, workflow: { workflowId: number; projectId: number }, typeNumber = 7) {
  await app.deps.db.insert(t.workflowResourceTypes).values({ projectId: workflow.projectId, typeNumber, workflowId: workflow.workflowId });
  const [type] = await app.deps.db.select().from(t.resourceTypes).where(eq(t.resourceTypes.typeNumber, typeNumber));
  return type!.typeName;
}

/** A project's CustomEquipmentStatus config naming these statuses. */
export async function customStatuses(app: TestApp, projectId: number, statuses: string[]) {
  await app.deps.db.insert(t.configs).values({
    name: 'CustomEquipmentStatus',
    projectId,
    data: {
      configs: [
        { property: 'CustomEquipmentStatus', parameters: [{ name: 'Statuses', value: statuses, label_name: 'Custom equipment statuses', inputType: 'list' }] },
      ],
    },
  });
}

/** An active (or archived) top-level site of a project. */
export async function site(app: TestApp, projectId: number, active = true) {
  const [row] = await app.deps.db
    .insert(t.sites)
    .values({ name: unique('Gate'), projectId, depth: 1, active })
    .returning();
  return row!;
}
