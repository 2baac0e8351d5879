import { sql } from 'drizzle-orm';
import type { CallArgs } from 'contracts/common/endpoint';
import { userEndpoints, type UserPage } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { rawRows } from '../../db/rows';
import { ANCHOR_STEP, anchoredLists, anchorReads } from '../../domain/user-list';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** GET users as `token`, read as the console reads it. */
async function usersPage(token: string, query: CallArgs<typeof userEndpoints.getUsers>[0] = {}): Promise<UserPage> {
  const answer = await app.call(userEndpoints.getUsers, token, query);
  expect(answer.status).toBe(200);
  return answer.body;
}

const names = (page: UserPage) => page.items.map((item) => item.userName);

/** A licence with a licence administrator signed in. */
async function licenseWithAdmin(roles: string[] = [Role.ACCESS_MY_CUSTOMER_LICENCE], userName?: string) {
  const license = await createLicense(app);
  const admin = await createUser(app, license.licenseId, { roles, ...(userName ? { userName } : {}) });
  return { license, admin, token: await login(app, admin.userName) };
}

async function groupWithAddons(licenseId: number, userId: number, addOnIds: number[]) {
  const [group] = await app.deps.db
    .insert(t.userGroups)
    .values({ name: unique('Group'), licenseId })
    .returning();
  await app.deps.db.insert(t.userGroupUsers).values({ userGroupId: group!.userGroupId, userId });
  await app.deps.db.insert(t.userGroupAddons).values(addOnIds.map((addOnId) => ({ userGroupId: group!.userGroupId, addOnId })));
}

describe('GET users', () => {
  it('answers the caller’s licence’s users sorted by user name, with every field and their add-ons in product order', async () => {
    const prefix = unique('u').toLowerCase();
    const { license, admin, token } = await licenseWithAdmin(undefined, `${prefix}-d-admin`);
    const ann = await createUser(app, license.licenseId, {
      userName: `${prefix}-b-ann`,
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann.lee@example.test',
      companyName: 'Lee Rigging',
      position: 'Rigger',
      isLockedOut: true,
      isSsoUser: true,
    });
    await createUser(app, license.licenseId, { userName: `${prefix}-A-bob` });
    await createUser(app, license.licenseId, { userName: `${prefix}-c-cy`, isApproved: false });
    await app.deps.db.insert(t.userAddons).values([3, 1].map((addOnId) => ({ userId: ann.userId, addOnId })));
    await groupWithAddons(license.licenseId, ann.userId, [2, 3]);

    const page = await usersPage(token);
    expect(names(page)).toEqual([`${prefix}-A-bob`, `${prefix}-b-ann`, `${prefix}-c-cy`, admin.userName]);
    expect(page).toMatchObject({ total: 4, page: 0, pageSize: 25 });
    expect(page.items.find((item) => item.userId === ann.userId)).toEqual({
      userId: ann.userId,
      userName: `${prefix}-b-ann`,
      firstName: 'Ann',
      lastName: 'Lee',
      fullName: 'Ann Lee',
      email: 'ann.lee@example.test',
      licenseId: license.licenseId,
      licenseName: license.name,
      companyName: 'Lee Rigging',
      position: 'Rigger',
      isApproved: true,
      isLockedOut: true,
      lockedUntil: null,
      isSsoUser: true,
      addons: [
        { addOnId: 1, name: 'SiteSense', shortName: 'SS', color: '#1d4ed8' },
        { addOnId: 2, name: 'Material Control', shortName: 'MC', color: '#0f766e' },
        { addOnId: 3, name: 'Progress Tracking', shortName: 'PT', color: '#b45309' },
      ],
    });
    expect(page.items.find((item) => item.userId === admin.userId)?.addons).toEqual([]);
  });

  it('pages in the server: zero-based pages of pageSize, the total of every page, an empty page past the end', async () => {
    const prefix = unique('p').toLowerCase();
    const { license, admin, token } = await licenseWithAdmin(undefined, `${prefix}-g`);
    for (const letter of ['c', 'a', 'f', 'b', 'e', 'd']) await createUser(app, license.licenseId, { userName: `${prefix}-${letter}` });
    const pages = [await usersPage(token, { pageSize: 3 }), await usersPage(token, { pageSize: 3, page: 1 }), await usersPage(token, { pageSize: 3, page: 2 })];
    expect(pages.map((p) => [p.page, p.pageSize, p.total, p.items.length])).toEqual([
      [0, 3, 7, 3],
      [1, 3, 7, 3],
      [2, 3, 7, 1],
    ]);
    expect(pages.flatMap(names)).toEqual([...'abcdef'].map((letter) => `${prefix}-${letter}`).concat(admin.userName));
    const past = await usersPage(token, { pageSize: 3, page: 5 });
    expect(past).toMatchObject({ items: [], total: 7, page: 5 });
  });

  it('refuses a page size over 200 or under 1, and a page that is not a whole number', async () => {
    const { token } = await licenseWithAdmin();
    for (const query of ['pageSize=201', 'pageSize=0', 'page=-1', 'page=x', 'activeOnly=yes']) {
      const answer = await app.request('GET', `/api/users?${query}`, { token });
      expect(answer.status).toBe(400);
      expect(typeof answer.body.Message).toBe('string');
    }
    expect((await usersPage(token, { pageSize: 200 })).pageSize).toBe(200);
  });

  it('filters on user name, first, last and full name, e-mail, company and position, ignoring case', async () => {
    const { license, token } = await licenseWithAdmin();
    const tag = unique('x').replace(/-/g, '');
    // Each user matches on one field only; each needle differs from the stored text in case.
    const cases = [
      ['userName', await createUser(app, license.licenseId, { userName: `${tag}NAME`, email: 'plain@example.test' }), `${tag}name`],
      ['firstName', await createUser(app, license.licenseId, { firstName: `Zed${tag}first` }), `${tag}FIRST`],
      ['lastName', await createUser(app, license.licenseId, { lastName: `Zed${tag}LAST` }), `${tag}last`],
      ['email', await createUser(app, license.licenseId, { email: `zed.${tag}mail@example.test` }), `${tag}MAIL`],
      ['companyName', await createUser(app, license.licenseId, { companyName: `${tag}company Ltd` }), `${tag}Company`],
      ['position', await createUser(app, license.licenseId, { position: `Senior ${tag}position` }), `${tag}POSITION`],
    ] as const;
    const quinn = await createUser(app, license.licenseId, { firstName: 'Quinn', lastName: 'Fairweather' });
    for (const [field, user, needle] of cases) {
      expect([field, names(await usersPage(token, { filter: needle }))]).toEqual([field, [user.userName]]);
    }
    // The full name spans first and last name.
    expect(names(await usersPage(token, { filter: 'quinn fair' }))).toEqual([quinn.userName]);
    expect((await usersPage(token, { filter: tag.toUpperCase() })).total).toBe(6);
    // LIKE's wildcards are taken literally.
    expect((await usersPage(token, { filter: '%' })).total).toBe(0);
    expect((await usersPage(token, { filter: '_' })).total).toBe(0);
  });

  it('finds a user by what an edit wrote at once, and no longer by what it replaced', async () => {
    const { license, token } = await licenseWithAdmin([Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE]);
    const tag = unique('y').replace(/-/g, '');
    const user = await createUser(app, license.licenseId, { companyName: `${tag}Old Co`, position: 'Rigger' });
    expect(names(await usersPage(token, { filter: `${tag}old` }))).toEqual([user.userName]);
    const edited = await app.request('PUT', `/api/users/${user.userName}`, { token, body: { companyName: `${tag}New Co`, lastName: `Ödegaard${tag}` } });
    expect(edited.status).toBe(200);
    expect(names(await usersPage(token, { filter: `${tag}OLD` }))).toEqual([]);
    expect(names(await usersPage(token, { filter: `${tag}new co` }))).toEqual([user.userName]);
    expect(names(await usersPage(token, { filter: `ödegaard${tag}` }))).toEqual([user.userName]);
  });

  it('keeps only active (approved) users with activeOnly=true', async () => {
    const { license, admin, token } = await licenseWithAdmin();
    const inactive = await createUser(app, license.licenseId, { isApproved: false });
    const locked = await createUser(app, license.licenseId, { isLockedOut: true });
    expect(names(await usersPage(token, { activeOnly: 'false' })).sort()).toEqual([admin.userName, inactive.userName, locked.userName].sort());
    const active = await usersPage(token, { activeOnly: 'true' });
    expect(names(active).sort()).toEqual([admin.userName, locked.userName].sort());
    expect(active.total).toBe(2);
  });

  it('never shows another licence’s users to a licence administrator, and answers 404 for another licence’s id', async () => {
    const { license, token } = await licenseWithAdmin();
    const other = await createLicense(app);
    const stranger = await createUser(app, other.licenseId, { firstName: 'Stranger' });
    const page = await usersPage(token, { pageSize: 200 });
    expect(page.items.every((item) => item.licenseId === license.licenseId)).toBe(true);
    expect((await usersPage(token, { filter: stranger.userName })).total).toBe(0);
    expect((await usersPage(token, { licenseId: license.licenseId })).total).toBe(page.total);
    const refused = await app.call(userEndpoints.getUsers, token, { licenseId: other.licenseId });
    expect(refused.status).toBe(404);
  });

  it('shows a super administrator every licence’s users, and filters by licence', async () => {
    const { license, token } = await licenseWithAdmin([Role.ACCESS_ALL_CUSTOMER_LICENCES]);
    const other = await createLicense(app);
    const tag = unique('both');
    const mine = await createUser(app, license.licenseId, { companyName: tag });
    const theirs = await createUser(app, other.licenseId, { companyName: tag });
    const both = await usersPage(token, { filter: tag });
    expect(both.items.map((item) => [item.userName, item.licenseId, item.licenseName]).sort()).toEqual(
      [
        [mine.userName, license.licenseId, license.name],
        [theirs.userName, other.licenseId, other.name],
      ].sort(),
    );
    expect(names(await usersPage(token, { filter: tag, licenseId: other.licenseId }))).toEqual([theirs.userName]);
  });

  it('needs one of the portal roles: anyone else gets 403', async () => {
    const license = await createLicense(app);
    const plain = await createUser(app, license.licenseId, { roles: [Role.EDIT_WORKFLOW] });
    expect((await app.call(userEndpoints.getUsers, await login(app, plain.userName))).status).toBe(403);
    expect((await app.call(userEndpoints.getUsers, undefined)).status).toBe(401);
    const portal = await createUser(app, license.licenseId, { roles: [Role.MENU_ADMIN_TOOL_ACCESS] });
    expect((await usersPage(await login(app, portal.userName))).total).toBe(2);
  });

  it('pages, filters and exports a licence of 10,000 users', async () => {
    const prefix = unique('bulk').toLowerCase();
    const { license, admin, token } = await licenseWithAdmin(undefined, `${prefix}.zz-admin`);
    await app.deps.db.execute(sql`
      insert into users (user_name, first_name, last_name, email, company_name, position, license_id, is_approved)
      select ${prefix} || '.' || lpad(n::text, 5, '0'), 'Bulk' || n, 'User', ${prefix} || n || '@example.test', 'Bulk Co',
             case when n % 4 = 0 then 'Rigger' else 'Engineer' end, ${license.licenseId}, n % 17 <> 0
      from generate_series(1, 10000) as n`);
    await app.deps.db.execute(sql`
      insert into user_addons (user_id, add_on_id)
      select user_id, 1 from users where license_id = ${license.licenseId} and user_name like ${prefix + '.%'}`);

    const first = await usersPage(token);
    const middle = await usersPage(token, { page: 50, pageSize: 25, filter: 'rigger', activeOnly: 'true' });
    const last = await usersPage(token, { page: 50, pageSize: 200 });

    expect(first.total).toBe(10_001);
    expect(first.items[0]).toMatchObject({ userName: `${prefix}.00001`, addons: [{ addOnId: 1 }] });
    // Every 4th user is a rigger; every 17th is inactive: 2,500 - 147 active riggers.
    expect(middle.total).toBe(2353);
    expect(middle.items).toHaveLength(25);
    expect(middle.items.every((item) => item.position === 'Rigger' && item.isApproved)).toBe(true);
    expect(last.items.map((item) => item.userName)).toEqual([admin.userName]);

    // A search matching more than 10,000 users says so rather than counting them all.
    const everyone = await usersPage(token, { filter: prefix });
    expect(everyone).toMatchObject({ total: 10_000, totalExact: false });
    expect(names(everyone)[0]).toBe(`${prefix}.00001`);
    // Its last page, beyond the rows the server looks through first, is still right.
    expect(names(await usersPage(token, { filter: prefix, page: 400, pageSize: 25 }))).toEqual([admin.userName]);
    expect(names(await usersPage(token, { filter: prefix, page: 399, pageSize: 25 })).at(-1)).toBe(`${prefix}.10000`);
    expect(middle.totalExact).toBe(true);
    expect(first.totalExact).toBe(true);

    // The export streams every row the filters keep, in list order (its speed is npm run bench's business).
    const csv = await app.call(userEndpoints.exportUsers, token, { filter: 'rigger', activeOnly: true });
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(1 + 2353);
    expect(lines[1]!.startsWith(`${prefix}.00004,Bulk4 User,Bulk Co,Rigger,Active,Unlocked,SiteSense`)).toBe(true);
    const all = await app.call(userEndpoints.exportUsers, token, { sort: 'userName', dir: 'desc' });
    const allLines = all.text.trimEnd().split('\r\n');
    expect(allLines).toHaveLength(1 + 10_001);
    expect(allLines[1]!.split(',')[0]).toBe(admin.userName);
    expect(allLines[10_001]!.split(',')[0]).toBe(`${prefix}.00001`);
  });
});

describe('GET users sorted', () => {
  it('sorts by any column both ways, ties by user name, and counts the total', async () => {
    const prefix = unique('s').toLowerCase();
    const { license, token } = await licenseWithAdmin(undefined, `${prefix}-z-admin`);
    await createUser(app, license.licenseId, { userName: `${prefix}-a`, companyName: 'Zeta', position: 'Rigger', isApproved: false });
    await createUser(app, license.licenseId, { userName: `${prefix}-b`, companyName: 'alpha', position: 'Rigger', isLockedOut: true });
    await createUser(app, license.licenseId, { userName: `${prefix}-c`, companyName: 'Alpha', position: 'Engineer' });
    const byCompany = await usersPage(token, { sort: 'companyName' });
    expect(names(byCompany).slice(0, 3)).toEqual([`${prefix}-z-admin`, `${prefix}-b`, `${prefix}-c`]);
    expect(byCompany.total).toBe(4);
    expect(names(await usersPage(token, { sort: 'companyName', dir: 'desc' }))[0]).toBe(`${prefix}-a`);
    expect(names(await usersPage(token, { sort: 'isApproved' }))[0]).toBe(`${prefix}-a`);
    expect(names(await usersPage(token, { sort: 'isLockedOut', dir: 'desc' }))[0]).toBe(`${prefix}-b`);
    expect(names(await usersPage(token, { sort: 'position', filter: prefix, pageSize: 2, page: 1 }))).toEqual([`${prefix}-a`, `${prefix}-b`]);
  });

  it('gives the same order page by page, whether a page is read from the start or the end, in every sort', async () => {
    const prefix = unique('o').toLowerCase();
    const { license, token } = await licenseWithAdmin(undefined, `${prefix}-admin`);
    const companies = ['Beta', 'alpha', 'Alpha', 'gamma', 'Beta', 'delta', 'Alpha', 'beta', 'Epsilon', 'alpha', 'Gamma'];
    for (const [i, companyName] of companies.entries()) {
      await createUser(app, license.licenseId, {
        userName: `${prefix}-${String.fromCharCode(107 - i)}`,
        firstName: i % 3 === 0 ? 'Ann' : 'Bob',
        companyName,
        position: i % 2 ? 'Rigger' : 'Engineer',
        isApproved: i % 4 !== 0,
        isLockedOut: i % 5 === 0,
      });
    }
    for (const [sort, dir, activeOnly] of [
      ['userName', 'asc', 'false'],
      ['userName', 'desc', 'true'],
      ['companyName', 'desc', 'false'],
      ['fullName', 'asc', 'false'],
      ['position', 'asc', 'true'],
      ['isApproved', 'desc', 'false'],
      ['isLockedOut', 'asc', 'false'],
      ['licenseName', 'desc', 'false'],
    ] as const) {
      const whole = await usersPage(token, { sort, dir, activeOnly, pageSize: 200 });
      const pages = [];
      for (let page = 0; page * 3 < whole.total; page++) pages.push(await usersPage(token, { sort, dir, activeOnly, pageSize: 3, page }));
      expect({ sort, dir, order: pages.flatMap(names) }).toEqual({ sort, dir, order: names(whole) });
      expect(pages.every((page) => page.total === whole.total && page.totalExact)).toBe(true);
      // A search (here matching them all) pages through the same order, and counts what it matches.
      const searched = [];
      for (let page = 0; page * 3 < whole.total; page++) searched.push(await usersPage(token, { sort, dir, activeOnly, filter: prefix, pageSize: 3, page }));
      expect({ sort, dir, order: searched.flatMap(names) }).toEqual({ sort, dir, order: names(whole) });
      expect(searched.every((page) => page.total === whole.total && page.totalExact)).toBe(true);
    }
  });

  it('keeps each licence’s totals right as users are added, deactivated, moved and deleted', async () => {
    const { license, token } = await licenseWithAdmin();
    const other = await licenseWithAdmin();
    const users = [];
    for (let i = 0; i < 5; i++) users.push(await createUser(app, license.licenseId));
    const totals = async () => [(await usersPage(token)).total, (await usersPage(token, { activeOnly: 'true' })).total, (await usersPage(other.token)).total];
    expect(await totals()).toEqual([6, 6, 1]);
    await app.deps.db
      .update(t.users)
      .set({ isApproved: false })
      .where(sql`${t.users.userId} in (${users[0]!.userId}, ${users[1]!.userId})`);
    expect(await totals()).toEqual([6, 4, 1]);
    await app.deps.db
      .update(t.users)
      .set({ licenseId: other.license.licenseId })
      .where(sql`${t.users.userId} = ${users[0]!.userId}`);
    expect(await totals()).toEqual([5, 4, 2]);
    await app.deps.db.delete(t.users).where(sql`${t.users.userId} = ${users[2]!.userId}`);
    expect(await totals()).toEqual([4, 3, 2]);
    await app.deps.db
      .update(t.users)
      .set({ isApproved: true, lastActivityDate: new Date() })
      .where(sql`${t.users.licenseId} = ${license.licenseId}`);
    expect(await totals()).toEqual([4, 4, 2]);

    // A super administrator's every-licence total is every user there is.
    const superToken = await login(app, (await createUser(app, license.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] })).userName);
    const [counted] = await app.deps.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(t.users);
    expect((await usersPage(superToken)).total).toBe(counted!.n);
  });

  it('reads a deep page of a long list from the server’s anchors only while nothing moved, in every order', async () => {
    const prefix = unique('deep').toLowerCase();
    const { license, token } = await licenseWithAdmin(undefined, `${prefix}.admin`);
    const size = 3 * ANCHOR_STEP + 1000;
    await app.deps.db.execute(sql`
      insert into users (user_name, first_name, last_name, email, company_name, position, license_id, is_approved, is_locked_out)
      select ${prefix} || '.' || lpad(n::text, 6, '0'), 'Deep' || (n % 97), 'User', ${prefix} || n || '@example.test', 'Co ' || (n % 13),
             case when n % 3 = 0 then 'Rigger' else 'Engineer' end, ${license.licenseId}, n % 7 <> 0, n % 11 = 0
      from generate_series(1, ${size}) as n`);
    const keysOf: Record<string, string> = {
      userName: 'lower(user_name), user_id',
      companyName: 'lower(company_name), lower(user_name), user_id',
      fullName: "lower(first_name || ' ' || last_name), lower(user_name), user_id",
      isLockedOut: 'is_locked_out, lower(user_name), user_id',
    };
    // What the page holds, straight from the table.
    const truth = async (sort: string, dir: 'asc' | 'desc', activeOnly: boolean, page: number) => {
      const order = keysOf[sort]!.split(', ').map((key) => `${key} ${dir}`);
      const rows = await rawRows<{ user_name: string }>(
        app.deps.db,
        sql.raw(`select user_name from users where license_id = ${license.licenseId} ${activeOnly ? 'and is_approved' : ''}
          order by ${order.join(', ')} offset ${page * 25} limit 25`),
      );
      return rows.map((row) => row.user_name);
    };
    // Other tests' long lists (every licence's, on a shared database) keep theirs too.
    await app.deps.background.settled();
    const listsBefore = anchoredLists(app.deps.db);
    const cases = [
      ['userName', 'asc', false, 300],
      ['userName', 'desc', true, 250],
      ['companyName', 'asc', false, 333],
      ['fullName', 'desc', false, 401],
      ['isLockedOut', 'asc', true, 222],
    ] as const;
    for (const [sort, dir, activeOnly, page] of cases) {
      const query = { sort, dir, activeOnly: String(activeOnly) as 'true' | 'false', page, pageSize: 25 };
      // The first deep page of a list waits for its anchors and reads from them, as the next does.
      expect(names(await usersPage(token, query))).toEqual(await truth(sort, dir, activeOnly, page));
      await app.deps.background.settled();
      expect(names(await usersPage(token, query))).toEqual(await truth(sort, dir, activeOnly, page));
    }
    expect(anchoredLists(app.deps.db)).toBe(listsBefore + cases.length);

    // A sign-in moves nothing: the anchors stay.
    const version = async () =>
      (
        await app.deps.db
          .select()
          .from(t.licenseUserCounts)
          .where(sql`${t.licenseUserCounts.licenseId} = ${license.licenseId}`)
      )[0]!.orderVersion;
    const before = await version();
    await app.deps.db.execute(sql`update users set last_login_date = now() where license_id = ${license.licenseId} and user_name like ${prefix + '.00001%'}`);
    expect(await version()).toBe(before);

    // A user renamed from the start of the order to its end, one added, one removed: each page is
    // right at once (the anchors are not used while stale) and after they are read again.
    const moves = [
      sql`update users set user_name = ${prefix + '.zzz'} where user_name = ${prefix + '.000002'}`,
      sql`update users set company_name = 'Aaa' where user_name = ${prefix + '.014000'}`,
      sql`insert into users (user_name, email, license_id) values (${prefix + '.000000'}, ${prefix + '@example.test'}, ${license.licenseId})`,
      sql`delete from users where user_name = ${prefix + '.000005'}`,
      sql`update users set is_approved = false, is_locked_out = true where user_name = ${prefix + '.000008'}`,
    ];
    for (const move of moves) {
      await app.deps.db.execute(move);
      expect(await version()).toBeGreaterThan(before);
      for (const [sort, dir, activeOnly, page] of cases) {
        const query = { sort, dir, activeOnly: String(activeOnly) as 'true' | 'false', page, pageSize: 25 };
        expect({ sort, dir, page: names(await usersPage(token, query)) }).toEqual({ sort, dir, page: await truth(sort, dir, activeOnly, page) });
        await app.deps.background.settled();
        expect({ sort, dir, page: names(await usersPage(token, query)) }).toEqual({ sort, dir, page: await truth(sort, dir, activeOnly, page) });
      }
    }
  });

  it('reads a long list’s anchors in the background from its first page, so its first deep page finds them', async () => {
    const prefix = unique('ahead').toLowerCase();
    const { license, token } = await licenseWithAdmin(undefined, `${prefix}.admin`);
    await app.deps.db.execute(sql`
      insert into users (user_name, email, license_id) select ${prefix} || '.' || lpad(n::text, 6, '0'), ${prefix} || n || '@example.test', ${license.licenseId}
      from generate_series(1, ${2 * ANCHOR_STEP + 1000}) as n`);
    await app.deps.background.settled();
    const before = anchoredLists(app.deps.db);
    // A short list's first page reads none: it has no deep pages.
    await usersPage((await licenseWithAdmin()).token);
    await app.deps.background.settled();
    expect(anchoredLists(app.deps.db)).toBe(before);
    expect((await usersPage(token, { activeOnly: 'false' })).total).toBe(2 * ANCHOR_STEP + 1001);
    await app.deps.background.settled();
    expect(anchoredLists(app.deps.db)).toBe(before + 1);
    // A deep page (more than ANCHOR_STEP from either end) reads from them, right.
    const middle = ANCHOR_STEP / 25 + 3;
    const expected = Array.from({ length: 25 }, (_, i) => `${prefix}.${String(middle * 25 + i + 1).padStart(6, '0')}`);
    expect(names(await usersPage(token, { activeOnly: 'false', page: middle, pageSize: 25 }))).toEqual(expected);
    expect(anchoredLists(app.deps.db)).toBe(before + 1);

    // Opened again unchanged, the list reads none; once users were added (a SCIM sync, an
    // import), its first page reads them again ahead, and the deep page reads from those.
    const reads = anchorReads(app.deps.db);
    await usersPage(token, { activeOnly: 'false' });
    await app.deps.background.settled();
    expect(anchorReads(app.deps.db)).toBe(reads);
    await app.deps.db.execute(sql`
      insert into users (user_name, email, license_id) select ${prefix} || '.' || lpad(n::text, 6, '0') || 'a', ${prefix} || n || 'a@example.test', ${license.licenseId}
      from generate_series(1, 50) as n`);
    await usersPage(token, { activeOnly: 'false' });
    await app.deps.background.settled();
    expect(anchorReads(app.deps.db)).toBe(reads + 1);
    const page = await usersPage(token, { activeOnly: 'false', page: middle, pageSize: 25 });
    expect(anchorReads(app.deps.db)).toBe(reads + 1);
    // The 50 new names sort among the first 50 (prefix.000001a after prefix.000001): 50 places on.
    const truth = await rawRows<{ user_name: string }>(
      app.deps.db,
      sql`select user_name from users where license_id = ${license.licenseId} order by lower(user_name), user_id offset ${middle * 25} limit 25`,
    );
    expect(names(page)).toEqual(truth.map((row) => row.user_name));
  });

  it('refuses an unknown sort column or direction with a message', async () => {
    const { token } = await licenseWithAdmin();
    const bad = await app.request('GET', '/api/users?sort=passwordHash', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toMatch(/^sort must be one of userName/);
    expect((await app.request('GET', '/api/users?dir=sideways', { token })).body.Message).toBe('dir must be asc or desc.');
  });
});

describe('GET users.csv', () => {
  it('has the screen’s columns, defuses formula cells, and quotes what needs quoting', async () => {
    const prefix = unique('csv').toLowerCase();
    const { license, token } = await licenseWithAdmin(undefined, `${prefix}-admin`);
    await createUser(app, license.licenseId, {
      userName: `${prefix}-evil`,
      firstName: '=HYPERLINK("http://evil.example","x")',
      lastName: 'Doe',
      companyName: '+1, "Quoted" Co',
      position: '@SUM(A1)',
    });
    const answer = await app.call(userEndpoints.exportUsers, token, { filter: `${prefix}-evil` });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="users.csv"');
    const [header, row] = answer.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    // A licence administrator's list has no License column.
    expect(header).toBe('User,Full Name,Company,Position,Active,Locked,Product Licenses');
    // The user holds no product licence: the last cell is empty.
    expect(row).toBe(`${prefix}-evil,"'=HYPERLINK(""http://evil.example"",""x"") Doe","'+1, ""Quoted"" Co",'@SUM(A1),Active,Unlocked,`);
  });

  it('shows the License column to a super administrator, and keeps a licence administrator to their licence', async () => {
    const { license, token } = await licenseWithAdmin([Role.ACCESS_ALL_CUSTOMER_LICENCES]);
    const all = await app.call(userEndpoints.exportUsers, token, { licenseId: license.licenseId });
    expect(all.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('User,Full Name,License,Company,Position,Active,Locked,Product Licenses');
    const other = await licenseWithAdmin();
    expect((await app.call(userEndpoints.exportUsers, other.token, { licenseId: license.licenseId })).status).toBe(404);
    expect((await app.call(userEndpoints.exportUsers, undefined)).status).toBe(401);
  });
});

describe('GET users/{username}', () => {
  it('answers the user’s fields, states, dates, add-ons (direct and through a group) and vendors', async () => {
    const { license, token } = await licenseWithAdmin();
    const user = await createUser(app, license.licenseId, { companyName: 'Acme', position: 'Rigger', comment: 'Night shift', phoneNumber: '+61 2 5550 0000' });
    await app.deps.db.insert(t.userAddons).values({ userId: user.userId, addOnId: 1 });
    await groupWithAddons(license.licenseId, user.userId, [3]);
    const [vendor] = await app.deps.db
      .insert(t.vendors)
      .values({ licenseId: license.licenseId, name: unique('Vendor') })
      .returning();
    await app.deps.db.insert(t.userAddonVendors).values({ userId: user.userId, addOnId: 3, vendorId: vendor!.vendorId });

    const answer = await app.call(userEndpoints.getUser, token, user.userName.toUpperCase());
    expect(answer.status).toBe(200);
    const read = answer.body;
    expect(read).toMatchObject({
      userId: user.userId,
      userName: user.userName,
      companyName: 'Acme',
      position: 'Rigger',
      comment: 'Night shift',
      phoneNumber: '+61 2 5550 0000',
      licenseId: license.licenseId,
      isApproved: true,
      isLockedOut: false,
      isSsoUser: false,
      userData: { vendors: [{ vendorId: vendor!.vendorId, name: vendor!.name, addOnId: 3 }] },
    });
    expect(read.addons.map((addon) => addon.addOnId)).toEqual([1, 3]);
    expect(new Date(read.createDate!).getTime()).toBeGreaterThan(0);
    // The password hash never leaves the server.
    expect(answer.text).not.toContain('passwordHash');
    expect(answer.text).not.toContain('scrypt$');
  });

  it('lets users read themselves, keeps everyone else to their licence, and answers 404 for unknown and foreign users alike', async () => {
    const { license, token } = await licenseWithAdmin();
    const other = await licenseWithAdmin();
    const plain = await createUser(app, license.licenseId);
    const plainToken = await login(app, plain.userName);
    expect((await app.call(userEndpoints.getUser, plainToken, plain.userName)).status).toBe(200);
    // Another user of the same licence needs a portal role.
    expect((await app.call(userEndpoints.getUser, plainToken, other.admin.userName)).status).toBe(404);
    const colleague = await createUser(app, license.licenseId);
    expect((await app.call(userEndpoints.getUser, plainToken, colleague.userName)).status).toBe(403);
    expect((await app.call(userEndpoints.getUser, token, colleague.userName)).status).toBe(200);
    const foreign = await app.call(userEndpoints.getUser, token, other.admin.userName);
    const missing = await app.call(userEndpoints.getUser, token, unique('nobody'));
    expect([foreign.status, missing.status]).toEqual([404, 404]);
    expect(foreign.body).toEqual(missing.body);
    const superToken = await login(app, (await createUser(app, license.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] })).userName);
    expect((await app.call(userEndpoints.getUser, superToken, other.admin.userName)).status).toBe(200);
  });
});
