/**
 * A project's site hierarchy as CSV: the export (columns, order, paths, archived sites only for
 * ADMINISTER_SITE), the import's dry run (the resulting tree marked new, renamed, moved or
 * unchanged; sites not in the file counted, never deleted) and its apply (ids kept, all or
 * nothing, History per changed site), every rule with its line, files that are not site files,
 * and another licence's project as a 404.
 */
import { and, eq } from 'drizzle-orm';
import { GenericMessages } from 'contracts/common';
import { SITE_CSV_MAX_ROWS, SiteMessages, siteExists, type SiteImportNode } from 'contracts/projects-sites/model';
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

type Tree = { site: Record<string, unknown>; children?: Tree[] };
const tree = (name: string, ...children: Tree[]): Tree => ({ site: { name }, children });

/** A licence with a project; its site administrator (ADMINISTER_SITE), a member without it, and another licence's administrator. */
async function world() {
  const license = await createLicense(app);
  const project = await createProject(app, license.licenseId, { name: unique('Tower') });
  const admin = await createUser(app, license.licenseId, {
    roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PROJECT_READ, Role.ADMINISTER_SITE],
    projects: [project.projectId],
  });
  const member = await createUser(app, license.licenseId, { roles: [Role.MENU_ADMIN_TOOL_ACCESS], projects: [project.projectId] });
  const other = await createLicense(app);
  const otherProject = await createProject(app, other.licenseId);
  const stranger = await createUser(app, other.licenseId, {
    roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PROJECT_READ, Role.ADMINISTER_SITE],
    projects: [otherProject.projectId],
  });
  return {
    license,
    project,
    token: await login(app, admin.userName),
    memberToken: await login(app, member.userName),
    strangerToken: await login(app, stranger.userName),
  };
}
type World = Awaited<ReturnType<typeof world>>;

/** Creates trees and answers the created sites by path ('Yard > Rack 1'). */
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

const exportCsv = (w: World, query = '', token = w.token) => app.request('GET', `/api/projects/${w.project.projectId}/sites.csv${query}`, { token });
const importCsv = (w: World, csv: string, dryRun: boolean, token = w.token) =>
  app.request('POST', `/api/projects/${w.project.projectId}/sites/import?dryRun=${dryRun}`, { token, body: csv, headers: { 'content-type': 'text/csv' } });
/** A file of a header and rows, as a spreadsheet saves it. */
const csv = (...lines: string[]) => [...lines, ''].join('\r\n');
const HEADER = 'siteId,parentId,path,name,active,siteClass';

/** The project's sites as `path (id)`, sorted: what a test compares. */
async function shape(projectId: number): Promise<string[]> {
  const rows = await db().select().from(t.sites).where(eq(t.sites.projectId, projectId));
  const byId = new Map(rows.map((row) => [row.siteId, row]));
  const path = (row: (typeof rows)[number]): string => (row.parentId === null ? row.name : `${path(byId.get(row.parentId)!)} > ${row.name}`);
  return rows.map((row) => `${path(row)}${row.active ? '' : ' (archived)'} @${row.depth}`).sort();
}

/** The preview as lines: `path [marks] (line)`. */
function previewLines(nodes: readonly SiteImportNode[], above = ''): string[] {
  return nodes.flatMap((node) => {
    const path = above === '' ? node.name : `${above} > ${node.name}`;
    const marks = [
      node.siteId === null ? 'new' : '',
      node.renamedFrom !== null ? `renamed from ${node.renamedFrom}` : '',
      node.movedFrom !== null ? `moved from '${node.movedFrom}'` : '',
    ].filter(Boolean);
    return [`${path}${marks.length ? ` [${marks.join(', ')}]` : ''}${node.line === null ? '' : ` (${node.line})`}`, ...previewLines(node.children, path)];
  });
}

const siteAudits = async (licenseId: number) =>
  db()
    .select()
    .from(t.auditLog)
    .where(and(eq(t.auditLog.entity, 'site'), eq(t.auditLog.licenseId, licenseId)));

describe('GET projects/{projectId}/sites.csv', () => {
  it('writes one row per site, parents before children and each level by name, with ids, paths and a byte-order mark', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard', tree('Rack 10'), tree('Rack 2', { site: { name: 'Bin 1', siteClass: 'bin' } })), tree('-Office'));
    const answer = await exportCsv(w);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="project-${w.project.projectId}-sites.csv"`);
    // UTF-8 with a byte-order mark (which reading the text takes off).
    const raw = await app.app.request(`http://console.test/api/projects/${w.project.projectId}/sites.csv`, { headers: { authorization: `Bearer ${w.token}` } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(answer.text.split('\r\n')).toEqual([
      HEADER,
      // A name a spreadsheet would run as a formula is defused, and read back without the apostrophe.
      `${ids['-Office']},,'-Office,'-Office,true,site`,
      `${ids['Yard']},,Yard,Yard,true,site`,
      `${ids['Yard > Rack 2']},${ids['Yard']},Yard > Rack 2,Rack 2,true,site`,
      `${ids['Yard > Rack 2 > Bin 1']},${ids['Yard > Rack 2']},Yard > Rack 2 > Bin 1,Bin 1,true,bin`,
      `${ids['Yard > Rack 10']},${ids['Yard']},Yard > Rack 10,Rack 10,true,site`,
      '',
    ]);
  });

  it('writes archived sites only with includeArchived, for ADMINISTER_SITE; another licence’s project is a 404', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard', tree('Old')));
    await app.request('POST', '/api/site/archive', { token: w.token, body: { siteId: ids['Yard > Old'] } });
    expect((await exportCsv(w)).text).not.toContain('Old');
    expect((await exportCsv(w, '?includeArchived=true')).text).toContain(`${ids['Yard > Old']},${ids['Yard']},Yard > Old,Old,false,site`);
    expect((await exportCsv(w, '?includeArchived=true', w.memberToken)).text).not.toContain('Old');
    expect((await exportCsv(w, '', w.strangerToken)).status).toBe(404);
  });
});

describe('POST projects/{projectId}/sites/import', () => {
  it('changes nothing when the export comes back unchanged: every row unchanged, no History', async () => {
    const w = await world();
    await build(w, tree('Yard', tree('Rack 1', tree('Bin 1'), tree('Bin 2')), tree('Rack 2')), tree('-Office'));
    const before = await shape(w.project.projectId);
    const audits = (await siteAudits(w.license.licenseId)).length;
    const file = (await exportCsv(w)).text;
    const preview = await importCsv(w, file, true);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      applied: false,
      counts: { rows: 6, created: 0, renamed: 0, moved: 0, unchanged: 6 },
      notInFile: 0,
      problems: [],
      notes: [],
    });
    expect(previewLines(preview.body.tree)).toEqual([
      '-Office (2)',
      'Yard (3)',
      'Yard > Rack 1 (4)',
      'Yard > Rack 1 > Bin 1 (5)',
      'Yard > Rack 1 > Bin 2 (6)',
      'Yard > Rack 2 (7)',
    ]);
    const applied = await importCsv(w, file, false);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ applied: true, Message: SiteMessages.csvNothingToChange, counts: { unchanged: 6 } });
    expect(await shape(w.project.projectId)).toEqual(before);
    expect(await siteAudits(w.license.licenseId)).toHaveLength(audits);
  });

  it('previews a rename, a move and new rows (placed by path or parentId) without writing, then applies them keeping ids, with History', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard', tree('Rack 1', tree('Bin 1')), tree('Rack 2')), tree('Office'));
    const file = csv(
      HEADER,
      // Renamed; its child's row still names it by its old path.
      `${ids['Yard > Rack 1']},${ids['Yard']},Yard > Rack 1,Rack One,true,site`,
      `${ids['Yard > Rack 1 > Bin 1']},${ids['Yard > Rack 1']},Yard > Rack 1 > Bin 1,Bin 1,true,site`,
      // Moved under Office by its parentId.
      `${ids['Yard > Rack 2']},${ids['Office']},Yard > Rack 2,Rack 2,true,site`,
      // New: under a renamed site by its old path, by its new path, under a new row, and by parentId.
      ',,Yard > Rack 1 > Bin 2,,,bin',
      ',,Yard > Rack One > Bin 3,Bin 3,,',
      ',,Gate,Gate,,',
      ',,Gate > Lane 1,Lane 1,,',
      `,${ids['Office']},,Desk,,`,
    );
    const preview = await importCsv(w, file, true);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ applied: false, counts: { rows: 8, created: 5, renamed: 1, moved: 1, unchanged: 1 }, notInFile: 2, problems: [] });
    expect(previewLines(preview.body.tree)).toEqual([
      'Gate [new] (7)',
      'Gate > Lane 1 [new] (8)',
      'Office',
      'Office > Desk [new] (9)',
      "Office > Rack 2 [moved from 'Yard'] (4)",
      'Yard',
      'Yard > Rack One [renamed from Rack 1] (2)',
      'Yard > Rack One > Bin 1 (3)',
      'Yard > Rack One > Bin 2 [new] (5)',
      'Yard > Rack One > Bin 3 [new] (6)',
    ]);
    expect(preview.body.problems).toEqual([]);
    expect(await shape(w.project.projectId)).toEqual(['Office @1', 'Yard > Rack 1 > Bin 1 @3', 'Yard > Rack 1 @2', 'Yard > Rack 2 @2', 'Yard @1']);

    const applied = await importCsv(w, file, false);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ applied: true, Message: SiteMessages.csvImported(5, 1, 1) });
    expect(await shape(w.project.projectId)).toEqual([
      'Gate > Lane 1 @2',
      'Gate @1',
      'Office > Desk @2',
      'Office > Rack 2 @2',
      'Office @1',
      'Yard > Rack One > Bin 1 @3',
      'Yard > Rack One > Bin 2 @3',
      'Yard > Rack One > Bin 3 @3',
      'Yard > Rack One @2',
      'Yard @1',
    ]);
    // Ids are kept; the new site takes its class.
    const rack = (await db().select().from(t.sites).where(eq(t.sites.siteId, ids['Yard > Rack 1']!)))[0]!;
    expect(rack.name).toBe('Rack One');
    const bin2 = (
      await db()
        .select()
        .from(t.sites)
        .where(and(eq(t.sites.projectId, w.project.projectId), eq(t.sites.name, 'Bin 2')))
    )[0]!;
    expect(bin2).toMatchObject({ parentId: ids['Yard > Rack 1'], siteClass: 'bin', active: true });
    // History: one entry per site created, renamed or moved; none for the unchanged one.
    const history = await app.request('GET', `/api/audit?subject=site:${ids['Yard > Rack 1']}`, { token: w.token });
    expect(history.body.items[0].changes).toEqual([{ field: 'name', before: 'Rack 1', after: 'Rack One' }]);
    const moved = await app.request('GET', `/api/audit?subject=site:${ids['Yard > Rack 2']}`, { token: w.token });
    expect(moved.body.items[0].changes).toEqual([
      { field: 'Moved', before: 'Yard', after: 'Office' },
      { field: 'parentId', before: String(ids['Yard']), after: String(ids['Office']) },
    ]);
    expect((await app.request('GET', `/api/audit?subject=site:${ids['Yard > Rack 1 > Bin 1']}`, { token: w.token })).body.items).toHaveLength(1);
    // Exported again and imported again: nothing more to change.
    expect((await importCsv(w, (await exportCsv(w)).text, true)).body.counts).toMatchObject({ created: 0, renamed: 0, moved: 0, unchanged: 10 });
  });

  it('swaps two siblings’ names in one file, and moves a site under a site the same file creates', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard', tree('Rack 1'), tree('Rack 2')));
    const file = csv(
      'siteId,parentId,path,name',
      `${ids['Yard > Rack 1']},${ids['Yard']},,Rack 2`,
      `${ids['Yard > Rack 2']},${ids['Yard']},,Rack 1`,
      ',,Gate,Gate',
      `${ids['Yard']},,Gate > Yard,Yard`,
    );
    const answer = await importCsv(w, file, false);
    expect(answer.body).toMatchObject({ problems: [], counts: { created: 1, renamed: 2, moved: 1 } });
    expect(await shape(w.project.projectId)).toEqual(['Gate > Yard > Rack 1 @3', 'Gate > Yard > Rack 2 @3', 'Gate > Yard @2', 'Gate @1']);
    expect((await db().select().from(t.sites).where(eq(t.sites.siteId, ids['Yard > Rack 1']!)))[0]!.name).toBe('Rack 2');
  });

  it('deletes nothing: sites missing from the file stay and are counted', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard', tree('Rack 1'), tree('Rack 2')), tree('Office'));
    const answer = await importCsv(w, csv('siteId,name', `${ids['Yard']},Main Yard`), false);
    expect(answer.body).toMatchObject({ applied: true, notInFile: 3, counts: { renamed: 1 } });
    expect(await shape(w.project.projectId)).toEqual(['Main Yard > Rack 1 @2', 'Main Yard > Rack 2 @2', 'Main Yard @1', 'Office @1']);
  });

  it('refuses each rule on its row’s line, marks nothing of those rows in the preview, and imports nothing of the file', async () => {
    const w = await world();
    const other = await world();
    const ids = await build(w, tree('Yard', tree('Rack 1'), tree('Rack 2', tree('Bin 1'))), tree('Office'));
    const theirs = await build(other, tree('Elsewhere'));
    const file = csv(
      HEADER,
      ',,,   ,true,', // 2: blank name
      ',,Yard > Bin/1,,,', // 3
      `,,Yard > ${'x'.repeat(51)},,,`, // 4
      ',,Yard > Rack 3,,,', // 5: fine
      ',,Yard > rack 3 ,,,', // 6: a sibling of line 5 in any case
      ',,Yard > RACK 1,,,', // 7: the project has it
      'x1,,Yard,Yard,,', // 8
      `${theirs['Elsewhere']},,Elsewhere,Elsewhere,,`, // 9: another project's site
      `${ids['Office']},,Office,Office,,`, // 10: fine (unchanged)
      `${ids['Office']},,Office,Office,,`, // 11: repeated
      `,${theirs['Elsewhere']},,Bay,,`, // 12: a parent of another project
      ',,Gate > Lane,,,', // 13: no such parent
      ',,Yard > Bin/1 > Shelf,,,', // 14: its parent's row (3) has a problem
      ',,Yard > Rack 4,,,office', // 15: not a class
      `${ids['Yard']},${ids['Yard > Rack 2 > Bin 1']},Yard,Yard,,`, // 16: under its own child site
      ',,Yard > Rack 2 > Bin 1 > Tray,,,', // 17: fine
      'abc,x,,Yard,,', // 18: siteId and parentId not ids
    );
    const preview = await importCsv(w, file, true);
    expect(preview.status).toBe(200);
    expect(preview.body.problems).toEqual([
      { line: 2, message: SiteMessages.nameBlank },
      { line: 3, message: SiteMessages.specialCharacters },
      { line: 4, message: SiteMessages.tooLong },
      { line: 6, message: SiteMessages.csvSiblingsSameName('rack 3', 5) },
      { line: 7, message: siteExists('RACK 1') },
      { line: 8, message: SiteMessages.csvSiteId },
      { line: 9, message: SiteMessages.siteNotInProject(theirs['Elsewhere']!) },
      { line: 11, message: SiteMessages.csvSiteRepeated(ids['Office']!, 10) },
      { line: 12, message: SiteMessages.csvParentNotInProject(theirs['Elsewhere']!) },
      { line: 13, message: SiteMessages.csvParentUnknown('Gate') },
      { line: 14, message: SiteMessages.csvParentRowProblem(3) },
      { line: 15, message: SiteMessages.siteClass },
      { line: 16, message: SiteMessages.moveUnderItself },
      { line: 18, message: SiteMessages.csvSiteId },
    ]);
    // The good rows are previewed; the bad ones add nothing.
    expect(previewLines(preview.body.tree)).toEqual([
      'Office (10)',
      'Yard',
      'Yard > Rack 1',
      'Yard > Rack 2',
      'Yard > Rack 2 > Bin 1',
      'Yard > Rack 2 > Bin 1 > Tray [new] (17)',
      'Yard > Rack 3 [new] (5)',
    ]);
    const before = await shape(w.project.projectId);
    const applied = await importCsv(w, file, false);
    expect([applied.status, applied.body.Message, applied.body.problems]).toEqual([400, SiteMessages.csvHasProblems, preview.body.problems]);
    expect(await shape(w.project.projectId)).toEqual(before);
  });

  it(
    'refuses what the hierarchy save refuses beyond the rows — a GeoZone deeper than 3 — on the line of ' + 'the row that moves it, importing nothing',
    async () => {
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
      const ids = await build(w, tree('Yard', tree('Rack', tree('Bin'))), { site: { name: 'Zone', location: zone }, children: [tree('Spot')] });
      const file = csv('siteId,parentId,name', `${ids['Zone']},${ids['Yard > Rack > Bin']},Zone`, ',,Gate');
      const preview = await importCsv(w, file, true);
      expect(preview.body.problems).toEqual([{ line: 2, message: SiteMessages.geoZonesDepth }]);
      expect((await importCsv(w, file, false)).status).toBe(400);
      expect(await shape(w.project.projectId)).toEqual(['Yard > Rack > Bin @3', 'Yard > Rack @2', 'Yard @1', 'Zone > Spot @2', 'Zone @1']);
    },
  );

  it(
    'keeps archived sites out of reach without ADMINISTER_SITE, puts nothing new under an archived site, ' + 'and notes what an import does not change',
    async () => {
      const w = await world();
      const ids = await build(w, tree('Yard', tree('Old')), tree('Office'));
      await app.request('POST', '/api/site/archive', { token: w.token, body: { siteId: ids['Yard > Old'] } });
      const file = csv(
        HEADER,
        `${ids['Yard > Old']},${ids['Yard']},Yard > Old,Old,false,site`,
        ',,Yard > Old > Bin,,,',
        `${ids['Office']},,Office,Office,false,warehouse`,
        ',,Gate,,false,',
      );
      const member = await importCsv(w, file, true, w.memberToken);
      expect(member.body.problems).toEqual([
        { line: 2, message: SiteMessages.siteNotInProject(ids['Yard > Old']!) },
        { line: 3, message: SiteMessages.csvParentRowProblem(2) },
      ]);
      // Archived sites are not counted for who does not see them.
      expect(member.body.notInFile).toBe(1);
      const admin = await importCsv(w, file, true);
      expect(admin.body.problems).toEqual([{ line: 3, message: SiteMessages.parentArchived }]);
      expect(admin.body.notInFile).toBe(1);
      expect(admin.body.notes).toEqual([
        { line: 4, message: SiteMessages.csvStateNotImported },
        { line: 5, message: SiteMessages.csvStateNotImported },
      ]);
    },
  );

  it('answers 400 for a file that is not a site file, 415 for another type, and 404 for another licence’s project, changing nothing', async () => {
    const w = await world();
    await build(w, tree('Yard'));
    const cases: [string, string][] = [
      ['', SiteMessages.csvEmpty],
      ['\r\n\r\n', SiteMessages.csvEmpty],
      ['siteId,name,colour\r\n', SiteMessages.csvUnknownColumn('colour')],
      ['siteId,Name,name\r\n', SiteMessages.csvRepeatedColumn('name')],
      ['siteId,parentId\r\n1,2\r\n', SiteMessages.csvNoName],
      ['name\r\n"Yard\r\n', SiteMessages.csvUnclosedQuote(2)],
      [`name\r\n${Array.from({ length: SITE_CSV_MAX_ROWS + 1 }, (_, i) => `Site ${i}`).join('\r\n')}`, SiteMessages.csvTooManyRows(SITE_CSV_MAX_ROWS)],
      [`name\r\n${'x'.repeat(2 * 1024 * 1024)}`, SiteMessages.csvTooLarge],
    ];
    for (const [file, message] of cases) {
      const answer = await importCsv(w, file, true);
      expect([answer.status, answer.body.Message]).toEqual([400, message]);
    }
    const json = await app.request('POST', `/api/projects/${w.project.projectId}/sites/import?dryRun=true`, { token: w.token, body: { csv: 'name' } });
    expect([json.status, json.body.Message]).toEqual([415, GenericMessages.bodyType('text/csv')]);
    const noFlag = await app.request('POST', `/api/projects/${w.project.projectId}/sites/import`, {
      token: w.token,
      body: 'name\r\nGate',
      headers: { 'content-type': 'text/csv' },
    });
    expect([noFlag.status, noFlag.body.Message]).toEqual([400, 'dryRun must be true or false.']);
    for (const dryRun of [true, false]) expect((await importCsv(w, csv('name', 'Gate'), dryRun, w.strangerToken)).status).toBe(404);
    expect(await shape(w.project.projectId)).toEqual(['Yard @1']);
  });

  it('reads a spreadsheet’s file back: columns in any order and case, a semicolon delimiter, names from the path alone', async () => {
    const w = await world();
    const ids = await build(w, tree('Yard'));
    const answer = await importCsv(w, `\uFEFFName;Site Id\r\nMain Yard;${ids['Yard']}\r\n;\r\n`, true);
    expect(answer.body).toMatchObject({ counts: { rows: 1, renamed: 1 }, problems: [] });
    const byPath = await importCsv(w, csv('path', 'Yard > Rack 1', 'Yard > Rack 1 > Bin 1'), false);
    expect(byPath.body).toMatchObject({ problems: [], counts: { created: 2 } });
    expect(await shape(w.project.projectId)).toEqual(['Yard > Rack 1 > Bin 1 @3', 'Yard > Rack 1 @2', 'Yard @1']);
  });
});
