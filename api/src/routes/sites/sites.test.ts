/**
 * Sites: trees created all or nothing, every name rule with the spec's message, siblings named
 * apart in any case (also when two creates race, and in the database itself), the hierarchy
 * save (rename, move, new) all or nothing, one site's fields and its GeoZone depth, archive
 * cascading to every descendant, unarchive with and without children, copy between projects
 * with the unarchive question, archived sites only for ADMINISTER_SITE, licence and project
 * scope, barcode labels, and each site's History.
 */
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { SiteMessages, siteExists } from 'contracts/projects-sites/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';
import { withProjectSites } from './sites.service';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const db = () => app.deps.db;

/**
 * A licence with a project; its site administrator (ADMINISTER_SITE: sees archived sites), a
 * project member without it, and a super administrator of another licence.
 */
async function world() {
  const license = await createLicense(app);
  const project = await createProject(app, license.licenseId, { name: unique('Tower') });
  const admin = await createUser(app, license.licenseId, {
    roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PROJECT_READ, Role.ADMINISTER_SITE],
    projects: [project.projectId],
  });
  const member = await createUser(app, license.licenseId, { roles: [Role.MENU_ADMIN_TOOL_ACCESS], projects: [project.projectId] });
  const superAdmin = await createUser(app, (await createLicense(app)).licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_SITE] });
  return {
    license,
    project,
    token: await login(app, admin.userName),
    memberToken: await login(app, member.userName),
    superToken: await login(app, superAdmin.userName),
  };
}

type Tree = { site: Record<string, unknown>; children?: Tree[] };
/** A tree as bulk entry sends it: a name and its children. */
const tree = (name: string, ...children: Tree[]): Tree => ({ site: { name }, children });
const under = (parentId: number, name: string, ...children: Tree[]): Tree => ({ site: { name, parentId }, children });

const createSites = (token: string, projectId: number, trees: unknown) => app.request('POST', `/api/projects/${projectId}/sites/`, { token, body: trees });
const saveSites = (token: string, projectId: number, trees: unknown) => app.request('PUT', `/api/projects/${projectId}/sites/`, { token, body: trees });
const updateSite = (token: string, siteId: number, body: unknown) => app.request('POST', `/api/site/${siteId}/update`, { token, body });

const siteRows = (projectId: number) => db().select().from(t.sites).where(eq(t.sites.projectId, projectId));
const siteRow = async (siteId: number) => (await db().select().from(t.sites).where(eq(t.sites.siteId, siteId)))[0]!;
/** The project's sites as `path: active` (Yard > Row 1), sorted: what a test compares. */
async function shape(projectId: number): Promise<string[]> {
  const rows = await siteRows(projectId);
  const byId = new Map(rows.map((row) => [row.siteId, row]));
  const path = (row: (typeof rows)[number]): string => (row.parentId === null ? row.name : `${path(byId.get(row.parentId)!)} > ${row.name}`);
  return rows
    .map((row) => [path(row), `${path(row)}${row.active ? '' : ' (archived)'} @${row.depth}`] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, line]) => line);
}

/** Creates trees as the site administrator and answers the created sites by path. */
async function build(w: { token: string; project: { projectId: number } }, ...trees: Tree[]): Promise<Record<string, number>> {
  const created = await createSites(w.token, w.project.projectId, trees);
  expect(created.status).toBe(201);
  const ids: Record<string, number> = {};
  const walk = (nodes: { siteId: number; name: string; children: unknown[] }[], prefix: string) => {
    for (const node of nodes) {
      ids[prefix + node.name] = node.siteId;
      walk(node.children as never, `${prefix}${node.name} > `);
    }
  };
  walk(created.body, '');
  return ids;
}

describe('creating sites', () => {
  it('creates trees in one call, answers them with ids and depths, and lists them by name with numbers by value', async () => {
    const w = await world();
    const created = await createSites(w.token, w.project.projectId, [
      tree('Yard', tree('Bin 10'), tree('Bin 2'), tree('Row 1', tree('Bin 1'))),
      tree('Office'),
    ]);
    expect(created.status).toBe(201);
    expect(created.body).toHaveLength(2);
    const [yard, office] = created.body;
    expect(yard).toMatchObject({
      name: 'Yard',
      parentId: null,
      projectId: w.project.projectId,
      depth: 1,
      active: true,
      siteClass: 'site',
      siteType: {},
      location: null,
      properties: { overlays: [], userProperties: {} },
    });
    // The created trees come back as sent; lists are by name.
    expect(yard.children.map((c: { name: string; depth: number; parentId: number }) => [c.name, c.depth, c.parentId])).toEqual([
      ['Bin 10', 2, yard.siteId],
      ['Bin 2', 2, yard.siteId],
      ['Row 1', 2, yard.siteId],
    ]);
    expect(yard.children[2].children[0]).toMatchObject({ name: 'Bin 1', depth: 3 });
    expect(office).toMatchObject({ name: 'Office', children: [] });
    expect(await shape(w.project.projectId)).toEqual([
      'Office @1',
      'Yard @1',
      'Yard > Bin 10 @2',
      'Yard > Bin 2 @2',
      'Yard > Row 1 @2',
      'Yard > Row 1 > Bin 1 @3',
    ]);

    const listed = await app.request('GET', `/api/project/${w.project.projectId}/sites`, { token: w.memberToken });
    expect(listed.status).toBe(200);
    expect(listed.body.map((s: { name: string }) => s.name)).toEqual(['Office', 'Yard']);
    expect(listed.body[1].children.map((s: { name: string }) => s.name)).toEqual(['Bin 2', 'Bin 10', 'Row 1']);
    // Without the trailing slash too (a client generated from the OpenAPI document).
    expect((await app.request('POST', `/api/projects/${w.project.projectId}/sites`, { token: w.token, body: [tree('Gate')] })).status).toBe(201);
  });

  it('creates a bulk entry of hundreds of sites at once, each with its History', async () => {
    const w = await world();
    const lines = Array.from({ length: 12 }, (_, row) => tree(`Row ${row + 1}`, ...Array.from({ length: 25 }, (_, bin) => tree(`Bin ${bin + 1}`))));
    const ids = await build(w, tree('Yard', ...lines));
    expect(Object.keys(ids)).toHaveLength(1 + 12 + 12 * 25);
    expect((await siteRows(w.project.projectId)).filter((row) => row.depth === 3)).toHaveLength(300);
    const entries = await db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'site'), eq(t.auditLog.licenseId, w.license.licenseId)));
    expect(entries).toHaveLength(313);
    const bin = ids['Yard > Row 12 > Bin 25']!;
    const history = await app.request('GET', `/api/audit?subject=site:${bin}`, { token: w.memberToken });
    expect(history.body.items).toHaveLength(1);
    expect(history.body.items[0]).toMatchObject({ method: 'POST', entity: 'site', entityId: String(bin), actorName: expect.any(String), status: 201 });
    expect(history.body.items[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: null, after: 'Bin 25' },
        { field: 'depth', before: null, after: '3' },
      ]),
    );
  });

  it('reads one site with its children, without them, the hierarchy, and a site by name in any case', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard', tree('Row 1', tree('Bin 1')), tree('Row 2')), tree('Office'));
    const site = await app.request('GET', `/api/site/${ids['Yard > Row 1']}`, { token: w.memberToken });
    expect(site.body).toMatchObject({ siteId: ids['Yard > Row 1'], name: 'Row 1', depth: 2, children: [{ name: 'Bin 1', depth: 3, children: [] }] });
    const simple = await app.request('GET', `/api/site/simpleSite/${ids['Yard']}`, { token: w.memberToken });
    expect(simple.body).toMatchObject({ siteId: ids['Yard'], name: 'Yard', depth: 1 });
    expect(simple.body).not.toHaveProperty('children');

    const hierarchy = await app.request('GET', `/api/projects/${w.project.projectId}/sites/hierarchy`, { token: w.memberToken });
    expect(hierarchy.status).toBe(200);
    expect(hierarchy.body.map((node: { site: { name: string } }) => node.site.name)).toEqual(['Office', 'Yard']);
    expect(hierarchy.body[1]).toEqual({
      site: { siteId: ids['Yard'], name: 'Yard', active: true, parentId: null, projectId: w.project.projectId, depth: 1, siteClass: 'site', siteType: {} },
      children: [
        { site: expect.objectContaining({ name: 'Row 1' }), children: [{ site: expect.objectContaining({ name: 'Bin 1', depth: 3 }), children: [] }] },
        { site: expect.objectContaining({ name: 'Row 2' }), children: [] },
      ],
    });

    const byName = (name: string, query = '') =>
      app.request('GET', `/api/projects/${w.project.projectId}/sites/${encodeURIComponent(name)}${query}`, { token: w.memberToken });
    expect((await byName(' yARD ')).body).toMatchObject({ siteId: ids['Yard'], name: 'Yard' });
    // A top-level lookup does not find a child, which the children of its parent hold.
    expect((await byName('row 1')).body).toBeNull();
    expect((await byName('ROW 1', `?parentId=${ids['Yard']}`)).body).toMatchObject({ siteId: ids['Yard > Row 1'] });
    expect((await byName('Bin 9', `?parentId=${ids['Yard > Row 1']}`)).body).toBeNull();
    const foreign = await byName('Yard', '?parentId=999999999');
    expect([foreign.status, foreign.body.Message]).toEqual([400, SiteMessages.parentNotInProject]);
  });

  it('refuses every name rule with the spec’s message, and creates nothing of a body with one bad name', async () => {
    const w = await world();
    const cases: [Tree[], string][] = [
      [[tree('   ')], SiteMessages.nameBlank],
      [[tree('Yard', tree('Row/1'))], SiteMessages.specialCharacters],
      ...['\\', '|', ':', ';', '"', "'", '`', ',', '>', '<', '&', '$', '%'].map((c): [Tree[], string] => [
        [tree(`Bay ${c} 1`)],
        SiteMessages.specialCharacters,
      ]),
      [[tree('Bay\u200b1')], SiteMessages.specialCharacters],
      [[tree('x'.repeat(51))], SiteMessages.tooLong],
      // Siblings within the body, trimmed and in any case; top-level trees are siblings too.
      [[tree('Yard', tree('Row 1'), tree('Bin 1'), tree(' ROW 1 '))], SiteMessages.siblingNamesUnique],
      [[tree('Yard'), tree('yard')], SiteMessages.siblingNamesUnique],
    ];
    for (const [trees, message] of cases) {
      const answer = await createSites(w.token, w.project.projectId, trees);
      expect([answer.status, answer.body.Message]).toEqual([400, message]);
    }
    expect(await siteRows(w.project.projectId)).toEqual([]);
    // Names are trimmed; 50 characters are fine.
    const ids = await build(w, tree('  Yard  ', tree('y'.repeat(50))));
    expect((await siteRow(ids['Yard']!)).name).toBe('Yard');
  });

  it('answers 409 for a sibling the project has, in any case, creating nothing of the body; the same name elsewhere is fine', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard', tree('Bay 1')), tree('Dock'));
    const clash = await createSites(w.token, w.project.projectId, [under(ids['Yard']!, 'BAY 1')]);
    expect([clash.status, clash.body.Message]).toEqual([409, siteExists('BAY 1')]);
    expect(clash.body.errors).toEqual({ '0.site.name': siteExists('BAY 1') });
    const top = await createSites(w.token, w.project.projectId, [tree('New'), tree(' yard ')]);
    expect([top.status, top.body.Message]).toEqual([409, siteExists('yard')]);
    // One clash deep in a bulk body: nothing of it is created.
    const deep = await createSites(w.token, w.project.projectId, [tree('Gate', tree('Lane')), under(ids['Yard']!, 'Bay 2'), under(ids['Yard']!, 'bay 1')]);
    expect(deep.status).toBe(409);
    expect(await shape(w.project.projectId)).toEqual(['Dock @1', 'Yard @1', 'Yard > Bay 1 @2']);
    await build(w, under(ids['Dock']!, 'Bay 1'));
  });

  it('lets exactly one of two concurrent creates of one name in different cases under one parent succeed', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard'));
    for (const [a, b] of [
      ['Bay 1', 'bay 1'],
      ['Gate', 'GATE '],
      ['Dock', 'dock'],
    ] as const) {
      const answers = await Promise.all([
        createSites(w.token, w.project.projectId, [under(ids['Yard']!, a)]),
        createSites(w.token, w.project.projectId, [under(ids['Yard']!, b)]),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const loser = answers.find((answer) => answer.status === 409)!;
      expect([siteExists(a), siteExists(b.trim())]).toContain(loser.body.Message);
    }
    const names = (await siteRows(w.project.projectId)).filter((row) => row.parentId === ids['Yard']).map((row) => row.name.toLowerCase());
    expect(names.sort()).toEqual(['bay 1', 'dock', 'gate']);
  });

  it('holds the sibling rule in the database itself: trimmed and in any case, top-level sites included', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard', tree('Bay 1')));
    await expect(db().insert(t.sites).values({ projectId: w.project.projectId, parentId: ids['Yard'], name: ' BAY 1', depth: 2 })).rejects.toThrow();
    await expect(db().insert(t.sites).values({ projectId: w.project.projectId, name: 'yard', depth: 1 })).rejects.toThrow();
    // Another project, or another parent, may have the name.
    const other = await createProject(app, w.license.licenseId);
    await db().insert(t.sites).values({ projectId: other.projectId, name: 'YARD', depth: 1 });
    // A writer the plan did not stop (what only the database compares alike) gets the same 409 with the name.
    const raced = withProjectSites(db(), w.project.projectId, async (tx) =>
      tx.insert(t.sites).values({ projectId: w.project.projectId, parentId: ids['Yard'], name: 'bay 1', depth: 2 }),
    );
    await expect(raced).rejects.toMatchObject({ status: 409, message: siteExists('bay 1') });
  });

  it('places a tree under a site of the project only, never under an archived one, and takes no siteId or other project', async () => {
    const w = await world();
    const other = await world();
    const ids = await build(w, tree('Yard', tree('Old')));
    const theirs = await build(other, tree('Elsewhere'));
    await app.request('POST', '/api/site/archive', { token: w.token, body: { siteId: ids['Yard > Old'] } });
    const cases: [unknown, string, string][] = [
      [[under(theirs['Elsewhere']!, 'Bay')], SiteMessages.parentNotInProject, '0.site.parentId'],
      [[under(ids['Yard > Old']!, 'Bay')], SiteMessages.parentArchived, '0.site.parentId'],
      [[{ site: { name: 'Bay', siteId: ids['Yard'] } }], SiteMessages.newSiteHasId, '0.site.siteId'],
      [[tree('Yard2'), { site: { name: 'Bay', projectId: other.project.projectId } }], SiteMessages.projectMismatch, '1.site.projectId'],
    ];
    for (const [body, message, field] of cases) {
      const answer = await createSites(w.token, w.project.projectId, body);
      expect([answer.status, answer.body.Message, answer.body.errors]).toEqual([400, message, { [field]: message }]);
    }
    // For a member who does not see archived sites, an archived parent is no site of the project.
    const hidden = await createSites(w.memberToken, w.project.projectId, [under(ids['Yard > Old']!, 'Bay')]);
    expect([hidden.status, hidden.body.Message]).toEqual([400, SiteMessages.parentNotInProject]);
    expect(await shape(w.project.projectId)).toEqual(['Yard @1', 'Yard > Old (archived) @2']);
  });

  it('keeps a class for a site with a parent only, the fields sent, and a GeoZone at depth 3 or less', async () => {
    const w = await world();
    const zone = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [0, 1],
          [1, 1],
          [0, 0],
        ],
      ],
    };
    const ids = await build(w, {
      site: { name: 'Yard', siteClass: 'warehouse', location: zone, siteColor: '#ff0000', siteOpacity: 0.5 },
      children: [
        { site: { name: 'Rack', siteClass: 'bin', siteType: { receivable: true } }, children: [tree('Shelf', { site: { name: 'Bin', location: null } })] },
      ],
    });
    expect(await siteRow(ids['Yard']!)).toMatchObject({ siteClass: 'site', location: zone, siteColor: '#ff0000', siteOpacity: 0.5, depth: 1 });
    expect(await siteRow(ids['Yard > Rack']!)).toMatchObject({ siteClass: 'bin', siteTypes: { receivable: true } });
    const deep = await createSites(w.token, w.project.projectId, [{ site: { name: 'Bin 2', parentId: ids['Yard > Rack > Shelf'], location: zone } }]);
    expect([deep.status, deep.body.Message, deep.body.errors]).toEqual([400, SiteMessages.geoZonesDepth, { '0.site.location': SiteMessages.geoZonesDepth }]);
    const notGeometry = await createSites(w.token, w.project.projectId, [{ site: { name: 'Gate', location: 'somewhere' } }]);
    expect([notGeometry.status, notGeometry.body.Message]).toEqual([400, SiteMessages.location]);
    const opacity = await createSites(w.token, w.project.projectId, [{ site: { name: 'Gate', siteOpacity: 2 } }]);
    expect([opacity.status, opacity.body.Message]).toEqual([400, SiteMessages.opacity]);
  });
});

describe('saving one site', () => {
  it('renames it, sets its fields, keeps its place, and records each change in its History', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard', tree('Bay 1'), tree('Bay 2')));
    const bay = ids['Yard > Bay 1']!;
    const saved = await updateSite(w.token, bay, {
      siteId: bay,
      name: ' Bay 9 ',
      parentId: ids['Yard'],
      projectId: w.project.projectId,
      siteClass: 'bin',
      siteType: { issuable: true },
      borderColor: '#00ff00',
      borderOpacity: 0.3,
      properties: { overlays: [{ name: 'Plan', url: 'https://example.test/plan.pdf' }], userProperties: { Supervisor: { value: 'Ana', type: 'text' } } },
      active: false,
    });
    expect([saved.status, saved.body]).toEqual([200, { success: true, message: SiteMessages.saved }]);
    expect(await siteRow(bay)).toMatchObject({
      name: 'Bay 9',
      parentId: ids['Yard'],
      siteClass: 'bin',
      siteTypes: { issuable: true },
      borderColor: '#00ff00',
      borderOpacity: 0.3,
      // `active` is changed by archive and unarchive only.
      active: true,
      properties: { overlays: [{ name: 'Plan', url: 'https://example.test/plan.pdf' }], userProperties: { Supervisor: { value: 'Ana', type: 'text' } } },
    });
    // The other fields stay as they are when not sent.
    expect((await updateSite(w.token, bay, { name: 'Bay 9', siteColor: '#123456' })).status).toBe(200);
    expect(await siteRow(bay)).toMatchObject({ siteColor: '#123456', borderColor: '#00ff00', siteClass: 'bin' });

    const history = await app.request('GET', `/api/audit?subject=site:${bay}`, { token: w.memberToken });
    expect(history.status).toBe(200);
    const [colour, edit, create] = history.body.items;
    expect(colour.changes).toEqual([{ field: 'siteColor', before: null, after: '#123456' }]);
    expect(edit).toMatchObject({ method: 'POST', entity: 'site', entityId: String(bay), licenseId: w.license.licenseId });
    expect(edit.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: 'Bay 1', after: 'Bay 9' },
        { field: 'siteClass', before: 'site', after: 'bin' },
      ]),
    );
    expect(create.changes).toEqual(expect.arrayContaining([{ field: 'name', before: null, after: 'Bay 1' }]));
  });

  it('refuses a sibling’s name (409 on the name), a move, another site or project, and a GeoZone deeper than 3', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard', tree('Bay 1'), tree('Bay 2', tree('Row', tree('Bin')))), tree('Dock'));
    const bay = ids['Yard > Bay 1']!;
    const taken = await updateSite(w.token, bay, { name: 'BAY 2' });
    expect([taken.status, taken.body.Message, taken.body.errors]).toEqual([409, siteExists('BAY 2'), { name: siteExists('BAY 2') }]);
    const cases: [unknown, string, string][] = [
      [{ name: 'Bay 1', parentId: ids['Dock'] }, SiteMessages.moveInHierarchy, 'parentId'],
      [{ name: 'Bay 1', parentId: null }, SiteMessages.moveInHierarchy, 'parentId'],
      [{ name: 'Bay 1', siteId: ids['Dock'] }, SiteMessages.siteMismatch, 'siteId'],
      [{ name: 'Bay 1', projectId: w.project.projectId + 1 }, SiteMessages.projectMismatch, 'projectId'],
      [{ name: '' }, SiteMessages.nameBlank, 'name'],
      [{ name: 'Bay;1' }, SiteMessages.specialCharacters, 'name'],
      [{ name: 'Bay 1', siteClass: 'office' }, SiteMessages.siteClass, 'siteClass'],
    ];
    for (const [body, message, field] of cases) {
      const answer = await updateSite(w.token, bay, body);
      expect([answer.status, answer.body.Message, answer.body.errors]).toEqual([400, message, { [field]: message }]);
    }
    const zone = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [0, 1],
          [1, 1],
          [0, 0],
        ],
      ],
    };
    const deep = await updateSite(w.token, ids['Yard > Bay 2 > Row > Bin']!, { name: 'Bin', location: zone });
    expect([deep.status, deep.body.Message, deep.body.errors]).toEqual([400, SiteMessages.geoZonesDepth, { location: SiteMessages.geoZonesDepth }]);
    expect((await updateSite(w.token, ids['Yard > Bay 2 > Row']!, { name: 'Row', location: zone })).status).toBe(200);
    expect((await siteRow(ids['Yard > Bay 2 > Row']!)).location).toEqual(zone);
    expect((await updateSite(w.token, ids['Yard > Bay 2 > Row']!, { name: 'Row', location: null })).status).toBe(200);
    expect((await siteRow(ids['Yard > Bay 2 > Row']!)).location).toBeNull();
    // A top-level site takes no class from the editor.
    expect((await updateSite(w.token, ids['Dock']!, { name: 'Dock', siteClass: 'warehouse' })).status).toBe(200);
    expect((await siteRow(ids['Dock']!)).siteClass).toBe('site');
    expect((await siteRow(bay)).name).toBe('Bay 1');
  });
});

describe('saving hierarchies', () => {
  it('renames, moves and creates in one save, with depths following the moves', async () => {
    const w = await world();
    const ids = await build(w, tree('A', tree('A1', tree('A11', tree('A111')))), tree('B'));
    const saved = await saveSites(w.token, w.project.projectId, [
      { site: { siteId: ids['A'], name: 'Alpha' }, children: [{ site: { siteId: ids['A > A1'], name: 'A1' } }, tree('New', tree('Newer'))] },
      { site: { siteId: ids['B'], name: 'B', parentId: null }, children: [{ site: { siteId: ids['A > A1 > A11'], name: 'A11' } }] },
    ]);
    expect([saved.status, saved.body]).toEqual([200, { Message: SiteMessages.hierarchySaved }]);
    expect(await shape(w.project.projectId)).toEqual([
      'Alpha @1',
      'Alpha > A1 @2',
      'Alpha > New @2',
      'Alpha > New > Newer @3',
      'B @1',
      'B > A11 @2',
      'B > A11 > A111 @3',
    ]);
    // A root without parentId stays where it is; one with a parentId moves there.
    expect((await saveSites(w.token, w.project.projectId, [{ site: { siteId: ids['B'], name: 'B', parentId: ids['A'] } }])).status).toBe(200);
    expect(await shape(w.project.projectId)).toEqual([
      'Alpha @1',
      'Alpha > A1 @2',
      'Alpha > B @2',
      'Alpha > B > A11 @3',
      'Alpha > B > A11 > A111 @4',
      'Alpha > New @2',
      'Alpha > New > Newer @3',
    ]);
    const history = await app.request('GET', `/api/audit?subject=site:${ids['A > A1 > A11']}`, { token: w.token });
    expect(history.body.items[0].changes).toEqual(expect.arrayContaining([{ field: 'parentId', before: String(ids['A > A1']), after: String(ids['B']) }]));
  });

  it('lets siblings swap names in one save', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard', tree('Bay 1'), tree('Bay 2')));
    const saved = await saveSites(w.token, w.project.projectId, [
      {
        site: { siteId: ids['Yard'], name: 'Yard' },
        children: [{ site: { siteId: ids['Yard > Bay 1'], name: 'Bay 2' } }, { site: { siteId: ids['Yard > Bay 2'], name: 'bay 1' } }],
      },
    ]);
    expect(saved.status).toBe(200);
    expect([(await siteRow(ids['Yard > Bay 1']!)).name, (await siteRow(ids['Yard > Bay 2']!)).name]).toEqual(['Bay 2', 'bay 1']);
  });

  it('refuses a move under the site itself or one of its own sites, a sibling’s name, and another project’s site, saving nothing', async () => {
    const w = await world();
    const other = await world();
    const ids = await build(w, tree('A', tree('A1', tree('A11'))), tree('B', tree('B1')));
    const theirs = await build(other, tree('Elsewhere'));
    const before = await shape(w.project.projectId);
    const cases: [unknown, number, string][] = [
      [[{ site: { siteId: ids['A'], name: 'A', parentId: ids['A > A1 > A11'] } }], 400, SiteMessages.moveUnderItself],
      [[{ site: { siteId: ids['A'], name: 'A', parentId: ids['A'] } }], 400, SiteMessages.moveUnderItself],
      [[{ site: { siteId: ids['A > A1 > A11'], name: 'A11' }, children: [{ site: { siteId: ids['A'], name: 'A' } }] }], 400, SiteMessages.moveUnderItself],
      // A valid rename beside a clash: neither is saved.
      [[{ site: { siteId: ids['A'], name: 'Alpha' } }, { site: { siteId: ids['B'], name: 'B' }, children: [tree('b1')] }], 409, siteExists('b1')],
      [[{ site: { siteId: ids['A > A1'], name: 'A1x' } }, { site: { siteId: ids['B'], name: 'a' } }], 409, siteExists('a')],
      [[{ site: { siteId: theirs['Elsewhere'], name: 'Mine' } }], 400, SiteMessages.siteNotInProject(theirs['Elsewhere']!)],
      [[{ site: { siteId: ids['A'], name: 'A' } }, { site: { siteId: ids['A'], name: 'A' } }], 400, SiteMessages.siblingNamesUnique],
      [[{ site: { siteId: ids['A'], name: 'A' } }, { site: { siteId: ids['A'], name: 'A2' } }], 400, SiteMessages.siteRepeated(ids['A']!)],
    ];
    for (const [body, status, message] of cases) {
      const answer = await saveSites(w.token, w.project.projectId, body);
      expect([answer.status, answer.body.Message]).toEqual([status, message]);
    }
    expect(await shape(w.project.projectId)).toEqual(before);
  });

  it('keeps a site with a GeoZone at depth 3 or less when it moves', async () => {
    const w = await world();
    const ids = await build(
      w,
      tree('A', tree('A1', tree('A11'))),
      tree('B', { site: { name: 'B1', location: { type: 'Point', coordinates: [0, 0] } }, children: [] }),
    );
    const answer = await saveSites(w.token, w.project.projectId, [{ site: { siteId: ids['B'], name: 'B', parentId: ids['A > A1 > A11'] } }]);
    expect([answer.status, answer.body.Message]).toEqual([400, SiteMessages.geoZonesDepth]);
    expect((await siteRow(ids['B']!)).parentId).toBeNull();
  });
});

describe('archive and unarchive', () => {
  it('archives a site and all its descendants in one call, lists them in its History, and clears a default storage among them', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard', tree('Row 1', tree('Bin 1'), tree('Bin 2')), tree('Row 2')), tree('Dock'));
    await app.request('POST', `/api/project/${w.project.projectId}/default-storage`, { token: w.superToken, body: { siteId: ids['Yard > Row 1 > Bin 2'] } });
    const archived = await app.request('POST', '/api/site/archive', { token: w.memberToken, body: { siteId: ids['Yard > Row 1'] } });
    expect([archived.status, archived.body.Message]).toEqual([200, SiteMessages.archived]);
    expect(await shape(w.project.projectId)).toEqual([
      'Dock @1',
      'Yard @1',
      'Yard > Row 1 (archived) @2',
      'Yard > Row 1 > Bin 1 (archived) @3',
      'Yard > Row 1 > Bin 2 (archived) @3',
      'Yard > Row 2 @2',
    ]);
    const [project] = await db().select().from(t.projects).where(eq(t.projects.projectId, w.project.projectId));
    expect(project!.defaultStorage).toBeNull();

    const own = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.subject, `site:${ids['Yard > Row 1']}`));
    const entry = own.find((row) => row.path === '/api/site/archive')!;
    expect(entry.after).toEqual({
      active: false,
      childSitesArchived: expect.arrayContaining([
        { siteId: ids['Yard > Row 1 > Bin 1'], name: 'Bin 1' },
        { siteId: ids['Yard > Row 1 > Bin 2'], name: 'Bin 2' },
      ]),
    });
    const child = await app.request('GET', `/api/audit?subject=site:${ids['Yard > Row 1 > Bin 1']}`, { token: w.token });
    expect(child.body.items[0].changes).toEqual([{ field: 'active', before: 'true', after: 'false' }]);
    const storage = await db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.subject, `project:${w.project.projectId}`), eq(t.auditLog.path, '/api/site/archive')));
    expect(storage).toHaveLength(1);
  });

  it('shows archived sites only to ADMINISTER_SITE, and only when asked', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard', tree('Row 1')), tree('Old', tree('Shed')));
    await app.request('POST', '/api/site/archive', { token: w.token, body: { siteId: ids['Old'] } });
    await app.request('POST', '/api/site/archive', { token: w.token, body: { siteId: ids['Yard > Row 1'] } });
    const names = (body: { name: string; children: unknown[] }[]): string[] => body.flatMap((s) => [s.name, ...names(s.children as never)]);
    const nodeNames = (body: { site: { name: string }; children: unknown[] }[]): string[] =>
      body.flatMap((n) => [n.site.name, ...nodeNames(n.children as never)]);
    const sites = (token: string, query = '') => app.request('GET', `/api/project/${w.project.projectId}/sites${query}`, { token });
    const hierarchy = (token: string, query = '') => app.request('GET', `/api/projects/${w.project.projectId}/sites/hierarchy${query}`, { token });

    expect(names((await sites(w.token)).body)).toEqual(['Yard']);
    expect(names((await sites(w.token, '?includeArchived=true')).body)).toEqual(['Old', 'Shed', 'Yard', 'Row 1']);
    expect(nodeNames((await hierarchy(w.token, '?includeArchived=true')).body)).toEqual(['Old', 'Shed', 'Yard', 'Row 1']);
    // Without ADMINISTER_SITE the flag is ignored, and an archived site is no site.
    expect(names((await sites(w.memberToken, '?includeArchived=true')).body)).toEqual(['Yard']);
    expect(nodeNames((await hierarchy(w.memberToken, '?includeArchived=true')).body)).toEqual(['Yard']);
    expect((await app.request('GET', `/api/site/${ids['Old']}`, { token: w.memberToken })).status).toBe(404);
    expect((await app.request('GET', `/api/site/simpleSite/${ids['Old']}`, { token: w.memberToken })).status).toBe(404);
    expect((await updateSite(w.memberToken, ids['Old']!, { name: 'Older' })).status).toBe(404);
    expect(names([(await app.request('GET', `/api/site/${ids['Yard']}`, { token: w.memberToken })).body])).toEqual(['Yard']);
    expect(names([(await app.request('GET', `/api/site/${ids['Yard']}`, { token: w.token })).body])).toEqual(['Yard', 'Row 1']);
    expect((await app.request('GET', `/api/site/${ids['Old']}`, { token: w.token })).body).toMatchObject({
      active: false,
      children: [{ name: 'Shed', active: false }],
    });
    expect((await sites(w.token, '?includeArchived=yes')).status).toBe(400);
    // A name check finds an archived site too: the name is taken.
    expect((await app.request('GET', `/api/projects/${w.project.projectId}/sites/old`, { token: w.memberToken })).body).toMatchObject({
      siteId: ids['Old'],
      active: false,
    });
  });

  it('unarchives a site alone or with its children, a parent first, and only for ADMINISTER_SITE', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard', tree('Row 1', tree('Bin 1')), tree('Row 2')));
    await app.request('POST', '/api/site/archive', { token: w.token, body: { siteId: ids['Yard'] } });
    const unarchive = (token: string, siteId: number, includeChildren?: boolean) =>
      app.request('POST', '/api/site/unarchive', { token, body: { siteId, includeChildren } });

    expect((await unarchive(w.memberToken, ids['Yard']!)).status).toBe(403);
    const orphan = await unarchive(w.token, ids['Yard > Row 1']!, true);
    expect([orphan.status, orphan.body.Message]).toEqual([400, SiteMessages.unarchiveParentFirst]);
    const alone = await unarchive(w.token, ids['Yard']!);
    expect([alone.status, alone.body.Message]).toEqual([200, SiteMessages.unarchived]);
    expect(await shape(w.project.projectId)).toEqual([
      'Yard @1',
      'Yard > Row 1 (archived) @2',
      'Yard > Row 1 > Bin 1 (archived) @3',
      'Yard > Row 2 (archived) @2',
    ]);
    expect((await unarchive(w.token, ids['Yard > Row 1']!, true)).status).toBe(200);
    expect(await shape(w.project.projectId)).toEqual(['Yard @1', 'Yard > Row 1 @2', 'Yard > Row 1 > Bin 1 @3', 'Yard > Row 2 (archived) @2']);
    const history = await app.request('GET', `/api/audit?subject=site:${ids['Yard > Row 1 > Bin 1']}`, { token: w.token });
    expect(history.body.items.map((item: { path: string }) => item.path)).toEqual([
      '/api/site/unarchive',
      '/api/site/archive',
      `/api/projects/${w.project.projectId}/sites/`,
    ]);
  });
});

describe('copying sites', () => {
  /** A second project of the licence: the administrator (ADMINISTER_PROJECT_READ) sees every project of it. */
  const target = (w: Awaited<ReturnType<typeof world>>) => createProject(app, w.license.licenseId, { name: unique('Annex') });

  it('copies an active site and its active descendants, then says it exists; an archived counterpart is unarchived only when allowed', async () => {
    const w = await world();
    const ids = await build(w, {
      site: { name: 'Yard' },
      children: [{ site: { name: 'Row 1', siteClass: 'area', siteColor: '#111111' }, children: [tree('Bin 1'), tree('Bin 2')] }],
    });
    await app.request('POST', '/api/site/archive', { token: w.token, body: { siteId: ids['Yard > Row 1 > Bin 2'] } });
    const annex = await target(w);
    const check = () => app.request('GET', `/api/site/${annex.projectId}/${ids['Yard']}/canCopySites`, { token: w.token });
    const copy = (body: Record<string, unknown> = {}) =>
      app.request('POST', `/api/site/${ids['Yard']}/copy`, { token: w.token, body: { site: { projectId: annex.projectId }, ...body } });

    expect((await check()).body).toEqual({ canCopy: true, isActive: false, askUnarchivePermission: false });
    const copied = await copy();
    expect([copied.status, copied.body.Message]).toEqual([200, SiteMessages.added]);
    expect(await shape(annex.projectId)).toEqual(['Yard @1', 'Yard > Row 1 @2', 'Yard > Row 1 > Bin 1 @3']);
    expect(copied.body.siteId).toBe((await siteRows(annex.projectId)).find((row) => row.name === 'Yard')!.siteId);
    expect((await siteRows(annex.projectId)).find((row) => row.name === 'Row 1')).toMatchObject({ siteClass: 'area', siteColor: '#111111' });

    expect((await check()).body).toEqual({ canCopy: false, isActive: true, askUnarchivePermission: false });
    const again = await copy();
    expect([again.status, again.body.Message]).toEqual([409, siteExists('Yard')]);

    // Archived in the target: the copy asks, then unarchives and merges, creating what is missing.
    await app.request('POST', '/api/site/archive', { token: w.token, body: { siteId: copied.body.siteId } });
    await build(w, under(ids['Yard > Row 1']!, 'Bin 3'));
    expect((await check()).body).toEqual({ canCopy: true, isActive: false, askUnarchivePermission: true });
    const refused = await copy({ unarchiveExisting: false });
    expect([refused.status, refused.body.Message, refused.body.askUnarchivePermission]).toEqual([409, SiteMessages.unarchivePermission, true]);
    expect(await shape(annex.projectId)).toEqual(['Yard (archived) @1', 'Yard > Row 1 (archived) @2', 'Yard > Row 1 > Bin 1 (archived) @3']);
    const merged = await copy({ unarchiveExisting: true });
    expect([merged.status, merged.body.siteId]).toEqual([200, copied.body.siteId]);
    expect(await shape(annex.projectId)).toEqual(['Yard @1', 'Yard > Row 1 @2', 'Yard > Row 1 > Bin 1 @3', 'Yard > Row 1 > Bin 3 @3']);
  });

  it('copies under a parent with a new name, and refuses an archived source, another licence’s project and a parent elsewhere', async () => {
    const w = await world();
    const other = await world();
    const ids = await build(w, tree('Yard', tree('Row')), tree('Old'));
    const annex = await target(w);
    const [dock] = await db().insert(t.sites).values({ projectId: annex.projectId, name: 'Dock', depth: 1 }).returning();
    const copied = await app.request('POST', `/api/site/${ids['Yard']}/copy`, {
      token: w.token,
      body: { site: { projectId: annex.projectId, parentId: dock!.siteId, name: 'Yard Copy' } },
    });
    expect(copied.status).toBe(200);
    expect(await shape(annex.projectId)).toEqual(['Dock @1', 'Dock > Yard Copy @2', 'Dock > Yard Copy > Row @3']);

    await app.request('POST', '/api/site/archive', { token: w.token, body: { siteId: ids['Old'] } });
    const archived = await app.request('POST', `/api/site/${ids['Old']}/copy`, { token: w.token, body: { site: { projectId: annex.projectId } } });
    expect([archived.status, archived.body.Message]).toEqual([400, SiteMessages.copyArchived]);
    const elsewhere = await app.request('POST', `/api/site/${ids['Yard']}/copy`, {
      token: w.token,
      body: { site: { projectId: annex.projectId, parentId: ids['Yard'] } },
    });
    expect([elsewhere.status, elsewhere.body.Message]).toEqual([400, SiteMessages.parentNotInProject]);
    // Another licence's project is not seen; a super administrator sees it but may not copy across licences.
    expect(
      (await app.request('POST', `/api/site/${ids['Yard']}/copy`, { token: w.token, body: { site: { projectId: other.project.projectId } } })).status,
    ).toBe(404);
    const across = await app.request('POST', `/api/site/${ids['Yard']}/copy`, { token: w.superToken, body: { site: { projectId: other.project.projectId } } });
    expect([across.status, across.body.Message]).toEqual([400, SiteMessages.copyOtherLicense]);
    const acrossCheck = await app.request('GET', `/api/site/${other.project.projectId}/${ids['Yard']}/canCopySites`, { token: w.superToken });
    expect([acrossCheck.status, acrossCheck.body.Message]).toEqual([400, SiteMessages.copyOtherLicense]);
    expect(await siteRows(other.project.projectId)).toEqual([]);
  });
});

describe('scope', () => {
  it('answers 404 for another licence’s sites and projects on every call, and changes nothing', async () => {
    const w = await world();
    const other = await world();
    const theirs = await build(other, tree('Yard', tree('Row')));
    const before = await shape(other.project.projectId);
    const site = theirs['Yard']!;
    const projectId = other.project.projectId;
    const answers = [
      await app.request('GET', `/api/project/${projectId}/sites`, { token: w.token }),
      await app.request('GET', `/api/site/${site}`, { token: w.token }),
      await app.request('GET', `/api/site/simpleSite/${site}`, { token: w.token }),
      await app.request('GET', `/api/projects/${projectId}/sites/hierarchy`, { token: w.token }),
      await app.request('GET', `/api/projects/${projectId}/sites/Yard`, { token: w.token }),
      await createSites(w.token, projectId, [tree('Mine')]),
      await saveSites(w.token, projectId, [{ site: { siteId: site, name: 'Mine' } }]),
      await updateSite(w.token, site, { name: 'Mine' }),
      await app.request('POST', `/api/site/${site}/copy`, { token: w.token, body: { site: { projectId: w.project.projectId } } }),
      await app.request('GET', `/api/site/${w.project.projectId}/${site}/canCopySites`, { token: w.token }),
      await app.request('POST', '/api/site/archive', { token: w.token, body: { siteId: site } }),
      await app.request('POST', '/api/site/unarchive', { token: w.token, body: { siteId: site, includeChildren: true } }),
      await app.request('GET', `/api/audit?subject=site:${site}`, { token: w.token }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 404));
    expect(await shape(other.project.projectId)).toEqual(before);
    expect(await siteRows(w.project.projectId)).toEqual([]);

    // A project of their own licence that is not assigned to a member is as invisible.
    const hidden = await createProject(app, w.license.licenseId);
    expect((await app.request('GET', `/api/project/${hidden.projectId}/sites`, { token: w.memberToken })).status).toBe(404);
    expect((await createSites(w.memberToken, hidden.projectId, [tree('Mine')])).status).toBe(404);
  });
});

describe('barcode labels', () => {
  it('answers ZPL or a PDF as the call asks, and refuses a printer resolution it does not know', async () => {
    const w = await world();
    const zpl = await app.request('POST', '/api/list/labels', {
      token: w.memberToken,
      body: {
        Zpl: true,
        Sorting: 'alphaAsc',
        Dpmm: 12,
        Barcodes: [
          { Name: 'Yard', Qty: 1 },
          { Name: 'Dock', Qty: 2 },
        ],
        MaxZplSize: 2147483647,
      },
    });
    expect(zpl.status).toBe(200);
    expect(zpl.body.Success).toBe(true);
    expect([...zpl.body.Data.matchAll(/\^BCN,\d+,N,N,N\^FH_\^FD(\w+)\^FS/g)].map((m: RegExpMatchArray) => m[1])).toEqual(['Dock', 'Yard']);
    const base64 = await app.request('POST', '/api/list/labels?asBase64=true', {
      token: w.memberToken,
      body: {
        Zpl: true,
        Sorting: 'alphaAsc',
        Dpmm: 12,
        Barcodes: [
          { Name: 'Yard', Qty: 1 },
          { Name: 'Dock', Qty: 2 },
        ],
      },
    });
    expect(Buffer.from(base64.body.Data, 'base64').toString()).toBe(zpl.body.Data);
    const pdf = await app.request('POST', '/api/list/labels', {
      token: w.memberToken,
      body: { Zpl: false, Sorting: 'active', Dpmm: 8, Barcodes: [{ Name: 'Yard', Qty: 1 }] },
    });
    expect(pdf.body.Success).toBe(true);
    expect((await PDFDocument.load(Buffer.from(pdf.body.Data, 'base64'))).getPageCount()).toBe(1);
    const dpmm = await app.request('POST', '/api/list/labels', {
      token: w.memberToken,
      body: { Zpl: true, Sorting: 'active', Dpmm: 10, Barcodes: [{ Name: 'Yard', Qty: 1 }] },
    });
    expect([dpmm.status, dpmm.body.Message]).toEqual([400, SiteMessages.labelsDpmm]);
    const none = await app.request('POST', '/api/list/labels', { token: w.memberToken, body: { Zpl: true, Sorting: 'active', Dpmm: 8, Barcodes: [] } });
    expect([none.status, none.body.Message]).toEqual([400, SiteMessages.labelsNone]);
  });
});
