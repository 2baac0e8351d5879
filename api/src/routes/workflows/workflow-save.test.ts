/**
 * Saving a workflow's copies (POST {projectId}/workflow/bulk, PUT {projectId}/workflow): copies
 * created and updated in one call, the editor's rules with their exact messages (the body's and
 * those that read stored data: Geo triggers, sites, custom equipment statuses, type changes),
 * the archive query, all or nothing, licence and project scope, roles, one live copy per project
 * under concurrent saves, and each copy's History.
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { WorkflowMessages as M, WorkflowSchema } from 'contracts/workflows/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createUser, login } from '../../../test/factories';
import { calls, customStatuses, firstItem, link, newWorkflow, phasesOf, rawRows, site, workflowWorld, type CopyBody } from './workflows.fixtures';

let app: TestApp;
let call: ReturnType<typeof calls>;
beforeAll(async () => {
  app = await createTestApp();
  call = calls(app);
});
afterAll(() => app.close());

type World = Awaited<ReturnType<typeof workflowWorld>>;

/** Creates the workflow's copies and answers them as saved (with their ids), in the body's order. */
async function created(w: World, body: CopyBody[]): Promise<CopyBody[]> {
  const answer = await call.bulk(w.token, body);
  expect([answer.status, answer.body.Message]).toEqual([200, undefined]);
  return answer.body.map((saved: CopyBody) => ({
    workflowId: saved.workflowId,
    name: saved.name,
    projectId: saved.projectId,
    workflowRelatedKey: saved.workflowRelatedKey,
    workflowData: saved.workflowData,
  }));
}

/** A Geo trigger on a site (Entering). */
const geo = (siteID: number) => ({ triggerType: 1, triggerName: 'At the gate', siteID, condition: 1 });

describe('POST {projectId}/workflow/bulk: creating and updating copies', () => {
  it('creates one copy per project sharing the key, answers them with project names and archive reasons, lists them and shows each copy', async () => {
    const w = await workflowWorld(app);
    const body = newWorkflow([w.projects.first.projectId, w.projects.second.projectId]);
    const answer = await call.bulk(w.token, body);
    expect(answer.status).toBe(200);
    const saved = v.parse(v.array(WorkflowSchema), answer.body);
    expect(saved.map((copy) => [copy.projectId, copy.projectName, copy.name, copy.workflowRelatedKey, copy.isDecommissioned, copy.archiveErrors])).toEqual([
      [w.projects.first.projectId, w.projects.first.name, body[0]!.name, body[0]!.workflowRelatedKey, false, []],
      [w.projects.second.projectId, w.projects.second.name, body[0]!.name, body[0]!.workflowRelatedKey, false, []],
    ]);
    // Stored as the schema reads it: defaults filled in, the sent fields kept.
    const [row] = await rawRows(app, body[0]!.workflowRelatedKey);
    expect(row!.workflowData.phases).toHaveLength(2);
    expect((row!.workflowData.phases[0] as { items: Record<string, unknown>[] }).items[1]).toMatchObject({
      itemName: 'Wire',
      preRequisite: { phaseId: body[0]!.workflowData.phases[0]!.phaseId },
      triggers: [],
      emails: [],
    });

    const list = await call.getAll(w.token);
    expect(
      list.body
        .filter((copy: { workflowRelatedKey: string }) => copy.workflowRelatedKey === body[0]!.workflowRelatedKey)
        .map((copy: { workflowId: number }) => copy.workflowId),
    ).toEqual(saved.map((copy) => copy.workflowId));
    const one = await call.getOne(w.token, saved[1]!.workflowId);
    expect(one.status).toBe(200);
    expect(one.body.copies.map((copy: { workflowId: number }) => copy.workflowId).sort()).toEqual(saved.map((copy) => copy.workflowId).sort());
  });

  it('updates a copy and adds a project in one call (new entries have workflowId 0), and saves a Tag trigger with siteID 0', async () => {
    const w = await workflowWorld(app);
    const [copy] = await created(w, newWorkflow([w.projects.first.projectId]));
    const edited = structuredClone(copy!);
    edited.name = 'Install panels, revised';
    firstItem(edited).triggers = [{ triggerType: 2, triggerName: 'Tagged', siteID: 55, condition: 3 }];
    const added = { ...structuredClone(edited), workflowId: 0, projectId: w.projects.second.projectId };
    const answer = await call.bulk(w.token, [edited, added]);
    expect(answer.status).toBe(200);
    expect(answer.body.map((c: { workflowId: number }) => c.workflowId)[0]).toBe(copy!.workflowId);
    const rows = await rawRows(app, copy!.workflowRelatedKey);
    expect(rows.map((row) => [row.projectId, row.name, row.isDecommissioned])).toEqual([
      [w.projects.first.projectId, 'Install panels, revised', false],
      [w.projects.second.projectId, 'Install panels, revised', false],
    ]);
    for (const row of rows)
      expect((row.workflowData.phases[0] as { items: { triggers: unknown[] }[] }).items[0]!.triggers).toEqual([
        { triggerType: 2, triggerName: 'Tagged', siteID: 0, condition: 3 },
      ]);
  });

  it('writes each copy’s History, which its licence’s workflow users read and another licence’s cannot', async () => {
    const w = await workflowWorld(app);
    const [copy] = await created(w, newWorkflow([w.projects.first.projectId]));
    expect((await call.bulk(w.token, [{ ...copy!, name: 'Renamed' }])).status).toBe(200);
    const history = await app.request('GET', `/api/audit?subject=workflow:${copy!.workflowId}`, { token: w.token });
    expect(history.status).toBe(200);
    expect(
      history.body.items.map((entry: { method: string; entity: string; entityId: string; status: number }) => [
        entry.method,
        entry.entity,
        entry.entityId,
        entry.status,
      ]),
    ).toEqual([
      ['POST', 'workflow', String(copy!.workflowId), 200],
      ['POST', 'workflow', String(copy!.workflowId), 200],
    ]);
    expect(history.body.items[0].changes).toEqual([{ field: 'name', before: copy!.name, after: 'Renamed' }]);
    expect(history.body.items[1].changes).toEqual(expect.arrayContaining([{ field: 'projectId', before: null, after: String(w.projects.first.projectId) }]));
    const [entry] = await app.deps.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.subject, `workflow:${copy!.workflowId}`))
      .limit(1);
    expect(entry!.licenseId).toBe(w.license.licenseId);
    expect((await app.request('GET', `/api/audit?subject=workflow:${copy!.workflowId}`, { token: w.strangerToken })).status).toBe(404);
  });
});

describe('the editor’s rules, each with its message', () => {
  it('refuses what the body’s schema refuses: weights, names, links, conditions and a type’s disabled tabs (400, nothing saved)', async () => {
    const w = await workflowWorld(app);
    const cases: [string, (copy: CopyBody) => void, string][] = [
      ['phase weights', (copy) => void (copy.workflowData.phases[0]!.phaseWeight = 50), M.phaseWeightsSum],
      ['item weights', (copy) => void (firstItem(copy).itemWeight = 40), M.itemWeightsSum],
      ['a negative weight', (copy) => void (firstItem(copy).itemWeight = -1), M.itemWeightsPositive],
      ['phase names', (copy) => void (copy.workflowData.phases[1]!.phaseName = 'Install'), M.phaseNameUnique],
      ['item names', (copy) => void (copy.workflowData.phases[0]!.items[1]!.itemName = 'Mount'), M.itemNameUnique],
      // Names compare trimmed and in any case, as site siblings do.
      ['phase names in another case', (copy) => void (copy.workflowData.phases[1]!.phaseName = ' INSTALL'), M.phaseNameUnique],
      ['item names in another case', (copy) => void (copy.workflowData.phases[0]!.items[1]!.itemName = 'mount'), M.itemNameUnique],
      [
        'a link that points nowhere',
        (copy) => void (firstItem(copy).reset = [{ phaseId: copy.workflowData.phases[0]!.phaseId, itemId: '00000000-0000-4000-8000-000000000000' }]),
        M.linkUnknown,
      ],
      [
        'one condition',
        (copy) =>
          void (firstItem(copy).conditionalVisibility = [
            { name: 'Only', phaseId: copy.workflowData.phases[1]!.phaseId, itemId: copy.workflowData.phases[1]!.items[0]!.itemId },
          ]),
        M.conditionalVisibilityTwo,
      ],
      [
        'a disabled tab',
        (copy) =>
          void Object.assign(firstItem(copy), {
            itemType: 3,
            reset: [{ phaseId: copy.workflowData.phases[1]!.phaseId, itemId: copy.workflowData.phases[1]!.items[0]!.itemId }],
            production: { name: 'Panels', totalQuantity: 4, uom: 'ea' },
          }),
        M.disabledTabContent(['Auto-Reset']),
      ],
      ['a nameless workflow', (copy) => void (copy.name = ' '), M.nameRequired],
    ];
    for (const [what, change, message] of cases) {
      const body = newWorkflow([w.projects.first.projectId]);
      change(body[0]!);
      const answer = await call.bulk(w.token, body);
      expect([what, answer.status, answer.body.Message]).toEqual([what, 400, message]);
      expect(Object.values(answer.body.errors)).toContain(message);
      expect(await rawRows(app, body[0]!.workflowRelatedKey)).toEqual([]);
    }
  });

  it('keeps a workflow with a Geo trigger to one project, and its site to an active site of that project', async () => {
    const w = await workflowWorld(app);
    const gate = await site(app, w.projects.first.projectId);
    const two = newWorkflow([w.projects.first.projectId, w.projects.second.projectId]);
    for (const copy of two) firstItem(copy).triggers = [geo(gate.siteId)];
    const refused = await call.bulk(w.token, two);
    expect([refused.status, refused.body.Message]).toEqual([400, M.geoTriggerBlocksProjects]);
    expect(await rawRows(app, two[0]!.workflowRelatedKey)).toEqual([]);

    const [one] = newWorkflow([w.projects.first.projectId]);
    for (const [siteId, why] of [
      [(await site(app, w.projects.second.projectId)).siteId, 'another project’s site'],
      [(await site(app, w.projects.first.projectId, false)).siteId, 'an archived site'],
      [999_999_999, 'a missing site'],
    ] as const) {
      firstItem(one!).triggers = [geo(siteId)];
      const answer = await call.bulk(w.token, [one]);
      expect([why, answer.status, answer.body.Message, answer.body.errors]).toEqual([
        why,
        400,
        M.siteNotInProject,
        { '0.workflowData.phases.0.items.0.triggers.0.siteID': M.siteNotInProject },
      ]);
    }
    firstItem(one!).triggers = [geo(gate.siteId)];
    const [saved] = await created(w, [one!]);

    // Adding a project to it is refused; so is adding a Geo trigger to a workflow already in two projects (PUT too).
    const more = await call.bulk(w.token, [saved, { ...saved!, workflowId: 0, projectId: w.projects.second.projectId }]);
    expect([more.status, more.body.Message]).toEqual([400, M.geoTriggerBlocksProjects]);
    const [a, b] = await created(w, newWorkflow([w.projects.first.projectId, w.projects.second.projectId]));
    firstItem(a!).triggers = [geo(gate.siteId)];
    const put = await call.update(w.token, a!.projectId, a);
    expect([put.status, put.body.Message]).toEqual([400, M.geoTriggerBlocksProjects]);
    // …unless the other project's copy is archived in the same save.
    expect((await call.bulk(w.token, [a], [b!.workflowId])).status).toBe(200);
    expect((await rawRows(app, a!.workflowRelatedKey)).map((row) => row.isDecommissioned)).toEqual([false, true]);
  });

  it('lets items map equipment statuses only when the projects’ custom statuses agree, and only to a status the project offers', async () => {
    const w = await workflowWorld(app);
    await customStatuses(app, w.projects.first.projectId, ['Standby', 'Repair']);
    const mapped = (state: number) => (copy: CopyBody) =>
      void (firstItem(copy).itemStateFromEquipmentStatus = [{ progressState: 0, equipmentStatusState: state }]);

    const differing = newWorkflow([w.projects.first.projectId, w.projects.second.projectId]);
    differing.forEach(mapped(4));
    const refused = await call.bulk(w.token, differing);
    expect([refused.status, refused.body.Message]).toEqual([400, M.differingEquipmentStatuses]);

    const [one] = newWorkflow([w.projects.first.projectId]);
    mapped(6)(one!);
    const notOffered = await call.bulk(w.token, [one]);
    expect([notOffered.status, notOffered.body.Message, notOffered.body.errors]).toEqual([
      400,
      M.statusNotOffered,
      { '0.workflowData.phases.0.items.0.itemStateFromEquipmentStatus.0.equipmentStatusState': M.statusNotOffered },
    ]);
    mapped(5)(one!);
    expect((await call.bulk(w.token, [one])).status).toBe(200);

    // The same statuses in both projects: they combine; without any, Unavailable and Available only.
    await customStatuses(app, w.projects.second.projectId, ['Standby', 'Repair']);
    const agreeing = newWorkflow([w.projects.first.projectId, w.projects.second.projectId]);
    agreeing.forEach(mapped(5));
    expect((await call.bulk(w.token, agreeing)).status).toBe(200);
    const none = await workflowWorld(app);
    const [bare] = newWorkflow([none.projects.first.projectId]);
    mapped(3)(bare!);
    expect((await call.bulk(none.token, [bare])).status).toBe(200);
    mapped(4)(bare!);
    expect((await call.bulk(none.token, [{ ...bare!, workflowRelatedKey: crypto.randomUUID() }])).body.Message).toBe(M.statusNotOffered);
  });

  it('refuses changing the type of an item that has requirements, and allows it once they are removed', async () => {
    const w = await workflowWorld(app);
    const [body] = newWorkflow([w.projects.first.projectId]);
    firstItem(body!).requirements = [{ name: 'Photo', requirementType: 1 }];
    const [copy] = await created(w, [body!]);
    Object.assign(firstItem(copy!), { itemType: 1 });
    const refused = await call.bulk(w.token, [copy]);
    expect([refused.status, refused.body.Message, refused.body.errors]).toEqual([
      400,
      M.typeChangeBlocked,
      { '0.workflowData.phases.0.items.0.itemType': M.typeChangeBlocked },
    ]);
    const put = await call.update(w.token, copy!.projectId, copy);
    expect([put.status, put.body.errors]).toEqual([400, { 'workflowData.phases.0.items.0.itemType': M.typeChangeBlocked }]);
    firstItem(copy!).requirements = [];
    expect((await call.bulk(w.token, [copy])).status).toBe(200);
    expect(((await rawRows(app, copy!.workflowRelatedKey))[0]!.workflowData.phases[0] as { items: { itemType: number }[] }).items[0]!.itemType).toBe(1);
  });

  it('refuses a Production item in a workflow that resource types follow, and allows it once they are unlinked', async () => {
    const w = await workflowWorld(app);
    const [copy] = await created(w, newWorkflow([w.projects.first.projectId]));
    await link(app, { workflowId: copy!.workflowId, projectId: copy!.projectId });
    Object.assign(firstItem(copy!), { itemType: 3, production: { name: 'Panels', totalQuantity: 40, uom: 'ea', productionType: 0 } });
    const refused = await call.bulk(w.token, [copy]);
    expect([refused.status, refused.body.Message, refused.body.errors]).toEqual([
      400,
      M.productionWhileFollowed,
      { '0.workflowData.phases.0.items.0.itemType': M.productionWhileFollowed },
    ]);
    await app.deps.db.delete(t.workflowResourceTypes).where(eq(t.workflowResourceTypes.workflowId, copy!.workflowId));
    expect((await call.bulk(w.token, [copy])).status).toBe(200);
  });
});

describe('the archive query: the projects taken off, archived in the same transaction', () => {
  it('archives the copies named and saves the rest; a project taken off and added again gets a new copy', async () => {
    const w = await workflowWorld(app);
    const [first, second] = await created(w, newWorkflow([w.projects.first.projectId, w.projects.second.projectId]));
    const answer = await call.bulk(w.token, [first], [second!.workflowId]);
    expect(answer.status).toBe(200);
    expect(answer.body.map((copy: { workflowId: number }) => copy.workflowId)).toEqual([first!.workflowId]);
    const archived = (await rawRows(app, first!.workflowRelatedKey)).find((row) => row.workflowId === second!.workflowId)!;
    expect([archived.isDecommissioned, archived.decommissionDateTime?.getTime()]).toEqual([true, app.clock.now().getTime()]);
    const readded = await call.bulk(w.token, [first, { ...first!, workflowId: 0, projectId: w.projects.second.projectId }]);
    expect(readded.status).toBe(200);
    expect((await rawRows(app, first!.workflowRelatedKey)).map((row) => [row.projectId, row.isDecommissioned])).toEqual([
      [w.projects.first.projectId, false],
      [w.projects.second.projectId, true],
      [w.projects.second.projectId, false],
    ]);
  });

  it('refuses a copy with archive reasons (409 with them), and rolls the archive back when the save then fails', async () => {
    const w = await workflowWorld(app);
    const [first, second] = await created(w, newWorkflow([w.projects.first.projectId, w.projects.second.projectId]));
    const typeName = await link(app, second!);
    const refused = await call.bulk(w.token, [{ ...first!, name: 'Renamed' }], [second!.workflowId]);
    expect([refused.status, refused.body.Message]).toEqual([409, M.followedByResourceTypes([typeName], w.projects.second.name)]);
    expect(refused.body.archiveErrorsByWorkflowId).toEqual({ [second!.workflowId]: [M.followedByResourceTypes([typeName], w.projects.second.name)] });
    expect((await rawRows(app, first!.workflowRelatedKey)).map((row) => [row.name, row.isDecommissioned])).toEqual([
      [first!.name, false],
      [first!.name, false],
    ]);

    const [third] = await created(w, newWorkflow([w.projects.first.projectId, w.projects.second.projectId]));
    const rows = await rawRows(app, third!.workflowRelatedKey);
    const failing = { ...third!, workflowData: { phases: phasesOf() } };
    failing.workflowData.phases[0]!.phaseWeight = 10;
    const rolledBack = await call.bulk(w.token, [failing], [rows[1]!.workflowId]);
    expect([rolledBack.status, rolledBack.body.Message]).toEqual([400, M.phaseWeightsSum]);
    const invalidSite = structuredClone(third!);
    firstItem(invalidSite).triggers = [geo(999_999_999)];
    const afterArchive = await call.bulk(w.token, [invalidSite], [rows[1]!.workflowId]);
    expect([afterArchive.status, afterArchive.body.Message]).toEqual([400, M.siteNotInProject]);
    expect((await rawRows(app, third!.workflowRelatedKey)).map((row) => row.isDecommissioned)).toEqual([false, false]);
    expect(
      await app.deps.db
        .select()
        .from(t.auditLog)
        .where(and(eq(t.auditLog.subject, `workflow:${rows[1]!.workflowId}`), eq(t.auditLog.status, 400))),
    ).toEqual([]);
  });

  it('takes only this workflow’s live copies the caller sees, not also sent in the body', async () => {
    const w = await workflowWorld(app);
    const [first, second] = await created(w, newWorkflow([w.projects.first.projectId, w.projects.second.projectId]));
    const [other] = await created(w, newWorkflow([w.projects.first.projectId]));
    const notCopy = await call.bulk(w.token, [first], [other!.workflowId]);
    expect([notCopy.status, notCopy.body.Message]).toEqual([400, M.archiveNotCopy(other!.workflowId)]);
    const both = await call.bulk(w.token, [first, second], [second!.workflowId]);
    expect([both.status, both.body.Message]).toEqual([400, M.archiveAndSave(second!.workflowId)]);
    const [foreign] = await created({ ...w, token: w.strangerToken }, newWorkflow([w.projects.elsewhere.projectId]));
    expect((await call.bulk(w.token, [first], [foreign!.workflowId])).status).toBe(404);
    expect((await call.bulk(w.token, [first], [999_999_999])).status).toBe(404);
    expect((await call.bulk(w.token, [first], ['x' as never])).status).toBe(400);
    expect((await rawRows(app, first!.workflowRelatedKey)).map((row) => row.isDecommissioned)).toEqual([false, false]);
    expect((await rawRows(app, foreign!.workflowRelatedKey)).map((row) => row.isDecommissioned)).toEqual([false]);
  });
});

describe('all or nothing, scope and roles', () => {
  it('saves no copy when one copy is refused', async () => {
    const w = await workflowWorld(app);
    const [copy] = await created(w, newWorkflow([w.projects.first.projectId]));
    await app.deps.db.update(t.projects).set({ isActive: false }).where(eq(t.projects.projectId, w.projects.second.projectId));
    const answer = await call.bulk(w.token, [
      { ...copy!, name: 'Renamed' },
      { ...copy!, name: 'Renamed', workflowId: 0, projectId: w.projects.second.projectId },
    ]);
    expect([answer.status, answer.body.Message, answer.body.errors]).toEqual([
      409,
      M.projectInactive(w.projects.second.name),
      { '1.projectId': M.projectInactive(w.projects.second.name) },
    ]);
    expect((await rawRows(app, copy!.workflowRelatedKey)).map((row) => row.name)).toEqual([copy!.name]);
  });

  it('refuses a second live copy in a project, another workflow’s id, and an archived copy', async () => {
    const w = await workflowWorld(app);
    const [copy] = await created(w, newWorkflow([w.projects.first.projectId]));
    const twice = await call.bulk(w.token, [{ ...copy!, workflowId: 0 }]);
    expect([twice.status, twice.body.Message]).toEqual([409, M.copyExists(w.projects.first.name)]);
    const [other] = await created(w, newWorkflow([w.projects.first.projectId]));
    const mixed = await call.bulk(w.token, [{ ...copy!, workflowId: other!.workflowId }]);
    expect([mixed.status, mixed.body.Message]).toEqual([409, M.notThisCopy(other!.workflowId)]);
    const moved = await call.bulk(w.token, [{ ...copy!, projectId: w.projects.second.projectId }]);
    expect([moved.status, moved.body.Message]).toEqual([409, M.notThisCopy(copy!.workflowId)]);
    expect((await call.archive(w.token, [copy!.workflowId])).status).toBe(200);
    const archived = await call.bulk(w.token, [copy]);
    expect([archived.status, archived.body.Message]).toEqual([409, M.archivedNotConfigurable(copy!.name)]);
  });

  it('answers 404 for another licence’s or an unassigned project and another licence’s workflow, changing nothing', async () => {
    const w = await workflowWorld(app);
    for (const hidden of [w.projects.unassigned, w.projects.elsewhere, { projectId: 1 }, { projectId: 999_999_999 }]) {
      const body = newWorkflow([w.projects.first.projectId, hidden.projectId]);
      expect((await call.bulk(w.token, body)).status).toBe(404);
      expect(await rawRows(app, body[0]!.workflowRelatedKey)).toEqual([]);
    }
    const [foreign] = await created({ ...w, token: w.strangerToken }, newWorkflow([w.projects.elsewhere.projectId]));
    expect((await call.bulk(w.token, [{ ...foreign!, name: 'Taken' }])).status).toBe(404);
    expect((await call.update(w.token, foreign!.projectId, { ...foreign!, name: 'Taken' })).status).toBe(404);
    expect((await rawRows(app, foreign!.workflowRelatedKey))[0]!.name).toBe(foreign!.name);
  });

  it('lets an API key save in its own projects only', async () => {
    const w = await workflowWorld(app);
    const { newApiKey } = await import('../../domain/api-key-secrets');
    const secret = newApiKey();
    const [key] = await app.deps.db
      .insert(t.apiKeys)
      .values({ keyPrefix: secret.prefix, secretHash: secret.hash, name: 'Designer sync', licenseId: w.license.licenseId })
      .returning();
    const [role] = await app.deps.db.select().from(t.roles).where(eq(t.roles.name, Role.ADMINISTER_WORKFLOW));
    await app.deps.db.insert(t.apiKeyRoles).values({ apiKeyId: key!.apiKeyId, roleId: role!.roleId });
    await app.deps.db.insert(t.apiKeyProjects).values({ apiKeyId: key!.apiKeyId, projectId: w.projects.second.projectId });
    const byKey = (body: unknown) => app.request('POST', '/api/0/workflow/bulk', { headers: { authorization: `ApiKey ${secret.key}` }, body });
    expect((await byKey(newWorkflow([w.projects.second.projectId]))).status).toBe(200);
    expect((await byKey(newWorkflow([w.projects.first.projectId]))).status).toBe(404);
  });

  it('needs ADMINISTER_WORKFLOW or EDIT_WORKFLOW', async () => {
    const w = await workflowWorld(app, [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PRESERVATION, Role.ADMINISTER_PROJECT_READ]);
    const body = newWorkflow([w.projects.first.projectId]);
    expect((await call.bulk(w.token, body)).status).toBe(403);
    expect((await call.update(w.token, w.projects.first.projectId, { ...body[0], workflowId: 5 })).status).toBe(403);
    const editor = await createUser(app, w.license.licenseId, { roles: [Role.EDIT_WORKFLOW], projects: [w.projects.first.projectId] });
    expect((await call.bulk(await login(app, editor.userName), body)).status).toBe(200);
  });
});

describe('PUT {projectId}/workflow', () => {
  it('saves one existing copy and answers Workflow modified', async () => {
    const w = await workflowWorld(app);
    const [copy, other] = await created(w, newWorkflow([w.projects.first.projectId, w.projects.second.projectId]));
    const answer = await call.update(w.token, copy!.projectId, { ...copy!, name: 'Only here' });
    expect([answer.status, answer.body]).toEqual([200, { Message: M.modified }]);
    expect((await rawRows(app, copy!.workflowRelatedKey)).map((row) => [row.workflowId, row.name])).toEqual([
      [copy!.workflowId, 'Only here'],
      [other!.workflowId, copy!.name],
    ]);
  });

  it('refuses a new workflow, a project other than the path’s, and a body the schema refuses', async () => {
    const w = await workflowWorld(app);
    const [copy] = await created(w, newWorkflow([w.projects.first.projectId]));
    const fresh = await call.update(w.token, copy!.projectId, { ...copy!, workflowId: 0 });
    expect([fresh.status, fresh.body.Message]).toEqual([400, M.updateNeedsId]);
    const elsewhere = await call.update(w.token, w.projects.second.projectId, copy);
    expect([elsewhere.status, elsewhere.body.Message]).toEqual([400, M.projectMismatch]);
    expect((await call.update(w.token, w.projects.elsewhere.projectId, copy)).status).toBe(404);
    const weights = structuredClone(copy!);
    weights.workflowData.phases[1]!.phaseWeight = 10;
    expect((await call.update(w.token, copy!.projectId, weights)).body.Message).toBe(M.phaseWeightsSum);
  });
});

describe('concurrent saves', () => {
  it('keeps one live copy per project when two saves create the same workflow in the same project at once', async () => {
    const w = await workflowWorld(app);
    const body = newWorkflow([w.projects.first.projectId]);
    const answers = await Promise.all([call.bulk(w.token, body), call.bulk(w.token, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.Message).toBe(M.copyExists(w.projects.first.name));
    expect(await rawRows(app, body[0]!.workflowRelatedKey)).toHaveLength(1);
  });

  it('never leaves a workflow both archived and followed by a resource type when an archive and a link race', async () => {
    const w = await workflowWorld(app);
    const admin = await createUser(app, w.license.licenseId, {
      roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PROJECT_READ, Role.EDIT_WORKFLOW],
      projects: [w.projects.first.projectId],
    });
    const token = await login(app, admin.userName);
    for (let round = 0; round < 3; round++) {
      const [copy] = await created(w, newWorkflow([w.projects.first.projectId]));
      const [archive, linked] = await Promise.all([
        call.archive(token, [copy!.workflowId]),
        app.request('POST', `/api/${copy!.projectId}/Resource/resourcetype/workflow`, {
          token,
          body: [{ workflowId: copy!.workflowId, resourceTypes: [round + 1] }],
        }),
      ]);
      const [row] = await rawRows(app, copy!.workflowRelatedKey);
      const links = await app.deps.db.select().from(t.workflowResourceTypes).where(eq(t.workflowResourceTypes.workflowId, copy!.workflowId));
      expect([archive.status === 200, linked.status === 200]).toEqual([row!.isDecommissioned, links.length > 0]);
      expect(row!.isDecommissioned && links.length > 0).toBe(false);
    }
  });

  it('holds one live copy per project in the database itself, archived copies aside', async () => {
    const w = await workflowWorld(app);
    const [copy] = await created(w, newWorkflow([w.projects.first.projectId]));
    const again = { name: copy!.name, projectId: copy!.projectId, workflowRelatedKey: copy!.workflowRelatedKey };
    await expect(app.deps.db.insert(t.workflows).values(again)).rejects.toThrow();
    await app.deps.db.insert(t.workflows).values({ ...again, isDecommissioned: true });
    await app.deps.db.insert(t.workflows).values({ ...again, isDecommissioned: true });
    expect(await rawRows(app, copy!.workflowRelatedKey)).toHaveLength(3);
  });
});
