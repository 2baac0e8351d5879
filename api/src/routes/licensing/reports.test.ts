import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { LicenseMessages, MonthlyUsersReportSchema, ReportGroupSchema, ReportMessages, ReportSchema } from 'contracts/licensing/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { newApiKey } from '../../domain/api-key-secrets';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  // The keys' last-used writes run in the background: let them end before the database does.
  await app.deps.background.settled();
  await app.close();
});

const db = () => app.deps.db;
const roleId = async (name: string) => (await db().select().from(t.roles).where(eq(t.roles.name, name)))[0]!.roleId;

async function superAdmin(licenseId?: number) {
  const license = licenseId ?? (await createLicense(app)).licenseId;
  const user = await createUser(app, license, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
  return { user, token: await login(app, user.userName) };
}

async function licenseAdmin(licenseId: number) {
  const user = await createUser(app, licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_ASSIGNED_REPORTS] });
  return login(app, user.userName);
}

/** An API key of `licenseId` holding ACCESS_ALL_CUSTOMER_LICENCES: its scope is still its own licence. */
async function keyOf(licenseId: number) {
  const secret = newApiKey();
  const [key] = await db()
    .insert(t.apiKeys)
    .values({ keyPrefix: secret.prefix, secretHash: secret.hash, name: unique('Key'), licenseId })
    .returning();
  await db()
    .insert(t.apiKeyRoles)
    .values({ apiKeyId: key!.apiKeyId, roleId: await roleId(Role.ACCESS_ALL_CUSTOMER_LICENCES) });
  return (method: string, path: string, body?: unknown) => app.request(method, path, { headers: { authorization: `ApiKey ${secret.key}` }, body });
}

/** The month `offset` months from now (UTC), as the report names it. */
function monthFromNow(offset: number) {
  const now = app.clock.now();
  const index = now.getUTCFullYear() * 12 + now.getUTCMonth() + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const reportOf = (licenseId: number, startMonth: number | string, startYear: number | string) =>
  `/api/licenses/${licenseId}/usersreport?startMonth=${startMonth}&startYear=${startYear}`;

describe('GET licenses/{licenseId}/usersreport', () => {
  it('answers each month from the start to last month from the seat ledger, and today’s seats from real assignments', async () => {
    const license = await createLicense(app);
    await db()
      .insert(t.licenseAddons)
      .values([
        { licenseId: license.licenseId, addOnId: 2, maxUsers: 5 },
        { licenseId: license.licenseId, addOnId: 3, maxUsers: 0 },
        { licenseId: license.licenseId, addOnId: 4, maxUsers: 10 },
      ]);
    const other = await createLicense(app);
    const [m5, m4, m3, m2, m1, m0] = [monthFromNow(-5), monthFromNow(-4), monthFromNow(-3), monthFromNow(-2), monthFromNow(-1), monthFromNow(0)];
    const on = (m: { year: number; month: number }, day: number) => new Date(Date.UTC(m.year, m.month - 1, day, 12));
    // Past changes: 99 SiteSense seats in m4's first days, 92 of them gone by its last day; Material Control's 3 came and went.
    const change = (at: Date, addOnId: number, n: number, licenseId = license.licenseId) => ({ licenseId, addOnId, change: n, at });
    await db()
      .insert(t.seatEvents)
      .values([
        change(on(m4, 2), 1, 99),
        change(on(m4, 28), 1, -92),
        change(on(m3, 10), 2, 3),
        change(on(m2, 5), 1, 1),
        change(on(m2, 6), 2, -3),
        change(on(m3, 1), 1, 1000, other.licenseId),
      ]);
    // Today: add-on 2 held directly by one user and through a group by two (one of them both ways), add-on 1 by two users.
    const direct = await createUser(app, license.licenseId);
    const both = await createUser(app, license.licenseId);
    const viaGroup = await createUser(app, license.licenseId, { isApproved: false });
    const [group] = await db()
      .insert(t.userGroups)
      .values({ name: unique('Group'), licenseId: license.licenseId })
      .returning();
    await db()
      .insert(t.userAddons)
      .values([
        { userId: direct.userId, addOnId: 2 },
        { userId: both.userId, addOnId: 2 },
        { userId: direct.userId, addOnId: 1 },
        { userId: both.userId, addOnId: 1 },
      ]);
    await db().insert(t.userGroupAddons).values({ userGroupId: group!.userGroupId, addOnId: 2 });
    await db()
      .insert(t.userGroupUsers)
      .values([
        { userGroupId: group!.userGroupId, userId: both.userId },
        { userGroupId: group!.userGroupId, userId: viaGroup.userId },
      ]);
    // Another licence's seats do not count.
    const stranger = await createUser(app, other.licenseId);
    await db().insert(t.userAddons).values({ userId: stranger.userId, addOnId: 2 });

    const { token } = await superAdmin(other.licenseId);
    const answer = await app.request('GET', reportOf(license.licenseId, m3.month, m3.year), { token });
    expect(answer.status).toBe(200);
    v.parse(MonthlyUsersReportSchema, answer.body);
    const SS = { addOnId: 1, name: 'SiteSense', shortName: 'SS' };
    const MC = { addOnId: 2, name: 'Material Control', shortName: 'MC' };
    const WF = { addOnId: 4, name: 'Workforce', shortName: 'WF' };
    expect(answer.body).toEqual({
      monthlyReports: [
        {
          ...m3,
          addOns: [
            { ...SS, users: 7 },
            { ...MC, users: 3 },
          ],
        },
        {
          ...m2,
          addOns: [
            { ...SS, users: 8 },
            { ...MC, users: 0 },
          ],
        },
        // Nothing changed last month: its figures are m2's; today's assignments belong to this month.
        {
          ...m1,
          addOns: [
            { ...SS, users: 8 },
            { ...MC, users: 0 },
          ],
        },
      ],
      // Add-on 3 is not offered (0) and held by nobody; add-on 4 is offered and held by nobody.
      current: {
        ...m0,
        addOns: [
          { ...SS, users: 2 },
          { ...MC, users: 3 },
          { ...WF, users: 0 },
        ],
      },
    });

    // From October 2018 the months start at the first recorded change; the current month alone shows none.
    const all = await app.request('GET', reportOf(license.licenseId, 10, 2018), { token });
    expect(all.body.monthlyReports.map((m: { month: number; year: number }) => `${m.year}-${m.month}`)).toEqual(
      [m4, m3, m2, m1].map((m) => `${m.year}-${m.month}`),
    );
    expect(all.body.monthlyReports[0].addOns).toEqual([
      { ...SS, users: 7 },
      { ...MC, users: 0 },
    ]);
    expect(all.body.monthlyReports).not.toContainEqual(expect.objectContaining(m5));
    const thisMonth = await app.request('GET', reportOf(license.licenseId, m0.month, m0.year), { token });
    expect([thisMonth.status, thisMonth.body.monthlyReports]).toEqual([200, []]);
    expect(thisMonth.body.current).toEqual(answer.body.current);

    // Taking seats away today changes today's figures, never a past month's.
    await db().delete(t.userAddons).where(eq(t.userAddons.userId, direct.userId));
    await db().delete(t.userGroupUsers).where(eq(t.userGroupUsers.userId, viaGroup.userId));
    const later = await app.request('GET', reportOf(license.licenseId, m3.month, m3.year), { token });
    expect(later.body.monthlyReports).toEqual(answer.body.monthlyReports);
    expect(later.body.current.addOns).toEqual([
      { ...SS, users: 1 },
      { ...MC, users: 1 },
      { ...WF, users: 0 },
    ]);
  });

  it('reads each month as the sum of its events, whatever writes, moves or removes them', async () => {
    const license = await createLicense(app);
    const { token } = await superAdmin(license.licenseId);
    const [m3, m2, m1] = [monthFromNow(-3), monthFromNow(-2), monthFromNow(-1)];
    const on = (m: { year: number; month: number }, day: number) => new Date(Date.UTC(m.year, m.month - 1, day, 12));
    const [early, late] = await db()
      .insert(t.seatEvents)
      .values([
        { licenseId: license.licenseId, addOnId: 1, change: 5, at: on(m3, 3) },
        { licenseId: license.licenseId, addOnId: 1, change: -2, at: on(m3, 20) },
        { licenseId: license.licenseId, addOnId: 1, change: 4, at: on(m2, 1) },
      ])
      .returning();
    const figures = async () => {
      const answer = await app.request('GET', reportOf(license.licenseId, m3.month, m3.year), { token });
      expect(answer.status).toBe(200);
      return answer.body.monthlyReports.map((m: { year: number; month: number; addOns: { users: number }[] }) => m.addOns[0]!.users);
    };
    expect(await figures()).toEqual([3, 7, 7]);
    // The seeds date events after writing them: a moved event leaves its month for the other.
    await db()
      .update(t.seatEvents)
      .set({ at: on(m2, 15) })
      .where(eq(t.seatEvents.seatEventId, late!.seatEventId));
    expect(await figures()).toEqual([5, 7, 7]);
    await db()
      .update(t.seatEvents)
      .set({ at: on(m1, 2) })
      .where(eq(t.seatEvents.licenseId, license.licenseId));
    // Every event now in m1: the months start there.
    const answer = await app.request('GET', reportOf(license.licenseId, m3.month, m3.year), { token });
    expect(answer.body.monthlyReports.map((m: { year: number; month: number }) => [m.year, m.month])).toEqual([[m1.year, m1.month]]);
    expect(answer.body.monthlyReports[0].addOns[0].users).toBe(7);
    await db().delete(t.seatEvents).where(eq(t.seatEvents.seatEventId, early!.seatEventId));
    const after = await app.request('GET', reportOf(license.licenseId, m3.month, m3.year), { token });
    expect(after.body.monthlyReports[0].addOns[0].users).toBe(2);
    // The kept sums are the events' own.
    const kept = await db().select().from(t.seatMonths).where(eq(t.seatMonths.licenseId, license.licenseId));
    expect(kept.filter((row) => row.change !== 0).map((row) => [row.addOnId, row.month, row.change])).toEqual([[1, m1.year * 12 + m1.month - 1, 2]]);
  });

  it('answers a start before October 2018, in the future or not a month with a clear 400', async () => {
    const license = await createLicense(app);
    const { token } = await superAdmin(license.licenseId);
    const next = monthFromNow(1);
    const cases: [string, string][] = [
      [reportOf(license.licenseId, 9, 2018), LicenseMessages.reportStart],
      [reportOf(license.licenseId, 12, 2017), LicenseMessages.reportYear],
      [reportOf(license.licenseId, 13, 2020), LicenseMessages.reportMonth],
      [reportOf(license.licenseId, 0, 2020), LicenseMessages.reportMonth],
      [reportOf(license.licenseId, 'May', 2020), LicenseMessages.reportMonth],
      [reportOf(license.licenseId, 1, '20x0'), LicenseMessages.reportYear],
      [reportOf(license.licenseId, next.month, next.year), LicenseMessages.reportFuture],
      [reportOf(license.licenseId, 1, 9999), LicenseMessages.reportFuture],
      [`/api/licenses/${license.licenseId}/usersreport?startYear=2020`, LicenseMessages.reportMonth],
      [`/api/licenses/${license.licenseId}/usersreport?startMonth=1`, LicenseMessages.reportYear],
    ];
    for (const [path, message] of cases) {
      const answer = await app.request('GET', path, { token });
      expect([path, answer.status, answer.body.Message]).toEqual([path, 400, message]);
    }
    expect((await app.request('GET', reportOf(license.licenseId, 10, 2018), { token })).status).toBe(200);
  });

  it('is for super administrators only, and another licence is a 404 like a missing one', async () => {
    const license = await createLicense(app);
    const other = await createLicense(app);
    const own = await licenseAdmin(license.licenseId);
    expect((await app.request('GET', reportOf(license.licenseId, 10, 2018), { token: own })).status).toBe(403);
    expect((await app.request('GET', reportOf(license.licenseId, 10, 2018))).status).toBe(401);
    const { token } = await superAdmin(license.licenseId);
    expect((await app.request('GET', reportOf(999999999, 10, 2018), { token })).status).toBe(404);
    // A key holding the role still stays in its own licence.
    const key = await keyOf(license.licenseId);
    const foreign = await key('GET', reportOf(other.licenseId, 10, 2018));
    const missing = await key('GET', reportOf(999999999, 10, 2018));
    expect([foreign.status, missing.status]).toEqual([404, 404]);
    expect(foreign.body).toEqual(missing.body);
    expect((await key('GET', reportOf(license.licenseId, 10, 2018))).status).toBe(200);
  });
});

describe('GET reports', () => {
  it('answers every report by name to a super administrator, and 403 to anyone else', async () => {
    const [hidden] = await db()
      .insert(t.reports)
      .values({ reportPath: `/Old/${unique('r')}`, reportName: 'Aaa Retired Report', active: false })
      .returning();
    const { token } = await superAdmin();
    const answer = await app.request('GET', '/api/reports', { token });
    expect(answer.status).toBe(200);
    const list = v.parse(v.array(ReportSchema), answer.body);
    expect(list.length).toBeGreaterThan(5);
    expect(list.find((r) => r.reportId === hidden!.reportId)).toEqual({
      reportId: hidden!.reportId,
      reportPath: hidden!.reportPath,
      reportName: 'Aaa Retired Report',
      active: false,
    });
    const names = list.map((r) => r.reportName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const license = await createLicense(app);
    expect((await app.request('GET', '/api/reports', { token: await licenseAdmin(license.licenseId) })).status).toBe(403);
  });
});

describe('report groups', () => {
  const reportIds = async () => (await db().select().from(t.reports)).map((r) => r.reportId).sort((a, b) => a - b);

  async function groupsOf(licenseId: number) {
    return db().select().from(t.reportGroups).where(eq(t.reportGroups.licenseId, licenseId));
  }

  it('creates a group with its names, lists it, deletes it, and audits both in the licence’s History', async () => {
    const license = await createLicense(app, { name: unique('Northwind') });
    const project = await createProject(app, license.licenseId);
    const { token } = await superAdmin();
    const [reportId] = await reportIds();
    const [report] = await db().select().from(t.reports).where(eq(t.reports.reportId, reportId!));
    const role = (await db().select().from(t.roles).where(eq(t.roles.name, 'VIEW_STATUS')))[0]!;

    const made = await app.request('POST', '/api/reports/groups', {
      token,
      body: { reportId, roleId: role.roleId, licenseId: license.licenseId, projectId: project.projectId },
    });
    expect(made.status).toBe(201);
    v.parse(ReportGroupSchema, made.body);
    const expected = {
      reportGroupId: made.body.reportGroupId,
      reportId,
      roleId: role.roleId,
      licenseId: license.licenseId,
      projectId: project.projectId,
      reportName: report!.reportName,
      reportPath: report!.reportPath,
      roleName: role.friendlyName,
      licenseName: license.name,
      projectName: project.name,
    };
    expect(made.body).toEqual(expected);

    const list = await app.request('GET', '/api/reports/groups', { token });
    expect(list.status).toBe(200);
    v.parse(v.array(ReportGroupSchema), list.body);
    expect(list.body).toContainEqual(expected);

    const gone = await app.request('DELETE', `/api/reports/groups/${expected.reportGroupId}`, { token });
    expect([gone.status, gone.body.Message]).toEqual([200, ReportMessages.groupDeleted]);
    expect(await groupsOf(license.licenseId)).toEqual([]);
    expect((await app.request('DELETE', `/api/reports/groups/${expected.reportGroupId}`, { token })).status).toBe(404);

    const history = await app.request('GET', `/api/audit?subject=license:${license.licenseId}`, { token });
    expect(history.status).toBe(200);
    const entries = (history.body.items ?? history.body) as { entity: string; method: string; subject: string }[];
    expect(
      entries
        .filter((e) => e.entity === 'report-group')
        .map((e) => [e.method, e.subject])
        .sort(),
    ).toEqual([
      ['DELETE', `license:${license.licenseId}`],
      ['POST', `license:${license.licenseId}`],
    ]);
    const rows = await db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'report-group'), eq(t.auditLog.entityId, String(expected.reportGroupId))));
    expect(rows.map((r) => [r.method, r.licenseId])).toEqual(
      expect.arrayContaining([
        ['POST', license.licenseId],
        ['DELETE', license.licenseId],
      ]),
    );
    expect(rows.find((r) => r.method === 'POST')!.after).toMatchObject({ reportId, roleId: role.roleId, projectId: project.projectId });
    expect(rows.find((r) => r.method === 'DELETE')!.before).toMatchObject({ reportId, roleId: role.roleId, projectId: project.projectId });
  });

  it('makes a group for every licence, and takes a project’s licence when none is given', async () => {
    const license = await createLicense(app);
    const project = await createProject(app, license.licenseId);
    const { token } = await superAdmin();
    const [, reportId] = await reportIds();
    const roleIdOf = await roleId('VIEW_MATERIAL');
    const everywhere = await app.request('POST', '/api/reports/groups', { token, body: { reportId, roleId: roleIdOf } });
    expect(everywhere.status).toBe(201);
    expect(everywhere.body).toMatchObject({ licenseId: null, projectId: null, licenseName: null, projectName: null });
    const byProject = await app.request('POST', '/api/reports/groups', {
      token,
      body: { reportId, roleId: roleIdOf, licenseId: null, projectId: project.projectId },
    });
    expect(byProject.status).toBe(201);
    expect(byProject.body).toMatchObject({ licenseId: license.licenseId, projectId: project.projectId, licenseName: license.name });
    // The group reaches a user of the licence holding the role on the project.
    const holder = await createUser(app, license.licenseId, { roles: ['VIEW_MATERIAL'], projects: [project.projectId] });
    const reports = await app.request('GET', `/api/user/${holder.userName}/reports`, { token: await login(app, holder.userName) });
    expect(reports.body.find((r: { reportId: number }) => r.reportId === reportId)).toMatchObject({ assigned: true, autoAssigned: true });
    await db().delete(t.reportGroups).where(eq(t.reportGroups.reportGroupId, everywhere.body.reportGroupId));
  });

  it('answers each message, and a duplicate is a 409 (never a 500), with nothing made', async () => {
    const license = await createLicense(app);
    const otherLicense = await createLicense(app);
    const project = await createProject(app, license.licenseId);
    const elsewhere = await createProject(app, otherLicense.licenseId);
    const { token } = await superAdmin();
    const [reportId] = await reportIds();
    const role = await roleId('VIEW_STATUS');
    const post = (body: unknown) => app.request('POST', '/api/reports/groups', { token, body });
    const cases: [unknown, number, string | undefined][] = [
      [{ roleId: role, licenseId: license.licenseId }, 400, ReportMessages.reportRequired],
      [{ reportId: null, roleId: role, licenseId: license.licenseId }, 400, ReportMessages.reportRequired],
      [{ reportId: 'x', roleId: role, licenseId: license.licenseId }, 400, ReportMessages.reportRequired],
      [{ reportId, licenseId: license.licenseId }, 400, ReportMessages.roleRequired],
      [{ reportId, roleId: 1.5, licenseId: license.licenseId }, 400, ReportMessages.roleRequired],
      [{ reportId: 999999999, roleId: role, licenseId: license.licenseId }, 400, ReportMessages.reportUnknown],
      [{ reportId, roleId: 999999999, licenseId: license.licenseId }, 400, ReportMessages.roleUnknown],
      [{ reportId, roleId: role, licenseId: license.licenseId, projectId: 999999999 }, 400, ReportMessages.projectUnknown],
      [{ reportId, roleId: role, licenseId: license.licenseId, projectId: elsewhere.projectId }, 400, ReportMessages.projectOutsideLicense],
      [{ reportId, roleId: role, licenseId: 'x' }, 400, ReportMessages.licenseInvalid],
      [{ reportId, roleId: role, licenseId: license.licenseId, projectId: -3 }, 400, ReportMessages.projectInvalid],
      [{ reportId: 99999999999, roleId: role, licenseId: license.licenseId }, 400, ReportMessages.reportRequired],
      [{ reportId, roleId: role, licenseId: 999999999 }, 404, undefined],
      ['[1]', 400, undefined],
    ];
    for (const [body, status, message] of cases) {
      const answer = await post(body);
      expect([body, answer.status]).toEqual([body, status]);
      if (message) expect([body, answer.body.Message]).toEqual([body, message]);
    }
    expect(await groupsOf(license.licenseId)).toEqual([]);

    const first = await post({ reportId, roleId: role, licenseId: license.licenseId, projectId: project.projectId });
    expect(first.status).toBe(201);
    const again = await post({ reportId, roleId: role, licenseId: license.licenseId, projectId: project.projectId });
    expect([again.status, again.body.Message]).toEqual([409, ReportMessages.groupExists]);
    // The same without a project is another group; twice is a duplicate too (no project equals no project).
    expect((await post({ reportId, roleId: role, licenseId: license.licenseId })).status).toBe(201);
    const noProjectAgain = await post({ reportId, roleId: role, licenseId: license.licenseId, projectId: null });
    expect([noProjectAgain.status, noProjectAgain.body.Message]).toEqual([409, ReportMessages.groupExists]);
    expect(await groupsOf(license.licenseId)).toHaveLength(2);
  });

  it('is for super administrators only (403), and a key holding the role stays in its licence (404, nothing changed)', async () => {
    const license = await createLicense(app);
    const other = await createLicense(app);
    const { token } = await superAdmin();
    const [reportId] = await reportIds();
    const role = await roleId('VIEW_STATUS');
    const theirs = await app.request('POST', '/api/reports/groups', { token, body: { reportId, roleId: role, licenseId: other.licenseId } });
    const global = await app.request('POST', '/api/reports/groups', { token, body: { reportId, roleId: await roleId('VIEW_CONSTRUCTION'), licenseId: null } });
    expect([theirs.status, global.status]).toEqual([201, 201]);

    const own = await licenseAdmin(license.licenseId);
    expect((await app.request('GET', '/api/reports/groups', { token: own })).status).toBe(403);
    expect((await app.request('POST', '/api/reports/groups', { token: own, body: { reportId, roleId: role, licenseId: license.licenseId } })).status).toBe(403);
    expect((await app.request('DELETE', `/api/reports/groups/${theirs.body.reportGroupId}`, { token: own })).status).toBe(403);

    const key = await keyOf(license.licenseId);
    const mine = await key('POST', '/api/reports/groups', { reportId, roleId: role, licenseId: license.licenseId });
    expect(mine.status).toBe(201);
    expect((await key('GET', '/api/reports/groups')).body.map((g: { reportGroupId: number }) => g.reportGroupId)).toEqual([mine.body.reportGroupId]);
    const foreign = await key('DELETE', `/api/reports/groups/${theirs.body.reportGroupId}`);
    const missing = await key('DELETE', '/api/reports/groups/999999999');
    expect([foreign.status, missing.status]).toEqual([404, 404]);
    expect(foreign.body).toEqual(missing.body);
    expect((await key('DELETE', `/api/reports/groups/${global.body.reportGroupId}`)).status).toBe(404);
    expect((await key('POST', '/api/reports/groups', { reportId, roleId: role, licenseId: other.licenseId })).status).toBe(404);
    expect((await key('POST', '/api/reports/groups', { reportId, roleId: role, licenseId: null })).status).toBe(404);
    const otherProject = await createProject(app, other.licenseId);
    expect((await key('POST', '/api/reports/groups', { reportId, roleId: role, projectId: otherProject.projectId })).body.Message).toBe(
      ReportMessages.projectUnknown,
    );
    // Nothing of the other licence's changed.
    expect((await groupsOf(other.licenseId)).map((g) => g.reportGroupId)).toEqual([theirs.body.reportGroupId]);
    expect((await db().select().from(t.reportGroups).where(eq(t.reportGroups.reportGroupId, global.body.reportGroupId))).length).toBe(1);
    expect((await key('DELETE', `/api/reports/groups/${mine.body.reportGroupId}`)).status).toBe(200);
    await db().delete(t.reportGroups).where(eq(t.reportGroups.reportGroupId, global.body.reportGroupId));
  });
});
