import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { ImportMessages, IntegrationReportSchema } from 'contracts/projects-sites/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const MINUTE = 60_000;

/** A licence with a project, an import system of it and an import administrator. */
async function world(roles: string[] = [Role.ADMINISTER_IMPORT_SYSTEM_DETAILS]) {
  const license = await createLicense(app);
  const project = await createProject(app, license.licenseId);
  const [system] = await app.deps.db
    .insert(t.importSystems)
    .values({ projectId: project.projectId, displayName: unique('Import'), path: '/imports/test' })
    .returning();
  const admin = await createUser(app, license.licenseId, { roles });
  return { license, project, system: system!, token: await login(app, admin.userName) };
}

/** Reports of a project made in the database, the first the newest, a minute apart. */
async function reports(projectId: number, count: number, values: (n: number) => Partial<typeof t.integrationReports.$inferInsert> = () => ({})) {
  const now = Date.now();
  return app.deps.db
    .insert(t.integrationReports)
    .values(
      Array.from({ length: count }, (_, n) => ({
        createTime: new Date(now - n * MINUTE),
        displayName: `Run ${n}`,
        requestS3Key: `imports/${projectId}/${n}.csv`,
        userName: 'jsmith',
        requestProjectId: projectId,
        reportJson: { rowsRead: n },
        ...values(n),
      })),
    )
    .returning();
}

const refs = (list: { integrationReference: string }[]) => list.map((report) => report.integrationReference);

describe('GET imports/report', () => {
  it('answers one project’s reports newest first, 30 a page from page 0, without their report JSON', async () => {
    const w = await world();
    const made = await reports(w.project.projectId, 65, (n) => ({
      requestImportId: n === 0 ? w.system.configId : null,
      apiKeyName: n === 0 ? 'Procore Sync' : null,
      dataLink: n === 0 ? '/data/imports/1' : null,
    }));
    const other = await createProject(app, w.license.licenseId);
    await reports(other.projectId, 3);

    const first = await app.request('GET', `/api/imports/report?projectId=${w.project.projectId}`, { token: w.token });
    expect(first.status).toBe(200);
    const rows = v.parse(v.array(IntegrationReportSchema), first.body);
    expect(refs(rows)).toEqual(refs(made.slice(0, 30)));
    expect(first.body[0]).toEqual({
      integrationReference: made[0]!.integrationReference,
      createTime: made[0]!.createTime.toISOString(),
      displayName: 'Run 0',
      requestS3Key: `imports/${w.project.projectId}/0.csv`,
      userName: 'jsmith',
      requestProjectId: w.project.projectId,
      requestImportId: w.system.configId,
      dataLink: '/data/imports/1',
      apiKeyName: 'Procore Sync',
    });
    expect(refs((await app.request('GET', `/api/imports/report?projectId=${w.project.projectId}&page=1`, { token: w.token })).body)).toEqual(
      refs(made.slice(30, 60)),
    );
    expect(refs((await app.request('GET', `/api/imports/report?projectId=${w.project.projectId}&page=2`, { token: w.token })).body)).toEqual(
      refs(made.slice(60)),
    );
    expect((await app.request('GET', `/api/imports/report?projectId=${w.project.projectId}&page=3`, { token: w.token })).body).toEqual([]);
  });

  it('orders reports of the same moment by reference, so pages never overlap', async () => {
    const w = await world();
    const at = new Date('2026-03-01T10:00:00Z');
    const made = await reports(w.project.projectId, 40, () => ({ createTime: at }));
    const seen = [];
    for (const page of [0, 1])
      seen.push(...refs((await app.request('GET', `/api/imports/report?projectId=${w.project.projectId}&page=${page}`, { token: w.token })).body));
    expect(seen).toEqual(refs(made).sort().reverse());
  });

  it('filters by import name, import file or user, ignoring case', async () => {
    const w = await world();
    const tag = unique('f').replace(/-/g, '');
    const [byName, byFile, byUser] = await reports(
      w.project.projectId,
      4,
      (n) =>
        [{ displayName: `Orders ${tag}` }, { requestS3Key: `imports/${tag.toUpperCase()}.csv` }, { userName: `api:${tag}` }, { displayName: '100% done' }][n]!,
    );
    const list = async (filter: string) =>
      refs((await app.request('GET', `/api/imports/report?projectId=${w.project.projectId}&filter=${encodeURIComponent(filter)}`, { token: w.token })).body);
    expect(await list(tag.toUpperCase())).toEqual(refs([byName!, byFile!, byUser!]));
    expect(await list(`  ${tag} `)).toEqual(refs([byName!, byFile!, byUser!]));
    expect(await list('0%')).toHaveLength(1);
    expect(await list('nothing like it')).toEqual([]);
  });

  it('needs a project, and refuses a bad page or filter', async () => {
    const w = await world();
    const none = await app.request('GET', '/api/imports/report', { token: w.token });
    expect([none.status, none.body]).toEqual([
      400,
      { Message: ImportMessages.reportProjectRequired, errors: { projectId: ImportMessages.reportProjectRequired } },
    ]);
    const project = `projectId=${w.project.projectId}`;
    for (const bad of [`${project}&page=-1`, `${project}&page=x`, 'projectId=x', 'projectId=-4', `${project}&filter=${'f'.repeat(201)}`]) {
      const answer = await app.request('GET', `/api/imports/report?${bad}`, { token: w.token });
      expect({ bad, status: answer.status }).toEqual({ bad, status: 400 });
    }
  });
});

describe('GET imports/report/{integrationRef}', () => {
  it('answers one report with its report JSON; a reference that is not a GUID or is missing is a 404', async () => {
    const w = await world();
    const [report] = await reports(w.project.projectId, 1, () => ({
      reportJson: { rowsRead: 12, errors: [{ row: 4, message: 'Unknown site path' }] },
      requestImportId: w.system.configId,
    }));
    const answer = await app.request('GET', `/api/imports/report/${report!.integrationReference}`, { token: w.token });
    expect(answer.status).toBe(200);
    expect(v.parse(IntegrationReportSchema, answer.body).reportJson).toEqual({ rowsRead: 12, errors: [{ row: 4, message: 'Unknown site path' }] });
    expect(answer.body).toMatchObject({
      integrationReference: report!.integrationReference,
      requestImportId: w.system.configId,
      requestProjectId: w.project.projectId,
      createTime: report!.createTime.toISOString(),
    });
    expect((await app.request('GET', `/api/imports/report/${report!.integrationReference.toUpperCase()}`, { token: w.token })).status).toBe(200);
    for (const ref of ['not-a-guid', '12345', randomUUID()])
      expect({ ref, status: (await app.request('GET', `/api/imports/report/${ref}`, { token: w.token })).status }).toEqual({ ref, status: 404 });
  });
});

describe('the data view link (dataViewUrl)', () => {
  it('opens a relative data link on the platform of the project’s environment, never on this console, and leaves an unsafe one out', async () => {
    const w = await world();
    const [platform] = await app.deps.db
      .insert(t.environments)
      .values({ name: unique('Platform'), serverUrl: 'https://platform.example.com/' })
      .returning();
    const [here] = await app.deps.db
      .insert(t.environments)
      .values({ name: unique('Here'), serverUrl: `${app.deps.config.publicUrl}/uat` })
      .returning();
    const onPlatform = await createProject(app, w.license.licenseId, { environmentId: platform!.environmentId });
    const onThisConsole = await createProject(app, w.license.licenseId, { environmentId: here!.environmentId });
    const viewOf = async (projectId: number, dataLink: string | null) => {
      const [report] = await reports(projectId, 1, () => ({ dataLink }));
      const answer = await app.request('GET', `/api/imports/report/${report!.integrationReference}`, { token: w.token });
      expect(answer.status).toBe(200);
      return [answer.body.dataLink, answer.body.dataViewUrl];
    };
    expect(await viewOf(onPlatform.projectId, '/data/imports/1001')).toEqual(['/data/imports/1001', 'https://platform.example.com/data/imports/1001']);
    // An address is its own; no environment, or one this console stands in for (the demo's), has no platform to open a path on.
    expect(await viewOf(onPlatform.projectId, 'https://data.example.com/runs/7')).toEqual([
      'https://data.example.com/runs/7',
      'https://data.example.com/runs/7',
    ]);
    expect(await viewOf(w.project.projectId, '/data/imports/1001')).toEqual(['/data/imports/1001', null]);
    expect(await viewOf(onThisConsole.projectId, '/data/imports/1001')).toEqual(['/data/imports/1001', null]);
    for (const unsafe of ['javascript:alert(1)', '//evil.example.com/x', null]) expect((await viewOf(onPlatform.projectId, unsafe))[1]).toBeNull();
  });
});

describe('GET imports/report/{integrationRef}/file', () => {
  it('downloads the file a report imported, named after its key; a report without one, or another licence’s, is a 404', async () => {
    const w = await world();
    const [kept, lost] = await reports(w.project.projectId, 2);
    await app.deps.db
      .insert(t.integrationReportFiles)
      .values({ integrationReference: kept!.integrationReference, fileName: '0.csv', content: 'Tag,Quantity\r\nMAT-1,4\r\n' });
    const answer = await app.request('GET', `/api/imports/report/${kept!.integrationReference}/file`, { token: w.token, headers: { accept: 'text/csv' } });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('Tag,Quantity\r\nMAT-1,4\r\n');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="0.csv"');
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await app.request('GET', `/api/imports/report/${kept!.integrationReference}`, { token: w.token })).body.hasFile).toBe(true);
    expect((await app.request('GET', `/api/imports/report/${lost!.integrationReference}`, { token: w.token })).body.hasFile).toBe(false);
    expect((await app.request('GET', `/api/imports/report/${lost!.integrationReference}/file`, { token: w.token })).status).toBe(404);
    const other = await world();
    expect((await app.request('GET', `/api/imports/report/${kept!.integrationReference}/file`, { token: other.token })).status).toBe(404);
    const plain = await world([Role.MENU_ADMIN_TOOL_ACCESS]);
    expect((await app.request('GET', `/api/imports/report/${kept!.integrationReference}/file`, { token: plain.token })).status).toBe(403);
  });
});

describe('licence scope and access', () => {
  it('answers 404 for another licence’s project or report, exactly as for a missing one', async () => {
    const w = await world();
    const other = await world();
    const [theirs] = await reports(other.project.projectId, 1);
    const report = await app.request('GET', `/api/imports/report/${theirs!.integrationReference}`, { token: w.token });
    const missing = await app.request('GET', `/api/imports/report/${randomUUID()}`, { token: w.token });
    expect([report.status, report.body]).toEqual([404, missing.body]);
    const list = await app.request('GET', `/api/imports/report?projectId=${other.project.projectId}`, { token: w.token });
    const noProject = await app.request('GET', '/api/imports/report?projectId=999999999', { token: w.token });
    expect([list.status, list.body]).toEqual([404, noProject.body]);
    expect((await app.request('GET', `/api/imports/report/${theirs!.integrationReference}`, { token: other.token })).status).toBe(200);
  });

  it('shows a super administrator every licence’s reports', async () => {
    const w = await world([Role.ADMINISTER_IMPORT_SYSTEM_DETAILS, Role.ACCESS_ALL_CUSTOMER_LICENCES]);
    const other = await world();
    const [theirs] = await reports(other.project.projectId, 1);
    expect((await app.request('GET', `/api/imports/report/${theirs!.integrationReference}`, { token: w.token })).status).toBe(200);
    expect(refs((await app.request('GET', `/api/imports/report?projectId=${other.project.projectId}`, { token: w.token })).body)).toEqual([
      theirs!.integrationReference,
    ]);
  });

  it('answers 403 without ADMINISTER_IMPORT_SYSTEM_DETAILS', async () => {
    const w = await world([Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_IMPORT_SYSTEM_USER]);
    const [report] = await reports(w.project.projectId, 1);
    expect((await app.request('GET', `/api/imports/report?projectId=${w.project.projectId}`, { token: w.token })).status).toBe(403);
    expect((await app.request('GET', `/api/imports/report/${report!.integrationReference}`, { token: w.token })).status).toBe(403);
  });
});
