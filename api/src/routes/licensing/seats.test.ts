/**
 * The seat dashboard (issue 24, beyond the spec) and the seat ledger under it: every product
 * licence against its limit, the dormant accounts holding seats, their setting, freeing their
 * direct seats (previewed, under the seat lock), and the ledger recording every seat gained or
 * lost whatever path changed it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { DormantAccountPageSchema, FreeSeatsReplySchema, SeatDashboardSchema, SeatMessages } from 'contracts/licensing/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { seatsUsed } from '../../domain/seats';
import { newApiKey } from '../../domain/api-key-secrets';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.deps.background.settled();
  await app.close();
});

const db = () => app.deps.db;
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(app.clock.now().getTime() - days * DAY);
const PROGRESS = 3;

/** A product role of Progress Tracking (add-on 3). */
async function progressRoleId() {
  const [row] = await db()
    .select({ roleId: t.roles.roleId })
    .from(t.roles)
    .innerJoin(t.roleGroups, eq(t.roleGroups.roleGroupId, t.roles.roleGroupId))
    .where(eq(t.roleGroups.addOnId, PROGRESS))
    .limit(1);
  return row!.roleId;
}

const giveAddons = (userId: number, ids: number[]) =>
  db()
    .insert(t.userAddons)
    .values(ids.map((addOnId) => ({ userId, addOnId })));
const directAddons = async (userId: number) => (await db().select().from(t.userAddons).where(eq(t.userAddons.userId, userId))).map((r) => r.addOnId).sort();
const rolesOf = async (userId: number) => (await db().select().from(t.userRoles).where(eq(t.userRoles.userId, userId))).map((r) => r.roleId);

/**
 * A licence offering SiteSense (10), Progress Tracking (5) and Material Control (unlimited), its
 * administrator, and four accounts: dormant with direct seats (and a Progress role), dormant
 * holding SiteSense directly and Progress through a group, never signed in holding Progress
 * only through the group, and one who signed in yesterday.
 */
async function mill() {
  const license = await createLicense(app);
  const licenseId = license.licenseId;
  await db()
    .update(t.licenseAddons)
    .set({ maxUsers: 10 })
    .where(and(eq(t.licenseAddons.licenseId, licenseId), eq(t.licenseAddons.addOnId, 1)));
  await db()
    .insert(t.licenseAddons)
    .values([
      { licenseId, addOnId: PROGRESS, maxUsers: 5 },
      { licenseId, addOnId: 2, maxUsers: -1 },
    ]);
  const admin = await createUser(app, licenseId, {
    roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_USER_CREATE_UPDATE],
    lastLoginDate: daysAgo(0),
  });
  const token = await login(app, admin.userName);
  const direct = await createUser(app, licenseId, { firstName: 'Edith', lastName: 'Marsh', lastLoginDate: daysAgo(200), createDate: daysAgo(900) });
  const both = await createUser(app, licenseId, { firstName: 'Walter', lastName: 'Finch', lastLoginDate: daysAgo(100), createDate: daysAgo(700) });
  const never = await createUser(app, licenseId, { firstName: 'Nora', lastName: 'Quill', lastLoginDate: null, createDate: daysAgo(300), isApproved: false });
  const recent = await createUser(app, licenseId, { firstName: 'Owen', lastName: 'Pike', lastLoginDate: daysAgo(1), createDate: daysAgo(500) });
  await giveAddons(direct.userId, [1, PROGRESS]);
  await db()
    .insert(t.userRoles)
    .values({ userId: direct.userId, roleId: await progressRoleId() });
  await giveAddons(both.userId, [1]);
  await giveAddons(recent.userId, [1, PROGRESS]);
  const [group] = await db()
    .insert(t.userGroups)
    .values({ name: unique('Mill Crew'), licenseId })
    .returning();
  await db().insert(t.userGroupAddons).values({ userGroupId: group!.userGroupId, addOnId: PROGRESS });
  await db()
    .insert(t.userGroupUsers)
    .values([both, never].map((u) => ({ userGroupId: group!.userGroupId, userId: u.userId })));
  return { licenseId, admin, token, direct, both, never, recent, group: group! };
}

const dashboard = (licenseId: number, token: string) => app.request('GET', `/api/licenses/${licenseId}/seats`, { token });
const dormantPage = (licenseId: number, token: string, query: string) => app.request('GET', `/api/licenses/${licenseId}/seats/dormant?${query}`, { token });
const free = (licenseId: number, token: string, userIds: unknown, preview = false) =>
  app.request('POST', `/api/licenses/${licenseId}/seats/free${preview ? '?preview=true' : ''}`, { token, body: { userIds } });

/** The ledger agrees with the assignments: its changes add up to each product licence's seats, and it names who holds them. */
/**
 * The ledger agrees with a live count of the assignments: its events add up to each product
 * licence's holders, license_seats holds each seat once, and its running count (issue 38) — what
 * `GET licenses/{id}/addons` and the seat dashboard show (read with `token`, the licence
 * administrator's) — is the live count.
 */
async function expectLedgerAgrees(licenseId: number, token?: string) {
  const live = await seatsUsed(db(), licenseId);
  const sums = await db()
    .select({ addOnId: t.seatEvents.addOnId, n: sql<number>`sum(${t.seatEvents.change})::int` })
    .from(t.seatEvents)
    .where(eq(t.seatEvents.licenseId, licenseId))
    .groupBy(t.seatEvents.addOnId);
  const recorded = new Map(sums.filter((row) => Number(row.n) !== 0).map((row) => [row.addOnId, Number(row.n)]));
  expect(recorded).toEqual(new Map([...live].filter(([, n]) => n > 0)));
  const held = await db().select().from(t.licenseSeats).where(eq(t.licenseSeats.licenseId, licenseId));
  expect(held.length).toBe([...live.values()].reduce((a, b) => a + b, 0));
  // Each seat carries when its holder last showed itself (migration 0032): what the dormant counts read.
  const seen = await db()
    .select({ userId: t.users.userId, at: sql<Date>`coalesce(${t.users.lastLoginDate}, ${t.users.createDate})`.mapWith(t.users.createDate) })
    .from(t.users)
    .where(inArray(t.users.userId, [...new Set(held.map((seat) => seat.userId)), -1]));
  const seenOf = new Map(seen.map((row) => [row.userId, row.at.getTime()]));
  expect(held.map((seat) => [seat.userId, seat.seenAt.getTime()])).toEqual(held.map((seat) => [seat.userId, seenOf.get(seat.userId)]));
  const counts = await db().select().from(t.licenseSeatCounts).where(eq(t.licenseSeatCounts.licenseId, licenseId));
  expect(new Map(counts.filter((row) => row.used !== 0).map((row) => [row.addOnId, row.used]))).toEqual(new Map([...live].filter(([, n]) => n > 0)));
  if (!token) return;
  const offered = await app.request('GET', `/api/licenses/${licenseId}/addons`, { token });
  expect(offered.status).toBe(200);
  const shown = (offered.body as { addOnId: number; numUsers: number }[]).map((addon) => [addon.addOnId, addon.numUsers]);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown).toEqual(shown.map(([addOnId]) => [addOnId, live.get(addOnId!) ?? 0]));
  const seats = v.parse(SeatDashboardSchema, (await dashboard(licenseId, token)).body);
  expect(seats.addOns.map((addon) => [addon.addOnId, addon.used])).toEqual(seats.addOns.map((addon) => [addon.addOnId, live.get(addon.addOnId) ?? 0]));
}

describe('GET licenses/{licenseId}/seats', () => {
  it('answers every product licence against its limit with its dormant seats, and the dormant accounts longest silent first', async () => {
    const m = await mill();
    const answer = await dashboard(m.licenseId, m.token);
    expect(answer.status).toBe(200);
    const body = v.parse(SeatDashboardSchema, answer.body);
    expect(body.dormantAfterDays).toBe(90);
    expect(body.addOns.map(({ addOnId, maxUsers, used, dormant }) => ({ addOnId, maxUsers, used, dormant }))).toEqual([
      { addOnId: 1, maxUsers: 10, used: 3, dormant: 2 },
      { addOnId: 2, maxUsers: -1, used: 0, dormant: 0 },
      { addOnId: PROGRESS, maxUsers: 5, used: 4, dormant: 3 },
    ]);
    expect(body.dormant.map((account) => account.userId)).toEqual([m.never.userId, m.direct.userId, m.both.userId]);
    expect(body.dormantTotal).toBe(3);
    const [never, direct, both] = body.dormant;
    expect(never).toMatchObject({ userName: m.never.userName, fullName: 'Nora Quill', isActive: false, lastLoginDate: null });
    expect(never!.seats).toEqual([{ addOnId: PROGRESS, name: 'Progress Tracking', direct: false, groups: [m.group.name] }]);
    expect(direct!.seats.map((s) => [s.addOnId, s.direct, s.groups])).toEqual([
      [1, true, []],
      [PROGRESS, true, []],
    ]);
    expect(both!.seats.map((s) => [s.addOnId, s.direct, s.groups])).toEqual([
      [1, true, []],
      [PROGRESS, false, [m.group.name]],
    ]);
    expect(new Date(direct!.lastLoginDate!).getTime()).toBe(daysAgo(200).getTime());
  });

  it('is for either licence role, in the caller’s own licence: another licence is a 404 like a missing one', async () => {
    const m = await mill();
    const other = await mill();
    expect((await dashboard(other.licenseId, m.token)).status).toBe(404);
    expect((await dashboard(999_999, m.token)).status).toBe(404);
    const worker = await createUser(app, m.licenseId, { roles: [Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_USER_CREATE_UPDATE] });
    expect((await dashboard(m.licenseId, await login(app, worker.userName))).status).toBe(403);
    const superAdmin = await createUser(app, other.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    expect((await dashboard(m.licenseId, await login(app, superAdmin.userName))).status).toBe(200);
  });
});

describe('GET licenses/{licenseId}/seats/dormant', () => {
  it('pages the dormant accounts longest silent first, or by user name either way, searched like the user list', async () => {
    const m = await mill();
    const listed = v.parse(SeatDashboardSchema, (await dashboard(m.licenseId, m.token)).body).dormant;
    const page = async (query: string) => {
      const answer = await dormantPage(m.licenseId, m.token, query);
      expect(answer.status).toBe(200);
      return v.parse(DormantAccountPageSchema, answer.body);
    };
    const first = await page('pageSize=2');
    expect([first.total, first.page, first.pageSize]).toEqual([3, 0, 2]);
    // Each account exactly as the dashboard lists it.
    expect(first.items).toEqual(listed.slice(0, 2));
    expect((await page('pageSize=2&page=1')).items).toEqual(listed.slice(2));
    expect((await page('dir=desc')).items.map((a) => a.userId)).toEqual([m.both.userId, m.direct.userId, m.never.userId]);
    const byName = [m.never, m.direct, m.both].sort((a, b) => a.userName.toLowerCase().localeCompare(b.userName.toLowerCase()));
    expect((await page('sort=userName')).items.map((a) => a.userId)).toEqual(byName.map((u) => u.userId));
    expect((await page('sort=userName&dir=desc')).items.map((a) => a.userId)).toEqual(byName.reverse().map((u) => u.userId));
    const searched = await page(`filter=${encodeURIComponent('walter fin')}`);
    expect([searched.total, searched.items.map((a) => a.userId)]).toEqual([1, [m.both.userId]]);
    // Owen signed in yesterday: no search finds him here.
    expect((await page('filter=Owen')).total).toBe(0);
  });

  it('answers a bad page, size or order with a 400 naming it, another licence with a 404, and needs a licence role', async () => {
    const m = await mill();
    const other = await mill();
    for (const query of ['pageSize=0', 'pageSize=201', 'page=-1', 'sort=fullName', 'dir=up']) {
      expect([query, (await dormantPage(m.licenseId, m.token, query)).status]).toEqual([query, 400]);
    }
    expect((await dormantPage(other.licenseId, m.token, '')).status).toBe(404);
    const worker = await createUser(app, m.licenseId, { roles: [Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_USER_CREATE_UPDATE] });
    expect((await dormantPage(m.licenseId, await login(app, worker.userName), '')).status).toBe(403);
  });

  it('leaves the dashboard’s list out when asked (dormantLimit=0): the figures alone, counted the same', async () => {
    const m = await mill();
    const whole = v.parse(SeatDashboardSchema, (await dashboard(m.licenseId, m.token)).body);
    const answer = await app.request('GET', `/api/licenses/${m.licenseId}/seats?dormantLimit=0`, { token: m.token });
    expect(answer.status).toBe(200);
    const figures = v.parse(SeatDashboardSchema, answer.body);
    expect(figures.dormant).toEqual([]);
    expect([figures.dormantTotal, figures.addOns]).toEqual([whole.dormantTotal, whole.addOns]);
    expect((await app.request('GET', `/api/licenses/${m.licenseId}/seats?dormantLimit=5001`, { token: m.token })).status).toBe(400);
  });
});

describe('GET licenses/{licenseId}/seats/dormant.csv', () => {
  it('exports every dormant account as CSV, the longest silent first, with how each seat is held', async () => {
    const m = await mill();
    const answer = await app.request('GET', `/api/licenses/${m.licenseId}/seats/dormant.csv`, { token: m.token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toContain('dormant-accounts.csv');
    const lines = answer.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'User Name,Full Name,Status,Last Sign-in,Product Licenses',
      `${m.never.userName},Nora Quill,Inactive,Never,Progress Tracking (through ${m.group.name})`,
      `${m.direct.userName},Edith Marsh,Active,${daysAgo(200).toISOString()},SiteSense; Progress Tracking`,
      `${m.both.userName},Walter Finch,Active,${daysAgo(100).toISOString()},SiteSense; Progress Tracking (through ${m.group.name})`,
    ]);
  });

  it('lists all of a licence with more dormant accounts than the dashboard shows, which says how many it leaves out', async () => {
    const m = await mill();
    // 5,002 more dormant accounts, each holding SiteSense: more than the dashboard's 5,000.
    await db().execute(sql`
      insert into users (user_name, first_name, last_name, email, license_id, last_login_date, create_date)
      select
      ${`bulk-${m.licenseId}-`} || n, 'Bulk', 'User ' || n, 'bulk' || n || '@example.test', ${m.licenseId},
      ${daysAgo(400).toISOString()}::timestamptz - n * interval '1 minute',
      ${daysAgo(900).toISOString()}::timestamptz
      from generate_series(1, 5002) as n`);
    await db().execute(
      sql`insert into user_addons (user_id, add_on_id) select user_id, 1 from users where license_id =
        ${m.licenseId} and user_name like ${`bulk-${m.licenseId}-%`}`,
    );
    const body = v.parse(SeatDashboardSchema, (await dashboard(m.licenseId, m.token)).body);
    expect(body.dormant).toHaveLength(5000);
    expect(body.dormantTotal).toBe(5005);
    // Counted in the database past the list: the mill's own (SiteSense 2, Progress Tracking 3, one through a group) and the 5,002.
    expect(body.addOns.map(({ addOnId, dormant }) => [addOnId, dormant])).toEqual([
      [1, 5004],
      [2, 0],
      [PROGRESS, 3],
    ]);
    const csv = await app.request('GET', `/api/licenses/${m.licenseId}/seats/dormant.csv`, { token: m.token });
    expect(csv.status).toBe(200);
    const rows = csv.text.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(5005);
    // The same order as the dashboard: its 5,000 are the CSV's first 5,000.
    expect(rows.slice(0, 5000).map((row) => row.split(',')[0])).toEqual(body.dormant.map((account) => account.userName));

    // Edith (SiteSense and Progress Tracking, direct) signs in: she leaves the counts past the list at once.
    await login(app, m.direct.userName);
    const after = v.parse(SeatDashboardSchema, (await dashboard(m.licenseId, m.token)).body);
    expect(after.dormantTotal).toBe(5004);
    expect(after.addOns.map(({ addOnId, dormant }) => [addOnId, dormant])).toEqual([
      [1, 5003],
      [2, 0],
      [PROGRESS, 2],
    ]);
    expect(after.dormant.map((account) => account.userId)).not.toContain(m.direct.userId);
    await expectLedgerAgrees(m.licenseId, m.token);

    // Paged, every one is reachable: the last page holds the accounts past the dashboard's 5,000, in the CSV's order.
    const last = v.parse(DormantAccountPageSchema, (await dormantPage(m.licenseId, m.token, 'pageSize=200&page=25')).body);
    expect(last.total).toBe(5004);
    expect(last.items.map((account) => account.userName)).toEqual(
      rows
        .map((row) => row.split(',')[0])
        .filter((name) => name !== m.direct.userName)
        .slice(5000),
    );
  });

  it('lists every dormant account holding a seat when more than 5,000 dormant accounts hold none', async () => {
    const m = await mill();
    // 5,001 accounts silent for longer than the mill's, holding nothing: they are not on the dashboard.
    await db().execute(sql`
      insert into users (user_name, first_name, last_name, email, license_id, last_login_date, create_date)
      select ${`idle-${m.licenseId}-`} || n, 'Idle', 'User ' || n, 'idle' || n || '@example.test', ${m.licenseId},
      ${daysAgo(800).toISOString()}::timestamptz, ${daysAgo(900).toISOString()}::timestamptz
      from generate_series(1, 5001) as n`);
    const body = v.parse(SeatDashboardSchema, (await dashboard(m.licenseId, m.token)).body);
    expect(body.dormant.map((account) => account.userId)).toEqual([m.never.userId, m.direct.userId, m.both.userId]);
    expect(body.dormantTotal).toBe(3);
    expect(body.addOns.map(({ addOnId, dormant }) => [addOnId, dormant])).toEqual([
      [1, 2],
      [2, 0],
      [PROGRESS, 3],
    ]);
  });

  it('is for either licence role, in the caller’s own licence: another licence is a 404', async () => {
    const m = await mill();
    const other = await mill();
    expect((await app.request('GET', `/api/licenses/${other.licenseId}/seats/dormant.csv`, { token: m.token })).status).toBe(404);
    const worker = await createUser(app, m.licenseId, { roles: [Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_USER_CREATE_UPDATE] });
    expect((await app.request('GET', `/api/licenses/${m.licenseId}/seats/dormant.csv`, { token: await login(app, worker.userName) })).status).toBe(403);
  });
});

describe('PUT licenses/{licenseId}/seats/settings', () => {
  it('sets after how many days an account is dormant, recorded in the licence’s History', async () => {
    const m = await mill();
    const put = await app.request('PUT', `/api/licenses/${m.licenseId}/seats/settings`, { token: m.token, body: { dormantAfterDays: 150 } });
    expect([put.status, put.body]).toEqual([200, { Message: SeatMessages.settingsSaved }]);
    const body = v.parse(SeatDashboardSchema, (await dashboard(m.licenseId, m.token)).body);
    expect(body.dormantAfterDays).toBe(150);
    // Walter signed in 100 days ago: no longer dormant.
    expect(body.dormant.map((a) => a.userId)).toEqual([m.never.userId, m.direct.userId]);
    const [entry] = await db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'license'), eq(t.auditLog.entityId, String(m.licenseId))));
    expect(entry).toMatchObject({ before: { dormantAfterDays: 90 }, after: { dormantAfterDays: 150 }, subject: `license:${m.licenseId}` });
  });

  it('answers a number of days that is not a whole number from 1 to 3650 with a 400 and its message, changing nothing', async () => {
    const m = await mill();
    for (const body of [{ dormantAfterDays: 0 }, { dormantAfterDays: 3651 }, { dormantAfterDays: 1.5 }, { dormantAfterDays: '90' }, {}]) {
      const answer = await app.request('PUT', `/api/licenses/${m.licenseId}/seats/settings`, { token: m.token, body });
      expect([answer.status, answer.body.Message]).toEqual([400, SeatMessages.dormantDays]);
    }
    const other = await mill();
    expect((await app.request('PUT', `/api/licenses/${other.licenseId}/seats/settings`, { token: m.token, body: { dormantAfterDays: 5 } })).status).toBe(404);
    const [row] = await db()
      .select({ days: t.licenses.dormantAfterDays })
      .from(t.licenses)
      .where(inArray(t.licenses.licenseId, [m.licenseId, other.licenseId]));
    expect(row!.days).toBe(90);
    expect((await db().select().from(t.licenses).where(eq(t.licenses.licenseId, other.licenseId)))[0]!.dormantAfterDays).toBe(90);
  });
});

describe('POST licenses/{licenseId}/seats/free', () => {
  it('previews freeing the dormant accounts’ direct seats without changing anything', async () => {
    const m = await mill();
    const events = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(t.seatEvents);
    const answer = await free(m.licenseId, m.token, [m.direct.userId, m.both.userId, m.never.userId], true);
    expect(answer.status).toBe(200);
    const reply = v.parse(FreeSeatsReplySchema, answer.body);
    expect(reply.freed).toBe(3);
    expect(reply.users.map((u) => [u.userName, u.loses.addons])).toEqual(
      [
        [m.direct.userName, ['Progress Tracking', 'SiteSense']],
        [m.both.userName, ['SiteSense']],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(reply.users.find((u) => u.userId === m.direct.userId)!.loses.roles).toHaveLength(1);
    expect(reply.seats.map(({ addOnId, before, after, maxUsers }) => ({ addOnId, before, after, maxUsers }))).toEqual(
      expect.arrayContaining([
        { addOnId: 1, before: 3, after: 1, maxUsers: 10 },
        { addOnId: PROGRESS, before: 4, after: 3, maxUsers: 5 },
      ]),
    );
    expect(await directAddons(m.direct.userId)).toEqual([1, PROGRESS]);
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(t.seatEvents),
    ).toEqual(events);
  });

  it('takes only the direct seats of the named accounts still dormant, with the roles that needed them, and records it', async () => {
    const m = await mill();
    const stranger = (await mill()).direct;
    const roleBefore = await rolesOf(m.direct.userId);
    const answer = await free(m.licenseId, m.token, [m.direct.userId, m.both.userId, m.never.userId, m.recent.userId, stranger.userId]);
    expect(answer.status).toBe(200);
    expect(answer.body.freed).toBe(3);
    expect(await directAddons(m.direct.userId)).toEqual([]);
    expect(await rolesOf(m.direct.userId)).toEqual(roleBefore.filter(() => false));
    expect(await directAddons(m.both.userId)).toEqual([]);
    // Walter keeps Progress Tracking through the group; Nora holds nothing directly; Owen is not dormant; the stranger is another licence's.
    expect(await directAddons(m.recent.userId)).toEqual([1, PROGRESS]);
    expect(await directAddons(stranger.userId)).toEqual([1, PROGRESS]);
    const body = v.parse(SeatDashboardSchema, (await dashboard(m.licenseId, m.token)).body);
    expect(body.addOns.filter((a) => a.addOnId !== 2).map(({ addOnId, used, dormant }) => ({ addOnId, used, dormant }))).toEqual([
      { addOnId: 1, used: 1, dormant: 0 },
      { addOnId: PROGRESS, used: 3, dormant: 2 },
    ]);
    const history = await db()
      .select()
      .from(t.auditLog)
      .where(inArray(t.auditLog.subject, [`user:${m.direct.userId}`, `license:${m.licenseId}`]));
    expect(history.map((entry) => entry.entity).sort()).toEqual(['license-seats', 'user-addons']);
    await expectLedgerAgrees(m.licenseId);
  });

  it('leaves an account that signed in since the preview alone', async () => {
    const m = await mill();
    const preview = await free(m.licenseId, m.token, [m.direct.userId], true);
    expect(preview.body.freed).toBe(2);
    await db()
      .update(t.users)
      .set({ lastLoginDate: daysAgo(0) })
      .where(eq(t.users.userId, m.direct.userId));
    const answer = await free(m.licenseId, m.token, [m.direct.userId]);
    expect([answer.status, answer.body.freed, answer.body.users]).toEqual([200, 0, []]);
    expect(await directAddons(m.direct.userId)).toEqual([1, PROGRESS]);
  });

  it('needs user or role administration and the caller’s own licence; a bad list is a 400; nothing changes', async () => {
    const m = await mill();
    const reader = await createUser(app, m.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.MENU_ADMIN_TOOL_ACCESS] });
    expect((await free(m.licenseId, await login(app, reader.userName), [m.direct.userId])).status).toBe(403);
    const other = await mill();
    expect((await free(m.licenseId, other.token, [m.direct.userId])).status).toBe(404);
    for (const ids of [[], 'x', [1.5], null]) {
      const answer = await free(m.licenseId, m.token, ids);
      expect([answer.status, answer.body.Message]).toEqual([400, SeatMessages.userIds]);
    }
    // An API key of another licence, even with every role, stays in its own licence.
    const secret = newApiKey();
    const [key] = await db()
      .insert(t.apiKeys)
      .values({ keyPrefix: secret.prefix, secretHash: secret.hash, name: unique('Key'), licenseId: other.licenseId })
      .returning();
    const roleRows = await db()
      .select()
      .from(t.roles)
      .where(inArray(t.roles.name, [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_USER_CREATE_UPDATE]));
    await db()
      .insert(t.apiKeyRoles)
      .values(roleRows.map((r) => ({ apiKeyId: key!.apiKeyId, roleId: r.roleId })));
    const byKey = await app.request('POST', `/api/licenses/${m.licenseId}/seats/free`, {
      headers: { authorization: `ApiKey ${secret.key}` },
      body: { userIds: [m.direct.userId] },
    });
    expect(byKey.status).toBe(404);
    expect(await directAddons(m.direct.userId)).toEqual([1, PROGRESS]);
  });
});

describe('the seat ledger', () => {
  it('records every seat gained or lost, whatever changed it, and agrees with the assignments', async () => {
    const m = await mill();
    await expectLedgerAgrees(m.licenseId, m.token);
    const name = (u: { userName: string }) => encodeURIComponent(u.userName);
    // A user's own product licences (the Product Licenses tab).
    expect(
      (
        await app.request('PUT', `/api/users/${name(m.recent)}/addons`, {
          token: m.token,
          body: [
            { addOnId: 1, vendorIds: [] },
            { addOnId: 2, vendorIds: [] },
          ],
        })
      ).status,
    ).toBe(200);
    await expectLedgerAgrees(m.licenseId, m.token);
    // A group's product licences and members; a preview records nothing.
    const admin = await createUser(app, m.licenseId, {
      roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_USER_CREATE_UPDATE, Role.ADMINISTER_ROLE],
    });
    const token = await login(app, admin.userName);
    const count = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(t.seatEvents)
          .where(eq(t.seatEvents.licenseId, m.licenseId))
      )[0]!.n;
    const before = await count();
    expect(
      (await app.request('POST', '/api/userGroup/update/addOns?preview=true', { token, body: { userGroupId: m.group.userGroupId, addOnIds: [2] } })).status,
    ).toBe(200);
    expect(await count()).toBe(before);
    expect((await app.request('POST', '/api/userGroup/update/addOns', { token, body: { userGroupId: m.group.userGroupId, addOnIds: [2] } })).status).toBe(200);
    await expectLedgerAgrees(m.licenseId, m.token);
    expect(
      (
        await app.request('POST', '/api/userGroup/update/users', {
          token,
          body: { userGroupId: m.group.userGroupId, userIds: [m.never.userId, m.recent.userId] },
        })
      ).status,
    ).toBe(200);
    await expectLedgerAgrees(m.licenseId, m.token);
    // A copy of a user.
    const copy = unique('copy');
    const copied = await app.request('POST', `/api/users/${name(m.direct)}/copy/${copy}`, {
      token,
      body: { userName: copy, firstName: 'Co', lastName: 'Py', email: `${copy}@example.test` },
    });
    expect(copied.status).toBe(201);
    await expectLedgerAgrees(m.licenseId, m.token);
    // A user moved to another licence, and one deleted: their seats are lost where they were.
    const elsewhere = await createLicense(app);
    await db().update(t.users).set({ licenseId: elsewhere.licenseId }).where(eq(t.users.userId, m.direct.userId));
    await db().delete(t.users).where(eq(t.users.userId, m.both.userId));
    await expectLedgerAgrees(m.licenseId, m.token);
    await expectLedgerAgrees(elsewhere.licenseId);
    // Walter lost Progress Tracking with the group's product licences, Material Control with his membership, SiteSense when deleted.
    const losses = await db()
      .select()
      .from(t.seatEvents)
      .where(and(eq(t.seatEvents.userId, m.both.userId), sql`${t.seatEvents.change} < 0`));
    expect(losses.map((e) => e.addOnId).sort()).toEqual([1, 2, PROGRESS]);
  });

  it('agrees with the assignments after concurrent changes', async () => {
    const m = await mill();
    const people = await Promise.all(Array.from({ length: 8 }, () => createUser(app, m.licenseId)));
    const admin = await createUser(app, m.licenseId, {
      roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_USER_CREATE_UPDATE, Role.ADMINISTER_ROLE],
    });
    const token = await login(app, admin.userName);
    await Promise.all([
      ...people.map((p, i) =>
        app.request('PUT', `/api/users/${encodeURIComponent(p.userName)}/addons`, { token, body: [{ addOnId: i % 2 ? 1 : 2, vendorIds: [] }] }),
      ),
      app.request('POST', '/api/userGroup/update/users', {
        token,
        body: { userGroupId: m.group.userGroupId, userIds: people.slice(0, 4).map((p) => p.userId) },
      }),
      app.request('POST', '/api/userGroup/update/addOns', { token, body: { userGroupId: m.group.userGroupId, addOnIds: [2, PROGRESS] } }),
      free(m.licenseId, m.token, [m.direct.userId, m.both.userId]),
      // The people sign in while their seats change: each seat ends with its holder's last sign-in.
      ...people.map((p) => login(app, p.userName)),
    ]);
    await expectLedgerAgrees(m.licenseId, m.token);
  });
});
