/**
 * Issue 36's site rules: a site moved in the hierarchy save (with its subtree, under the sibling
 * rule, in the site's History as 'Moved' from one path to another; another licence's site no
 * parent and no site to move); an inactive project takes no new site on any path (create, save,
 * CSV import, copy) while its sites can still be renamed; a copy merged into a counterpart
 * gives it the source's fields.
 */
import { eq } from 'drizzle-orm';
import { SiteMessages, siteExists } from 'contracts/projects-sites/model';
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

/** A licence with a project and its site administrator (ADMINISTER_PROJECT_READ sees every project of the licence). */
async function world() {
  const license = await createLicense(app);
  const project = await createProject(app, license.licenseId, { name: unique('Tower') });
  const admin = await createUser(app, license.licenseId, {
    roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PROJECT_READ, Role.ADMINISTER_PROJECT_UPDATE, Role.ADMINISTER_SITE],
    projects: [project.projectId],
  });
  return { license, project, token: await login(app, admin.userName) };
}
type World = Awaited<ReturnType<typeof world>>;

type Tree = { site: Record<string, unknown>; children?: Tree[] };
const tree = (name: string, ...children: Tree[]): Tree => ({ site: { name }, children });
/** A saved site in a body: its id and name, and the children it has after the save. */
const saved = (siteId: number, name: string, ...children: Tree[]): Tree => ({ site: { siteId, name }, children });

const siteRows = (projectId: number) => db().select().from(t.sites).where(eq(t.sites.projectId, projectId));
const siteRow = async (siteId: number) => (await db().select().from(t.sites).where(eq(t.sites.siteId, siteId)))[0]!;
async function shape(projectId: number): Promise<string[]> {
  const rows = await siteRows(projectId);
  const byId = new Map(rows.map((row) => [row.siteId, row]));
  const path = (row: (typeof rows)[number]): string => (row.parentId === null ? row.name : `${path(byId.get(row.parentId)!)} > ${row.name}`);
  return rows.map((row) => `${path(row)}${row.active ? '' : ' (archived)'} @${row.depth}`).sort();
}

async function build(w: World, ...trees: Tree[]): Promise<Record<string, number>> {
  const created = await app.request('POST', `/api/projects/${w.project.projectId}/sites/`, { token: w.token, body: trees });
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

const saveSites = (w: World, trees: unknown, projectId = w.project.projectId) =>
  app.request('PUT', `/api/projects/${projectId}/sites/`, { token: w.token, body: trees });
const historyOf = async (w: World, siteId: number) =>
  (await app.request('GET', `/api/audit?subject=site:${siteId}`, { token: w.token })).body.items as {
    changes: { field: string; before: string | null; after: string | null }[];
  }[];

describe('moving a site in the hierarchy save', () => {
  it('moves a site with its subtree under another parent, as the editor sends the tree, and says in its History where from and where to', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard', tree('Row 1', tree('Bin 1', tree('Shelf A'))), tree('Row 2')), tree('Dock'));
    // The editor sends the whole tree of the top site as it now stands: Bin 1 under Row 2.
    const answer = await saveSites(w, [
      saved(
        ids['Yard']!,
        'Yard',
        saved(ids['Yard > Row 1']!, 'Row 1'),
        saved(ids['Yard > Row 2']!, 'Row 2', saved(ids['Yard > Row 1 > Bin 1']!, 'Bin 1', saved(ids['Yard > Row 1 > Bin 1 > Shelf A']!, 'Shelf A'))),
      ),
    ]);
    expect([answer.status, answer.body.Message]).toEqual([200, SiteMessages.hierarchySaved]);
    expect(await shape(w.project.projectId)).toEqual(
      ['Dock @1', 'Yard > Row 1 @2', 'Yard > Row 2 > Bin 1 > Shelf A @4', 'Yard > Row 2 > Bin 1 @3', 'Yard > Row 2 @2', 'Yard @1'].sort(),
    );

    const [entry] = await historyOf(w, ids['Yard > Row 1 > Bin 1']!);
    expect(entry!.changes).toContainEqual({ field: 'Moved', before: 'Yard › Row 1', after: 'Yard › Row 2' });
    expect(entry!.changes).toContainEqual({ field: 'parentId', before: String(ids['Yard > Row 1']), after: String(ids['Yard > Row 2']) });
    // The site below moved along: its depth changed, its place under Bin 1 did not.
    expect((await siteRow(ids['Yard > Row 1 > Bin 1 > Shelf A']!)).depth).toBe(4);

    // Out to the top level, and back under another top-level site.
    expect((await saveSites(w, [{ site: { siteId: ids['Yard > Row 2']!, name: 'Row 2', parentId: null } }])).status).toBe(200);
    expect((await historyOf(w, ids['Yard > Row 2']!))[0]!.changes).toContainEqual({ field: 'Moved', before: 'Yard', after: 'Top level' });
    expect((await saveSites(w, [{ site: { siteId: ids['Yard > Row 2']!, name: 'Row 2', parentId: ids['Dock'] } }])).status).toBe(200);
    expect((await historyOf(w, ids['Yard > Row 2']!))[0]!.changes).toContainEqual({ field: 'Moved', before: 'Top level', after: 'Dock' });
    // A rename alone is no move.
    expect((await saveSites(w, [saved(ids['Dock']!, 'Dock', saved(ids['Yard > Row 2']!, 'Row Two'))])).status).toBe(200);
    expect((await historyOf(w, ids['Yard > Row 2']!))[0]!.changes).toEqual([{ field: 'name', before: 'Row 2', after: 'Row Two' }]);
  });

  it('refuses a move beside a sibling of the same name in any case and saves nothing of the body', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard', tree('Row 1', tree('Bin 1')), tree('Row 2', tree('bin 1'))));
    const before = await shape(w.project.projectId);
    // The tree as the editor sends it: the siblings are both in the body (spec 1 §5's message).
    const answer = await saveSites(w, [
      saved(
        ids['Yard']!,
        'Yard',
        saved(ids['Yard > Row 1']!, 'Row 1 renamed'),
        saved(ids['Yard > Row 2']!, 'Row 2', saved(ids['Yard > Row 2 > bin 1']!, 'bin 1'), saved(ids['Yard > Row 1 > Bin 1']!, 'Bin 1')),
      ),
    ]);
    expect([answer.status, answer.body.Message]).toEqual([400, SiteMessages.siblingNamesUnique]);
    // A move by parentId beside a sibling the body does not name: 409 naming it.
    const byParent = await saveSites(w, [{ site: { siteId: ids['Yard > Row 1 > Bin 1']!, name: 'Bin 1', parentId: ids['Yard > Row 2'] } }]);
    expect([byParent.status, byParent.body.Message]).toEqual([409, siteExists('Bin 1')]);
    expect(await shape(w.project.projectId)).toEqual(before);
    expect(await historyOf(w, ids['Yard > Row 1 > Bin 1']!)).toHaveLength(1);
  });

  it('moves nothing under another licence’s site nor another licence’s site: the same answers as a site that does not exist', async () => {
    const w = await world();
    const other = await world();
    const ids = await build(w, tree('Yard', tree('Row 1')));
    const theirs = await build(other, tree('Their yard', tree('Their row')));
    const before = [await shape(w.project.projectId), await shape(other.project.projectId)];

    const underTheirs = await saveSites(w, [{ site: { siteId: ids['Yard > Row 1']!, name: 'Row 1', parentId: theirs['Their yard'] } }]);
    const underNone = await saveSites(w, [{ site: { siteId: ids['Yard > Row 1']!, name: 'Row 1', parentId: 2_000_000_000 } }]);
    expect([underTheirs.status, underTheirs.body.Message]).toEqual([underNone.status, underNone.body.Message]);
    expect(underTheirs.status).toBe(400);

    const theirsMoved = await saveSites(w, [saved(ids['Yard']!, 'Yard', saved(theirs['Their yard > Their row']!, 'Their row'))]);
    const noneMoved = await saveSites(w, [saved(ids['Yard']!, 'Yard', saved(2_000_000_000, 'Their row'))]);
    expect(theirsMoved.status).toBe(400);
    expect(theirsMoved.body.Message).toBe(SiteMessages.siteNotInProject(theirs['Their yard > Their row']!));
    expect(noneMoved.body.Message).toBe(SiteMessages.siteNotInProject(2_000_000_000));
    // Their project itself is not found.
    expect((await saveSites(w, [saved(theirs['Their yard > Their row']!, 'Their row')], other.project.projectId)).status).toBe(404);
    expect([await shape(w.project.projectId), await shape(other.project.projectId)]).toEqual(before);
  });
});

describe('an inactive project', () => {
  it('takes no new site on any path (409 on projectId), while its sites can still be renamed and moved', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard', tree('Row 1'), tree('Row 2')));
    const source = await build(w, tree('Annex'));
    const closed = await createProject(app, w.license.licenseId, { name: unique('Closed') });
    const [kept] = await db().insert(t.sites).values({ projectId: closed.projectId, name: 'Kept', depth: 1 }).returning();
    await db().update(t.projects).set({ isActive: false }).where(eq(t.projects.projectId, closed.projectId));
    const refused = { Message: SiteMessages.inactiveProject, errors: { projectId: SiteMessages.inactiveProject } };

    const created = await app.request('POST', `/api/projects/${closed.projectId}/sites/`, { token: w.token, body: [tree('New')] });
    expect([created.status, created.body]).toEqual([409, refused]);
    const added = await saveSites(w, [saved(kept!.siteId, 'Kept', tree('New child'))], closed.projectId);
    expect([added.status, added.body]).toEqual([409, refused]);
    const csv = await app.request('POST', `/api/projects/${closed.projectId}/sites/import?dryRun=false`, {
      token: w.token,
      body: 'name\r\nFrom a file\r\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect([csv.status, csv.body.Message]).toEqual([409, SiteMessages.inactiveProject]);
    const copied = await app.request('POST', `/api/site/${source['Annex']}/copy`, { token: w.token, body: { site: { projectId: closed.projectId } } });
    expect([copied.status, copied.body]).toEqual([409, refused]);
    expect(await shape(closed.projectId)).toEqual(['Kept @1']);

    // What it holds can still be tidied.
    expect((await saveSites(w, [saved(kept!.siteId, 'Kept and renamed')], closed.projectId)).status).toBe(200);
    expect(await shape(closed.projectId)).toEqual(['Kept and renamed @1']);
    // The same calls work in an active project.
    expect((await saveSites(w, [saved(ids['Yard']!, 'Yard', tree('Row 3'))])).status).toBe(200);
  });
});

describe('copying into a counterpart', () => {
  it('gives every counterpart the copy merges into the source’s fields, keeping its name and its own sites, each change in its History', async () => {
    const w = await world();
    const ids = await build(w, {
      site: { name: 'Yard', siteColor: '#101010' },
      children: [
        {
          site: {
            name: 'Row 1',
            siteClass: 'area',
            siteColor: '#111111',
            properties: { overlays: [], userProperties: { Gate: { value: 'North', type: 'text' } } },
          },
          children: [tree('Bin 1')],
        },
      ],
    });
    const annex = await createProject(app, w.license.licenseId, { name: unique('Annex') });
    const copy = (body: Record<string, unknown> = {}) =>
      app.request('POST', `/api/site/${ids['Yard']}/copy`, { token: w.token, body: { site: { projectId: annex.projectId }, ...body } });
    const first = await copy();
    expect(first.status).toBe(200);
    const inAnnex = async (name: string) => (await siteRows(annex.projectId)).find((row) => row.name === name)!;
    const row1 = await inAnnex('Row 1');
    // The target's own site under its Row 1, which the source does not have.
    await app.request('POST', `/api/projects/${annex.projectId}/sites/`, { token: w.token, body: [{ site: { name: 'Own bin', parentId: row1.siteId } }] });
    await app.request('POST', '/api/site/archive', { token: w.token, body: { siteId: first.body.siteId } });

    // The source changes; the copy, unarchiving, brings the change along.
    const sourceRow = await siteRow(ids['Yard > Row 1']!);
    const update = await app.request('POST', `/api/site/${sourceRow.siteId}/update`, {
      token: w.token,
      body: {
        name: 'Row 1',
        siteClass: 'warehouse',
        siteColor: '#222222',
        properties: { overlays: [{ name: 'Plan', url: 'https://example.com/plan.pdf' }], userProperties: { Gate: { value: 'South', type: 'text' } } },
      },
    });
    expect(update.status).toBe(200);
    await app.request('POST', `/api/site/${ids['Yard']}/update`, { token: w.token, body: { name: 'Yard', siteColor: '#202020' } });

    const again = await copy({ unarchiveExisting: true });
    expect([again.status, again.body.siteId]).toEqual([200, first.body.siteId]);
    expect(await inAnnex('Yard')).toMatchObject({ active: true, siteColor: '#202020' });
    expect(await inAnnex('Row 1')).toMatchObject({
      siteId: row1.siteId,
      active: true,
      siteClass: 'warehouse',
      siteColor: '#222222',
      properties: { overlays: [{ name: 'Plan', url: 'https://example.com/plan.pdf' }], userProperties: { Gate: { value: 'South', type: 'text' } } },
    });
    expect(await shape(annex.projectId)).toEqual(['Yard @1', 'Yard > Row 1 @2', 'Yard > Row 1 > Bin 1 @3', 'Yard > Row 1 > Own bin (archived) @3'].sort());
    const history = await historyOf(w, row1.siteId);
    expect(history.flatMap((entry) => entry.changes)).toContainEqual({ field: 'siteColor', before: '#111111', after: '#222222' });
  });
});
