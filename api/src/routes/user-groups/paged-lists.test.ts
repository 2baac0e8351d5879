/** The user group and API key lists, paged, filtered and sorted on the server. */
import { eq } from 'drizzle-orm';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

interface Page<T> {
  items: T[];
  total: number;
  totalExact: boolean;
  page: number;
  pageSize: number;
}

/** A licence with `count` groups named `<tag> 01`…, group n having n % 4 members, and its administrator. */
async function groupsLicense(count: number) {
  const license = await createLicense(app);
  const tag = unique('Crew');
  const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE] });
  const people = [await createUser(app, license.licenseId), await createUser(app, license.licenseId), await createUser(app, license.licenseId)];
  const groups = await app.deps.db
    .insert(t.userGroups)
    .values(Array.from({ length: count }, (_, i) => ({ name: `${tag} ${String(i + 1).padStart(2, '0')}`, licenseId: license.licenseId })))
    .returning();
  const memberships = groups.flatMap((group, i) => people.slice(0, (i + 1) % 4).map((user) => ({ userGroupId: group.userGroupId, userId: user.userId })));
  if (memberships.length) await app.deps.db.insert(t.userGroupUsers).values(memberships);
  return { license, tag, groups, token: await login(app, admin.userName) };
}

type Group = { userGroupId: number; name: string; userCount: number; licenseName: string; addOnIds: number[] };
type Key = { apiKeyId: number; name: string; keyPrefix: string; isActive: boolean; licenseName: string };

describe('GET userGroup/page', () => {
  it('pages the licence’s groups 25 at a time with the total, by name', async () => {
    const { tag, token } = await groupsLicense(30);
    const first = (await app.request('GET', '/api/userGroup/page', { token })).body as Page<Group>;
    expect(first).toEqual(expect.objectContaining({ total: 30, totalExact: true, page: 0, pageSize: 25 }));
    expect(first.items).toHaveLength(25);
    expect(first.items[0]).toEqual(expect.objectContaining({ name: `${tag} 01`, userCount: 1, licenseName: expect.any(String) }));
    const second = (await app.request('GET', '/api/userGroup/page?page=1', { token })).body as Page<Group>;
    expect(second.items.map((g) => g.name)).toEqual([26, 27, 28, 29, 30].map((n) => `${tag} ${n}`));
    const beyond = (await app.request('GET', '/api/userGroup/page?page=9', { token })).body as Page<Group>;
    expect(beyond).toEqual(expect.objectContaining({ items: [], total: 30 }));
  });

  it('filters by name ignoring case, and sorts by member count either way, ties by name', async () => {
    const { tag, token } = await groupsLicense(8);
    const filtered = (await app.request('GET', `/api/userGroup/page?filter=${encodeURIComponent(`${tag.toUpperCase()} 0`)}`, { token })).body as Page<Group>;
    expect(filtered.total).toBe(8);
    const one = (await app.request('GET', `/api/userGroup/page?filter=${encodeURIComponent(`${tag} 07`)}`, { token })).body as Page<Group>;
    expect(one.items.map((g) => g.name)).toEqual([`${tag} 07`]);
    // A LIKE wildcard is taken literally.
    expect(((await app.request('GET', '/api/userGroup/page?filter=%25', { token })).body as Page<Group>).total).toBe(0);

    const byCount = (await app.request('GET', '/api/userGroup/page?sort=userCount&dir=desc&pageSize=4', { token })).body as Page<Group>;
    // Groups 3 and 7 have 3 members; 2 and 6 have 2.
    expect(byCount.items.map((g) => [g.name, g.userCount])).toEqual([
      [`${tag} 07`, 3],
      [`${tag} 03`, 3],
      [`${tag} 06`, 2],
      [`${tag} 02`, 2],
    ]);
    const fewest = (await app.request('GET', '/api/userGroup/page?sort=userCount&pageSize=2', { token })).body as Page<Group>;
    expect(fewest.items.map((g) => [g.name, g.userCount])).toEqual([
      [`${tag} 04`, 0],
      [`${tag} 08`, 0],
    ]);
  });

  it('keeps to the caller’s licence; another licence is a 404; a super administrator sees every licence or the one named', async () => {
    const mine = await groupsLicense(2);
    const other = await groupsLicense(3);
    const names = (page: Page<Group>) => page.items.map((g) => g.name);
    expect(names((await app.request('GET', '/api/userGroup/page', { token: mine.token })).body)).toEqual([`${mine.tag} 01`, `${mine.tag} 02`]);
    expect((await app.request('GET', `/api/userGroup/page?licenseId=${other.license.licenseId}`, { token: mine.token })).status).toBe(404);

    const superLicense = await createLicense(app);
    const superAdmin = await createUser(app, superLicense.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_USER_CREATE_UPDATE] });
    const token = await login(app, superAdmin.userName);
    const named = (await app.request('GET', `/api/userGroup/page?licenseId=${other.license.licenseId}`, { token })).body as Page<Group>;
    expect(named.total).toBe(3);
    const everyLicense = (await app.request('GET', `/api/userGroup/page?filter=${encodeURIComponent(mine.tag)}`, { token })).body as Page<Group>;
    expect(everyLicense.total).toBe(2);
    const byLicense = (await app.request('GET', `/api/userGroup/page?filter=${encodeURIComponent(other.license.name)}&sort=licenseName`, { token }))
      .body as Page<Group>;
    expect(byLicense.items.every((g) => g.licenseName === other.license.name)).toBe(true);
  });

  it('refuses a bad page, size or sort with the reason', async () => {
    const { token } = await groupsLicense(1);
    for (const query of ['page=-1', 'pageSize=0', 'pageSize=201', 'sort=secret', 'dir=up']) {
      const answer = await app.request('GET', `/api/userGroup/page?${query}`, { token });
      expect([query, answer.status]).toEqual([query, 400]);
      expect(answer.body.Message).toEqual(expect.any(String));
    }
  });
});

describe('GET apikeys/page', () => {
  async function keysLicense(count: number) {
    const license = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_API_KEYS] });
    const token = await login(app, admin.userName);
    const tag = unique('Sync');
    const keys: Key[] = [];
    for (let i = 1; i <= count; i++) {
      const made = await app.request('POST', '/api/apikeys', {
        token,
        body: { name: `${tag} ${String(i).padStart(2, '0')}`, licenseId: license.licenseId, isActive: i % 3 !== 0, allProjects: false },
      });
      expect(made.status).toBe(201);
      keys.push(made.body as Key);
    }
    return { license, tag, keys, token };
  }

  it('pages, filters and keeps to active keys on the server, with the total, never a secret', async () => {
    const { tag, keys, token } = await keysLicense(27);
    const first = await app.request('GET', '/api/apikeys/page', { token });
    expect(first.body).toEqual(expect.objectContaining({ total: 27, page: 0, pageSize: 25 }));
    expect((first.body as Page<Key>).items[0]!.name).toBe(`${tag} 01`);
    expect(first.text).not.toContain('secretHash');
    expect(first.text).not.toContain('"apiKey"');
    const last = (await app.request('GET', '/api/apikeys/page?page=1', { token })).body as Page<Key>;
    expect(last.items.map((k) => k.name)).toEqual([`${tag} 26`, `${tag} 27`]);

    const active = (await app.request('GET', '/api/apikeys/page?activeOnly=true', { token })).body as Page<Key>;
    expect(active.total).toBe(18);
    expect(active.items.every((k) => k.isActive)).toBe(true);
    const byPrefix = (await app.request('GET', `/api/apikeys/page?filter=${keys[4]!.keyPrefix.toUpperCase()}`, { token })).body as Page<Key>;
    expect(byPrefix.items.map((k) => k.apiKeyId)).toEqual([keys[4]!.apiKeyId]);
  });

  it('sorts by any column either way; inactive keys first when ascending by Active', async () => {
    const { tag, token } = await keysLicense(6);
    const desc = (await app.request('GET', '/api/apikeys/page?sort=name&dir=desc&pageSize=2', { token })).body as Page<Key>;
    expect(desc.items.map((k) => k.name)).toEqual([`${tag} 06`, `${tag} 05`]);
    const inactiveFirst = (await app.request('GET', '/api/apikeys/page?sort=isActive&pageSize=2', { token })).body as Page<Key>;
    expect(inactiveFirst.items.map((k) => [k.name, k.isActive])).toEqual([
      [`${tag} 03`, false],
      [`${tag} 06`, false],
    ]);
    const prefixes = ((await app.request('GET', '/api/apikeys/page?sort=keyPrefix', { token })).body as Page<Key>).items.map((k) => k.keyPrefix);
    expect(prefixes).toEqual([...prefixes].sort());
  });

  it('another licence is a 404; it needs the key administration roles', async () => {
    const { token } = await keysLicense(1);
    const other = await createLicense(app);
    expect((await app.request('GET', `/api/apikeys/page?licenseId=${other.licenseId}`, { token })).status).toBe(404);
    const viewer = await createUser(app, other.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    expect((await app.request('GET', '/api/apikeys/page', { token: await login(app, viewer.userName) })).status).toBe(403);
    expect((await app.request('GET', '/api/apikeys/page?sort=secretHash', { token })).status).toBe(400);
  });
});

describe('GET userGroups.csv and GET apikeys.csv', () => {
  const lines = (text: string) =>
    text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  it('streams every group the filter selects, in the list’s order, with its product licences; formula names defused', async () => {
    const { license, tag, groups, token } = await groupsLicense(3);
    await app.deps.db.insert(t.licenseAddons).values({ licenseId: license.licenseId, addOnId: 2, maxUsers: -1 });
    await app.deps.db.insert(t.userGroupAddons).values({ userGroupId: groups[0]!.userGroupId, addOnId: 2 });
    await app.deps.db.insert(t.userGroups).values({ name: `=${tag} formula`, licenseId: license.licenseId });
    const answer = await app.request('GET', `/api/userGroups.csv?filter=${encodeURIComponent(tag)}&sort=name&dir=desc`, { token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="user-groups.csv"');
    const [header, ...rows] = lines(answer.text);
    expect(header).toBe('Name,User Count,Product Licenses');
    const [addon] = await app.deps.db.select().from(t.addons).where(eq(t.addons.addOnId, 2));
    expect(rows).toEqual([`${tag} 03,3,`, `${tag} 02,2,`, `${tag} 01,1,${addon!.name}`, `'=${tag} formula,0,`]);
    const other = await createLicense(app);
    expect((await app.request('GET', `/api/userGroups.csv?licenseId=${other.licenseId}`, { token })).status).toBe(404);
  });

  it('streams every key the filters select, never a secret; it needs the key administration roles', async () => {
    const license = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_API_KEYS] });
    const token = await login(app, admin.userName);
    const made = [];
    for (const [name, isActive] of [
      ['ERP sync', true],
      ['BI export', false],
    ] as const)
      made.push(
        (await app.request('POST', '/api/apikeys', { token, body: { name, licenseId: license.licenseId, isActive, allProjects: false } })).body as {
          apiKey: string;
          keyPrefix: string;
        },
      );
    const all = await app.request('GET', '/api/apikeys.csv', { token });
    expect(lines(all.text)).toEqual([
      'Prefix,Name,Active,Product Licenses',
      `${made[1]!.keyPrefix},BI export,Inactive,`,
      `${made[0]!.keyPrefix},ERP sync,Active,`,
    ]);
    for (const key of made) expect(all.text).not.toContain(key.apiKey.split('.')[1]);
    const active = await app.request('GET', '/api/apikeys.csv?activeOnly=true', { token });
    expect(lines(active.text)).toHaveLength(2);
    const viewer = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    expect((await app.request('GET', '/api/apikeys.csv', { token: await login(app, viewer.userName) })).status).toBe(403);
  });
});
