/**
 * Another licence's related keys and ids (issue 36, item 1): every workflow, preservation and
 * resource-type call, made by a licence administrator of licence 2 and by an API key of licence
 * 2 with licence 1's keys and ids, answers 404 (or its own refusal), writes nothing, and answers
 * nothing of licence 1. A related key belongs to one licence: copies of another licence never
 * join it — not even when two licences save one new key at once — and copies that joined one
 * before this rule (strays) neither count for the owner's rules nor show in its replies.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { PreservationMessages, WorkflowMessages } from 'contracts/workflows/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { newApiKey } from '../../domain/api-key-secrets';
import { createTestApp, type Answer, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';
import { calls, firstItem, link, newWorkflow, rawRows, site, type CopyBody } from './workflows.fixtures';

let app: TestApp;
let call: ReturnType<typeof calls>;
beforeAll(async () => {
  app = await createTestApp();
  call = calls(app);
});
afterAll(() => app.close());

/** Everything the workflow and preservation screens need, for a licence's administrator and API key. */
const ROLES = [Role.ADMINISTER_WORKFLOW, Role.EDIT_WORKFLOW, Role.ADMINISTER_PRESERVATION, Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PROJECT_READ];

/** How a caller authenticates: a person's session or an API key. */
type Auth = { token?: string; headers?: Record<string, string> };

async function apiKeyOf(licenseId: number): Promise<Auth> {
  const secret = newApiKey();
  const [key] = await app.deps.db
    .insert(t.apiKeys)
    .values({ keyPrefix: secret.prefix, secretHash: secret.hash, name: unique('Sync'), licenseId, allProjects: true })
    .returning();
  const roles = await app.deps.db.select().from(t.roles).where(inArray(t.roles.name, ROLES));
  await app.deps.db.insert(t.apiKeyRoles).values(roles.map((role) => ({ apiKeyId: key!.apiKeyId, roleId: role.roleId })));
  return { headers: { authorization: `ApiKey ${secret.key}` } };
}

const send = (auth: Auth, method: string, path: string, body?: unknown) => app.request(method, path, { ...auth, body });

const planOf = (projectIds: number[], key: string, name: string) =>
  projectIds.map((projectId) => ({ name, projectId, preservationRelatedKey: key, preservationSteps: [{ name: 'Inspect', type: 0 }] }));

/**
 * Licence 1: two projects with a workflow and a preservation plan in both (a resource type
 * following each in the first), its administrator. Licence 2: a project, its administrator and
 * an API key of every project.
 */
async function scene() {
  const owner = await createLicense(app);
  const other = await createLicense(app);
  const tower = await createProject(app, owner.licenseId, { name: unique('Tower') });
  const depot = await createProject(app, owner.licenseId, { name: unique('Depot') });
  const harbour = await createProject(app, other.licenseId, { name: unique('Harbour') });
  const ownerUser = await createUser(app, owner.licenseId, { roles: ROLES, projects: [tower.projectId, depot.projectId] });
  const strangerUser = await createUser(app, other.licenseId, { roles: ROLES, projects: [harbour.projectId] });
  const ownerToken = await login(app, ownerUser.userName);

  const made = await call.bulk(ownerToken, newWorkflow([tower.projectId, depot.projectId]));
  expect(made.status).toBe(200);
  const copies = made.body as (CopyBody & { workflowId: number })[];
  await link(app, copies[0]!, 7);
  const planKey = randomUUID();
  const planned = await send(
    { token: ownerToken },
    'POST',
    `/api/${tower.projectId}/preservation/bulk`,
    planOf([tower.projectId, depot.projectId], planKey, unique('Motor upkeep')),
  );
  expect(planned.status).toBe(201);
  const plans = planned.body as { id: number; name: string; projectId: number; preservationRelatedKey: string }[];
  await app.deps.db.insert(t.preservationResourceTypes).values({ projectId: tower.projectId, typeNumber: 7, preservationId: plans[0]!.id });

  return {
    owner,
    other,
    projects: { tower, depot, harbour },
    ownerToken,
    copies,
    plans,
    workflowKey: copies[0]!.workflowRelatedKey,
    planKey,
    callers: [
      ['licence 2’s administrator', { token: await login(app, strangerUser.userName) }],
      ['an API key of licence 2', await apiKeyOf(other.licenseId)],
    ] as [string, Auth][],
  };
}
type Scene = Awaited<ReturnType<typeof scene>>;

/** Licence 1's workflow, preservation and link rows, and every row of its two keys: what no call of licence 2 may change. */
async function stateOf(s: Scene) {
  const db = app.deps.db;
  return {
    workflows: await db.select().from(t.workflows).where(eq(t.workflows.workflowRelatedKey, s.workflowKey)).orderBy(t.workflows.workflowId),
    preservations: await db.select().from(t.preservations).where(eq(t.preservations.preservationRelatedKey, s.planKey)).orderBy(t.preservations.id),
    workflowLinks: await db
      .select()
      .from(t.workflowResourceTypes)
      .where(inArray(t.workflowResourceTypes.projectId, [s.projects.tower.projectId, s.projects.depot.projectId, s.projects.harbour.projectId])),
    preservationLinks: await db
      .select()
      .from(t.preservationResourceTypes)
      .where(inArray(t.preservationResourceTypes.projectId, [s.projects.tower.projectId, s.projects.depot.projectId, s.projects.harbour.projectId])),
  };
}

/** Nothing of licence 1 in an answer: neither its keys nor its projects', workflow's or plan's names. */
function showsNothingOf(s: Scene, answer: Answer) {
  for (const secret of [s.workflowKey, s.planKey, s.projects.tower.name, s.projects.depot.name, s.copies[0]!.name, s.plans[0]!.name])
    expect(answer.text).not.toContain(secret);
}

describe.each([0, 1])('licence 1’s keys and ids sent by licence 2 (caller %i: its administrator, then an API key)', (index) => {
  let s: Scene;
  let auth: Auth;
  let before: Awaited<ReturnType<typeof stateOf>>;
  beforeAll(async () => {
    s = await scene();
    auth = s.callers[index]![1];
    before = await stateOf(s);
  });
  afterEach(async () => {
    // Whatever the call, licence 1's rows are as they were and no row joined its keys.
    expect(await stateOf(s)).toEqual(before);
  });

  /** Expects a refusal that shows nothing of licence 1. */
  const refused = (answer: Answer, status = 404) => {
    expect([answer.status, answer.text]).toEqual([status, expect.any(String)]);
    showsNothingOf(s, answer);
  };

  describe('workflows', () => {
    it('POST {projectId}/workflow/bulk: a new copy with licence 1’s related key is a 404, in its own project too', async () => {
      const joined = newWorkflow([s.projects.harbour.projectId]).map((copy) => ({ ...copy, workflowRelatedKey: s.workflowKey }));
      refused(await send(auth, 'POST', `/api/${s.projects.harbour.projectId}/workflow/bulk`, joined));
    });

    it('POST {projectId}/workflow/bulk: licence 1’s copies, their projects, and its copies to archive are 404s', async () => {
      const [tower] = s.copies;
      refused(await send(auth, 'POST', `/api/${s.projects.harbour.projectId}/workflow/bulk`, [{ ...tower!, name: 'Taken' }]));
      refused(
        await send(auth, 'POST', `/api/${s.projects.harbour.projectId}/workflow/bulk`, [
          { ...tower!, workflowId: 0, projectId: s.projects.harbour.projectId, name: 'Taken' },
        ]),
      );
      refused(await send(auth, 'POST', `/api/${s.projects.harbour.projectId}/workflow/bulk`, newWorkflow([s.projects.tower.projectId])));
      const own = newWorkflow([s.projects.harbour.projectId]);
      refused(await send(auth, 'POST', `/api/${s.projects.harbour.projectId}/workflow/bulk?archive=${tower!.workflowId}`, own));
      expect(await rawRows(app, own[0]!.workflowRelatedKey)).toEqual([]);
    });

    it('PUT {projectId}/workflow: licence 1’s copy, in its path or under licence 2’s project, is a 404', async () => {
      const [tower] = s.copies;
      refused(await send(auth, 'PUT', `/api/${tower!.projectId}/workflow`, { ...tower!, name: 'Taken' }));
      refused(await send(auth, 'PUT', `/api/${s.projects.harbour.projectId}/workflow`, { ...tower!, projectId: s.projects.harbour.projectId, name: 'Taken' }));
    });

    it('POST 0/workflow/getAll and GET workflows/{workflowId}: nothing of licence 1', async () => {
      const list = await send(auth, 'POST', '/api/0/workflow/getAll', [s.projects.tower.projectId, s.projects.depot.projectId]);
      expect([list.status, list.body]).toEqual([200, []]);
      const all = await send(auth, 'POST', '/api/0/workflow/getAll', []);
      expect(all.status).toBe(200);
      showsNothingOf(s, all);
      for (const copy of s.copies) refused(await send(auth, 'GET', `/api/workflows/${copy.workflowId}`));
    });

    it('POST workflow/validateArchive and workflow/archive: licence 1’s ids are 404s, nothing archived', async () => {
      const ids = s.copies.map((copy) => copy.workflowId);
      refused(await send(auth, 'POST', '/api/workflow/validateArchive', ids));
      refused(await send(auth, 'POST', '/api/workflow/archive', ids));
      refused(await send(auth, 'POST', '/api/workflow/archive', [ids[1]]));
    });

    it('GET audit?subject=workflow:{id}: licence 1’s History is a 404', async () => {
      refused(await send(auth, 'GET', `/api/audit?subject=workflow:${s.copies[0]!.workflowId}`));
    });
  });

  describe('preservations', () => {
    it('POST {projectId}/preservation/bulk: a plan with licence 1’s related key is a 404, in its own project too', async () => {
      refused(await send(auth, 'POST', `/api/${s.projects.harbour.projectId}/preservation/bulk`, planOf([s.projects.harbour.projectId], s.planKey, 'Taken')));
      refused(await send(auth, 'POST', `/api/${s.projects.harbour.projectId}/preservation/bulk`, planOf([s.projects.tower.projectId], randomUUID(), 'Taken')));
    });

    it('PUT {projectId}/preservation/bulk: licence 1’s key or copies are a 404', async () => {
      const [tower] = s.plans;
      refused(await send(auth, 'PUT', `/api/${s.projects.harbour.projectId}/preservation/bulk`, planOf([s.projects.harbour.projectId], s.planKey, 'Taken')));
      refused(
        await send(auth, 'PUT', `/api/${s.projects.harbour.projectId}/preservation/bulk`, [
          { ...planOf([tower!.projectId], s.planKey, 'Taken')[0], id: tower!.id },
        ]),
      );
    });

    it('POST preservation/getAll and GET {projectId}/preservation/bulk: nothing of licence 1', async () => {
      const list = await send(auth, 'POST', '/api/preservation/getAll', [s.projects.tower.projectId]);
      expect([list.status, list.body.data]).toEqual([200, []]);
      showsNothingOf(s, await send(auth, 'POST', '/api/preservation/getAll', []));
      refused(await send(auth, 'GET', `/api/${s.projects.tower.projectId}/preservation/bulk`));
    });

    it('GET audit?subject=preservation:{id}: licence 1’s History is a 404', async () => {
      refused(await send(auth, 'GET', `/api/audit?subject=preservation:${s.plans[0]!.id}`));
    });
  });

  describe('resource-type links', () => {
    it('the Resource Workflows Config calls: licence 1’s project or workflow is a 404, its links untouched', async () => {
      const [tower] = s.copies;
      const harbour = s.projects.harbour.projectId;
      refused(await send(auth, 'POST', `/api/${harbour}/Resource/resourcetype/workflow`, [{ workflowId: tower!.workflowId, resourceTypes: [3] }]));
      refused(await send(auth, 'POST', `/api/${tower!.projectId}/Resource/resourcetype/workflow`, [{ workflowId: tower!.workflowId, resourceTypes: [3] }]));
      refused(await send(auth, 'POST', `/api/${tower!.projectId}/Resource/resourcetype/workflowIds`, []));
      refused(await send(auth, 'POST', `/api/0/Resource/resourcetype/workflowIds?licenseId=${s.owner.licenseId}`, []));
      for (const path of [`/api/0/Resource/resourcetype/workflowIds`, `/api/${harbour}/Resource/resourcetype/workflowIds`]) {
        const answer = await send(
          auth,
          'POST',
          path,
          s.copies.map((copy) => copy.workflowId),
        );
        expect([answer.status, answer.body]).toEqual([200, []]);
      }
      refused(await send(auth, 'POST', `/api/${tower!.projectId}/Resource/resourcetype/workflows/delete`, { workflowId: tower!.workflowId, resourceType: 7 }));
      refused(await send(auth, 'POST', `/api/${harbour}/Resource/resourcetype/workflows/delete`, { workflowId: tower!.workflowId, resourceType: 7 }));
    });

    it('the Resource Preservation Config calls: licence 1’s project or preservation is a 404, its links untouched', async () => {
      const [tower] = s.plans;
      const harbour = s.projects.harbour.projectId;
      refused(await send(auth, 'POST', `/api/${harbour}/Resource/resourcetype/preservation`, { PreservationId: [tower!.id], ResourceTypes: [3] }));
      refused(await send(auth, 'POST', `/api/${tower!.projectId}/Resource/resourcetype/preservation`, { PreservationId: [tower!.id], ResourceTypes: [3] }));
      refused(await send(auth, 'POST', `/api/${tower!.projectId}/Resource/resourcetype/preservationIds`, []));
      const listed = await send(auth, 'POST', `/api/${harbour}/Resource/resourcetype/preservationIds`, [tower!.id]);
      expect([listed.status, listed.body]).toEqual([200, []]);
      refused(await send(auth, 'POST', `/api/${tower!.projectId}/Resource/resourcetype/preservations/delete`, { PreservationId: tower!.id, ResourceType: 7 }));
      refused(await send(auth, 'POST', `/api/${harbour}/Resource/resourcetype/preservations/delete`, { PreservationId: tower!.id, ResourceType: 7 }));
    });
  });
});

describe('a related key belongs to one licence', () => {
  it('lets the owner add a Geo trigger after licence 2 tried to join its workflow (the issue’s example)', async () => {
    const s = await scene();
    const [solo] = (await call.bulk(s.ownerToken, newWorkflow([s.projects.tower.projectId]))).body as (CopyBody & { workflowId: number })[];
    const joined = newWorkflow([s.projects.harbour.projectId]).map((copy) => ({ ...copy, workflowRelatedKey: solo!.workflowRelatedKey }));
    expect((await send(s.callers[0]![1], 'POST', `/api/${s.projects.harbour.projectId}/workflow/bulk`, joined)).status).toBe(404);
    const gate = await site(app, s.projects.tower.projectId);
    const edited = structuredClone(solo!);
    firstItem(edited).triggers = [{ triggerType: 1, triggerName: 'At the gate', siteID: gate.siteId, condition: 1 }];
    const answer = await call.update(s.ownerToken, solo!.projectId, edited);
    expect([answer.status, answer.body]).toEqual([200, { Message: WorkflowMessages.modified }]);
    expect((await rawRows(app, solo!.workflowRelatedKey)).map((row) => row.projectId)).toEqual([s.projects.tower.projectId]);
  });

  it('ignores a copy another licence joined before this rule: not counted by the owner’s rules, not shown, not saved by its licence', async () => {
    const s = await scene();
    const [solo] = (await call.bulk(s.ownerToken, newWorkflow([s.projects.tower.projectId]))).body as (CopyBody & { workflowId: number })[];
    // A stray: licence 2's copy under licence 1's key, as the bug stored it.
    const [stray] = await app.deps.db
      .insert(t.workflows)
      .values({ name: solo!.name, projectId: s.projects.harbour.projectId, workflowRelatedKey: solo!.workflowRelatedKey, workflowData: solo!.workflowData })
      .returning();
    const gate = await site(app, s.projects.tower.projectId);
    const edited = structuredClone(solo!);
    firstItem(edited).triggers = [{ triggerType: 1, triggerName: 'At the gate', siteID: gate.siteId, condition: 1 }];
    expect((await call.update(s.ownerToken, solo!.projectId, edited)).status).toBe(200);
    const one = await call.getOne(s.ownerToken, solo!.workflowId);
    expect(one.body.copies.map((copy: { workflowId: number }) => copy.workflowId)).toEqual([solo!.workflowId]);
    // Not even a super administrator, who sees both licences, sees it among the owner's copies.
    const admin = await createUser(app, s.owner.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_WORKFLOW] });
    const adminToken = await login(app, admin.userName);
    expect((await call.getOne(adminToken, solo!.workflowId)).body.copies.map((copy: { workflowId: number }) => copy.workflowId)).toEqual([solo!.workflowId]);
    // Licence 2 cannot save its stray under licence 1's key; it can archive it.
    const strangerAuth = s.callers[0]![1];
    expect(
      (
        await send(strangerAuth, 'POST', `/api/${stray!.projectId}/workflow/bulk`, [
          { ...solo!, workflowId: stray!.workflowId, projectId: stray!.projectId, name: 'Mine' },
        ])
      ).status,
    ).toBe(404);
    expect((await send(strangerAuth, 'POST', '/api/workflow/archive', [stray!.workflowId])).status).toBe(200);
  });

  it('refuses a super administrator’s workflow or plan over two licences’ projects (400, nothing written)', async () => {
    const s = await scene();
    const admin = await createUser(app, s.owner.licenseId, {
      roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_WORKFLOW, Role.ADMINISTER_PRESERVATION],
    });
    const token = await login(app, admin.userName);
    const both = newWorkflow([s.projects.tower.projectId, s.projects.harbour.projectId]);
    const answer = await call.bulk(token, both);
    expect([answer.status, answer.body.Message]).toEqual([400, WorkflowMessages.oneLicense]);
    expect(await rawRows(app, both[0]!.workflowRelatedKey)).toEqual([]);
    const joined = newWorkflow([s.projects.harbour.projectId]).map((copy) => ({ ...copy, workflowRelatedKey: s.workflowKey }));
    expect((await call.bulk(token, joined)).body.Message).toBe(WorkflowMessages.oneLicense);
    const plan = await send(
      { token },
      'POST',
      '/api/0/preservation/bulk',
      planOf([s.projects.tower.projectId, s.projects.harbour.projectId], randomUUID(), 'Over two'),
    );
    expect([plan.status, plan.body.Message]).toEqual([400, PreservationMessages.oneLicense]);
    const plan2 = await send({ token }, 'POST', '/api/0/preservation/bulk', planOf([s.projects.harbour.projectId], s.planKey, 'Joined'));
    expect([plan2.status, plan2.body.Message]).toEqual([400, PreservationMessages.oneLicense]);
    expect(await stateOf(s)).toMatchObject({
      workflows: s.copies.map((copy) => expect.objectContaining({ workflowId: copy.workflowId })),
      preservations: s.plans.map((plan) => expect.objectContaining({ id: plan.id })),
    });
  });
});

describe('two licences saving one new key at once', () => {
  it('lets one licence have the workflow: the other’s save is a 404, and every copy is in one licence', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await scene();
      const key = randomUUID();
      const mine = newWorkflow([s.projects.tower.projectId]).map((copy) => ({ ...copy, workflowRelatedKey: key }));
      const theirs = newWorkflow([s.projects.harbour.projectId]).map((copy) => ({ ...copy, workflowRelatedKey: key }));
      const answers = await Promise.all([
        call.bulk(s.ownerToken, mine),
        send(s.callers[0]![1], 'POST', `/api/${s.projects.harbour.projectId}/workflow/bulk`, theirs),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
      const projects = (await rawRows(app, key)).map((row) => row.projectId);
      expect(projects).toEqual([answers[0]!.status === 200 ? s.projects.tower.projectId : s.projects.harbour.projectId]);
    }
  });

  it('lets one licence have the plan: the other’s create is a 404, and every copy is in one licence', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await scene();
      const key = randomUUID();
      const answers = await Promise.all([
        send({ token: s.ownerToken }, 'POST', `/api/${s.projects.tower.projectId}/preservation/bulk`, planOf([s.projects.tower.projectId], key, 'Raced')),
        send(s.callers[0]![1], 'POST', `/api/${s.projects.harbour.projectId}/preservation/bulk`, planOf([s.projects.harbour.projectId], key, 'Raced')),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 404]);
      const rows = await app.deps.db.select().from(t.preservations).where(eq(t.preservations.preservationRelatedKey, key));
      expect(rows.map((row) => row.projectId)).toEqual([answers[0]!.status === 201 ? s.projects.tower.projectId : s.projects.harbour.projectId]);
    }
  });
});
