/**
 * 'Who can do what' pages past the count (issue 41: a million holders): a page read by walking
 * the holders' order, or by sorting every match when a filtered walk comes up short, is the
 * same page as the one explanation sorted whole; its total says 'more than' when it stops
 * counting. Small limits make a licence of a few dozen users take every path.
 */
import { eq } from 'drizzle-orm';
import { Role } from 'shared/roles';
import * as t from '../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { createApiKey, createLicense, createUser, unique } from '../../test/factories';
import { everyHolding, holdings, holdingsPage, type Holding, type HoldingQuery } from './holdings';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A licence of 24 users (u00–u23): every third holds ADMINISTER_SITE directly, every fourth through Crew South, every fifth through Crew North (some in two or three ways, some in none); three keys hold it with names that fall among the users'. */
async function licenseOfHolders() {
  const license = await createLicense(app);
  const prefix = unique('walk');
  const [role] = await app.deps.db.select().from(t.roles).where(eq(t.roles.name, Role.ADMINISTER_SITE));
  const roleId = role!.roleId;
  const groups = await app.deps.db
    .insert(t.userGroups)
    .values([
      { name: 'Crew South', licenseId: license.licenseId },
      { name: 'Crew North', licenseId: license.licenseId },
    ])
    .returning();
  await app.deps.db.insert(t.userGroupRoles).values(groups.map((g) => ({ userGroupId: g.userGroupId, roleId })));
  for (let i = 0; i < 24; i++) {
    const user = await createUser(app, license.licenseId, {
      userName: `${prefix}-u${String(i).padStart(2, '0')}`,
      password: null,
      firstName: i === 7 ? 'Northcote' : 'Test',
    });
    if (i % 3 === 0) await app.deps.db.insert(t.userRoles).values({ userId: user.userId, roleId });
    if (i % 4 === 0) await app.deps.db.insert(t.userGroupUsers).values({ userGroupId: groups[0]!.userGroupId, userId: user.userId });
    if (i % 5 === 0) await app.deps.db.insert(t.userGroupUsers).values({ userGroupId: groups[1]!.userGroupId, userId: user.userId });
  }
  for (const name of [`${prefix}-u05x`, `${prefix}-u115`, `${prefix}-zz`]) {
    const key = await createApiKey(app, license.licenseId, { roles: [Role.ADMINISTER_SITE] });
    await app.deps.db.update(t.apiKeys).set({ name }).where(eq(t.apiKeys.apiKeyId, key.apiKeyId));
  }
  return { licenseId: license.licenseId, roleId };
}

const wayOf = (h: Holding) => `${h.holderKind}:${h.holderName}:${h.viaKind}:${h.viaName ?? ''}`;
const LIMITS = { sortedUpTo: 5, filterWindow: 3 };
const PAGE = 3;

it('answers every page past the count as the whole sorted list does, with a total that says more than it counted', async () => {
  const { licenseId, roleId } = await licenseOfHolders();
  const queries: Omit<HoldingQuery, 'licenseId'>[] = [
    { kind: 'role', whatId: roleId },
    { kind: 'role', whatId: roleId, dir: 'desc' },
    { kind: 'role', whatId: roleId, sort: 'what' },
    { kind: 'role', whatId: roleId, viaKind: 'group' },
    { kind: 'role', whatId: roleId, viaKind: 'direct', dir: 'desc' },
    { kind: 'role', whatId: roleId, holderKind: 'user' },
    // A filter on the group's name (Crew North's members, and Northcote by their full name), a user name's end, none.
    { kind: 'role', whatId: roleId, filter: 'north' },
    { kind: 'role', whatId: roleId, filter: 'u1' },
    { kind: 'role', whatId: roleId, filter: 'u2', dir: 'desc' },
    { kind: 'role', whatId: roleId, filter: 'nobody here' },
    // Every holder's name has it: the filtered walk finds its page within its window.
    { kind: 'role', whatId: roleId, filter: 'walk' },
    { kind: 'role', whatId: roleId, filter: 'walk', dir: 'desc' },
    // Orders the walk cannot read: every holding sorted.
    { kind: 'role', whatId: roleId, sort: 'lastSeen' },
    { kind: 'role', whatId: roleId, sort: 'via', dir: 'desc' },
  ];
  let walkedPages = 0;
  for (const query of queries) {
    const q = { ...query, licenseId };
    const all = (await holdings(app.deps.db, q)).map(wayOf);
    for (let offset = 0; offset <= all.length + PAGE; offset += PAGE) {
      const page = await holdingsPage(app.deps.db, q, { limit: PAGE, offset }, LIMITS);
      expect({ query, offset, items: page.items.map(wayOf) }).toEqual({ query, offset, items: all.slice(offset, offset + PAGE) });
      if (all.length <= LIMITS.sortedUpTo) expect(page).toMatchObject({ total: all.length, exact: true });
      else if (page.exact) expect(page.total).toBe(all.length);
      else {
        expect(page.total).toBe(LIMITS.sortedUpTo);
        walkedPages++;
      }
    }
  }
  // The walk answered most pages: without it every one would have been sorted whole.
  expect(walkedPages).toBeGreaterThan(20);
});

it('counts exactly and sorts the whole list when the holdings are no more than it sorts', async () => {
  const { licenseId, roleId } = await licenseOfHolders();
  const q: HoldingQuery = { licenseId, kind: 'role', whatId: roleId };
  const all = await holdings(app.deps.db, q);
  const page = await holdingsPage(app.deps.db, q, { limit: 10, offset: 10 }, { sortedUpTo: all.length, filterWindow: 3 });
  expect(page).toMatchObject({ total: all.length, exact: true });
  expect(page.items.map(wayOf)).toEqual(all.slice(10, 20).map(wayOf));
  // One fewer than the list holds: no longer exact.
  expect(await holdingsPage(app.deps.db, q, { limit: 10, offset: 0 }, { sortedUpTo: all.length - 1, filterWindow: 3 })).toMatchObject({
    total: all.length - 1,
    exact: false,
  });
});

it('exports every holding in the order of the whole sorted list, a few users at a time past the count', async () => {
  const { licenseId, roleId } = await licenseOfHolders();
  const queries: Omit<HoldingQuery, 'licenseId'>[] = [
    { kind: 'role', whatId: roleId },
    { kind: 'role', whatId: roleId, dir: 'desc' },
    { kind: 'role', whatId: roleId, filter: 'north' },
    { kind: 'role', whatId: roleId, viaKind: 'group', dir: 'desc' },
    { kind: 'role', whatId: roleId, sort: 'lastSeen' },
  ];
  for (const query of queries) {
    const q = { ...query, licenseId };
    const all = (await holdings(app.deps.db, q)).map(wayOf);
    for (const users of [1, 2, 5]) {
      const exported: string[] = [];
      let chunks = 0;
      for await (const rows of everyHolding(app.deps.db, q, { sortedUpTo: 3, users })) {
        exported.push(...rows.map(wayOf));
        chunks++;
      }
      expect({ query, users, exported }).toEqual({ query, users, exported: all });
      // Read a few users at a time (in the holder order), not in one go.
      if (!query.sort && all.length > 3) expect(chunks).toBeGreaterThan(1);
    }
  }
});
