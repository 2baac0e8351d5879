/**
 * Each licence's user counts (license_user_counts, kept by statement triggers: migrations 0004
 * and 0028) stay equal to a live count through inserts, updates of many rows at once that move
 * users between licences or change their activity, updates that change neither, and deletes.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLicense, createUser } from '../../test/factories';
import * as t from './schema';

describe('the licences’ user counts', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const kept = async (licenseId: number) =>
    (
      await app.deps.db
        .select({ users: t.licenseUserCounts.users, approved: t.licenseUserCounts.approved })
        .from(t.licenseUserCounts)
        .where(eq(t.licenseUserCounts.licenseId, licenseId))
    )[0] ?? { users: 0, approved: 0 };
  const live = async (licenseId: number) => {
    const [row] = await app.deps.db
      .select({ users: count(), approved: sql<number>`count(*) filter (where ${t.users.isApproved})`.mapWith(Number) })
      .from(t.users)
      .where(eq(t.users.licenseId, licenseId));
    return row!;
  };

  it('follows inserts, updates of many rows at once and deletes', async () => {
    const a = await createLicense(app);
    const b = await createLicense(app);
    // A one-row update first: the trigger's plan is cached from it (the many-row update must not reuse a bad one).
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(app, a.licenseId)));
    await app.deps.db.update(t.users).set({ isApproved: false }).where(eq(t.users.userId, users[0]!.userId));
    const ids = users.map((u) => u.userId);
    const check = async () => {
      expect(await kept(a.licenseId)).toEqual(await live(a.licenseId));
      expect(await kept(b.licenseId)).toEqual(await live(b.licenseId));
    };
    await check();
    // One statement: four move to b, three others are deactivated, the rest change a field only.
    await app.deps.db.execute(sql`
      update ${t.users} set
        license_id = case when user_id = any(${sql.raw(`array[${ids.slice(1, 5).join(',')}]`)}) then ${b.licenseId} else license_id end,
        is_approved = case when user_id = any(${sql.raw(`array[${ids.slice(5, 8).join(',')}]`)}) then false else is_approved end,
        position = 'Changed'
      where user_id = any(${sql.raw(`array[${ids.join(',')}]`)})`);
    await check();
    expect(await live(b.licenseId)).toEqual({ users: 4, approved: 4 });
    await app.deps.db.update(t.users).set({ position: 'Again' }).where(inArray(t.users.userId, ids));
    await check();
    await app.deps.db.update(t.users).set({ isApproved: true }).where(inArray(t.users.userId, ids));
    await check();
    await app.deps.db.delete(t.users).where(inArray(t.users.userId, ids.slice(0, 6)));
    await check();
  });
});
