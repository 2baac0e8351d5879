import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { ImportMessages, ImportSystemPageSchema, ImportSystemSchema, type ImportSystem, type ImportSystemPage } from 'contracts/projects-sites/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { newApiKey } from '../../domain/api-key-secrets';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const db = () => app.deps.db;

/** A licence with two projects and an import administrator of it. */
async function world(roles: string[] = [Role.ADMINISTER_IMPORT_SYSTEM_DETAILS]) {
  const license = await createLicense(app);
  const project = await createProject(app, license.licenseId);
  const second = await createProject(app, license.licenseId);
  const admin = await createUser(app, license.licenseId, { roles });
  return { license, project, second, token: await login(app, admin.userName) };
}

/** An import system made in the database. */
async function importSystem(projectId: number, values: Partial<typeof t.importSystems.$inferInsert> = {}) {
  const [row] = await db()
    .insert(t.importSystems)
    .values({ projectId, displayName: unique('Import'), path: '/imports/test', ...values })
    .returning();
  return row!;
}

const rowOf = async (configId: number) => (await db().select().from(t.importSystems).where(eq(t.importSystems.configId, configId)))[0];
const systemsOf = (projectId: number) => db().select().from(t.importSystems).where(eq(t.importSystems.projectId, projectId));
const auditOf = (configId: number) =>
  db()
    .select()
    .from(t.auditLog)
    .where(and(eq(t.auditLog.entity, 'import-system'), eq(t.auditLog.entityId, String(configId))))
    .orderBy(t.auditLog.auditId);

const form = (extra: Record<string, unknown> = {}) => ({
  displayName: unique('ERP'),
  path: '/imports/erp',
  description: 'Orders from the ERP.',
  active: true,
  ...extra,
});
const ids = (list: ImportSystem[]) => list.map((system) => system.configId);
const query = (values: Record<string, string | number>) =>
  new URLSearchParams(Object.fromEntries(Object.entries(values).map(([k, value]) => [k, String(value)])));

describe('POST projects/{projectId}/imports', () => {
  it('creates an import system in the project, trimmed, active and not internal unless sent, and records it', async () => {
    const w = await world();
    const name = unique('SAP');
    const answer = await app.request('POST', `/api/projects/${w.project.projectId}/imports`, {
      token: w.token,
      body: { displayName: ` ${name} `, path: ' /imports/sap ', description: ' Goods receipts ' },
    });
    expect(answer.status).toBe(201);
    const created = v.parse(ImportSystemSchema, answer.body);
    expect(answer.body).toEqual({
      configId: expect.any(Number),
      projectId: w.project.projectId,
      displayName: name,
      path: '/imports/sap',
      description: 'Goods receipts',
      active: true,
      isInternal: false,
    });
    expect(await rowOf(created.configId)).toMatchObject({ displayName: name, path: '/imports/sap', projectId: w.project.projectId });
    const internal = await app.request('POST', `/api/projects/${w.project.projectId}/imports`, {
      token: w.token,
      body: form({ active: false, isInternal: true, projectId: w.project.projectId }),
    });
    expect([internal.status, internal.body.active, internal.body.isInternal]).toEqual([201, false, true]);

    const [entry] = await auditOf(created.configId);
    expect(entry).toMatchObject({
      method: 'POST',
      status: 201,
      before: null,
      after: answer.body,
      licenseId: w.license.licenseId,
      subject: `project:${w.project.projectId}`,
    });
  });

  it('refuses what the form refuses with the spec’s messages, a name the project has, and changes nothing', async () => {
    const w = await world();
    const url = `/api/projects/${w.project.projectId}/imports`;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { displayName: '  ', path: '' },
        { displayName: ImportMessages.nameRequired, path: ImportMessages.pathRequired },
      ],
      [{ displayName: undefined }, { displayName: ImportMessages.nameRequired }],
      [{ path: undefined }, { path: ImportMessages.pathRequired }],
      [
        { displayName: 'n'.repeat(101), path: 'p'.repeat(501), description: 'd'.repeat(1001) },
        { displayName: ImportMessages.nameTooLong, path: ImportMessages.pathTooLong, description: ImportMessages.descriptionTooLong },
      ],
    ];
    for (const [change, errors] of cases) {
      const answer = await app.request('POST', url, { token: w.token, body: form(change) });
      expect([answer.status, answer.body.errors]).toEqual([400, errors]);
      expect(Object.values(errors)).toContain(answer.body.Message);
    }
    expect(await systemsOf(w.project.projectId)).toEqual([]);

    const body = form();
    expect((await app.request('POST', url, { token: w.token, body })).status).toBe(201);
    const again = await app.request('POST', url, { token: w.token, body: { ...form(), displayName: `  ${body.displayName}` } });
    expect([again.status, again.body]).toEqual([409, { Message: ImportMessages.duplicateName, errors: { displayName: ImportMessages.duplicateName } }]);
    // The same name in another project is another import system.
    expect((await app.request('POST', `/api/projects/${w.second.projectId}/imports`, { token: w.token, body })).status).toBe(201);
    expect(await systemsOf(w.project.projectId)).toHaveLength(1);
  });

  it('keeps a name once in a project when two saves send it at the same moment: one wins, the other is a 409', async () => {
    const w = await world();
    const body = form();
    const answers = await Promise.all([1, 2, 3].map(() => app.request('POST', `/api/projects/${w.project.projectId}/imports`, { token: w.token, body })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.Message).toBe(ImportMessages.duplicateName);
    expect((await systemsOf(w.project.projectId)).map((row) => row.displayName)).toEqual([body.displayName]);
  });

  it('adds nothing to an inactive project, refuses another project in the body, and answers 404 for a missing project', async () => {
    const w = await world();
    const closed = await createProject(app, w.license.licenseId, { isActive: false });
    const inactive = await app.request('POST', `/api/projects/${closed.projectId}/imports`, { token: w.token, body: form() });
    expect([inactive.status, inactive.body.errors]).toEqual([409, { projectId: ImportMessages.inactiveProject }]);
    const elsewhere = await app.request('POST', `/api/projects/${w.project.projectId}/imports`, {
      token: w.token,
      body: form({ projectId: w.second.projectId }),
    });
    expect([elsewhere.status, elsewhere.body.errors]).toEqual([400, { projectId: ImportMessages.projectMismatch }]);
    expect((await app.request('POST', '/api/projects/999999999/imports', { token: w.token, body: form() })).status).toBe(404);
    // Root project 1 belongs to no licence.
    expect((await app.request('POST', '/api/projects/1/imports', { token: w.token, body: form() })).status).toBe(404);
    expect([...(await systemsOf(closed.projectId)), ...(await systemsOf(w.project.projectId)), ...(await systemsOf(w.second.projectId))]).toEqual([]);
  });
});

describe('import system names, one per project in any case', () => {
  it('refuses a name the project has in another case, on create and on save (409 on displayName); another project may have it', async () => {
    const w = await world();
    const url = `/api/projects/${w.project.projectId}/imports`;
    const name = unique('Procore Sync');
    expect((await app.request('POST', url, { token: w.token, body: form({ displayName: name }) })).status).toBe(201);
    const lower = await app.request('POST', url, { token: w.token, body: form({ displayName: name.toLowerCase() }) });
    expect([lower.status, lower.body]).toEqual([409, { Message: ImportMessages.duplicateName, errors: { displayName: ImportMessages.duplicateName } }]);
    const other = await importSystem(w.project.projectId);
    const renamed = await app.request('PUT', `/api/imports/${other.configId}`, { token: w.token, body: form({ displayName: name.toUpperCase() }) });
    expect([renamed.status, renamed.body.errors]).toEqual([409, { displayName: ImportMessages.duplicateName }]);
    expect(await rowOf(other.configId)).toEqual(other);
    // Its own name in another case is a rename of itself.
    expect(
      (await app.request('PUT', `/api/imports/${other.configId}`, { token: w.token, body: form({ displayName: other.displayName.toUpperCase() }) })).status,
    ).toBe(200);
    expect(
      (await app.request('POST', `/api/projects/${w.second.projectId}/imports`, { token: w.token, body: form({ displayName: name.toUpperCase() }) })).status,
    ).toBe(201);
    expect((await systemsOf(w.project.projectId)).map((row) => row.displayName.toLowerCase()).sort()).toEqual(
      [name.toLowerCase(), other.displayName.toLowerCase()].sort(),
    );
  });

  it('holds the rule in the database itself, also against a writer that does not ask first', async () => {
    const w = await world();
    await importSystem(w.project.projectId, { displayName: 'ERP' });
    await expect(importSystem(w.project.projectId, { displayName: 'erp' })).rejects.toThrow();
  });
});

describe('PUT imports/{configId}', () => {
  it('saves the form, keeps isInternal unless sent, answers the saved import system and records before and after', async () => {
    const w = await world();
    const system = await importSystem(w.project.projectId, { isInternal: true, description: 'Old' });
    const name = unique('P6');
    const answer = await app.request('PUT', `/api/imports/${system.configId}`, {
      token: w.token,
      body: { displayName: `${name} `, path: '/imports/p6', description: 'New', active: false, projectId: w.project.projectId },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      Message: ImportMessages.saved,
      configId: system.configId,
      projectId: w.project.projectId,
      displayName: name,
      path: '/imports/p6',
      description: 'New',
      active: false,
      isInternal: true,
    });
    expect((await app.request('GET', `/api/imports/${system.configId}`, { token: w.token })).body).toMatchObject({
      displayName: name,
      active: false,
      isInternal: true,
    });
    expect(
      (await app.request('PUT', `/api/imports/${system.configId}`, { token: w.token, body: { displayName: name, path: '/p', isInternal: false } })).body,
    ).toMatchObject({ isInternal: false, active: true, description: '' });

    const entries = await auditOf(system.configId);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      method: 'PUT',
      status: 200,
      before: expect.objectContaining({ description: 'Old', isInternal: true }),
      after: expect.objectContaining({ displayName: name, active: false }),
    });
  });

  it('refuses a name another import system of the project has, a move to another project and a bad form; nothing changes', async () => {
    const w = await world();
    const taken = await importSystem(w.project.projectId);
    const system = await importSystem(w.project.projectId);
    const url = `/api/imports/${system.configId}`;
    const duplicate = await app.request('PUT', url, { token: w.token, body: form({ displayName: taken.displayName }) });
    expect([duplicate.status, duplicate.body.errors]).toEqual([409, { displayName: ImportMessages.duplicateName }]);
    const moved = await app.request('PUT', url, { token: w.token, body: form({ projectId: w.second.projectId }) });
    expect([moved.status, moved.body.errors]).toEqual([400, { projectId: ImportMessages.projectFixed }]);
    const blank = await app.request('PUT', url, { token: w.token, body: form({ displayName: '', path: ' ' }) });
    expect([blank.status, blank.body.errors]).toEqual([400, { displayName: ImportMessages.nameRequired, path: ImportMessages.pathRequired }]);
    expect(await rowOf(system.configId)).toEqual(system);
    // Its own name, unchanged, is no duplicate; nor is the same name in another project.
    await importSystem(w.second.projectId, { displayName: 'Shared name' });
    expect((await app.request('PUT', url, { token: w.token, body: form({ displayName: system.displayName }) })).status).toBe(200);
    expect((await app.request('PUT', url, { token: w.token, body: form({ displayName: 'Shared name' }) })).status).toBe(200);
    expect((await app.request('PUT', '/api/imports/999999999', { token: w.token, body: form() })).status).toBe(404);
  });

  it('changes an import system of an inactive project', async () => {
    const w = await world();
    const closed = await createProject(app, w.license.licenseId, { isActive: false });
    const system = await importSystem(closed.projectId);
    const answer = await app.request('PUT', `/api/imports/${system.configId}`, {
      token: w.token,
      body: form({ displayName: system.displayName, active: false }),
    });
    expect([answer.status, answer.body.active]).toEqual([200, false]);
  });
});

describe('reading import systems', () => {
  it('lists the import systems of the licence’s projects by project and name, one project’s, and one', async () => {
    const w = await world();
    const b = await importSystem(w.project.projectId, { displayName: 'beta' });
    const a = await importSystem(w.project.projectId, { displayName: 'Alpha', active: false });
    const c = await importSystem(w.second.projectId, { displayName: 'Alpha' });
    const other = await world();
    await importSystem(other.project.projectId);

    const all = await app.request('GET', '/api/imports', { token: w.token });
    expect(all.status).toBe(200);
    expect(ids(v.parse(v.array(ImportSystemSchema), all.body))).toEqual([a.configId, b.configId, c.configId]);
    expect(ids((await app.request('GET', `/api/imports?projectId=${w.project.projectId}`, { token: w.token })).body)).toEqual([a.configId, b.configId]);
    expect(ids((await app.request('GET', `/api/projects/${w.second.projectId}/imports`, { token: w.token })).body)).toEqual([c.configId]);
    expect((await app.request('GET', `/api/imports/${a.configId}`, { token: w.token })).body).toEqual({
      configId: a.configId,
      projectId: w.project.projectId,
      displayName: 'Alpha',
      path: '/imports/test',
      description: '',
      active: false,
      isInternal: false,
    });
    expect((await app.request('GET', '/api/imports?projectId=x', { token: w.token })).status).toBe(400);
    expect((await app.request('GET', '/api/imports/paths', { token: w.token })).status).toBe(200);
  });

  it('offers each path of the licence’s import systems once, sorted ignoring case', async () => {
    const w = await world();
    await importSystem(w.project.projectId, { path: '/imports/sap' });
    await importSystem(w.second.projectId, { path: '/imports/sap' });
    await importSystem(w.project.projectId, { path: '/imports/Excel', active: false });
    await importSystem(w.project.projectId, { path: '/imports/csv' });
    const other = await world();
    await importSystem(other.project.projectId, { path: '/imports/elsewhere' });
    const answer = await app.request('GET', '/api/imports/paths', { token: w.token });
    expect([answer.status, answer.body]).toEqual([200, ['/imports/csv', '/imports/Excel', '/imports/sap']]);
  });
});

describe('licence scope and access', () => {
  it('answers 404 for another licence’s project or import system, exactly as for a missing one, and changes nothing', async () => {
    const w = await world();
    const other = await world();
    const theirs = await importSystem(other.project.projectId, { path: `/imports/${unique('theirs')}` });
    const [system, project] = [`/api/imports/${theirs.configId}`, `/api/projects/${other.project.projectId}`];
    // Each call on their entity, and the same call on one that does not exist.
    const calls: [string, string, string, unknown?][] = [
      ['GET', system, '/api/imports/999999999'],
      ['PUT', system, '/api/imports/999999999', form()],
      ['GET', `${project}/imports`, '/api/projects/999999999/imports'],
      ['POST', `${project}/imports`, '/api/projects/999999999/imports', form()],
      ['GET', `/api/imports?projectId=${other.project.projectId}`, '/api/imports?projectId=999999999'],
      ['GET', `/api/imports/page?projectId=${other.project.projectId}`, '/api/imports/page?projectId=999999999'],
      ['GET', `/api/imports.csv?projectId=${other.project.projectId}`, '/api/imports.csv?projectId=999999999'],
    ];
    for (const [method, path, missingPath, body] of calls) {
      const answer = await app.request(method, path, { token: w.token, body });
      const missing = await app.request(method, missingPath, { token: w.token, body });
      expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 404, body: missing.body });
    }
    expect(await rowOf(theirs.configId)).toEqual(theirs);
    expect(await systemsOf(other.project.projectId)).toHaveLength(1);
    expect(await auditOf(theirs.configId)).toEqual([]);
    // Their import systems and paths are in none of the caller's lists.
    expect(ids((await app.request('GET', '/api/imports', { token: w.token })).body)).not.toContain(theirs.configId);
    expect((await app.request('GET', '/api/imports/page', { token: w.token })).body.total).toBe(0);
    expect((await app.request('GET', '/api/imports/paths', { token: w.token })).body).not.toContain(theirs.path);
    expect((await app.request('GET', '/api/imports/paths', { token: other.token })).body).toContain(theirs.path);
  });

  it('shows a super administrator every licence’s import systems, and lets them create in another licence', async () => {
    const w = await world([Role.ADMINISTER_IMPORT_SYSTEM_DETAILS, Role.ACCESS_ALL_CUSTOMER_LICENCES]);
    const other = await world();
    const theirs = await importSystem(other.project.projectId);
    expect((await app.request('GET', `/api/imports/${theirs.configId}`, { token: w.token })).status).toBe(200);
    expect(ids((await app.request('GET', '/api/imports', { token: w.token })).body)).toContain(theirs.configId);
    expect((await app.request('POST', `/api/projects/${other.project.projectId}/imports`, { token: w.token, body: form() })).status).toBe(201);
  });

  it('answers 403 to a caller without ADMINISTER_IMPORT_SYSTEM_DETAILS on every call, even a super administrator, and changes nothing', async () => {
    const w = await world([Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_IMPORT_SYSTEM_USER, Role.ADMINISTER_PROJECT_UPDATE]);
    const system = await importSystem(w.project.projectId);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/imports'],
      ['GET', `/api/imports/${system.configId}`],
      ['GET', '/api/imports/paths'],
      ['GET', '/api/imports/page'],
      ['GET', '/api/imports.csv'],
      ['GET', `/api/projects/${w.project.projectId}/imports`],
      ['POST', `/api/projects/${w.project.projectId}/imports`, form()],
      ['PUT', `/api/imports/${system.configId}`, form()],
    ];
    for (const [method, path, body] of calls)
      expect({ path, status: (await app.request(method, path, { token: w.token, body })).status }).toEqual({ path, status: 403 });
    expect(await systemsOf(w.project.projectId)).toEqual([system]);
  });

  it('lets an API key reach the import systems of its own projects only', async () => {
    const w = await world();
    const mine = await importSystem(w.project.projectId);
    const notMine = await importSystem(w.second.projectId);
    const secret = newApiKey();
    const [key] = await db()
      .insert(t.apiKeys)
      .values({ keyPrefix: secret.prefix, secretHash: secret.hash, name: unique('Key'), licenseId: w.license.licenseId })
      .returning();
    const [role] = await db().select().from(t.roles).where(eq(t.roles.name, Role.ADMINISTER_IMPORT_SYSTEM_DETAILS));
    await db().insert(t.apiKeyRoles).values({ apiKeyId: key!.apiKeyId, roleId: role!.roleId });
    await db().insert(t.apiKeyProjects).values({ apiKeyId: key!.apiKeyId, projectId: w.project.projectId });
    const byKey = (method: string, path: string, body?: unknown) => app.request(method, path, { headers: { authorization: `ApiKey ${secret.key}` }, body });
    expect(ids((await byKey('GET', '/api/imports')).body)).toEqual([mine.configId]);
    expect((await byKey('GET', `/api/imports/${notMine.configId}`)).status).toBe(404);
    expect((await byKey('POST', `/api/projects/${w.second.projectId}/imports`, form())).status).toBe(404);
    expect((await byKey('POST', `/api/projects/${w.project.projectId}/imports`, form())).status).toBe(201);
    // Holding every project of its licence, it reaches them all.
    await db().update(t.apiKeys).set({ allProjects: true }).where(eq(t.apiKeys.apiKeyId, key!.apiKeyId));
    expect((await byKey('GET', `/api/imports/${notMine.configId}`)).status).toBe(200);
  });
});

describe('GET imports/page', () => {
  async function importPage(token: string, values: Record<string, string | number> = {}): Promise<ImportSystemPage> {
    const answer = await app.request('GET', `/api/imports/page?${query(values)}`, { token });
    expect(answer.status).toBe(200);
    return v.parse(ImportSystemPageSchema, answer.body);
  }

  it('pages and sorts the list on the server, with the total', async () => {
    const w = await world();
    const made = [
      await importSystem(w.second.projectId, { displayName: 'delta', path: '/d', description: 'Four' }),
      await importSystem(w.project.projectId, { displayName: 'Charlie', path: '/C', description: 'three', active: false }),
      await importSystem(w.project.projectId, { displayName: 'alpha', path: '/b', description: 'One' }),
      await importSystem(w.second.projectId, { displayName: 'Bravo', path: '/a', description: 'two' }),
    ];
    const [delta, charlie, alpha, bravo] = made.map((row) => row.configId);

    const first = await importPage(w.token, { pageSize: 3 });
    expect(first).toMatchObject({ total: 4, totalExact: true, page: 0, pageSize: 3 });
    // By project, then name.
    expect(ids(first.items)).toEqual([alpha, charlie, bravo]);
    expect(ids((await importPage(w.token, { pageSize: 3, page: 1 })).items)).toEqual([delta]);
    expect(ids((await importPage(w.token, { sort: 'displayName' })).items)).toEqual([alpha, bravo, charlie, delta]);
    expect(ids((await importPage(w.token, { sort: 'displayName', dir: 'desc' })).items)).toEqual([delta, charlie, bravo, alpha]);
    expect(ids((await importPage(w.token, { sort: 'path' })).items)).toEqual([bravo, alpha, charlie, delta]);
    expect(ids((await importPage(w.token, { sort: 'description' })).items)).toEqual([delta, alpha, charlie, bravo]);
    expect(ids((await importPage(w.token, { sort: 'active' })).items)).toEqual([charlie, alpha, bravo, delta]);
    expect(ids((await importPage(w.token, { sort: 'projectId', dir: 'desc' })).items)).toEqual([delta, bravo, charlie, alpha]);
    expect(await importPage(w.token, { page: 9 })).toMatchObject({ items: [], total: 4 });
  });

  it('filters by project and by name, path, description or project id, ignoring case, and refuses a bad query', async () => {
    const w = await world();
    const tag = unique('t').replace(/-/g, '');
    const byName = await importSystem(w.project.projectId, { displayName: `Orders ${tag}` });
    const byPath = await importSystem(w.second.projectId, { displayName: 'Path match', path: `/imports/${tag}` });
    const byDescription = await importSystem(w.second.projectId, { displayName: 'Values match', description: `The ${tag.toUpperCase()} feed` });
    const percent = await importSystem(w.project.projectId, { displayName: 'Rate 100%' });
    expect(ids((await importPage(w.token, { filter: tag.toUpperCase() })).items)).toEqual([byName.configId, byPath.configId, byDescription.configId]);
    expect(ids((await importPage(w.token, { filter: tag, projectId: w.second.projectId })).items)).toEqual([byPath.configId, byDescription.configId]);
    expect(ids((await importPage(w.token, { projectId: w.project.projectId })).items)).toEqual([byName.configId, percent.configId]);
    expect(ids((await importPage(w.token, { filter: '0%' })).items)).toEqual([percent.configId]);
    expect(ids((await importPage(w.token, { filter: String(w.second.projectId) })).items)).toEqual(
      expect.arrayContaining([byPath.configId, byDescription.configId]),
    );
    for (const bad of ['page=-1', 'pageSize=0', 'pageSize=201', 'sort=configId', 'dir=up', 'projectId=x', `filter=${'f'.repeat(201)}`]) {
      const answer = await app.request('GET', `/api/imports/page?${bad}`, { token: w.token });
      expect({ bad, status: answer.status }).toEqual({ bad, status: 400 });
    }
  });
});

describe('GET imports.csv', () => {
  const lines = (text: string) =>
    text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  it('streams every filtered import system in the list’s order with the screen’s columns, defusing formula cells', async () => {
    const w = await world();
    const tag = unique('Export');
    await importSystem(w.project.projectId, { displayName: `${tag} B`, path: '/b', description: '=HYPERLINK("http://evil","x")' });
    await importSystem(w.project.projectId, { displayName: `${tag} A`, path: '/a', description: 'Orders, "open" ones', active: false });
    await importSystem(w.second.projectId, { displayName: 'Elsewhere' });
    const answer = await app.request('GET', `/api/imports.csv?${query({ filter: tag, sort: 'displayName', dir: 'desc' })}`, { token: w.token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="imports.csv"');
    expect(lines(answer.text)).toEqual([
      'Project Id,Name,Path,Description,Active',
      `${w.project.projectId},${tag} B,/b,"'=HYPERLINK(""http://evil"",""x"")",Active`,
      `${w.project.projectId},${tag} A,/a,"Orders, ""open"" ones",Inactive`,
    ]);
    const ofProject = await app.request('GET', `/api/imports.csv?projectId=${w.second.projectId}`, { token: w.token });
    expect(lines(ofProject.text).slice(1)).toEqual([`${w.second.projectId},Elsewhere,/imports/test,,Active`]);
    expect((await app.request('GET', '/api/imports.csv?sort=secret', { token: w.token })).status).toBe(400);
  });
});

describe('GET imports/projects', () => {
  it('offers an import-only administrator every project of their licence they may import into, assigned or not, and no other licence’s', async () => {
    // Only the import role, no project assigned: GET projects answers them none, yet every
    // project of their licence takes their import systems (the import screens' selects).
    const { license, project, second, token } = await world();
    const other = await createLicense(app);
    const elsewhere = await createProject(app, other.licenseId);
    await db().update(t.projects).set({ isActive: false }).where(eq(t.projects.projectId, second.projectId));
    const answer = await app.request('GET', '/api/imports/projects', { token });
    expect(answer.status).toBe(200);
    const offered = answer.body as { projectId: number; name: string; licenseId: number; licenseName: string; isActive: boolean }[];
    expect(offered.map((p) => p.projectId).sort((a, b) => a - b)).toEqual([project.projectId, second.projectId].sort((a, b) => a - b));
    expect(offered.find((p) => p.projectId === second.projectId)).toEqual({
      projectId: second.projectId,
      name: second.name,
      licenseId: license.licenseId,
      licenseName: license.name,
      isActive: false,
    });
    expect(offered.map((p) => p.projectId)).not.toContain(elsewhere.projectId);
    // Each one does take an import system.
    expect((await app.request('POST', `/api/projects/${project.projectId}/imports`, { token, body: form() })).status).toBe(201);
  });

  it('offers a super administrator every licence’s projects, and refuses a caller without the import role', async () => {
    const { project } = await world();
    const elsewhere = await createLicense(app);
    const superAdmin = await createUser(app, elsewhere.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_IMPORT_SYSTEM_DETAILS] });
    const all = await app.request('GET', '/api/imports/projects', { token: await login(app, superAdmin.userName) });
    expect((all.body as { projectId: number }[]).map((p) => p.projectId)).toContain(project.projectId);
    const { token } = await world([Role.ACCESS_MY_CUSTOMER_LICENCE]);
    expect((await app.request('GET', '/api/imports/projects', { token })).status).toBe(403);
  });
});
