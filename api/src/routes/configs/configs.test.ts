/**
 * Project and licence configs: the defaults they come from, the rules of the licensing model
 * enforced by the API with the editor's very messages, the elevated resource properties,
 * compare-and-set on the version (also when two saves race), licence scope and the History.
 */
import { and, eq } from 'drizzle-orm';
import {
  ConfigMessages,
  locationAtLeastLevels,
  locationAtMostLevels,
  locationExactLevels,
  locationLevelRange,
  pickLocationLevelConflict,
  propertyRepeated,
  propertyRepeatedForTypes,
  type ResourceProperty,
  writeResourceProperty,
} from 'contracts/licensing/model';
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

/** A licence with a project, its licence administrator (who sees the project) and a super administrator of another licence. */
async function world() {
  const license = await createLicense(app);
  const project = await createProject(app, license.licenseId, { name: unique('Tower') });
  const admin = await createUser(app, license.licenseId, {
    roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PROJECT_READ],
    projects: [project.projectId],
  });
  const superAdmin = await createUser(app, (await createLicense(app)).licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
  return { license, project, token: await login(app, admin.userName), superToken: await login(app, superAdmin.userName) };
}

// ------------------------------------------------------------------ configs as the editor sends them

const storageLevels = (min: unknown, max: unknown) => ({
  configs: [
    {
      property: 'EnforceStorageLevels',
      parameters: [
        { name: 'MinimumLevels', value: min, inputType: 'positiveNumber' },
        { name: 'MaximumLevels', value: max, inputType: 'positiveNumber' },
      ],
    },
  ],
});
const receiptPost = (location: string) => ({
  configs: [{ property: 'ReceiptPost', parameters: [{ name: 'DirectHandoverPickLocation', value: location, inputType: 'text' }] }],
});
const MATERIAL = { typeName: 'Material', typeNumber: 2 };
const property = (label: string, options: Partial<ResourceProperty> = {}) =>
  writeResourceProperty({ label_name: label, name: '', type: 'default', selection: [], requiresElevated: false, resourceTypes: [], ...options });
const properties = (...entries: ReturnType<typeof property>[]) => ({ configs: entries });

const addProjectConfig = (token: string, projectId: number, name: string, data: unknown) =>
  app.request('POST', '/api/configs', { token, body: { name, projectId, data } });
const updateProjectConfig = (token: string, config: { id: number; version: number; name: string }, data: unknown) =>
  app.request('PUT', '/api/configs', { token, body: { id: config.id, name: config.name, version: config.version, data } });
const storedConfig = async (configId: number) => (await db().select().from(t.configs).where(eq(t.configs.configId, configId)))[0];
const projectConfigs = async (projectId: number) => db().select().from(t.configs).where(eq(t.configs.projectId, projectId));

describe('project configs', () => {
  it('adds one of the defaults, lists it, reads it by name, and answers null for a config the project does not have', async () => {
    const w = await world();
    expect((await app.request('GET', `/api/configs/${w.project.projectId}`, { token: w.token })).body).toEqual([]);
    const added = await addProjectConfig(w.token, w.project.projectId, 'EnforceStorageLevels', storageLevels(2, 4));
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(Number),
      systemConfigId: null,
      name: 'EnforceStorageLevels',
      isLicense: false,
      licenseId: null,
      projectId: w.project.projectId,
      data: storageLevels(2, 4),
      version: 1,
    });
    expect((await app.request('GET', `/api/configs/${w.project.projectId}`, { token: w.token })).body).toEqual([added.body]);
    expect((await app.request('GET', `/api/project/${w.project.projectId}/EnforceStorageLevels/get-config`, { token: w.token })).body).toEqual(added.body);
    const none = await app.request('GET', `/api/project/${w.project.projectId}/ReceiptPost/get-config`, { token: w.token });
    expect([none.status, none.body]).toEqual([200, null]);
  });

  it('updates at the version read, answers the saved config with the next version, and keeps each change in the config’s History', async () => {
    const w = await world();
    const added = (await addProjectConfig(w.token, w.project.projectId, 'ReceiptPost', receiptPost('Yard'))).body;
    const saved = await updateProjectConfig(w.token, added, receiptPost('Yard > Rack 2'));
    expect([saved.status, saved.body]).toEqual([200, { ...added, data: receiptPost('Yard > Rack 2'), version: 2 }]);
    expect((await storedConfig(added.id))!.version).toBe(2);

    const history = await app.request('GET', `/api/audit?subject=config:${added.id}`, { token: w.token });
    expect(history.status).toBe(200);
    const [update, add] = history.body.items;
    expect(update).toMatchObject({ method: 'PUT', entity: 'config', entityId: String(added.id), licenseId: w.license.licenseId });
    expect(update.changes).toEqual([{ field: 'data', before: JSON.stringify(receiptPost('Yard')), after: JSON.stringify(receiptPost('Yard > Rack 2')) }]);
    expect(add.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: null, after: 'ReceiptPost' },
        { field: 'data', before: null, after: JSON.stringify(receiptPost('Yard')) },
      ]),
    );
  });

  it('refuses a stale version (409), a missing version, another name and a config the caller does not name (400), changing nothing', async () => {
    const w = await world();
    const added = (await addProjectConfig(w.token, w.project.projectId, 'ReceiptPost', receiptPost('Yard'))).body;
    await updateProjectConfig(w.token, added, receiptPost('Dock'));
    const stale = await updateProjectConfig(w.token, added, receiptPost('Gate'));
    expect([stale.status, stale.body.Message]).toEqual([409, ConfigMessages.changedSince]);
    const cases: [unknown, string][] = [
      [{ id: added.id, name: 'ReceiptPost', data: receiptPost('Gate') }, ConfigMessages.versionRequired],
      [{ id: added.id, name: 'EnforceStorageLevels', version: 2, data: storageLevels(0, 0) }, ConfigMessages.nameUnchangeable],
      [{ name: 'ReceiptPost', version: 2, data: receiptPost('Gate') }, ConfigMessages.whichToUpdate],
      [{ id: added.id, name: 'ReceiptPost', version: 2, licenseId: w.license.licenseId, data: receiptPost('Gate') }, ConfigMessages.ownerMismatch],
    ];
    for (const [body, message] of cases) {
      const answer = await app.request('PUT', '/api/configs', { token: w.token, body });
      expect([answer.status, answer.body.Message]).toEqual([400, message]);
    }
    expect(await storedConfig(added.id)).toMatchObject({ version: 2, data: receiptPost('Dock') });
  });

  it('lets exactly one of two saves from the same version win, and stores the winner’s config', async () => {
    const w = await world();
    const added = (await addProjectConfig(w.token, w.project.projectId, 'ReceiptPost', receiptPost('Yard'))).body;
    const [a, b] = await Promise.all([
      updateProjectConfig(w.token, added, receiptPost('North Gate')),
      updateProjectConfig(w.token, added, receiptPost('South Gate')),
    ]);
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    const winner = a!.status === 200 ? a! : b!;
    const loser = a!.status === 200 ? b! : a!;
    expect(loser.body.Message).toBe(ConfigMessages.changedSince);
    expect(await storedConfig(added.id)).toMatchObject({ version: 2, data: winner.body.data });
  });

  it('adds only a default (400) the project does not have yet (409), also when two adds race', async () => {
    const w = await world();
    const unknown = await addProjectConfig(w.token, w.project.projectId, 'NoSuchConfig', { configs: [] });
    expect([unknown.status, unknown.body.Message, unknown.body.errors]).toEqual([400, ConfigMessages.notADefault, { name: ConfigMessages.notADefault }]);
    // A licence default is not a project default.
    expect((await addProjectConfig(w.token, w.project.projectId, 'SessionTimeout', { configs: [] })).body.Message).toBe(ConfigMessages.notADefault);
    const noProject = await app.request('POST', '/api/configs', { token: w.token, body: { name: 'ReceiptPost', data: receiptPost('') } });
    expect([noProject.status, noProject.body.Message]).toEqual([400, ConfigMessages.projectRequired]);

    const [a, b] = await Promise.all([
      addProjectConfig(w.token, w.project.projectId, 'CustomSiteBarcode', { configs: [] }),
      addProjectConfig(w.token, w.project.projectId, 'CustomSiteBarcode', { configs: [] }),
    ]);
    expect([a!.status, b!.status].sort()).toEqual([201, 409]);
    expect([a!, b!].find((answer) => answer.status === 409)!.body.Message).toBe(ConfigMessages.exists);
    expect((await addProjectConfig(w.token, w.project.projectId, 'CustomSiteBarcode', { configs: [] })).status).toBe(409);
    expect((await projectConfigs(w.project.projectId)).map((c) => c.name)).toEqual(['CustomSiteBarcode']);
  });

  it('refuses a negative number and a minimum above the maximum with the editor’s messages', async () => {
    const w = await world();
    const negative = await addProjectConfig(w.token, w.project.projectId, 'EnforceStorageLevels', storageLevels(-1, 3));
    expect([negative.status, negative.body.Message]).toEqual([400, ConfigMessages.negative]);
    const minAboveMax = await addProjectConfig(w.token, w.project.projectId, 'EnforceStorageLevels', storageLevels(5, 3));
    expect([minAboveMax.status, minAboveMax.body.Message]).toEqual([400, ConfigMessages.minAboveMax]);
    expect(minAboveMax.body.errors).toEqual({ 'data.configs.0.parameters.0.value': ConfigMessages.minAboveMax });
    // 0 means no restriction: a minimum with no maximum is fine.
    expect((await addProjectConfig(w.token, w.project.projectId, 'EnforceStorageLevels', storageLevels(5, 0))).status).toBe(201);
    const added = (await projectConfigs(w.project.projectId))[0]!;
    const negativeUpdate = await updateProjectConfig(w.token, { id: added.configId, name: added.name, version: 1 }, storageLevels(1, '-2'));
    expect([negativeUpdate.status, negativeUpdate.body.Message]).toEqual([400, ConfigMessages.negative]);
    expect((await storedConfig(added.configId))!.data).toEqual(storageLevels(5, 0));
  });

  it('holds the pick location to EnforceStorageLevels both ways, with every message of the spec', async () => {
    const w = await world();
    // A pick location of 3 levels saved: storage levels that exclude 3 conflict with it.
    const post = (await addProjectConfig(w.token, w.project.projectId, 'ReceiptPost', receiptPost('Yard > Rack 2 > Bin 4'))).body;
    const conflict = await addProjectConfig(w.token, w.project.projectId, 'EnforceStorageLevels', storageLevels(4, 5));
    expect([conflict.status, conflict.body.Message]).toEqual([400, pickLocationLevelConflict(3)]);
    const levels = (await addProjectConfig(w.token, w.project.projectId, 'EnforceStorageLevels', storageLevels(2, 3))).body;
    expect(levels.version).toBe(1);

    // Storage levels saved: a pick location must fit them.
    const cases: [unknown, unknown, string][] = [
      [storageLevels(2, 3), 'Yard>Rack', ConfigMessages.locationSeparator],
      [storageLevels(2, 3), 'Yard > > Rack', ConfigMessages.locationSeparator],
      [storageLevels(2, 3), 'Yard', locationLevelRange(2, 3)],
      [storageLevels(2, 2), 'Yard > Rack > Bin', locationExactLevels(2)],
      [storageLevels(2, 0), 'Yard', locationAtLeastLevels(2)],
      [storageLevels(0, 2), 'Yard > Rack > Bin', locationAtMostLevels(2)],
    ];
    let version = 1;
    for (const [range, location, message] of cases) {
      const current = (await storedConfig(levels.id))!;
      const location3 = (await storedConfig(post.id))!;
      // Move the pick location out of the way first, so the range itself can be saved.
      if (JSON.stringify(current.data) !== JSON.stringify(range)) {
        const cleared = await updateProjectConfig(w.token, { id: post.id, name: 'ReceiptPost', version: location3.version }, receiptPost(''));
        expect(cleared.status).toBe(200);
        const set = await updateProjectConfig(w.token, { id: levels.id, name: 'EnforceStorageLevels', version: current.version }, range);
        expect(set.status).toBe(200);
        version = set.body.version;
      }
      const refused = await updateProjectConfig(
        w.token,
        { id: post.id, name: 'ReceiptPost', version: (await storedConfig(post.id))!.version },
        receiptPost(location as string),
      );
      expect([refused.status, refused.body.Message]).toEqual([400, message]);
      expect(refused.body.errors).toEqual({ 'data.configs.0.parameters.0.value': message });
    }
    expect((await storedConfig(levels.id))!.version).toBe(version);
    const fits = await updateProjectConfig(
      w.token,
      { id: post.id, name: 'ReceiptPost', version: (await storedConfig(post.id))!.version },
      receiptPost('Yard > Rack'),
    );
    expect(fits.status).toBe(200);
  });

  it('never stores both of two concurrent saves that conflict only together (storage levels 4 to 5, a pick location of 3 levels)', async () => {
    for (let round = 0; round < 3; round++) {
      const w = await world();
      const levels = (await addProjectConfig(w.token, w.project.projectId, 'EnforceStorageLevels', storageLevels(0, 0))).body;
      const post = (await addProjectConfig(w.token, w.project.projectId, 'ReceiptPost', receiptPost(''))).body;
      const [a, b] = await Promise.all([
        updateProjectConfig(w.token, levels, storageLevels(4, 5)),
        updateProjectConfig(w.token, post, receiptPost('Yard > Rack > Bin')),
      ]);
      expect([a!.status, b!.status].sort()).toEqual([200, 400]);
      const refused = a!.status === 400 ? a! : b!;
      expect([pickLocationLevelConflict(3), locationLevelRange(4, 5)]).toContain(refused.body.Message);
      const stored = await projectConfigs(w.project.projectId);
      const both = stored.every((config) => config.version === 2);
      expect(both).toBe(false);
    }
  });

  it('refuses resource properties the editor refuses, each with its message', async () => {
    const w = await world();
    const cases: [unknown, string][] = [
      [properties(property('  ')), ConfigMessages.propertyNameBlank],
      [properties(property('Paint', { type: 'selection', selection: [] })), ConfigMessages.selectionRequired],
      [properties(property('Paint', { type: 'selection', selection: [' '] })), ConfigMessages.selectionRequired],
      [properties(property('Heat Number'), property('heat number')), propertyRepeated('Heat Number')],
      [
        properties(property('Heat Number', { resourceTypes: [MATERIAL] }), property('HEAT NUMBER', { resourceTypes: [MATERIAL] })),
        propertyRepeatedForTypes('Heat Number', ['Material']),
      ],
    ];
    for (const [data, message] of cases) {
      const answer = await addProjectConfig(w.token, w.project.projectId, 'ResourceProperties', data);
      expect([answer.status, answer.body.Message]).toEqual([400, message]);
      expect(answer.body.problems).toContainEqual({ entry: 0, parameter: null, message });
    }
    expect(await projectConfigs(w.project.projectId)).toEqual([]);
    // A name repeated for different resource types is fine.
    const fine = properties(
      property('Heat Number', { resourceTypes: [MATERIAL] }),
      property('Heat Number', { resourceTypes: [{ typeName: 'Equipment', typeNumber: 3 }] }),
    );
    expect((await addProjectConfig(w.token, w.project.projectId, 'ResourceProperties', fine)).status).toBe(201);
  });

  it('lets only a super administrator add, change or remove a resource property that requires elevated privileges', async () => {
    const w = await world();
    const paint = property('Paint System', { type: 'selection', selection: ['Zinc', 'None'] });
    const serial = property('Serial', { requiresElevated: true });
    const refused = await addProjectConfig(w.token, w.project.projectId, 'ResourceProperties', properties(paint, serial));
    expect([refused.status, refused.body.Message]).toEqual([403, ConfigMessages.elevatedOnly]);
    expect(await projectConfigs(w.project.projectId)).toEqual([]);

    const added = await addProjectConfig(w.superToken, w.project.projectId, 'ResourceProperties', properties(paint, serial));
    expect(added.status).toBe(201);
    // The others stay the licence administrator's to change.
    const colour = property('Colour');
    const widened = await updateProjectConfig(w.token, added.body, properties(paint, serial, colour));
    expect(widened.status).toBe(200);
    const elevatedEdit = await updateProjectConfig(w.token, widened.body, properties(paint, property('Serial Number', { requiresElevated: true }), colour));
    expect([elevatedEdit.status, elevatedEdit.body.Message]).toEqual([403, ConfigMessages.elevatedOnly]);
    const madeElevated = await updateProjectConfig(w.token, widened.body, properties(paint, serial, { ...property('Colour', { requiresElevated: true }) }));
    expect([madeElevated.status, madeElevated.body.Message]).toEqual([403, ConfigMessages.elevatedOnly]);
    const removed = await updateProjectConfig(w.token, widened.body, properties(paint, colour));
    expect([removed.status, removed.body.Message]).toEqual([403, ConfigMessages.elevatedOnly]);
    const deleted = await app.request('DELETE', `/api/configs/${added.body.id}`, { token: w.token });
    expect([deleted.status, deleted.body.Message]).toEqual([403, ConfigMessages.elevatedOnly]);
    expect(await storedConfig(added.body.id)).toMatchObject({ version: 2, data: properties(paint, serial, colour) });

    expect((await updateProjectConfig(w.superToken, widened.body, properties(paint, colour))).status).toBe(200);
    expect((await app.request('DELETE', `/api/configs/${added.body.id}`, { token: w.superToken })).status).toBe(200);
  });

  it('deletes a config, in its History and the project’s', async () => {
    const w = await world();
    const added = (await addProjectConfig(w.token, w.project.projectId, 'CustomSiteBarcode', { configs: [] })).body;
    const deleted = await app.request('DELETE', `/api/configs/${added.id}`, { token: w.token });
    expect([deleted.status, deleted.body.Message]).toEqual([200, ConfigMessages.deleted]);
    expect(await storedConfig(added.id)).toBeUndefined();
    expect((await app.request('DELETE', `/api/configs/${added.id}`, { token: w.token })).status).toBe(404);
    const entries = await db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'config'), eq(t.auditLog.entityId, String(added.id)), eq(t.auditLog.method, 'DELETE')));
    expect(entries.map((entry) => [entry.subject, entry.licenseId, entry.after]).sort()).toEqual([
      [`config:${added.id}`, w.license.licenseId, null],
      [`project:${w.project.projectId}`, w.license.licenseId, null],
    ]);
    const projectHistory = await app.request('GET', `/api/audit?subject=project:${w.project.projectId}`, { token: w.token });
    expect(projectHistory.body.items[0]).toMatchObject({ method: 'DELETE', entity: 'config' });
    expect(projectHistory.body.items[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: 'CustomSiteBarcode', after: null },
        { field: 'data', before: '{"configs":[]}', after: null },
      ]),
    );
  });

  it('answers 404 for another licence’s project and its configs, and changes nothing', async () => {
    const w = await world();
    const other = await world();
    const theirs = (await addProjectConfig(other.token, other.project.projectId, 'ReceiptPost', receiptPost('Yard'))).body;
    const answers = [
      await app.request('GET', `/api/configs/${other.project.projectId}`, { token: w.token }),
      await app.request('GET', `/api/project/${other.project.projectId}/ReceiptPost/get-config`, { token: w.token }),
      await addProjectConfig(w.token, other.project.projectId, 'EnforceStorageLevels', storageLevels(0, 0)),
      await updateProjectConfig(w.token, theirs, receiptPost('Mine')),
      await app.request('DELETE', `/api/configs/${theirs.id}`, { token: w.token }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await projectConfigs(other.project.projectId)).map((c) => [c.name, c.version, c.data])).toEqual([['ReceiptPost', 1, receiptPost('Yard')]]);
    // A project of their own licence they are not given is as invisible.
    const hidden = await createProject(app, w.license.licenseId);
    const reader = await createUser(app, w.license.licenseId, { roles: [Role.MENU_ADMIN_TOOL_ACCESS], projects: [w.project.projectId] });
    expect((await app.request('GET', `/api/configs/${hidden.projectId}`, { token: await login(app, reader.userName) })).status).toBe(404);
    // A licence config's id is not a project config's.
    const licenseConfig = await app.request('POST', `/api/license/${w.license.licenseId}/configs`, {
      token: w.token,
      body: { name: 'SessionTimeout', data: { configs: [] } },
    });
    expect((await app.request('DELETE', `/api/configs/${licenseConfig.body.id}`, { token: w.token })).status).toBe(404);
  });

  it('lets any portal role read root project 1’s defaults, and only a super administrator change them', async () => {
    const w = await world();
    const defaults = await app.request('GET', '/api/configs/1', { token: w.token });
    expect(defaults.status).toBe(200);
    expect(defaults.body.map((config: { name: string }) => config.name)).toEqual(
      expect.arrayContaining(['EnforceStorageLevels', 'MaterialCheckInOut', 'ReceiptPost', 'ResourceProperties', 'UserPassword']),
    );
    const barcode = defaults.body.find((config: { name: string }) => config.name === 'CustomSiteBarcode');
    expect((await app.request('GET', '/api/project/1/CustomSiteBarcode/get-config', { token: w.token })).body).toEqual(barcode);

    const refused = await updateProjectConfig(w.token, barcode, { configs: [] });
    expect([refused.status, refused.body.Message]).toEqual([403, ConfigMessages.defaultsSuperAdministratorsOnly]);
    expect((await app.request('DELETE', `/api/configs/${barcode.id}`, { token: w.token })).status).toBe(403);
    expect((await addProjectConfig(w.token, 1, 'CustomSiteBarcode', { configs: [] })).status).toBe(403);

    const changed = await updateProjectConfig(w.superToken, barcode, { configs: [] });
    expect(changed.status).toBe(200);
    // Defaults belong to no licence: their History is in no licence's log.
    const [entry] = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.subject, `config:${barcode.id}`));
    expect(entry!.licenseId).toBeNull();
    expect((await app.request('GET', `/api/audit?subject=config:${barcode.id}`, { token: w.token })).status).toBe(404);
    expect((await app.request('GET', `/api/audit?subject=config:${barcode.id}`, { token: w.superToken })).body.items).toHaveLength(1);
    expect((await updateProjectConfig(w.superToken, changed.body, barcode.data)).status).toBe(200);
  });

  it('answers a named config of the listed projects the caller sees, leaving the others out', async () => {
    const w = await world();
    const other = await world();
    const mine = (await addProjectConfig(w.token, w.project.projectId, 'ReceiptPost', receiptPost('Yard'))).body;
    await addProjectConfig(other.token, other.project.projectId, 'ReceiptPost', receiptPost('Dock'));
    const second = await createProject(app, w.license.licenseId);
    const answer = await app.request('POST', '/api/project/ReceiptPost/get-configs', {
      token: w.token,
      body: [other.project.projectId, second.projectId, w.project.projectId, 1, 99999999],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.map((config: { projectId: number }) => config.projectId)).toEqual([1, w.project.projectId]);
    expect(answer.body[1]).toEqual(mine);
    expect((await app.request('POST', '/api/project/ReceiptPost/get-configs', { token: w.token, body: [] })).body).toEqual([]);
  });

  it('answers the material status options and the resource types', async () => {
    const w = await world();
    const status = await app.request('GET', '/api/spot/status', { token: w.token });
    expect(status.body).toEqual({
      materialStatusOptions: [
        { state: -1, name: 'Clear Status' },
        { state: 2, name: 'Unavailable' },
        { state: 3, name: 'Available' },
      ],
    });
    const types = await app.request('GET', '/api/Resource/resourceTypesMetaData', { token: w.token });
    expect(types.body).toContainEqual({ typeName: 'Adjustment', typeNumber: 707 });
    expect(types.body).toContainEqual(MATERIAL);
  });
});

// ------------------------------------------------------------------ licence configs

const licenseConfigs = async (licenseId: number) => db().select().from(t.configs).where(eq(t.configs.licenseId, licenseId));

describe('licence configs', () => {
  it('lists the defaults, adds one (its systemConfigId its own id), updates it by systemConfigId and deletes it', async () => {
    const w = await world();
    const defaults = await app.request('GET', '/api/license/default/configs', { token: w.token });
    expect(defaults.body.map((config: { name: string }) => config.name)).toEqual(
      expect.arrayContaining(['ResourceProperties', 'SessionTimeout', 'TwoFactorAuthentication', 'UserPassword']),
    );
    for (const config of defaults.body) expect(config).toMatchObject({ isLicense: true, licenseId: null, projectId: null, systemConfigId: config.id });

    const path = `/api/license/${w.license.licenseId}/configs`;
    const timeout = { configs: [{ property: 'SessionTimeout', parameters: [{ name: 'Minutes', value: 60, inputType: 'positiveNumber' }] }] };
    const added = await app.request('POST', path, {
      token: w.token,
      body: { name: 'SessionTimeout', isLicense: true, licenseId: w.license.licenseId, data: timeout },
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: added.body.id,
      systemConfigId: added.body.id,
      name: 'SessionTimeout',
      isLicense: true,
      licenseId: w.license.licenseId,
      projectId: null,
      data: timeout,
      version: 1,
    });
    expect((await app.request('GET', path, { token: w.token })).body).toEqual([added.body]);

    const longer = { configs: [{ property: 'SessionTimeout', parameters: [{ name: 'Minutes', value: 90, inputType: 'positiveNumber' }] }] };
    const saved = await app.request('PUT', path, { token: w.token, body: { systemConfigId: added.body.id, name: 'SessionTimeout', version: 1, data: longer } });
    expect([saved.status, saved.body]).toEqual([200, { ...added.body, data: longer, version: 2 }]);
    const stale = await app.request('PUT', path, {
      token: w.token,
      body: { systemConfigId: added.body.id, name: 'SessionTimeout', version: 1, data: timeout },
    });
    expect([stale.status, stale.body.Message]).toEqual([409, ConfigMessages.changedSince]);
    const negative = await app.request('PUT', path, {
      token: w.token,
      body: {
        id: added.body.id,
        name: 'SessionTimeout',
        version: 2,
        data: { configs: [{ property: 'SessionTimeout', parameters: [{ name: 'Minutes', value: -5, inputType: 'positiveNumber' }] }] },
      },
    });
    expect([negative.status, negative.body.Message]).toEqual([400, ConfigMessages.negative]);

    const history = await app.request('GET', `/api/audit?subject=config:${added.body.id}`, { token: w.token });
    expect(history.body.items.map((entry: { method: string }) => entry.method)).toEqual(['PUT', 'POST']);

    const deleted = await app.request('DELETE', `${path}/${added.body.id}`, { token: w.token });
    expect([deleted.status, deleted.body.Message]).toEqual([200, ConfigMessages.licenseRemoved]);
    expect(await licenseConfigs(w.license.licenseId)).toEqual([]);
    const again = await app.request('DELETE', `${path}/${added.body.id}`, { token: w.token });
    expect([again.status, again.body.Message]).toEqual([404, ConfigMessages.licenseConfigNotFound]);
    const [ownerEntry] = await db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.subject, `license:${w.license.licenseId}`), eq(t.auditLog.entity, 'config')));
    expect(ownerEntry).toMatchObject({ method: 'DELETE', before: { name: 'SessionTimeout', data: longer }, licenseId: w.license.licenseId });
  });

  it('refuses a name that is not a default, one the licence has, and a body naming another owner', async () => {
    const w = await world();
    const path = `/api/license/${w.license.licenseId}/configs`;
    const cases: [unknown, number, string][] = [
      [{ name: 'ReceiptPost', data: { configs: [] } }, 400, ConfigMessages.notADefault],
      [{ name: 'SessionTimeout', licenseId: w.license.licenseId + 1000, data: { configs: [] } }, 400, ConfigMessages.ownerMismatch],
      [{ name: 'SessionTimeout', projectId: w.project.projectId, data: { configs: [] } }, 400, ConfigMessages.ownerMismatch],
      [{ name: 'SessionTimeout', projectId: w.project.projectId, licenseId: w.license.licenseId, data: { configs: [] } }, 400, ConfigMessages.oneOwner],
    ];
    for (const [body, status, message] of cases) {
      const answer = await app.request('POST', path, { token: w.token, body });
      expect([answer.status, answer.body.Message]).toEqual([status, message]);
    }
    expect((await app.request('POST', path, { token: w.token, body: { name: 'TwoFactorAuthentication', data: { configs: [] } } })).status).toBe(201);
    const twice = await app.request('POST', path, { token: w.token, body: { name: 'TwoFactorAuthentication', data: { configs: [] } } });
    expect([twice.status, twice.body.Message]).toEqual([409, ConfigMessages.exists]);
    expect((await licenseConfigs(w.license.licenseId)).map((c) => c.name)).toEqual(['TwoFactorAuthentication']);
  });

  it('keeps elevated resource properties of a licence to super administrators', async () => {
    const w = await world();
    const path = `/api/license/${w.license.licenseId}/configs`;
    const data = properties(property('Serial', { requiresElevated: true }));
    const refused = await app.request('POST', path, { token: w.token, body: { name: 'ResourceProperties', data } });
    expect([refused.status, refused.body.Message]).toEqual([403, ConfigMessages.elevatedOnly]);
    const added = await app.request('POST', path, { token: w.superToken, body: { name: 'ResourceProperties', data } });
    expect(added.status).toBe(201);
    const removed = await app.request('DELETE', `${path}/${added.body.systemConfigId}`, { token: w.token });
    expect([removed.status, removed.body.Message]).toEqual([403, ConfigMessages.elevatedOnly]);
    const blank = await app.request('PUT', path, {
      token: w.superToken,
      body: { ...added.body, data: properties(property('Serial', { requiresElevated: true }), property('')) },
    });
    expect([blank.status, blank.body.Message]).toEqual([400, ConfigMessages.propertyNameBlank]);
  });

  it('answers 404 for another licence’s configs and changes nothing', async () => {
    const w = await world();
    const other = await world();
    const theirs = (
      await app.request('POST', `/api/license/${other.license.licenseId}/configs`, {
        token: other.token,
        body: { name: 'SessionTimeout', data: { configs: [] } },
      })
    ).body;
    const path = `/api/license/${other.license.licenseId}/configs`;
    const answers = [
      await app.request('GET', path, { token: w.token }),
      await app.request('POST', path, { token: w.token, body: { name: 'TwoFactorAuthentication', data: { configs: [] } } }),
      await app.request('PUT', path, { token: w.token, body: { ...theirs, data: { configs: [] } } }),
      await app.request('DELETE', `${path}/${theirs.id}`, { token: w.token }),
      // Their config through my licence's path is no config of mine.
      await app.request('PUT', `/api/license/${w.license.licenseId}/configs`, {
        token: w.token,
        body: { ...theirs, licenseId: w.license.licenseId, data: { configs: [] } },
      }),
      await app.request('DELETE', `/api/license/${w.license.licenseId}/configs/${theirs.id}`, { token: w.token }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await licenseConfigs(other.license.licenseId)).map((c) => [c.name, c.version])).toEqual([['SessionTimeout', 1]]);
    expect((await app.request('GET', `/api/audit?subject=config:${theirs.id}`, { token: w.token })).status).toBe(404);
  });
});
