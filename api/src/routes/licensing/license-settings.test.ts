/**
 * A licence's internal configuration (super administrators: customer code, opportunity id,
 * per-project overrides) and its report shortcuts (basic ones by order, dashboard ones by type,
 * one report per type and per order), each kept to its licence.
 */
import { and, asc, eq } from 'drizzle-orm';
import { LicenseMessages, ReportMessages } from 'contracts/licensing/model';
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

/** A licence with two projects, its licence administrator, and a super administrator of another licence. */
async function world() {
  const license = await createLicense(app);
  const tower = await createProject(app, license.licenseId, { name: unique('Tower') });
  const yard = await createProject(app, license.licenseId, { name: unique('Yard') });
  const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
  const superAdmin = await createUser(app, (await createLicense(app)).licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
  return { license, tower, yard, token: await login(app, admin.userName), superToken: await login(app, superAdmin.userName) };
}

/** An API key of `licenseId` holding ACCESS_ALL_CUSTOMER_LICENCES: a key stays in its own licence whatever its roles. */
async function superApiKey(licenseId: number) {
  const { key, prefix, hash } = newApiKey();
  const [row] = await db()
    .insert(t.apiKeys)
    .values({ keyPrefix: prefix, secretHash: hash, name: unique('Key'), licenseId, isActive: true })
    .returning();
  const [role] = await db().select().from(t.roles).where(eq(t.roles.name, Role.ACCESS_ALL_CUSTOMER_LICENCES));
  await db().insert(t.apiKeyRoles).values({ apiKeyId: row!.apiKeyId, roleId: role!.roleId });
  return { authorization: `ApiKey ${key}` };
}

const licenseRow = async (licenseId: number) => (await db().select().from(t.licenses).where(eq(t.licenses.licenseId, licenseId)))[0]!;
const overrideRows = (licenseId: number) =>
  db()
    .select({ projectId: t.licenseProjectOverrides.projectId, type: t.licenseProjectOverrides.type, value: t.licenseProjectOverrides.value })
    .from(t.licenseProjectOverrides)
    .where(eq(t.licenseProjectOverrides.licenseId, licenseId))
    .orderBy(asc(t.licenseProjectOverrides.projectId), asc(t.licenseProjectOverrides.type));

describe('internal configuration', () => {
  it(
    'saves the customer code, the opportunity id and the overrides, answers them with the licence’s ' + 'projects, and replaces the overrides on the next save',
    async () => {
      const w = await world();
      const path = `/api/license/${w.license.licenseId}/intelliwave-config`;
      const empty = await app.request('GET', path, { token: w.superToken });
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({
        config: { CustomerCode: null, OpportunityId: null, ProjectOverrides: {} },
        projects: [
          { projectId: w.tower.projectId, name: w.tower.name },
          { projectId: w.yard.projectId, name: w.yard.name },
        ],
      });

      const overrides = {
        [w.tower.projectId]: [
          { type: 'CustomerCode', value: 'NWC-TA' },
          { type: 'OpportunityId', value: 'OPP-1' },
        ],
        [w.yard.projectId]: [{ type: 'CustomerCode', value: 'NWC-Y' }],
      };
      const saved = await app.request('POST', path, {
        token: w.superToken,
        body: { CustomerCode: ' NWC ', OpportunityId: 'OPP-7', ProjectOverrides: overrides },
      });
      expect([saved.status, saved.body.Message]).toEqual([200, LicenseMessages.updatedConfigs]);
      expect((await app.request('GET', path, { token: w.superToken })).body.config).toEqual({
        CustomerCode: 'NWC',
        OpportunityId: 'OPP-7',
        ProjectOverrides: overrides,
      });

      // Left out: unchanged; empty: cleared; the overrides replaced as a whole.
      await app.request('POST', path, {
        token: w.superToken,
        body: { OpportunityId: '', ProjectOverrides: { [w.yard.projectId]: [{ type: 'Region', value: 'North' }] } },
      });
      expect(await licenseRow(w.license.licenseId)).toMatchObject({ customerCode: 'NWC', opportunityId: null });
      expect(await overrideRows(w.license.licenseId)).toEqual([{ projectId: w.yard.projectId, type: 'Region', value: 'North' }]);

      const history = await app.request('GET', `/api/audit?subject=license:${w.license.licenseId}&entity=license-internal-config`, { token: w.superToken });
      expect(history.body.items).toHaveLength(2);
      expect(history.body.items[0].changes).toEqual(
        expect.arrayContaining([
          { field: 'opportunityId', before: 'OPP-7', after: null },
          { field: 'projectOverrides', before: JSON.stringify(overrides), after: JSON.stringify({ [w.yard.projectId]: [{ type: 'Region', value: 'North' }] }) },
        ]),
      );
    },
  );

  it('refuses an override for a project outside the licence and a type twice for one project, changing nothing', async () => {
    const w = await world();
    const other = await world();
    const path = `/api/license/${w.license.licenseId}/intelliwave-config`;
    await app.request('POST', path, {
      token: w.superToken,
      body: { CustomerCode: 'KEEP', ProjectOverrides: { [w.tower.projectId]: [{ type: 'CustomerCode', value: 'T' }] } },
    });
    const cases: [unknown, string][] = [
      [
        { CustomerCode: 'NEW', ProjectOverrides: { [other.tower.projectId]: [{ type: 'CustomerCode', value: 'X' }] } },
        LicenseMessages.overrideProjectOutside(String(other.tower.projectId)),
      ],
      [{ CustomerCode: 'NEW', ProjectOverrides: { 1: [{ type: 'CustomerCode', value: 'X' }] } }, LicenseMessages.overrideProjectOutside('1')],
      [
        {
          CustomerCode: 'NEW',
          ProjectOverrides: {
            [w.tower.projectId]: [
              { type: 'Region', value: 'A' },
              { type: 'Region', value: 'B' },
            ],
          },
        },
        LicenseMessages.overrideTypeRepeated('Region'),
      ],
      [{ ProjectOverrides: { tower: [] } }, LicenseMessages.projectOverrides],
    ];
    for (const [body, message] of cases) {
      const answer = await app.request('POST', path, { token: w.superToken, body });
      expect([answer.status, answer.body.Message]).toEqual([400, message]);
    }
    expect((await licenseRow(w.license.licenseId)).customerCode).toBe('KEEP');
    expect(await overrideRows(w.license.licenseId)).toEqual([{ projectId: w.tower.projectId, type: 'CustomerCode', value: 'T' }]);
  });

  it('is a super administrator’s only: 403 for a licence administrator, 404 outside an API key’s licence, changing nothing', async () => {
    const w = await world();
    const path = `/api/license/${w.license.licenseId}/intelliwave-config`;
    expect((await app.request('GET', path, { token: w.token })).status).toBe(403);
    expect((await app.request('POST', path, { token: w.token, body: { CustomerCode: 'MINE' } })).status).toBe(403);
    const headers = await superApiKey((await createLicense(app)).licenseId);
    expect((await app.request('GET', path, { headers })).status).toBe(404);
    expect((await app.request('POST', path, { headers, body: { CustomerCode: 'MINE' } })).status).toBe(404);
    expect((await app.request('GET', '/api/license/99999999/intelliwave-config', { token: w.superToken })).status).toBe(404);
    expect((await licenseRow(w.license.licenseId)).customerCode).toBeNull();
  });
});

// ------------------------------------------------------------------ shortcuts

async function activeReports() {
  const rows = await db().select().from(t.reports).where(eq(t.reports.active, true));
  return rows.sort((a, b) => a.reportName.localeCompare(b.reportName, 'en', { sensitivity: 'base' }));
}
const shortcutRows = (licenseId: number) =>
  db()
    .select({ reportId: t.shortcuts.reportId, type: t.shortcuts.type, order: t.shortcuts.order })
    .from(t.shortcuts)
    .where(eq(t.shortcuts.licenseId, licenseId))
    .orderBy(asc(t.shortcuts.reportId));

describe('report shortcuts', () => {
  it('lists every active report, basic shortcuts by order, then dashboard ones, then the unassigned by name', async () => {
    const w = await world();
    await db()
      .insert(t.reports)
      .values({ reportPath: `/Retired/${unique('r')}`, reportName: 'A retired report', active: false });
    const reports = await activeReports();
    expect(reports.length).toBeGreaterThanOrEqual(4);
    const path = `/api/reports/${w.license.licenseId}/shortcuts`;
    const none = await app.request('GET', path, { token: w.token });
    expect(none.body).toEqual(reports.map((r) => ({ id: r.reportId, type: null, order: null, reportName: r.reportName, reportPath: r.reportPath })));

    const [a, b, c, d] = reports;
    const set = await app.request('PUT', path, {
      token: w.token,
      body: [
        { id: d!.reportId, order: 1 },
        { id: c!.reportId, order: 2 },
        { id: a!.reportId, type: 'inventory' },
        { id: b!.reportId, type: null, order: null },
      ],
    });
    expect([set.status, set.body.Message]).toEqual([200, LicenseMessages.shortcutsUpdated]);
    const listed = (await app.request('GET', path, { token: w.token })).body;
    expect(listed.slice(0, 3).map((s: { id: number; type: string | null; order: number | null }) => [s.id, s.type, s.order])).toEqual([
      [d!.reportId, null, 1],
      [c!.reportId, null, 2],
      [a!.reportId, 'inventory', null],
    ]);
    expect(listed.slice(3).map((s: { id: number }) => s.id)).toEqual(reports.filter((r) => ![a, c, d].includes(r)).map((r) => r.reportId));
  });

  it(
    'upserts the listed shortcuts: swaps two orders, turns a basic one into a dashboard one, unassigns ' + 'one, and keeps it in the licence’s History',
    async () => {
      const w = await world();
      const [a, b, c] = await activeReports();
      const path = `/api/reports/${w.license.licenseId}/shortcuts`;
      await app.request('PUT', path, {
        token: w.token,
        body: [
          { id: a!.reportId, order: 1 },
          { id: b!.reportId, order: 2 },
          { id: c!.reportId, type: 'needs' },
        ],
      });
      const swapped = await app.request('PUT', path, {
        token: w.token,
        body: [
          { id: a!.reportId, order: 2 },
          { id: b!.reportId, order: 1 },
        ],
      });
      expect(swapped.status).toBe(200);
      expect(await shortcutRows(w.license.licenseId)).toEqual(
        [
          { reportId: a!.reportId, type: null, order: 2 },
          { reportId: b!.reportId, type: null, order: 1 },
          { reportId: c!.reportId, type: 'needs', order: null },
        ].sort((x, y) => x.reportId - y.reportId),
      );
      await app.request('PUT', path, { token: w.token, body: [{ id: a!.reportId, type: 'forecast' }, { id: c!.reportId }] });
      expect(await shortcutRows(w.license.licenseId)).toEqual(
        [
          { reportId: a!.reportId, type: 'forecast', order: null },
          { reportId: b!.reportId, type: null, order: 1 },
        ].sort((x, y) => x.reportId - y.reportId),
      );
      const [entry] = (await app.request('GET', `/api/audit?subject=license:${w.license.licenseId}&entity=shortcuts`, { token: w.token })).body.items;
      expect(entry.changes).toEqual(
        expect.arrayContaining([
          { field: a!.reportName, before: JSON.stringify({ order: 2 }), after: JSON.stringify({ type: 'forecast' }) },
          { field: c!.reportName, before: JSON.stringify({ type: 'needs' }), after: null },
        ]),
      );
    },
  );

  it(
    'refuses an unknown report, a report twice, two basic shortcuts at one order (400) and a type or an ' + 'order another report has (409), changing nothing',
    async () => {
      const w = await world();
      const [a, b, c] = await activeReports();
      const [retired] = await db()
        .insert(t.reports)
        .values({ reportPath: `/Retired/${unique('r')}`, reportName: 'Retired', active: false })
        .returning();
      const path = `/api/reports/${w.license.licenseId}/shortcuts`;
      await app.request('PUT', path, {
        token: w.token,
        body: [
          { id: a!.reportId, order: 1 },
          { id: b!.reportId, type: 'orders' },
        ],
      });
      const before = await shortcutRows(w.license.licenseId);
      const cases: [unknown, number, string][] = [
        [[{ id: 99999999, order: 3 }], 400, ReportMessages.shortcutReportUnknown],
        [[{ id: retired!.reportId, order: 3 }], 400, ReportMessages.shortcutReportUnknown],
        [
          [
            { id: c!.reportId, order: 3 },
            { id: c!.reportId, order: 4 },
          ],
          400,
          ReportMessages.shortcutRepeated,
        ],
        [
          [
            { id: c!.reportId, order: 3 },
            { id: a!.reportId, order: 3 },
          ],
          400,
          ReportMessages.shortcutOrderRepeated,
        ],
        [[{ id: c!.reportId, order: 3, type: 'storage' }], 400, ReportMessages.shortcutTypeOrOrder],
        [[{ id: c!.reportId, type: 'elsewhere' }], 400, ReportMessages.shortcutType],
        [[{ id: c!.reportId, type: 'orders' }], 409, ReportMessages.shortcutTypeTaken('orders')],
        [[{ id: c!.reportId, order: 1 }], 409, ReportMessages.shortcutOrderTaken(1)],
      ];
      for (const [body, status, message] of cases) {
        const answer = await app.request('PUT', path, { token: w.token, body });
        expect([answer.status, answer.body.Message]).toEqual([status, message]);
      }
      expect(await shortcutRows(w.license.licenseId)).toEqual(before);
    },
  );

  it('lets only one of two concurrent saves give one dashboard type to two reports', async () => {
    const w = await world();
    const [a, b] = await activeReports();
    const path = `/api/reports/${w.license.licenseId}/shortcuts`;
    const [first, second] = await Promise.all([
      app.request('PUT', path, { token: w.token, body: [{ id: a!.reportId, type: 'tools' }] }),
      app.request('PUT', path, { token: w.token, body: [{ id: b!.reportId, type: 'tools' }] }),
    ]);
    expect([first!.status, second!.status].sort()).toEqual([200, 409]);
    expect([first!, second!].find((answer) => answer.status === 409)!.body.Message).toBe(ReportMessages.shortcutTypeTaken('tools'));
    const rows = await shortcutRows(w.license.licenseId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.type).toBe('tools');
  });

  it('removes one shortcut, and answers 404 for a report without one', async () => {
    const w = await world();
    const [a, b] = await activeReports();
    const path = `/api/reports/${w.license.licenseId}/shortcuts`;
    await app.request('PUT', path, {
      token: w.token,
      body: [
        { id: a!.reportId, order: 1 },
        { id: b!.reportId, type: 'picks' },
      ],
    });
    const removed = await app.request('DELETE', `${path}/${b!.reportId}`, { token: w.token });
    expect([removed.status, removed.body.Message]).toEqual([200, ReportMessages.shortcutRemoved]);
    expect(await shortcutRows(w.license.licenseId)).toEqual([{ reportId: a!.reportId, type: null, order: 1 }]);
    const again = await app.request('DELETE', `${path}/${b!.reportId}`, { token: w.token });
    expect([again.status, again.body.Message]).toEqual([404, ReportMessages.shortcutNotFound]);
    const [entry] = await db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.subject, `license:${w.license.licenseId}`), eq(t.auditLog.entity, 'shortcuts'), eq(t.auditLog.method, 'DELETE')));
    expect(entry).toMatchObject({ before: { [b!.reportName]: { type: 'picks' } }, after: { [b!.reportName]: null }, licenseId: w.license.licenseId });
  });

  it('keeps the basic shortcuts at positions 1..n: a delete or an unassign closes the gap, in the same change and its History', async () => {
    const w = await world();
    const [a, b, c, d, e] = await activeReports();
    const path = `/api/reports/${w.license.licenseId}/shortcuts`;
    await app.request('PUT', path, {
      token: w.token,
      body: [
        { id: a!.reportId, order: 1 },
        { id: b!.reportId, order: 2 },
        { id: c!.reportId, order: 3 },
        { id: d!.reportId, order: 4 },
        { id: e!.reportId, type: 'tools' },
      ],
    });
    const orders = async () => Object.fromEntries((await shortcutRows(w.license.licenseId)).map((row) => [row.reportId, row.order]));

    // The second goes: the third and fourth move up.
    expect((await app.request('DELETE', `${path}/${b!.reportId}`, { token: w.token })).status).toBe(200);
    expect(await orders()).toEqual({ [a!.reportId]: 1, [c!.reportId]: 2, [d!.reportId]: 3, [e!.reportId]: null });
    const listed = (await app.request('GET', path, { token: w.token })).body as { id: number; order: number | null }[];
    expect(listed.filter((s) => s.order !== null).map((s) => [s.id, s.order])).toEqual([
      [a!.reportId, 1],
      [c!.reportId, 2],
      [d!.reportId, 3],
    ]);
    const [removal] = await db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.subject, `license:${w.license.licenseId}`), eq(t.auditLog.entity, 'shortcuts'), eq(t.auditLog.method, 'DELETE')));
    // The History says who moved as well as what went.
    expect(removal).toMatchObject({
      before: { [b!.reportName]: { order: 2 }, [c!.reportName]: { order: 3 }, [d!.reportName]: { order: 4 } },
      after: { [b!.reportName]: null, [c!.reportName]: { order: 2 }, [d!.reportName]: { order: 3 } },
    });

    // Unassigning the first (and turning the last into a dashboard one) leaves one basic shortcut, at 1.
    expect((await app.request('PUT', path, { token: w.token, body: [{ id: a!.reportId }, { id: d!.reportId, type: 'needs' }] })).status).toBe(200);
    expect(await orders()).toEqual({ [c!.reportId]: 1, [d!.reportId]: null, [e!.reportId]: null });

    // A new one placed beyond the end takes the next position.
    expect((await app.request('PUT', path, { token: w.token, body: [{ id: b!.reportId, order: 9 }] })).status).toBe(200);
    expect(await orders()).toEqual({ [b!.reportId]: 2, [c!.reportId]: 1, [d!.reportId]: null, [e!.reportId]: null });
  });

  it('answers 404 for another licence’s shortcuts and changes nothing', async () => {
    const w = await world();
    const other = await world();
    const [a, b] = await activeReports();
    const path = `/api/reports/${other.license.licenseId}/shortcuts`;
    await app.request('PUT', path, { token: other.token, body: [{ id: a!.reportId, order: 1 }] });
    const answers = [
      await app.request('GET', path, { token: w.token }),
      await app.request('PUT', path, { token: w.token, body: [{ id: b!.reportId, order: 2 }] }),
      await app.request('DELETE', `${path}/${a!.reportId}`, { token: w.token }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
    expect(await shortcutRows(other.license.licenseId)).toEqual([{ reportId: a!.reportId, type: null, order: 1 }]);
    // A super administrator reaches every licence's.
    expect((await app.request('GET', path, { token: w.superToken })).body[0]).toMatchObject({ id: a!.reportId, order: 1 });
  });
});
